/**
 * How many kilocalories a pet needs a day, after the FEDIAF Nutritional Guidelines (2021), chapter on
 * energy: a factor times the metabolic body weight (kg^0.75 for dogs, kg^0.67 for cats).
 *
 * - Adult dogs: 95 kcal·kg^0.75 for low activity (under an hour a day), 110 moderate (1 to 3 hours of low
 *   impact), 125 high (1 to 3 hours of high impact). A working dog's 3 to 6 hours (150–175) is not one of the
 *   profile's levels. A neutered dog or a senior gets no factor of its own: FEDIAF gives none beyond the
 *   activity's (its Scientific Advisory Board's statement on senior dogs finds no data to set one), so every
 *   ration is a starting point: its explanation says the grams are indicative, to adjust on the pet's shape
 *   (explanation.ts), and so does the product page's feeding table (lib/catalogue/feeding-table.ts).
 * - Puppies: 210 below 50 % of the expected adult weight, 175 from 50 to 80 %, 140 from 80 to 100 %.
 *   With an expected adult weight (its breed's), a puppy grows until its size's maturity: a small dog
 *   (under 10 kg grown up) reaches its adult weight at about 10 months, a medium one (under 25 kg) at 12,
 *   a large one (under 45 kg) at 15 to 18 and a giant at 18 to 24 (FEDIAF 2021, growth): we take the
 *   upper ages, 10, 12, 18 and 24, so a giant of 14 months, still short of its adult weight, is fed for
 *   growth. Without one, a puppy is one under 12 months (SPEC) and the band comes from the age (below 4
 *   months, 4 to 8 months, 8 months and more), the ages at which a medium dog reaches those shares.
 * - Adult cats: 100 kcal·kg^0.67 when active, 75 when neutered or living indoors (low activity).
 * - Kittens: 2.0–2.5 × the active adult requirement under 4 months, 1.75–2.0 × from 4 to 9 months, 1.5 ×
 *   from 9 to 12 months. We take the middle of each band (2.25, 1.875, 1.5): the guide cannot tell where a
 *   kitten sits in it, the middle is never more than about 11 % off, and the result asks the owner to
 *   follow the kitten's shape. Growth is counted on the active adult's 100, neutered or not: FEDIAF's
 *   multipliers apply to the intact kitten's requirement.
 * - A pet above its ideal shape is fed for its ideal weight (BODY_CONDITIONS' `overIdeal`), so its ration
 *   makes it slim down slowly instead of keeping its extra weight.
 */
import { BODY_CONDITIONS, type Activity, type BodyCondition, type Species } from '../pets/profile.ts';
import { PUPPY_UNDER_MONTHS } from '../constants.ts';

/** Under this age (months) a dog is a puppy and a cat a kitten (SPEC §9). */
export const GROWTH_UNTIL_MONTHS = PUPPY_UNDER_MONTHS;

const DOG_ADULT: Record<Activity, number> = { low: 95, moderate: 110, high: 125 };
const DOG_GROWTH = [
  { belowShare: 0.5, untilMonths: 4, factor: 210 },
  { belowShare: 0.8, untilMonths: 8, factor: 175 },
  { belowShare: Number.POSITIVE_INFINITY, untilMonths: GROWTH_UNTIL_MONTHS, factor: 140 },
] as const;
const CAT_ACTIVE = 100;
const CAT_NEUTERED_OR_INDOOR = 75;
const KITTEN_MULTIPLIERS = [
  { untilMonths: 4, multiplier: 2.25 },
  { untilMonths: 9, multiplier: 1.875 },
  { untilMonths: GROWTH_UNTIL_MONTHS, multiplier: 1.5 },
] as const;
const EXPONENT: Record<Species, number> = { dog: 0.75, cat: 0.67 };
const DOG_MATURITY = [
  { adultBelowKg: 10, months: 10 },
  { adultBelowKg: 25, months: 12 },
  { adultBelowKg: 45, months: 18 },
  { adultBelowKg: Number.POSITIVE_INFINITY, months: 24 },
] as const;

/** Until which age (months) a pet grows: a dog of a known expected adult weight, until its size's maturity. */
export function growthUntilMonths(species: Species, expectedAdultWeightKg?: number | null): number {
  if (species === 'cat' || !expectedAdultWeightKg) return GROWTH_UNTIL_MONTHS;
  return DOG_MATURITY.find((b) => expectedAdultWeightKg < b.adultBelowKg)!.months;
}

/**
 * The most a young pet can weigh at its age (kg), or null once no growth bound applies. Generous on purpose:
 * it refuses a typing slip (a 2-month puppy of 90 kg, a 1-month kitten of 12 kg), never a real pet. A kitten
 * gains at most about a kilo a month (a Maine Coon male: about 5 kg at 6 months), so a month's age allows a
 * kilo and one more; a puppy of the heaviest breeds (mastiffs, Great Danes) gains 5 to 8 kg a month until about
 * 10 months, so a month allows 10 kg.
 */
export function heaviestAtAge(species: Species, ageMonths: number): number | null {
  if (species === 'cat') return ageMonths < GROWTH_UNTIL_MONTHS ? ageMonths + 1 : null;
  return ageMonths < 10 ? 10 * ageMonths : null;
}

/** Whether the pet is still growing (a puppy or a kitten). */
export const isGrowing = (p: Pick<EnergyProfile, 'species' | 'ageMonths' | 'expectedAdultWeightKg'>): boolean =>
  p.ageMonths < growthUntilMonths(p.species, p.expectedAdultWeightKg);

export interface EnergyProfile {
  species: Species;
  /** Today's weight, kg. */
  weightKg: number;
  /** Age in whole months. */
  ageMonths: number;
  activity: Activity;
  sterilised: boolean;
  condition: BodyCondition;
  /** A puppy's expected adult weight (its breed's), kg; null when unknown. */
  expectedAdultWeightKg?: number | null;
}

export interface EnergyNeed {
  /** kcal a day, rounded. */
  kcal: number;
  /** The weight the ration is computed for: the ideal weight of a pet above its ideal shape. */
  targetWeightKg: number;
  /** The FEDIAF factor used (kcal per kg^exponent), after a kitten's multiplier. */
  factor: number;
  lifeStage: 'growth' | 'adult';
}

/** The weight to feed for: today's, or the ideal one of a pet above its ideal shape. */
function targetWeight(weightKg: number, condition: BodyCondition): number {
  const level = BODY_CONDITIONS.find((l) => l.code === condition)!;
  return weightKg / (1 + level.overIdeal);
}

function dogFactor(p: EnergyProfile): number {
  if (!isGrowing(p)) return DOG_ADULT[p.activity];
  const share = p.expectedAdultWeightKg ? p.weightKg / p.expectedAdultWeightKg : null;
  const band = share === null ? DOG_GROWTH.find((b) => p.ageMonths < b.untilMonths)! : DOG_GROWTH.find((b) => share < b.belowShare)!;
  return band.factor;
}

function catFactor(p: EnergyProfile): number {
  if (p.ageMonths < GROWTH_UNTIL_MONTHS) {
    const band = KITTEN_MULTIPLIERS.find((b) => p.ageMonths < b.untilMonths)!;
    return CAT_ACTIVE * band.multiplier;
  }
  return p.sterilised || p.activity === 'low' ? CAT_NEUTERED_OR_INDOOR : CAT_ACTIVE;
}

/** The daily energy need (kcal) of a pet. */
export function dailyEnergy(p: EnergyProfile): EnergyNeed {
  if (!(p.weightKg > 0) || !Number.isFinite(p.weightKg)) throw new RangeError('A weight must be a positive number of kg');
  const growing = isGrowing(p);
  // A growing pet is never put on a diet by the guide: its weight is its growth.
  const targetWeightKg = growing ? p.weightKg : targetWeight(p.weightKg, p.condition);
  const factor = p.species === 'dog' ? dogFactor(p) : catFactor(p);
  return {
    kcal: Math.round(factor * targetWeightKg ** EXPONENT[p.species]),
    targetWeightKg: Math.round(targetWeightKg * 10) / 10,
    factor,
    lifeStage: growing ? 'growth' : 'adult',
  };
}
