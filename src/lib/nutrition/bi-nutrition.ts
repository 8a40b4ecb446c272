/**
 * The bi-nutrition guides' checks (a cat menu mixing kibble and wet food): before a menu is proposed, the
 * profile and the kibble chosen must fit. A dog cannot have a cat menu, nor a cat a dog's kibble; a cat
 * above its ideal shape, or one the referral rule sends to a vet (referral.ts), is sent to the vet rather
 * than to a menu; a kitten
 * (under 12 months) eats kitten kibble and an adult adult kibble, both ways. The first problem found is the
 * one said, in that order, so the shopper fixes the most basic one first. When the service cannot answer,
 * the technical error is said in the words the shop has always used.
 */
import type { Language } from '../channels.ts';
import type { BodyCondition, Feature, Species } from '../pets/profile.ts';
import { GROWTH_UNTIL_MONTHS } from './energy.ts';
import { VET_MESSAGES, vetReferral } from './referral.ts';
import type { RationFood } from './ration.ts';
import { BI_NUTRITION_WET_SHARE, NUTRITION_MESSAGES } from './requests.ts';

export type BiNutritionError =
  | 'dogType'
  | 'dogKibble'
  | 'overweight'
  | 'underweight'
  | 'pathology'
  | 'pregnantOrNursing'
  | 'adultKibbleForKitten'
  | 'kittenKibbleForAdult'
  | 'technical';

export interface BiNutritionProfile {
  species: Species;
  ageMonths: number;
  condition: BodyCondition;
  feature: Feature | null;
  /** A female said to be pregnant or nursing (asked only where it can apply: referral.ts). */
  pregnantOrNursing?: boolean;
}

/** The kibble the cat eats in the menu: whose it is and for which life stage. */
export interface BiNutritionKibble {
  animal: Species;
  lifeStage: 'puppy' | 'kitten' | 'adult' | 'senior' | 'all';
}

/** The first reason the profile cannot have a menu (without a kibble chosen yet, only the profile's). */
export function biNutritionError(pet: BiNutritionProfile, kibble: BiNutritionKibble | null = null): BiNutritionError | null {
  if (pet.species === 'dog') return 'dogType';
  if (kibble && kibble.animal === 'dog') return 'dogKibble';
  // SPEC's check: a cat above its ideal shape, obese or not, gets no mixed menu; the rest is every guide's rule.
  if (pet.condition === 'overweight') return 'overweight';
  const referral = vetReferral(pet);
  if (referral) return referral;
  if (!kibble || kibble.lifeStage === 'all') return null;
  const kitten = pet.ageMonths < GROWTH_UNTIL_MONTHS;
  if (kitten && kibble.lifeStage !== 'kitten') return 'adultKibbleForKitten';
  if (!kitten && kibble.lifeStage === 'kitten') return 'kittenKibbleForAdult';
  return null;
}

export const BI_NUTRITION_MESSAGES: Record<Language, Record<BiNutritionError, string>> = {
  fr: {
    dogType: 'Le guide bi-nutrition compose des menus pour les chats\u00A0: il ne convient pas à un chien.',
    dogKibble: 'Ces croquettes sont destinées aux chiens\u00A0: choisissez des croquettes pour chat pour composer son menu.',
    overweight: VET_MESSAGES.fr.overweight.cat,
    underweight: VET_MESSAGES.fr.underweight.cat,
    pathology: NUTRITION_MESSAGES.fr.notEligible,
    pregnantOrNursing: VET_MESSAGES.fr.pregnantOrNursing.cat,
    adultKibbleForKitten: 'Votre chaton a moins de 12\u00A0mois\u00A0: choisissez des croquettes pour chaton.',
    kittenKibbleForAdult: 'Votre chat a plus de 12\u00A0mois\u00A0: choisissez des croquettes pour chat adulte.',
    technical: NUTRITION_MESSAGES.fr.technicalError,
  },
  nl: {
    dogType: 'De gids bi-voeding stelt menu’s voor katten samen: hij is niet geschikt voor een hond.',
    dogKibble: 'Deze brokken zijn voor honden: kies brokken voor katten om het menu samen te stellen.',
    overweight: VET_MESSAGES.nl.overweight.cat,
    underweight: VET_MESSAGES.nl.underweight.cat,
    pathology: NUTRITION_MESSAGES.nl.notEligible,
    pregnantOrNursing: VET_MESSAGES.nl.pregnantOrNursing.cat,
    adultKibbleForKitten: 'Je kitten is jonger dan 12 maanden: kies brokken voor kittens.',
    kittenKibbleForAdult: 'Je kat is ouder dan 12 maanden: kies brokken voor volwassen katten.',
    technical: NUTRITION_MESSAGES.nl.technicalError,
  },
};

interface MenuFood {
  key: string;
  kcalPerKg: number;
}

/**
 * The foods of a cat's bi-nutrition menu, for the daily ration: the kibble is served every day; the wet
 * recipes chosen are served `daysPerWeek` days and share the wet part of those days' energy equally (the
 * shopper alternates them). On the other days the kibble brings all the energy (ration.ts).
 */
export function biNutritionFoods(
  kibble: MenuFood,
  wet: readonly MenuFood[],
  daysPerWeek: 3 | 7,
  share = BI_NUTRITION_WET_SHARE,
): RationFood[] {
  if (wet.length === 0) throw new RangeError('A bi-nutrition menu needs a wet recipe');
  return [
    { key: kibble.key, kcalPerKg: kibble.kcalPerKg, share: 1 - share },
    ...wet.map((w) => ({ key: w.key, kcalPerKg: w.kcalPerKg, share: share / wet.length, daysPerWeek })),
  ];
}
