/**
 * What a pet profile is made of, as the shop API and the guides name it: the two species and genders
 * (their ids are the numbers of their IRIs), the five body-condition levels, the activities, and the
 * particularities or main pathologies the guides ask about. Framework-free: the platform, the engine and
 * the screens read the same lists.
 */

/** Dog is /api/v2/shop/animal-types/1, cat /2. */
export const SPECIES = ['dog', 'cat'] as const;
export type Species = (typeof SPECIES)[number];
export const SPECIES_IDS: Record<Species, number> = { dog: 1, cat: 2 };
/** The species of an id or of an IRI ending in one; undefined while none is chosen. */
export const speciesOf = (iriOrId: string | null | undefined): Species | undefined =>
  SPECIES.find((s) => String(SPECIES_IDS[s]) === /(\d+)$/.exec(iriOrId ?? '')?.[1]);

/** Male is /api/v2/shop/animal-genders/1, female /2. */
export const GENDERS = ['male', 'female'] as const;
export type Gender = (typeof GENDERS)[number];
export const GENDER_IDS: Record<Gender, number> = { male: 1, female: 2 };

/**
 * The five body-condition levels, from the nine-point body condition score vets use (WSAVA): each level
 * covers the scores in `bcs`, and `overIdeal` is how much heavier than its ideal weight a pet of that level
 * is (each score point above 5 is about 10 % more weight, so 6–7 is about 15 % and 8–9 about 35 %). A thin
 * pet is fed for the weight it has: making it gain is a vet's call, never the guide's.
 */
export const BODY_CONDITIONS = [
  { id: 1, code: 'very-thin', bcs: [1, 2], overIdeal: 0 },
  { id: 2, code: 'thin', bcs: [3, 4], overIdeal: 0 },
  { id: 3, code: 'ideal', bcs: [5, 5], overIdeal: 0 },
  { id: 4, code: 'overweight', bcs: [6, 7], overIdeal: 0.15 },
  { id: 5, code: 'obese', bcs: [8, 9], overIdeal: 0.35 },
] as const;
export type BodyCondition = (typeof BODY_CONDITIONS)[number]['code'];
export const BODY_CONDITION_CODES = BODY_CONDITIONS.map((level) => level.code) as [BodyCondition, ...BodyCondition[]];

/** How active the pet is: a couch dog or an indoor cat is low, a working or sporting dog high. */
export const ACTIVITIES = [
  { id: 1, code: 'low' },
  { id: 2, code: 'moderate' },
  { id: 3, code: 'high' },
] as const;
export type Activity = (typeof ACTIVITIES)[number]['code'];
export const ACTIVITY_CODES = ACTIVITIES.map((a) => a.code) as [Activity, ...Activity[]];

/**
 * The particularity or main pathology of the pet ("feature", asked with a yes/no toggle). Those marked
 * `vet` change what the pet may eat in ways a vet must prescribe (a renal or diabetic diet, dissolving
 * stones): the guides do not recommend a recipe for them. The others narrow the recipes: `avoidProteins`
 * leaves out recipes built on those proteins, `grainFree` keeps grain-free ones.
 */
const FEATURES = [
  { code: 'sensitive-digestion', vet: false, grainFree: false, avoidProteins: [] },
  { code: 'grain-intolerance', vet: false, grainFree: true, avoidProteins: [] },
  { code: 'chicken-intolerance', vet: false, grainFree: false, avoidProteins: ['chicken', 'turkey'] },
  { code: 'beef-intolerance', vet: false, grainFree: false, avoidProteins: ['beef'] },
  { code: 'fish-intolerance', vet: false, grainFree: false, avoidProteins: ['salmon', 'white-fish'] },
  { code: 'sensitive-skin', vet: false, grainFree: false, avoidProteins: [] },
  { code: 'hairballs', vet: false, grainFree: false, avoidProteins: [] },
  { code: 'kidney-disease', vet: true, grainFree: false, avoidProteins: [] },
  { code: 'diabetes', vet: true, grainFree: false, avoidProteins: [] },
  { code: 'urinary-stones', vet: true, grainFree: false, avoidProteins: [] },
  { code: 'liver-disease', vet: true, grainFree: false, avoidProteins: [] },
  { code: 'heart-disease', vet: true, grainFree: false, avoidProteins: [] },
  { code: 'pancreatitis', vet: true, grainFree: false, avoidProteins: [] },
  { code: 'food-allergy', vet: true, grainFree: false, avoidProteins: [] },
] as const satisfies ReadonlyArray<{ code: string; vet: boolean; grainFree: boolean; avoidProteins: readonly string[] }>;
export type Feature = (typeof FEATURES)[number]['code'];
export const FEATURE_CODES = FEATURES.map((f) => f.code) as [Feature, ...Feature[]];
export const featureOf = (code: Feature) => FEATURES.find((f) => f.code === code)!;

/** What the pet eats today ("feeds", at least one). */
export const FEEDS = ['kibble', 'wet', 'homemade', 'raw', 'other'] as const;

/** Why a pet profile is deleted (the question asked before deleting it). */
export const DELETE_REASONS = ['deceased', 'rehomed', 'duplicate', 'other'] as const;

/** A dog's adult size from its adult weight: small under 10 kg, medium 10 to 25 kg, large above. */
export type Size = 'small' | 'medium' | 'large';
export const sizeOf = (adultWeightKg: number): Size => (adultWeightKg < 10 ? 'small' : adultWeightKg <= 25 ? 'medium' : 'large');
