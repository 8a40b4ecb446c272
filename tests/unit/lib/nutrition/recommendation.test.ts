import { describe, expect, it } from 'vitest';
import { explainChoice } from '../../../../src/lib/nutrition/explanation.ts';
import { MAX_RECIPES, recommend, type RecipeCandidate, type RecommendationProfile } from '../../../../src/lib/nutrition/recommendation.ts';

let position = 0;
const recipe = (sku: string, animal: 'dog' | 'cat', filters: Partial<RecipeCandidate['filters']> = {}, energy = 3800): RecipeCandidate => ({
  sku,
  animal,
  kind: 'dry',
  filters: { lifeStage: 'adult', size: 'all', sterilised: false, grainFree: false, mainProtein: 'chicken', ...filters },
  energyKcalPerKg: energy,
  position: position++,
});
const catalogue = [
  recipe('DOG-PUPPY', 'dog', { lifeStage: 'puppy' }),
  recipe('DOG-PUPPY-LARGE', 'dog', { lifeStage: 'puppy', size: 'large' }),
  recipe('DOG-ADULT', 'dog'),
  recipe('DOG-SMALL', 'dog', { size: 'small' }),
  recipe('DOG-LARGE', 'dog', { size: 'large' }),
  recipe('DOG-LIGHT', 'dog', { sterilised: true }, 3300),
  recipe('DOG-SENIOR', 'dog', { lifeStage: 'senior' }),
  recipe('DOG-LAMB-GF', 'dog', { grainFree: true, mainProtein: 'lamb' }, 4100),
  recipe('CAT-KITTEN', 'cat', { lifeStage: 'kitten' }),
  recipe('CAT-ADULT', 'cat'),
  recipe('CAT-STERILISED', 'cat', { sterilised: true }),
  recipe('CAT-SALMON', 'cat', { mainProtein: 'salmon' }),
  recipe('CAT-HAIRBALL', 'cat', { mainProtein: 'turkey', helpsWith: ['hairballs'] }),
];
const dog: RecommendationProfile = {
  species: 'dog',
  ageMonths: 36,
  weightKg: 15,
  sterilised: false,
  condition: 'ideal',
  activity: 'moderate',
  feature: null,
};
const skus = (pet: RecommendationProfile) => {
  const r = recommend(pet, catalogue);
  if (!r.eligible) throw new Error('not eligible');
  return r.recipes.map((x) => x.sku);
};

describe('recommendations', () => {
  it('keep the species, the adult size and at most the maximum of recipes', () => {
    const found = skus(dog);
    expect(found.length).toBeLessThanOrEqual(MAX_RECIPES);
    expect(found).toContain('DOG-ADULT');
    expect(
      found.every((s) => s.startsWith('DOG-') && !['DOG-SMALL', 'DOG-LARGE', 'DOG-PUPPY', 'DOG-SENIOR', 'DOG-LIGHT'].includes(s)),
    ).toBe(true);
    expect(skus({ ...dog, weightKg: 4 })[0]).toBe('DOG-SMALL');
  });
  it('a puppy gets growth recipes, for its breed’s size when known', () => {
    expect(skus({ ...dog, ageMonths: 4, weightKg: 10, expectedAdultWeightKg: 35 })).toEqual(['DOG-PUPPY-LARGE', 'DOG-PUPPY']);
    expect(skus({ ...dog, ageMonths: 4, weightKg: 3, expectedAdultWeightKg: 6 })).toEqual(['DOG-PUPPY']);
    // A giant of 14 months still grows: growth recipes, not an adult's.
    expect(skus({ ...dog, ageMonths: 14, weightKg: 52, expectedAdultWeightKg: 62 })).toEqual(['DOG-PUPPY-LARGE', 'DOG-PUPPY']);
  });
  it('a senior gets senior recipes first', () => {
    expect(skus({ ...dog, ageMonths: 100 })[0]).toBe('DOG-SENIOR');
  });
  it('a sterilised or overweight pet gets the lighter recipes first; an active intact one never does', () => {
    expect(skus({ ...dog, sterilised: true })[0]).toBe('DOG-LIGHT');
    expect(skus({ ...dog, condition: 'overweight' })[0]).toBe('DOG-LIGHT');
    expect(skus({ ...dog, activity: 'high' })).not.toContain('DOG-LIGHT');
    expect(skus({ ...dog, species: 'cat', weightKg: 4, sterilised: true })[0]).toBe('CAT-STERILISED');
  });
  it('a kitten gets kitten recipes only', () => {
    expect(skus({ ...dog, species: 'cat', ageMonths: 3, weightKg: 1.5 })).toEqual(['CAT-KITTEN']);
  });
  it('sensitivities leave out what the pet cannot eat', () => {
    expect(skus({ ...dog, feature: 'grain-intolerance' })).toEqual(['DOG-LAMB-GF']);
    expect(skus({ ...dog, species: 'cat', weightKg: 4, feature: 'fish-intolerance' })).not.toContain('CAT-SALMON');
    expect(skus({ ...dog, feature: 'chicken-intolerance' })).toEqual(['DOG-LAMB-GF']);
  });
  it('a recipe made for the pet’s particularity comes first: the hairball recipe for a cat that has them', () => {
    const cat = { ...dog, species: 'cat' as const, weightKg: 4 };
    expect(skus({ ...cat, feature: 'hairballs' })[0]).toBe('CAT-HAIRBALL');
    expect(skus(cat)[0]).not.toBe('CAT-HAIRBALL');
  });
  it('a pet the referral rule sends to a vet is not eligible: a pathology, obesity, extreme thinness', () => {
    expect(recommend({ ...dog, feature: 'kidney-disease' }, catalogue)).toEqual({ eligible: false, reason: 'pathology' });
    expect(recommend({ ...dog, condition: 'obese' }, catalogue)).toEqual({ eligible: false, reason: 'overweight' });
    expect(recommend({ ...dog, condition: 'very-thin' }, catalogue)).toEqual({ eligible: false, reason: 'underweight' });
    expect(recommend({ ...dog, pregnantOrNursing: true }, catalogue)).toEqual({ eligible: false, reason: 'pregnantOrNursing' });
    // A little above its ideal shape: fed for its ideal weight, not sent away.
    expect(recommend({ ...dog, condition: 'overweight' }, catalogue).eligible).toBe(true);
  });
});

describe('why each recipe', () => {
  const reasonsOf = (pet: RecommendationProfile) => {
    const r = recommend(pet, catalogue);
    if (!r.eligible) throw new Error('not eligible');
    return Object.fromEntries(r.recipes.map((x) => [x.sku, x.reasons]));
  };

  it('gives the criteria the rule used for this pet and this recipe, and none other', () => {
    // A 15 kg adult: an adult recipe of every size; no size, lightness or sensitivity said.
    expect(reasonsOf(dog)['DOG-ADULT']).toEqual(['adult']);
    // A small adult: the small dogs' recipe for its size.
    expect(reasonsOf({ ...dog, weightKg: 4 })['DOG-SMALL']).toEqual(['adult', 'small']);
    // A large-breed puppy: growth, and its breed's size grown up.
    expect(reasonsOf({ ...dog, ageMonths: 4, weightKg: 10, expectedAdultWeightKg: 35 })['DOG-PUPPY-LARGE']).toEqual(['growth', 'large']);
    // The light recipe says what made it fit: sterilised first, else the shape, else a quiet life.
    expect(reasonsOf({ ...dog, sterilised: true })['DOG-LIGHT']).toEqual(['adult', 'sterilised']);
    expect(reasonsOf({ ...dog, condition: 'overweight' })['DOG-LIGHT']).toEqual(['adult', 'weightControl']);
    expect(reasonsOf({ ...dog, activity: 'low' })['DOG-LIGHT']).toEqual(['adult', 'lowActivity']);
    // Sensitivities.
    expect(reasonsOf({ ...dog, feature: 'grain-intolerance' })['DOG-LAMB-GF']).toEqual(['adult', 'grainFree']);
    expect(reasonsOf({ ...dog, feature: 'chicken-intolerance' })['DOG-LAMB-GF']).toEqual(['adult', 'withoutProtein']);
    expect(reasonsOf({ ...dog, feature: 'sensitive-digestion' })['DOG-LAMB-GF']).toEqual(['adult', 'digestion']);
    expect(reasonsOf({ ...dog, feature: 'sensitive-digestion' })['DOG-ADULT']).toEqual(['adult']);
    const cat = { ...dog, species: 'cat' as const, weightKg: 4 };
    expect(reasonsOf({ ...cat, sterilised: true, feature: 'hairballs' })['CAT-HAIRBALL']).toEqual(['adult', 'particularity']);
    expect(reasonsOf({ ...cat, ageMonths: 3, weightKg: 1.5 })['CAT-KITTEN']).toEqual(['growth']);
    expect(reasonsOf({ ...dog, ageMonths: 100 })['DOG-SENIOR']).toEqual(['senior']);
  });

  it('says them in one sentence, in French and in Dutch, without a reason that was not given', () => {
    const fr = explainChoice('fr', {
      name: 'Mina',
      species: 'cat',
      feature: 'hairballs',
      reasons: ['adult', 'sterilised', 'particularity'],
    });
    expect(fr.text).toBe(
      'Pourquoi cette recette pour Mina\u00A0: elle est faite pour les chats adultes, pensée pour les chats stérilisés et conçue pour limiter les boules de poils.',
    );
    const nl = explainChoice('nl', { species: 'dog', feature: null, reasons: ['growth', 'large'] });
    expect(nl.text).toBe('Waarom dit recept voor je hond? Het is gemaakt voor groeiende puppy’s en geschikt voor grote honden.');
    const intolerant = explainChoice('fr', {
      name: 'Rex',
      species: 'dog',
      feature: 'chicken-intolerance',
      reasons: ['adult', 'withoutProtein'],
    });
    expect(intolerant.text).toContain('sans poulet ni dinde');
    expect(intolerant.text).not.toMatch(/stérilisé|réduits|céréales|taille/);
    // Never a comparative it cannot prove against the range ("lighter"): who the recipe is made for.
    const quiet = explainChoice('nl', { name: 'Rex', species: 'dog', feature: null, reasons: ['adult', 'lowActivity'] });
    expect(quiet.text).toBe(
      'Waarom dit recept voor Rex? Het is gemaakt voor volwassen honden en bedoeld voor de lagere energiebehoefte van een weinig actieve hond.',
    );
    // The sentence names the pet, whose sex it does not know: no Dutch "zijn" or "hij" that a female would contradict.
    for (const feature of ['grain-intolerance', 'chicken-intolerance', 'sensitive-digestion', 'sensitive-skin'] as const) {
      const mina = explainChoice('nl', {
        name: 'Mina',
        species: 'cat',
        feature,
        reasons: ['adult', 'weightControl', 'particularity', 'grainFree', 'withoutProtein', 'digestion'],
      });
      expect(mina.text).toMatch(/^Waarom dit recept voor Mina\? Het is /);
      expect(mina.text).not.toMatch(/\b(zijn|hij|hem|haar)\b/);
    }
  });
});
