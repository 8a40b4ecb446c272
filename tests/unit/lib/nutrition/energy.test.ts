import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { dailyEnergy, growthUntilMonths, type EnergyProfile } from '../../../../src/lib/nutrition/energy.ts';
import { ACTIVITY_CODES, BODY_CONDITION_CODES } from '../../../../src/lib/pets/profile.ts';

const adultDog = (weightKg: number, activity: EnergyProfile['activity']): EnergyProfile => ({
  species: 'dog',
  weightKg,
  ageMonths: 36,
  activity,
  sterilised: false,
  condition: 'ideal',
});
const adultCat = (weightKg: number, patch: Partial<EnergyProfile> = {}): EnergyProfile => ({
  species: 'cat',
  weightKg,
  ageMonths: 36,
  activity: 'moderate',
  sterilised: false,
  condition: 'ideal',
  ...patch,
});

describe("FEDIAF's worked examples", () => {
  it('a 4 kg cat needs 253 kcal a day when active (100 kcal·kg^0.67) and 190 when neutered or indoor (75)', () => {
    expect(dailyEnergy(adultCat(4)).kcal).toBe(253);
    expect(dailyEnergy(adultCat(4, { sterilised: true })).kcal).toBe(190);
    expect(dailyEnergy(adultCat(4, { activity: 'low' })).kcal).toBe(190);
  });

  it('a 15 kg dog needs 838 kcal a day at moderate activity (110 kcal·kg^0.75), 724 at low (95), 953 at high (125)', () => {
    expect(dailyEnergy(adultDog(15, 'moderate')).kcal).toBe(838);
    expect(dailyEnergy(adultDog(15, 'low')).kcal).toBe(724);
    expect(dailyEnergy(adultDog(15, 'high')).kcal).toBe(953);
  });
});

describe('growth', () => {
  const puppy = (weightKg: number, expectedAdultWeightKg: number | null, ageMonths = 5): EnergyProfile => ({
    ...adultDog(weightKg, 'moderate'),
    ageMonths,
    expectedAdultWeightKg,
  });
  it('a puppy gets 210, 175 then 140 kcal·kg^0.75 below 50 %, from 50 to 80 % and from 80 % of its adult weight', () => {
    expect(dailyEnergy(puppy(10, 30)).factor).toBe(210);
    expect(dailyEnergy(puppy(15, 30)).factor).toBe(175);
    expect(dailyEnergy(puppy(23.9, 30)).factor).toBe(175);
    expect(dailyEnergy(puppy(24, 30)).factor).toBe(140);
    expect(dailyEnergy(puppy(10, 30)).kcal).toBe(Math.round(210 * 10 ** 0.75));
  });
  it('a puppy of a known breed grows until its size’s maturity: 10, 12, 18 or 24 months', () => {
    // A giant of 14 months at 52 kg of an expected 62: 84 %, still growing, fed 140 not an adult's 110 (−21 %).
    expect(dailyEnergy(puppy(52, 62, 14))).toMatchObject({ factor: 140, lifeStage: 'growth' });
    expect(dailyEnergy(puppy(60, 62, 24))).toMatchObject({ factor: 110, lifeStage: 'adult' });
    // A large dog (30 kg grown up) grows until 18 months, a medium one until 12, a small one until 10.
    expect(dailyEnergy(puppy(27, 30, 17)).lifeStage).toBe('growth');
    expect(dailyEnergy(puppy(19, 20, 12)).lifeStage).toBe('adult');
    expect(dailyEnergy(puppy(5.5, 6, 9)).lifeStage).toBe('growth');
    expect(dailyEnergy(puppy(5.8, 6, 10)).lifeStage).toBe('adult');
  });
  it('without a breed weight the band comes from the age', () => {
    expect(dailyEnergy(puppy(5, null, 3)).factor).toBe(210);
    expect(dailyEnergy(puppy(5, null, 6)).factor).toBe(175);
    expect(dailyEnergy(puppy(5, null, 10)).factor).toBe(140);
    expect(dailyEnergy(puppy(5, null, 12)).factor).toBe(110);
  });
  it('a kitten gets 2.25, 1.875 then 1.5 times the active adult requirement', () => {
    expect(dailyEnergy(adultCat(1, { ageMonths: 3 })).factor).toBe(225);
    expect(dailyEnergy(adultCat(2.5, { ageMonths: 6, sterilised: true })).factor).toBe(187.5);
    expect(dailyEnergy(adultCat(3, { ageMonths: 10 })).factor).toBe(150);
    expect(dailyEnergy(adultCat(3, { ageMonths: 10 })).lifeStage).toBe('growth');
  });
});

describe('body condition', () => {
  it('a pet above its ideal shape is fed for its ideal weight (15 % lighter when overweight, 35 % when obese)', () => {
    const overweight = dailyEnergy({ ...adultDog(23, 'moderate'), condition: 'overweight' });
    expect(overweight.targetWeightKg).toBe(20);
    expect(overweight.kcal).toBe(Math.round(110 * 20 ** 0.75));
    expect(dailyEnergy({ ...adultDog(27, 'moderate'), condition: 'obese' }).targetWeightKg).toBe(20);
  });
  it('a thin pet is fed for the weight it has', () => {
    expect(dailyEnergy({ ...adultDog(15, 'moderate'), condition: 'thin' }).kcal).toBe(838);
  });
});

const profile = fc.record({
  species: fc.constantFrom('dog' as const, 'cat' as const),
  weightKg: fc.double({ min: 0.5, max: 100, noNaN: true }),
  ageMonths: fc.integer({ min: 0, max: 240 }),
  activity: fc.constantFrom(...ACTIVITY_CODES),
  sterilised: fc.boolean(),
  condition: fc.constantFrom(...BODY_CONDITION_CODES),
  expectedAdultWeightKg: fc.option(fc.double({ min: 1, max: 100, noNaN: true }), { nil: null }),
});

describe('properties', () => {
  it('is never negative nor absurd: between 20 kcal a day and 35 times the metabolic weight of a 100 kg dog', () => {
    fc.assert(
      fc.property(profile, (p) => {
        const { kcal } = dailyEnergy(p);
        expect(kcal).toBeGreaterThan(20);
        expect(kcal).toBeLessThan(7000);
      }),
    );
  });
  it('grows with the weight', () => {
    fc.assert(
      fc.property(profile, fc.double({ min: 0.1, max: 20, noNaN: true }), (p, more) => {
        // Grown up: a giant grows until 24 months.
        const adult = { ...p, ageMonths: Math.max(p.ageMonths, 24) };
        expect(dailyEnergy({ ...adult, weightKg: adult.weightKg + more }).kcal).toBeGreaterThanOrEqual(dailyEnergy(adult).kcal);
      }),
    );
  });
  it('grows with the activity', () => {
    fc.assert(
      fc.property(profile, (p) => {
        const [low, moderate, high] = ACTIVITY_CODES.map((activity) => dailyEnergy({ ...p, activity }).kcal);
        expect(moderate).toBeGreaterThanOrEqual(low!);
        expect(high).toBeGreaterThanOrEqual(moderate!);
      }),
    );
  });
  it('a puppy or kitten needs more than the same pet grown up', () => {
    fc.assert(
      fc.property(profile, fc.integer({ min: 0, max: 23 }), (p, age) => {
        // Any age before the pet's growth ends (10 months for a small dog of known breed, 24 for a giant).
        const ageMonths = age % growthUntilMonths(p.species, p.expectedAdultWeightKg);
        const young = dailyEnergy({ ...p, ageMonths, condition: 'ideal' }).kcal;
        const adult = dailyEnergy({ ...p, ageMonths: 36, condition: 'ideal' }).kcal;
        expect(young).toBeGreaterThan(adult);
      }),
    );
  });
  it('refuses a weight that is not one', () => {
    for (const weightKg of [0, -3, Number.NaN, Number.POSITIVE_INFINITY])
      expect(() => dailyEnergy(adultDog(weightKg, 'low'))).toThrow(RangeError);
  });
});
