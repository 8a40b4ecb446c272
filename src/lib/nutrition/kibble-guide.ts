/**
 * The kibble guide's own rules, framework-free: the steps of its wizard, the weights it accepts (a cat of
 * 1 to 13 kg, a dog above 0 and below 100 kg), the recommendation request made from a saved pet, and the
 * offer of one result (which format, how many, at which delivery frequency).
 */
import { CAT_WEIGHT_KG, DOG_WEIGHT_MAX_KG } from '../constants.ts';
import { ACTIVITIES, BODY_CONDITIONS, FEATURE_CODES, GENDER_IDS, SPECIES_IDS, type Species } from '../pets/profile.ts';
import { growthUntilMonths } from './energy.ts';
import { canBePregnantOrNursing } from './referral.ts';
import type { RecommendationRequest } from './requests.ts';

/** The wizard's steps, in order: the result comes once the three others are saved. */
export const KIBBLE_GUIDE_STEPS = ['profile', 'shape', 'diet', 'result'] as const;

/**
 * Whether the user guide accepts this weight: a cat weighs 1 to 13 kg, a dog more than 0 and less than
 * 100 kg (the pet forms accept a dog of exactly 100 kg; the guide's rations stop below it).
 */
export function guideWeightAccepted(species: Species, kg: number): boolean {
  if (!Number.isFinite(kg)) return false;
  return species === 'cat' ? kg >= CAT_WEIGHT_KG.min && kg <= CAT_WEIGHT_KG.max : kg > 0 && kg < DOG_WEIGHT_MAX_KG;
}

/** The pet as the shop API answers it (IRIs for its lists). */
export interface SavedPet {
  name: string;
  type: string;
  /** The gender's IRI (animal-genders/2 is a female). */
  gender: string;
  /** The breed's typical adult weight, kg (null without a breed). */
  breedAdultWeight: number | null;
  crossbreed: boolean;
  ageYears: number;
  ageMonths: number;
  weight: number;
  sterilized: boolean;
  condition: string;
  activity: string;
  hasFeature: boolean;
  feature: string | null;
}

const idOf = (iri: string): number => Number(/(\d+)$/.exec(iri)?.[1] ?? Number.NaN);

/** A dog's adult size, as the guide asks it when its breed does not say it. */
export const ADULT_SIZES = ['small', 'medium', 'large', 'giant'] as const;
export type AdultSize = (typeof ADULT_SIZES)[number];

/**
 * The weight sent for each size (small under 10 kg, medium 10 to 25, large 25 to 45, giant over 45): the
 * geometric middle of each band (from about 2.5 kg for the smallest and up to 80 kg for the biggest), so a
 * puppy's share of its adult weight, which FEDIAF's growth bands cut at 50 and 80 %, is off by the same
 * factor whichever end of the band the dog ends at (at most ×2 for a small dog, ×1.6 for a medium one, ×1.35
 * for a large or giant one), where the age bands alone misjudge a toy or a giant breed the most.
 * Each sits inside its band, so the recipe's size (pets/profile.ts `sizeOf`) and the growth's end
 * (energy.ts `growthUntilMonths`: 10, 12, 18 and 24 months) are those of the size answered.
 */
export const ADULT_SIZE_KG: Record<AdultSize, number> = { small: 5, medium: 16, large: 34, giant: 60 };

/** What the guide asks before its results when the profile cannot tell: a pregnancy, a crossbreed's adult size. */
export interface GuideAnswers {
  pregnantOrNursing?: boolean;
  /** null: the owner does not know (the age bands of a medium dog are used). */
  adultSize?: AdultSize | null;
}

const ageInMonths = (pet: SavedPet) => pet.ageYears * 12 + pet.ageMonths;
const isDog = (pet: SavedPet) => idOf(pet.type) !== SPECIES_IDS.cat;

/**
 * The questions the results ask of this pet: the pregnancy of an intact adult female (referral.ts); the
 * adult size of a dog whose breed gives none (unknown, or a crossbreed: its breed's is not its own) and
 * that may still grow, that is younger than a giant's maturity (a giant grows until 24 months).
 */
export function guideQuestions(pet: SavedPet): { pregnancy: boolean; adultSize: boolean } {
  return {
    pregnancy: canBePregnantOrNursing({
      female: idOf(pet.gender) === GENDER_IDS.female,
      sterilised: pet.sterilized,
      ageMonths: ageInMonths(pet),
    }),
    adultSize:
      isDog(pet) && (pet.crossbreed || pet.breedAdultWeight === null) && ageInMonths(pet) < growthUntilMonths('dog', ADULT_SIZE_KG.giant),
  };
}

/**
 * POST b2c-recommendation/getReco's body for a saved pet: kibbles, at its age in months, with the answers
 * to the questions it was asked (guideQuestions; an answer to a question not asked is not sent).
 */
export function recommendationBodyOf(pet: SavedPet, answers: GuideAnswers = {}): RecommendationRequest {
  const feature = pet.hasFeature ? FEATURE_CODES.find((code) => code === pet.feature) : undefined;
  const asked = guideQuestions(pet);
  const answeredSize = asked.adultSize && answers.adultSize ? ADULT_SIZE_KG[answers.adultSize] : null;
  return {
    name: pet.name,
    type: isDog(pet) ? 'dog' : 'cat',
    weight: pet.weight,
    month: ageInMonths(pet),
    sterilized: pet.sterilized,
    condition: BODY_CONDITIONS.find((c) => c.id === idOf(pet.condition))?.code ?? 'ideal',
    activity: ACTIVITIES.find((a) => a.id === idOf(pet.activity))?.code ?? 'moderate',
    feature: feature ?? null,
    // A purebred's weight grown up tells its growth; a crossbreed's is not its breed's, its owner's answer is.
    expectedAdultWeight: pet.crossbreed ? answeredSize : (pet.breedAdultWeight ?? answeredSize),
    pregnantOrNursing: asked.pregnancy && answers.pregnantOrNursing === true,
    kinds: ['dry'],
  };
}

/** One format of a recommended recipe and how long it lasts (the recommendation's `formats`). */
export interface FormatFit {
  code: string;
  name: string;
  lastsDays: number;
  frequency: { days: number } | null;
  quantityForShortest: number;
  frequencyForQuantity: { days: number };
}

/** What one click adds: a format, how many, and the subscription's interval in days. */
export interface GuideOffer {
  code: string;
  name: string;
  quantity: number;
  interval: number;
}

/**
 * The format offered for a recipe: the one whose parcel lasts longest among those that fit a frequency
 * (fewer deliveries for the same bowl), at that frequency, one at a time. When no format lasts the
 * shortest frequency, the biggest one, as many as that frequency needs (so subscribing is always possible),
 * at the longest frequency they cover.
 */
export function guideOffer(formats: readonly FormatFit[]): GuideOffer | null {
  const fitting = formats.filter((f) => f.frequency !== null);
  if (fitting.length > 0) {
    const best = fitting.reduce((a, b) => (b.frequency!.days > a.frequency!.days ? b : a));
    return { code: best.code, name: best.name, quantity: 1, interval: best.frequency!.days };
  }
  if (formats.length === 0) return null;
  const biggest = formats.reduce((a, b) => (b.lastsDays > a.lastsDays ? b : a));
  return {
    code: biggest.code,
    name: biggest.name,
    quantity: Math.max(1, biggest.quantityForShortest),
    interval: biggest.frequencyForQuantity.days,
  };
}
