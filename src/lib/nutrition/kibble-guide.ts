/**
 * The kibble guide's own rules, framework-free: the steps of its wizard, the weights it accepts (a cat of
 * 1 to 13 kg, a dog above 0 and below 100 kg), the recommendation request made from a saved pet, and the
 * offer of one result (which format, how many, at which delivery frequency).
 */
import { CAT_WEIGHT_KG, DOG_WEIGHT_MAX_KG } from '../constants.ts';
import { ACTIVITIES, BODY_CONDITIONS, FEATURE_CODES, SPECIES_IDS, type Species } from '../pets/profile.ts';
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

/** POST b2c-recommendation/getReco's body for a saved pet: kibbles, at its age in months. */
export function recommendationBodyOf(pet: SavedPet): RecommendationRequest {
  const feature = pet.hasFeature ? FEATURE_CODES.find((code) => code === pet.feature) : undefined;
  return {
    name: pet.name,
    type: idOf(pet.type) === SPECIES_IDS.cat ? 'cat' : 'dog',
    weight: pet.weight,
    month: pet.ageYears * 12 + pet.ageMonths,
    sterilized: pet.sterilized,
    condition: BODY_CONDITIONS.find((c) => c.id === idOf(pet.condition))?.code ?? 'ideal',
    activity: ACTIVITIES.find((a) => a.id === idOf(pet.activity))?.code ?? 'moderate',
    feature: feature ?? null,
    // A purebred's weight grown up tells its growth; a crossbreed's is not its breed's.
    expectedAdultWeight: pet.crossbreed ? null : pet.breedAdultWeight,
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
