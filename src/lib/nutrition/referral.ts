/**
 * When a pet must see a vet before a food of ours: one rule for every guide (the kibble guide and both
 * bi-nutrition guides), so the same pet is never sold a menu by one and sent to the vet by another.
 *
 * - A particularity that needs a vet (a renal or diabetic diet…): SPEC's "pet not eligible" words.
 * - Obesity (body condition 8 or 9 of 9): losing that much weight safely is a plan a vet sets and follows
 *   (WSAVA's body condition guidelines); a pet a little above its ideal shape (6 or 7) is fed for its ideal
 *   weight instead (energy.ts).
 * - Pregnancy or nursing: a gestating female needs more energy from the fifth week, a nursing one two to four
 *   times her maintenance need depending on her litter's size and age (FEDIAF 2021, energy). The guides
 *   cannot tell the week nor the litter, so they feed no maintenance ration with a warning: the vet sets it.
 *   It is asked only where it can apply (canBePregnantOrNursing), after a pathology, before the body
 *   condition: a pregnant female's shape says nothing about her fat.
 * - Extreme thinness (1 or 2 of 9): a weight loss may hide a disease, which a ration would only mask.
 *
 * The product page's calculator asks no body condition: its weights outside a species' bounds are refused
 * at the door (requests.ts); it asks the pregnancy question of an adult, as it knows neither sex nor
 * sterilisation.
 */
import type { Language } from '../channels.ts';
import { PUPPY_UNDER_MONTHS } from '../constants.ts';
import { featureOf, type BodyCondition, type Feature, type Species } from '../pets/profile.ts';

export type VetReason = 'pathology' | 'pregnantOrNursing' | 'overweight' | 'underweight';

/**
 * Whether a pet may be pregnant or nursing, so the question is worth asking: an intact female, adult (from
 * SPEC's 12 months: a younger one is fed for growth, and breeding her is itself a vet's matter).
 */
export const canBePregnantOrNursing = (pet: { female: boolean; sterilised: boolean; ageMonths: number }): boolean =>
  pet.female && !pet.sterilised && pet.ageMonths >= PUPPY_UNDER_MONTHS;

/** SPEC's "pet not eligible" (a pathology that needs a vet), the guides' words since the shop's first. */
export const PATHOLOGY_MESSAGES: Record<Language, string> = {
  fr: 'Votre animal a besoin d’une alimentation adaptée à sa pathologie\u00A0: nous vous conseillons de consulter votre vétérinaire.',
  nl: 'Je dier heeft voeding nodig die op zijn aandoening is afgestemd: we raden je aan je dierenarts te raadplegen.',
};

/** Why the pet must see a vet first, or null when a guide may feed it. */
export function vetReferral(pet: { condition: BodyCondition; feature: Feature | null; pregnantOrNursing?: boolean }): VetReason | null {
  if (pet.feature && featureOf(pet.feature).vet) return 'pathology';
  if (pet.pregnantOrNursing) return 'pregnantOrNursing';
  if (pet.condition === 'obese') return 'overweight';
  if (pet.condition === 'very-thin') return 'underweight';
  return null;
}

/** A gestating or nursing female's referral: the same words for both species, as only a female is asked. */
const PREGNANT_OR_NURSING: Record<Language, string> = {
  fr: 'Une femelle gestante ou qui allaite a des besoins qui changent de semaine en semaine\u00A0: nous vous conseillons de consulter votre vétérinaire pour fixer sa ration.',
  nl: 'Een drachtig of zogend vrouwtje heeft behoeften die van week tot week veranderen: we raden je aan je dierenarts te raadplegen om haar rantsoen te bepalen.',
};

/** What the shopper reads, in the pet's species' words (the bi-nutrition guides' "overweight" is SPEC's). */
export const VET_MESSAGES: Record<Language, Record<VetReason, Record<Species, string>>> = {
  fr: {
    pathology: { dog: PATHOLOGY_MESSAGES.fr, cat: PATHOLOGY_MESSAGES.fr },
    pregnantOrNursing: { dog: PREGNANT_OR_NURSING.fr, cat: PREGNANT_OR_NURSING.fr },
    overweight: {
      dog: 'Votre chien est en surpoids\u00A0: nous vous conseillons de consulter votre vétérinaire avant de changer son alimentation.',
      cat: 'Votre chat est en surpoids\u00A0: nous vous conseillons de consulter votre vétérinaire avant de changer son alimentation.',
    },
    underweight: {
      dog: 'Votre chien est très maigre\u00A0: nous vous conseillons de consulter votre vétérinaire avant de changer son alimentation.',
      cat: 'Votre chat est très maigre\u00A0: nous vous conseillons de consulter votre vétérinaire avant de changer son alimentation.',
    },
  },
  nl: {
    pathology: { dog: PATHOLOGY_MESSAGES.nl, cat: PATHOLOGY_MESSAGES.nl },
    pregnantOrNursing: { dog: PREGNANT_OR_NURSING.nl, cat: PREGNANT_OR_NURSING.nl },
    overweight: {
      dog: 'Je hond heeft overgewicht: we raden je aan je dierenarts te raadplegen voor je de voeding verandert.',
      cat: 'Je kat heeft overgewicht: we raden je aan je dierenarts te raadplegen voor je de voeding verandert.',
    },
    underweight: {
      dog: 'Je hond is erg mager: we raden je aan je dierenarts te raadplegen voor je de voeding verandert.',
      cat: 'Je kat is erg mager: we raden je aan je dierenarts te raadplegen voor je de voeding verandert.',
    },
  },
};
