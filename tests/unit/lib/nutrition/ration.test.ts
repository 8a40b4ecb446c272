import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { foodEnergy, fourStepKcalPerKg, nitrogenFreeExtract } from '../../../../src/lib/nutrition/food-energy.ts';
import { dailyRation, mealsPerDay } from '../../../../src/lib/nutrition/ration.ts';
import { deliveryFrequency, formatGrams } from '../../../../src/lib/nutrition/delivery-frequency.ts';
import { explainRation } from '../../../../src/lib/nutrition/explanation.ts';

const kibble = { protein: 30, fat: 18, fibre: 2.5, ash: 7.5, moisture: 8 };

describe('food energy', () => {
  it('is the metabolisable energy on the pack when there is one', () => {
    expect(foodEnergy({ energyKcalPerKg: 3950, analyticalConstituents: kibble }, 'dog')).toBe(3950);
  });
  it('else FEDIAF’s four steps: gross energy, digestibility from the fibre on dry matter, digestible, metabolisable', () => {
    expect(nitrogenFreeExtract(kibble)).toBe(34);
    // Gross 5.7 × 30 + 9.4 × 18 + 4.1 × (34 + 2.5) = 489.85 kcal per 100 g; fibre 2.72 % of the dry matter.
    // Dog: digestibility 91.2 − 1.43 × 2.72 = 87.31 %, digestible 427.7, metabolisable 427.7 − 1.04 × 30 = 396.5.
    expect(fourStepKcalPerKg(kibble, 'dog')).toBe(3965);
    // Cat: digestibility 87.9 − 0.88 × 2.72 = 85.51 %, digestible 418.9, metabolisable 418.9 − 0.77 × 30 = 395.8.
    expect(fourStepKcalPerKg(kibble, 'cat')).toBe(3958);
    expect(foodEnergy({ energyKcalPerKg: null, analyticalConstituents: kibble }, 'dog')).toBe(3965);
    expect(foodEnergy({}, 'cat')).toBeNull();
  });
  it('a wet food (80 % moisture) is about a quarter of a kibble', () => {
    // Gross 116.3; fibre 2.5 % of the dry matter; digestibility 87.63 %; 101.9 − 10.4 = 91.5 kcal per 100 g.
    expect(fourStepKcalPerKg({ protein: 10, fat: 5, fibre: 0.5, ash: 2, moisture: 80 }, 'dog')).toBe(915);
  });
});

describe('the daily ration', () => {
  it('one food: the energy divided by the food’s, split into meals', () => {
    const r = dailyRation(838, [{ key: 'A', kcalPerKg: 3950, share: 1 }], 2);
    expect(r.days).toEqual([{ daysPerWeek: 7, foods: [{ key: 'A', gramsPerDay: 212, gramsPerMeal: 106 }] }]);
    expect(r.averageGramsPerDay).toEqual({ A: 212 });
  });
  it('mixed feeding every day: each food brings its share', () => {
    const r = dailyRation(
      253,
      [
        { key: 'K', kcalPerKg: 4000, share: 0.7 },
        { key: 'W', kcalPerKg: 1000, share: 0.3 },
      ],
      2,
    );
    expect(r.days[0]!.foods.map((f) => f.gramsPerDay)).toEqual([44, 76]);
  });
  it('wet food three times a week: kibble alone covers the other four days', () => {
    const r = dailyRation(
      253,
      [
        { key: 'K', kcalPerKg: 4000, share: 0.7 },
        { key: 'W', kcalPerKg: 1000, share: 0.3, daysPerWeek: 3 },
      ],
      2,
    );
    expect(r.days).toHaveLength(2);
    expect(r.days[0]).toMatchObject({ daysPerWeek: 3 });
    expect(r.days[1]).toEqual({ daysPerWeek: 4, foods: [{ key: 'K', gramsPerDay: 63, gramsPerMeal: 32 }] });
    expect(r.averageGramsPerDay).toEqual({ K: Math.round((44 * 3 + 63 * 4) / 7), W: Math.round((76 * 3) / 7) });
  });
  it('three meals until 6 months, then two', () => {
    expect(mealsPerDay(4)).toBe(3);
    expect(mealsPerDay(6)).toBe(2);
  });
  it('is never negative and brings the energy asked (within rounding)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 30, max: 5000 }), fc.integer({ min: 700, max: 5000 }), (kcal, kcalPerKg) => {
        const grams = dailyRation(kcal, [{ key: 'A', kcalPerKg, share: 1 }], 2).days[0]!.foods[0]!.gramsPerDay;
        expect(grams).toBeGreaterThan(0);
        expect(Math.abs((grams * kcalPerKg) / 1000 - kcal)).toBeLessThanOrEqual(kcalPerKg / 1000);
      }),
    );
  });
  it('refuses a menu without food or with a food without energy', () => {
    expect(() => dailyRation(200, [], 2)).toThrow(RangeError);
    expect(() => dailyRation(200, [{ key: 'A', kcalPerKg: 0, share: 1 }], 2)).toThrow(RangeError);
  });
});

describe('the delivery frequency', () => {
  it('is the longest of the ten frequencies a parcel lasts', () => {
    // 212 g a day: a 12 kg bag lasts 56 days → 7 weeks (49 days), not 2 months (62).
    expect(deliveryFrequency(212, 12000)).toMatchObject({ lastsDays: 56, frequency: { days: 49 } });
    expect(deliveryFrequency(50, 12000).frequency?.days).toBe(155);
    expect(deliveryFrequency(100, 3100).frequency?.days).toBe(31);
  });
  it('is none when a parcel lasts less than three weeks, and says how many to put in it, at the longest frequency they last', () => {
    // 3 × 2 kg last 28 days: three weeks.
    expect(deliveryFrequency(212, 2000)).toEqual({
      lastsDays: 9,
      frequency: null,
      quantityForShortest: 3,
      frequencyForQuantity: { days: 21, weeks: 3 },
    });
    // A giant puppy at 774 g a day: 2 × 12 kg last 31 days, so they come every month, not every three weeks.
    expect(deliveryFrequency(774, 12000)).toMatchObject({
      lastsDays: 15,
      frequency: null,
      quantityForShortest: 2,
      frequencyForQuantity: { days: 31 },
    });
  });
  it('never lets the bowl run empty', () => {
    fc.assert(
      fc.property(fc.integer({ min: 5, max: 2000 }), fc.integer({ min: 85, max: 20000 }), (grams, parcel) => {
        const fit = deliveryFrequency(grams, parcel);
        if (fit.frequency) expect(fit.frequency.days * grams).toBeLessThanOrEqual(parcel);
        expect(fit.quantityForShortest * parcel).toBeGreaterThanOrEqual(21 * grams);
        expect(fit.frequencyForQuantity.days * grams).toBeLessThanOrEqual(fit.quantityForShortest * parcel);
      }),
    );
  });
  it('reads a format in grams', () => {
    expect(formatGrams('kg', 2)).toBe(2000);
    expect(formatGrams('g', 1020)).toBe(1020);
    expect(formatGrams('l', 1)).toBeNull();
  });
});

describe('the explanation', () => {
  const input = {
    name: 'Rex',
    species: 'dog' as const,
    growing: false,
    kcal: 838,
    weightKg: 15,
    targetWeightKg: 15,
    meals: 2,
    foods: [{ name: 'Croquettes Poulet', grams: 212 }],
  };
  it('is one sentence in French and in Dutch', () => {
    expect(explainRation('fr', input).text).toBe(
      'Rex a besoin d’environ 838 kcal par jour pour ses 15 kg selon les repères FEDIAF\u00A0: 212 g de Croquettes Poulet par jour, en 2 repas. Ces quantités sont indicatives\u00A0: ajustez-les selon sa silhouette.',
    );
    expect(explainRation('nl', input).text).toBe(
      'Rex heeft ongeveer 838 kcal per dag nodig bij een gewicht van 15 kg volgens de FEDIAF-richtlijnen: 212 g Croquettes Poulet per dag, verdeeld over 2 maaltijden. Deze hoeveelheden zijn richtwaarden: pas ze aan volgens het silhouet van je dier.',
    );
  });
  it('says when the ration aims at the ideal weight', () => {
    expect(explainRation('fr', { ...input, foods: [{ name: 'Effilés de poisson', grams: 39 }] }).text).toContain(
      '39 g d’Effilés de poisson',
    );
    const e = explainRation('fr', { ...input, name: null, weightKg: 23, targetWeightKg: 20 });
    expect(e.key).toBe('nutrition.explanation.idealWeight');
    expect(e.text).toContain('Votre chien a besoin');
    expect(e.text).toContain('poids idéal d’environ 20 kg');
  });
});
