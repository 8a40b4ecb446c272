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

/**
 * Profiles held against FEDIAF's Nutritional Guidelines (2021), each computed by hand: the factor (kcal per
 * kg^0.75 for a dog, kg^0.67 for a cat) times the weight fed for, as written in `fediaf`, and its result in
 * `kcal`. Dogs: 95 low activity, 110 moderate, 125 high; puppies 210 below 50 % of the adult weight, 175 from
 * 50 to 80 %, 140 from 80 to 100 %. Cats: 100 active, 75 neutered or indoor; kittens 2.25, 1.875, 1.5 times
 * the active 100 (the middle of 2.0–2.5, 1.75–2.0 and 1.5) under 4, 4 to 9, 9 to 12 months. A neutered dog
 * or a senior has no factor of its own (the activity decides); a pet above its ideal shape is fed for its
 * ideal weight (15 % lighter when overweight, 35 % when obese).
 */
type Row = { name: string; profile: EnergyProfile; fediaf: string; kcal: number };
const dog = (weightKg: number, ageMonths: number, patch: Partial<EnergyProfile> = {}): EnergyProfile => ({
  species: 'dog',
  weightKg,
  ageMonths,
  activity: 'moderate',
  sterilised: false,
  condition: 'ideal',
  ...patch,
});
const cat = (weightKg: number, ageMonths: number, patch: Partial<EnergyProfile> = {}): EnergyProfile => ({
  ...dog(weightKg, ageMonths, patch),
  species: 'cat',
});
const small = { expectedAdultWeightKg: 6 };
const medium = { expectedAdultWeightKg: 20 };
const large = { expectedAdultWeightKg: 35 };
const giant = { expectedAdultWeightKg: 70 };

const PROFILES: Row[] = [
  // Adult dogs: every activity, a small, a medium and a giant one.
  { name: 'medium adult dog, 15 kg, low activity', profile: dog(15, 36, { activity: 'low' }), fediaf: '95 × 15^0.75', kcal: 724 },
  { name: 'medium adult dog, 15 kg, moderate', profile: dog(15, 36), fediaf: '110 × 15^0.75', kcal: 838 },
  { name: 'medium adult dog, 15 kg, high activity', profile: dog(15, 36, { activity: 'high' }), fediaf: '125 × 15^0.75', kcal: 953 },
  { name: 'small adult dog, 4 kg, low activity', profile: dog(4, 36, { activity: 'low', ...small }), fediaf: '95 × 4^0.75', kcal: 269 },
  { name: 'small adult dog, 4 kg, moderate', profile: dog(4, 36, small), fediaf: '110 × 4^0.75', kcal: 311 },
  { name: 'small adult dog, 4 kg, high activity', profile: dog(4, 36, { activity: 'high' }), fediaf: '125 × 4^0.75', kcal: 354 },
  { name: 'giant adult dog, 70 kg, low activity', profile: dog(70, 36, { activity: 'low', ...giant }), fediaf: '95 × 70^0.75', kcal: 2299 },
  { name: 'giant adult dog, 70 kg, moderate', profile: dog(70, 36, giant), fediaf: '110 × 70^0.75', kcal: 2662 },
  { name: 'giant adult dog, 70 kg, high activity', profile: dog(70, 36, { activity: 'high' }), fediaf: '125 × 70^0.75', kcal: 3025 },
  // Neutered adult dogs and seniors: FEDIAF gives no factor beyond the activity's.
  { name: 'neutered adult dog, 20 kg, moderate', profile: dog(20, 48, { sterilised: true }), fediaf: '110 × 20^0.75', kcal: 1040 },
  { name: 'senior dog of 10 years, 20 kg, low activity', profile: dog(20, 120, { activity: 'low' }), fediaf: '95 × 20^0.75', kcal: 898 },
  { name: 'senior dog of 10 years, 30 kg, moderate', profile: dog(30, 120, { sterilised: true }), fediaf: '110 × 30^0.75', kcal: 1410 },
  // Body condition: a thin dog is fed for its weight, one above its ideal shape for its ideal weight.
  { name: 'very thin adult dog, 12 kg', profile: dog(12, 36, { condition: 'very-thin' }), fediaf: '110 × 12^0.75', kcal: 709 },
  { name: 'thin adult dog, 12 kg', profile: dog(12, 36, { condition: 'thin' }), fediaf: '110 × 12^0.75', kcal: 709 },
  {
    name: 'overweight dog, 23 kg, fed for 20 (23 / 1.15)',
    profile: dog(23, 36, { condition: 'overweight' }),
    fediaf: '110 × 20^0.75',
    kcal: 1040,
  },
  { name: 'obese dog, 27 kg, fed for 20 (27 / 1.35)', profile: dog(27, 36, { condition: 'obese' }), fediaf: '110 × 20^0.75', kcal: 1040 },
  // Puppies by share of their breed's adult weight: a small breed (6 kg) grown at 10 months.
  { name: 'small-breed puppy, 3 months, 2 of 6 kg (33 %)', profile: dog(2, 3, small), fediaf: '210 × 2^0.75', kcal: 353 },
  { name: 'small-breed puppy, 5 months, 4 of 6 kg (67 %)', profile: dog(4, 5, small), fediaf: '175 × 4^0.75', kcal: 495 },
  { name: 'small-breed puppy, 8 months, 5.4 of 6 kg (90 %)', profile: dog(5.4, 8, small), fediaf: '140 × 5.4^0.75', kcal: 496 },
  { name: 'small dog of 11 months, 6 kg: grown up', profile: dog(6, 11, small), fediaf: '110 × 6^0.75', kcal: 422 },
  // A medium breed (20 kg), and a puppy of unknown breed, banded by age as a medium one.
  { name: 'medium-breed puppy, 3 months, 5 of 20 kg (25 %)', profile: dog(5, 3, medium), fediaf: '210 × 5^0.75', kcal: 702 },
  { name: 'medium-breed puppy, 6 months, 12 of 20 kg (60 %)', profile: dog(12, 6, medium), fediaf: '175 × 12^0.75', kcal: 1128 },
  { name: 'medium-breed puppy, 10 months, 18 of 20 kg (90 %)', profile: dog(18, 10, medium), fediaf: '140 × 18^0.75', kcal: 1223 },
  { name: 'puppy of unknown breed, 2 months, 8 kg (below 4 months)', profile: dog(8, 2), fediaf: '210 × 8^0.75', kcal: 999 },
  { name: 'puppy of unknown breed, 6 months, 12 kg (4 to 8 months)', profile: dog(12, 6), fediaf: '175 × 12^0.75', kcal: 1128 },
  { name: 'puppy of unknown breed, 10 months, 18 kg (8 to 12 months)', profile: dog(18, 10), fediaf: '140 × 18^0.75', kcal: 1223 },
  // A large breed (35 kg) grows until 18 months, a giant (70 kg) until 24.
  { name: 'large-breed puppy, 16 months, 31 of 35 kg (89 %)', profile: dog(31, 16, large), fediaf: '140 × 31^0.75', kcal: 1839 },
  { name: 'giant-breed puppy, 5 months, 25 of 70 kg (36 %)', profile: dog(25, 5, giant), fediaf: '210 × 25^0.75', kcal: 2348 },
  { name: 'giant-breed puppy, 9 months, 45 of 70 kg (64 %)', profile: dog(45, 9, giant), fediaf: '175 × 45^0.75', kcal: 3041 },
  { name: 'giant-breed puppy, 14 months, 58 of 70 kg (83 %)', profile: dog(58, 14, giant), fediaf: '140 × 58^0.75', kcal: 2942 },
  { name: 'giant-breed puppy, 20 months, 65 of 70 kg (93 %)', profile: dog(65, 20, giant), fediaf: '140 × 65^0.75', kcal: 3205 },
  {
    name: 'overweight giant-breed puppy, 20 months: never put on a diet',
    profile: dog(65, 20, { ...giant, condition: 'overweight' }),
    fediaf: '140 × 65^0.75',
    kcal: 3205,
  },
  // Adult cats: every activity, neutered or not, every body condition.
  { name: 'adult cat, 4 kg, moderate', profile: cat(4, 36), fediaf: '100 × 4^0.67', kcal: 253 },
  { name: 'adult cat, 4 kg, high activity', profile: cat(4, 36, { activity: 'high' }), fediaf: '100 × 4^0.67', kcal: 253 },
  { name: 'indoor cat (low activity), 4 kg', profile: cat(4, 36, { activity: 'low' }), fediaf: '75 × 4^0.67', kcal: 190 },
  { name: 'neutered cat, 4 kg, moderate', profile: cat(4, 36, { sterilised: true }), fediaf: '75 × 4^0.67', kcal: 190 },
  { name: 'neutered indoor cat, 6 kg', profile: cat(6, 60, { sterilised: true, activity: 'low' }), fediaf: '75 × 6^0.67', kcal: 249 },
  { name: 'small adult cat, 2.5 kg', profile: cat(2.5, 36), fediaf: '100 × 2.5^0.67', kcal: 185 },
  { name: 'large adult cat, 6 kg', profile: cat(6, 36), fediaf: '100 × 6^0.67', kcal: 332 },
  { name: 'senior cat of 12 years, 4 kg', profile: cat(4, 144), fediaf: '100 × 4^0.67', kcal: 253 },
  { name: 'very thin cat, 3 kg', profile: cat(3, 36, { condition: 'very-thin' }), fediaf: '100 × 3^0.67', kcal: 209 },
  { name: 'thin cat, 3 kg', profile: cat(3, 36, { condition: 'thin' }), fediaf: '100 × 3^0.67', kcal: 209 },
  {
    name: 'overweight cat, 5.75 kg, fed for 5 (5.75 / 1.15)',
    profile: cat(5.75, 36, { condition: 'overweight' }),
    fediaf: '100 × 5^0.67',
    kcal: 294,
  },
  {
    name: 'obese neutered cat, 6.75 kg, fed for 5 (6.75 / 1.35)',
    profile: cat(6.75, 36, { condition: 'obese', sterilised: true }),
    fediaf: '75 × 5^0.67',
    kcal: 220,
  },
  // Kittens in each band, neutered or not (growth is counted on the intact kitten's 100).
  { name: 'kitten of 2 months, 1 kg (under 4 months)', profile: cat(1, 2), fediaf: '2.25 × 100 × 1^0.67', kcal: 225 },
  { name: 'kitten of 3 months, 1.5 kg (under 4 months)', profile: cat(1.5, 3), fediaf: '2.25 × 100 × 1.5^0.67', kcal: 295 },
  { name: 'kitten of 6 months, 3 kg (4 to 9 months)', profile: cat(3, 6), fediaf: '1.875 × 100 × 3^0.67', kcal: 391 },
  {
    name: 'neutered kitten of 6 months, 2 kg (4 to 9 months)',
    profile: cat(2, 6, { sterilised: true }),
    fediaf: '1.875 × 100 × 2^0.67',
    kcal: 298,
  },
  {
    name: 'kitten of 10 months, 3.5 kg (9 to 12 months)',
    profile: cat(3.5, 10, { activity: 'low' }),
    fediaf: '1.5 × 100 × 3.5^0.67',
    kcal: 347,
  },
];

/** A `fediaf` formula's value: its factors multiplied, the last one a weight raised to the exponent. */
const computed = (formula: string): number =>
  formula
    .split(' × ')
    .map((part) => part.split('^').map(Number))
    .reduce((product, [base, exponent]) => product * base! ** (exponent ?? 1), 1);

describe('profiles held against FEDIAF (2021), computed by hand', () => {
  it.each(PROFILES)('$name: $fediaf = $kcal kcal a day', ({ profile, fediaf, kcal }) => {
    // The hand computation is what its formula says (a typo in either fails here, not in the engine).
    expect(Math.abs(computed(fediaf) - kcal)).toBeLessThanOrEqual(1);
    expect(Math.abs(dailyEnergy(profile).kcal - kcal) / kcal).toBeLessThanOrEqual(0.01);
  });

  it('covers both species at every activity and body condition the forms offer, growing, adult and senior', () => {
    for (const species of ['dog', 'cat'] as const) {
      const mine = PROFILES.filter((r) => r.profile.species === species).map((r) => r.profile);
      expect(new Set(mine.map((p) => p.activity))).toEqual(new Set(ACTIVITY_CODES));
      expect(new Set(mine.map((p) => p.condition))).toEqual(new Set(BODY_CONDITION_CODES));
      expect(new Set(mine.map((p) => p.sterilised))).toEqual(new Set([true, false]));
      expect(new Set(mine.map((p) => dailyEnergy(p).lifeStage))).toEqual(new Set(['growth', 'adult']));
      expect(mine.some((p) => p.ageMonths >= 96)).toBe(true);
    }
    // Every puppy band by share of its breed's adult weight, and the grown dog, for a small and a giant breed.
    for (const expected of [6, 70]) {
      const factors = PROFILES.filter((r) => r.profile.expectedAdultWeightKg === expected).map((r) => dailyEnergy(r.profile).factor);
      expect(factors).toEqual(expect.arrayContaining([210, 175, 140, 110]));
    }
  });
});
