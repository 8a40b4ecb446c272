/**
 * The product page's ration calculator, before and after its call (`GET b2c-rations/getReco`): the
 * shopper's weight and age checked in words (a valid age and weight), the answer read with its schema, and
 * the purchase choice a format's fitting frequency turns into.
 *
 * - Weight: a number of kg above 0 (a comma is a decimal point); a cat weighs 1 to 13 kg, a dog up to 100.
 * - Age: years and months (months 0 to 11), at least one filled; a puppy or kitten under 12 months is given
 *   in months alone. At least one month old (the youngest that eats a food of ours), at most 30 years.
 * - Pregnant or nursing: asked once the age is an adult's (the page knows neither the pet's sex nor its
 *   sterilisation, so the question names a female); a yes is answered with the referral to a vet
 *   (referral.ts), never with a maintenance ration.
 */
import '../zod/jitless.ts';
import { z } from 'zod/mini';
import { CART_QUANTITY, CAT_WEIGHT_KG, DOG_WEIGHT_MAX_KG, PUPPY_UNDER_MONTHS } from '../constants.ts';
import type { Species } from '../pets/profile.ts';
import { heaviestAtAge } from './energy.ts';
import type { PurchaseChoice } from '../catalogue/purchase-choice.ts';

/** The oldest age the calculator takes, in months (the service refuses more). */
const MAX_AGE_MONTHS = 360;

type WeightError = 'required' | 'invalid' | 'catRange' | 'dogMax' | 'puppyTooHeavy' | 'kittenTooHeavy';
type AgeError = 'required' | 'invalid' | 'months' | 'tooYoung' | 'tooOld';

export interface CalculatorInput {
  weight: string;
  years: string;
  months: string;
  /** The answer to the pregnancy question (read only when it is asked). */
  pregnantOrNursing?: boolean;
}

export type CalculatorCheck =
  | { ok: true; weight: number; month: number; pregnantOrNursing: boolean }
  | { ok: false; errors: { weight?: WeightError; age?: AgeError } };

const decimal = (text: string): number | null => {
  const t = text.trim().replace(',', '.');
  return /^\d{1,3}(\.\d{1,2})?$/.test(t) ? Number(t) : null;
};
const whole = (text: string): number | null => (/^\d{1,3}$/.test(text.trim()) ? Number(text.trim()) : null);

function weightError(species: Species, text: string): WeightError | number {
  if (text.trim() === '') return 'required';
  const kg = decimal(text);
  if (kg === null || !(kg > 0)) return 'invalid';
  if (species === 'cat' && (kg < CAT_WEIGHT_KG.min || kg > CAT_WEIGHT_KG.max)) return 'catRange';
  if (species === 'dog' && kg > DOG_WEIGHT_MAX_KG) return 'dogMax';
  return kg;
}

function ageError(yearsText: string, monthsText: string): AgeError | number {
  if (yearsText.trim() === '' && monthsText.trim() === '') return 'required';
  const years = yearsText.trim() === '' ? 0 : whole(yearsText);
  const months = monthsText.trim() === '' ? 0 : whole(monthsText);
  if (years === null || months === null) return 'invalid';
  if (months > 11 && years > 0) return 'months';
  // A puppy's age in months alone may be typed as such ("18 mois" is as clear as 1 year and 6 months).
  const total = years * 12 + months;
  if (total < 1) return 'tooYoung';
  if (total > MAX_AGE_MONTHS) return 'tooOld';
  return total;
}

/** Whether the pregnancy question is asked: once the age typed is an adult's (a younger pet is fed for growth). */
export function asksPregnancy(input: Pick<CalculatorInput, 'years' | 'months'>): boolean {
  const age = ageError(input.years, input.months);
  return typeof age === 'number' && age >= PUPPY_UNDER_MONTHS;
}

/** The shopper's weight and age, checked: the call's `weight`, `month` and pregnancy, or an error code per field. */
export function checkCalculatorInput(species: Species, input: CalculatorInput): CalculatorCheck {
  const weight = weightError(species, input.weight);
  const age = ageError(input.years, input.months);
  // A weight the age cannot carry (a typing slip): said on the weight, which is the likelier slip.
  const heaviest = typeof weight === 'number' && typeof age === 'number' ? heaviestAtAge(species, age) : null;
  if (typeof weight === 'number' && heaviest !== null && weight > heaviest)
    return { ok: false, errors: { weight: species === 'dog' ? 'puppyTooHeavy' : 'kittenTooHeavy' } };
  if (typeof weight === 'number' && typeof age === 'number')
    return { ok: true, weight, month: age, pregnantOrNursing: asksPregnancy(input) && input.pregnantOrNursing === true };
  return {
    ok: false,
    errors: { ...(typeof weight === 'string' ? { weight } : {}), ...(typeof age === 'string' ? { age } : {}) },
  };
}

const frequency = z.looseObject({ days: z.int() });

/** The answer of `GET b2c-rations/getReco` (its `data`), as far as the calculator reads it. */
export const rationAnswer = z.object({
  ref: z.string(),
  puppy: z.boolean(),
  /** Whether the pet was taken as neutered (a food made for neutered pets); it is always taken as moderately active. */
  assumedSterilised: z.boolean(),
  gramsPerDay: z.number(),
  gramsPerMeal: z.number(),
  meals: z.int(),
  formats: z.array(
    z.object({
      code: z.string(),
      name: z.string(),
      lastsDays: z.int(),
      frequency: z.nullable(frequency),
      quantityForShortest: z.int(),
      frequencyForQuantity: frequency,
    }),
  ),
  explanation: z.object({ text: z.string() }),
});
export type RationAnswer = z.infer<typeof rationAnswer>;

/** The answer for a pregnant or nursing female: no ration, the referral to a vet in the shopper's words. */
const rationReferral = z.object({
  ref: z.string(),
  referral: z.object({ reason: z.literal('pregnantOrNursing'), message: z.string() }),
});
export type RationReferral = z.infer<typeof rationReferral>;

/** What `GET b2c-rations/getReco` answers (its `data`): a referral or a ration. */
export const rationResult = z.union([rationReferral, rationAnswer]);
type FormatFit = RationAnswer['formats'][number];

/**
 * What "choose this frequency" puts in the purchase form: one bag at the frequency that fits; a bag that
 * lasts less than the shortest frequency is subscribed to with as many bags as that frequency takes, at the
 * longest frequency they cover (null when even 99 bags are not enough, which no ration of ours reaches).
 */
export function choiceForFormat(fit: FormatFit): PurchaseChoice | null {
  if (fit.frequency) return { interval: fit.frequency.days, quantity: CART_QUANTITY.min };
  if (fit.quantityForShortest > CART_QUANTITY.max) return null;
  return { interval: fit.frequencyForQuantity.days, quantity: Math.max(CART_QUANTITY.min, fit.quantityForShortest) };
}
