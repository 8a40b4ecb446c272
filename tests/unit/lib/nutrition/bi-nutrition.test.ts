/** The bi-nutrition guides' checks: each refusal of a cat menu, in the order the shopper should fix them. */
import { describe, expect, it } from 'vitest';
import {
  BI_NUTRITION_MESSAGES,
  biNutritionError,
  biNutritionFoods,
  type BiNutritionProfile,
} from '../../../../src/lib/nutrition/bi-nutrition.ts';
import { dailyRation } from '../../../../src/lib/nutrition/ration.ts';

const adultCat: BiNutritionProfile = { species: 'cat', ageMonths: 36, condition: 'ideal', feature: null };
const kitten: BiNutritionProfile = { ...adultCat, ageMonths: 6 };

describe('bi-nutrition checks', () => {
  it('lets an adult cat of ideal shape have a menu of adult kibble, and a kitten one of kitten kibble', () => {
    expect(biNutritionError(adultCat)).toBeNull();
    expect(biNutritionError(adultCat, { animal: 'cat', lifeStage: 'adult' })).toBeNull();
    expect(biNutritionError(kitten, { animal: 'cat', lifeStage: 'kitten' })).toBeNull();
    expect(biNutritionError(kitten, { animal: 'cat', lifeStage: 'all' })).toBeNull();
  });

  it('refuses a dog, and dog kibble for a cat', () => {
    expect(biNutritionError({ ...adultCat, species: 'dog' })).toBe('dogType');
    expect(biNutritionError(adultCat, { animal: 'dog', lifeStage: 'adult' })).toBe('dogKibble');
  });

  it('sends an overweight, obese or very thin cat, and one whose pathology needs a vet, to the vet', () => {
    expect(biNutritionError({ ...adultCat, condition: 'overweight' })).toBe('overweight');
    expect(biNutritionError({ ...adultCat, condition: 'obese' })).toBe('overweight');
    expect(biNutritionError({ ...adultCat, feature: 'kidney-disease' })).toBe('pathology');
    expect(biNutritionError({ ...adultCat, condition: 'very-thin' })).toBe('underweight');
    expect(biNutritionError({ ...adultCat, feature: 'hairballs' })).toBeNull();
  });

  it('sends a pregnant or nursing cat to the vet, in the referral rule’s words', () => {
    expect(biNutritionError({ ...adultCat, pregnantOrNursing: true })).toBe('pregnantOrNursing');
    expect(biNutritionError({ ...adultCat, pregnantOrNursing: false })).toBeNull();
    expect(BI_NUTRITION_MESSAGES.fr.pregnantOrNursing).toMatch(/gestante.*vétérinaire/);
    expect(BI_NUTRITION_MESSAGES.nl.pregnantOrNursing).toMatch(/drachtig.*dierenarts/);
  });

  it('refuses adult kibble for a kitten and kitten kibble for an adult, at the 12-month line', () => {
    expect(biNutritionError(kitten, { animal: 'cat', lifeStage: 'adult' })).toBe('adultKibbleForKitten');
    expect(biNutritionError({ ...adultCat, ageMonths: 11 }, { animal: 'cat', lifeStage: 'senior' })).toBe('adultKibbleForKitten');
    expect(biNutritionError({ ...adultCat, ageMonths: 12 }, { animal: 'cat', lifeStage: 'kitten' })).toBe('kittenKibbleForAdult');
  });

  it('says the most basic problem first', () => {
    expect(biNutritionError({ ...kitten, species: 'dog', condition: 'obese' }, { animal: 'dog', lifeStage: 'puppy' })).toBe('dogType');
    expect(biNutritionError({ ...kitten, condition: 'obese' }, { animal: 'dog', lifeStage: 'adult' })).toBe('dogKibble');
  });

  it('says the technical error in the shop’s own words', () => {
    expect(BI_NUTRITION_MESSAGES.fr.technical).toBe(
      "Nous ne sommes pas en mesure de vous donner une recommandation. Merci d'essayer ultérieurement",
    );
  });
});

describe('bi-nutrition menu', () => {
  const kibble = { key: 'KIBBLE', kcalPerKg: 3800 };
  const wet = { key: 'WET', kcalPerKg: 950 };
  it('three times a week: on wet days half the energy from wet food, the kibble the other half; the other days all kibble', () => {
    // A 4 kg neutered cat: 190 kcal a day (FEDIAF, 75 kcal per kg^0.67).
    const ration = dailyRation(190, biNutritionFoods(kibble, [wet], 3), 2);
    expect(ration.days).toEqual([
      {
        daysPerWeek: 3,
        foods: [
          { key: 'KIBBLE', gramsPerDay: 25, gramsPerMeal: 13 },
          { key: 'WET', gramsPerDay: 100, gramsPerMeal: 50 },
        ],
      },
      { daysPerWeek: 4, foods: [{ key: 'KIBBLE', gramsPerDay: 50, gramsPerMeal: 25 }] },
    ]);
  });
  it('every day: one day type; several wet recipes share the wet half equally', () => {
    const ration = dailyRation(190, biNutritionFoods(kibble, [wet, { key: 'WET2', kcalPerKg: 950 }], 7), 2);
    expect(ration.days).toHaveLength(1);
    expect(ration.days[0]!.foods.map((f) => f.gramsPerDay)).toEqual([25, 50, 50]);
  });
  it('needs a wet recipe', () => {
    expect(() => biNutritionFoods(kibble, [], 3)).toThrow(RangeError);
  });
});
