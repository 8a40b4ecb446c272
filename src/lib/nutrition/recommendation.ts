/**
 * Which recipes fit a pet: species, life stage, adult size, sterilisation, body condition, activity and
 * sensitivities, read from the product filters of the catalogue. A pet the referral rule sends to a vet
 * (a renal or diabetic diet, obesity, extreme thinness: referral.ts) is not eligible. At most
 * MAX_RECIPES recipes are proposed, the closest fits first.
 */
import { featureOf, sizeOf, type Activity, type BodyCondition, type Feature, type Species } from '../pets/profile.ts';
import { isGrowing } from './energy.ts';
import { vetReferral, type VetReason } from './referral.ts';

/** The guides show at most this many recipes: beyond three, shoppers compare instead of choosing. */
export const MAX_RECIPES = 3;
/** From this age (months) a dog is a senior (7 years) and a cat (11 years): the ages FEDIAF's senior studies start at. */
const SENIOR_FROM_MONTHS: Record<Species, number> = { dog: 84, cat: 132 };

export interface RecipeCandidate {
  sku: string;
  animal: Species;
  kind: 'dry' | 'wet' | 'treat';
  filters: {
    lifeStage: 'puppy' | 'kitten' | 'adult' | 'senior' | 'all';
    size: 'small' | 'medium' | 'large' | 'all';
    sterilised: boolean;
    grainFree: boolean;
    mainProtein: string;
    helpsWith?: readonly string[] | undefined;
  };
  /** kcal per kg. */
  energyKcalPerKg: number;
  /** The editor's order, for ties. */
  position: number;
}

export interface RecommendationProfile {
  species: Species;
  ageMonths: number;
  weightKg: number;
  expectedAdultWeightKg?: number | null;
  sterilised: boolean;
  condition: BodyCondition;
  activity: Activity;
  /** The particularity or main pathology, when the toggle says there is one. */
  feature: Feature | null;
}

export type Recommendation = { eligible: false; reason: VetReason } | { eligible: true; recipes: RecipeCandidate[] };

type Stage = 'growth' | 'adult' | 'senior';
const lifeStageOf = (pet: RecommendationProfile): Stage =>
  isGrowing({ species: pet.species, ageMonths: pet.ageMonths, expectedAdultWeightKg: pet.expectedAdultWeightKg })
    ? 'growth'
    : pet.ageMonths >= SENIOR_FROM_MONTHS[pet.species]
      ? 'senior'
      : 'adult';

const overIdeal = (condition: BodyCondition) => condition === 'overweight' || condition === 'obese';

/** How well a recipe fits (higher is better), or null when it does not fit at all. */
function fitOf(recipe: RecipeCandidate, pet: RecommendationProfile, stage: Stage): number | null {
  const f = recipe.filters;
  if (recipe.animal !== pet.species) return null;
  let score = 0;
  // Life stage: a growing pet needs a growth recipe; a senior may eat an adult one (second choice).
  const growthStage = pet.species === 'dog' ? 'puppy' : 'kitten';
  if (stage === 'growth') {
    if (f.lifeStage !== growthStage && f.lifeStage !== 'all') return null;
    if (f.lifeStage === growthStage) score += 4;
  } else {
    if (f.lifeStage === 'puppy' || f.lifeStage === 'kitten') return null;
    if (stage === 'senior') score += f.lifeStage === 'senior' ? 4 : f.lifeStage === 'adult' ? 1 : 0;
    else if (f.lifeStage === 'senior') return null;
    else if (f.lifeStage === 'adult') score += 2;
  }
  // Size: a dog's adult size (a puppy's expected one, when its breed says it).
  const adultWeight = stage === 'growth' ? pet.expectedAdultWeightKg : pet.weightKg;
  if (pet.species === 'dog' && f.size !== 'all' && adultWeight) {
    if (f.size !== sizeOf(adultWeight)) return null;
    score += 2;
  }
  // Sterilised recipes are lighter: for a sterilised pet, one above its ideal shape or a quiet one, never for a growing pet.
  const needsLight = pet.sterilised || overIdeal(pet.condition) || pet.activity === 'low';
  if (f.sterilised) {
    if (stage === 'growth' || !needsLight) return null;
    score += 3;
  }
  // Sensitivities.
  if (pet.feature) {
    const feature = featureOf(pet.feature);
    if (feature.grainFree && !f.grainFree) return null;
    if ((feature.avoidProteins as readonly string[]).includes(f.mainProtein)) return null;
    if (pet.feature === 'sensitive-digestion' && f.grainFree) score += 1;
    // A recipe made for the particularity (a hairball recipe for a cat that has them) comes first.
    if (f.helpsWith?.includes(pet.feature)) score += 3;
  }
  return score;
}

/** The recipes for a pet among the candidates (kibbles, wet food: the caller chooses), best first. */
export function recommend(pet: RecommendationProfile, candidates: RecipeCandidate[], max = MAX_RECIPES): Recommendation {
  const referral = vetReferral(pet);
  if (referral) return { eligible: false, reason: referral };
  const stage = lifeStageOf(pet);
  // Among equal fits, energy decides: the leanest first for a pet to slim down, the richest for a very active one.
  const energyOrder = overIdeal(pet.condition) ? 1 : pet.activity === 'high' ? -1 : 0;
  const scored = candidates
    .map((recipe) => ({ recipe, score: fitOf(recipe, pet, stage) }))
    .filter((s): s is { recipe: RecipeCandidate; score: number } => s.score !== null)
    .sort(
      (a, b) =>
        b.score - a.score ||
        energyOrder * (a.recipe.energyKcalPerKg - b.recipe.energyKcalPerKg) ||
        a.recipe.position - b.recipe.position ||
        a.recipe.sku.localeCompare(b.recipe.sku),
    );
  return { eligible: true, recipes: scored.slice(0, max).map((s) => s.recipe) };
}
