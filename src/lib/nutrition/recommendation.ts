/**
 * Which recipes fit a pet: species, life stage, adult size, sterilisation, body condition, activity and
 * sensitivities, read from the product filters of the catalogue. A pet the referral rule sends to a vet
 * (a renal or diabetic diet, obesity, extreme thinness: referral.ts) is not eligible. At most
 * MAX_RECIPES recipes are proposed, the closest fits first, each with the reasons it was kept for: only
 * the criteria the rule used for this pet and this recipe, which the shopper reads as one sentence
 * (explanation.ts `explainChoice`).
 */
import { featureOf, sizeOf, type Activity, type BodyCondition, type Feature, type Size, type Species } from '../pets/profile.ts';
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
  /** A female said to be pregnant or nursing (the referral rule sends her to a vet). */
  pregnantOrNursing?: boolean;
}

/**
 * Why a recipe was kept for this pet, as the rule decided it: its life stage (or every stage), its size
 * (the dog's adult size), a lighter recipe and what made the pet need one (first of sterilised, above its
 * ideal shape, quiet), a sensitivity it avoids (grains, a protein), a sensitive digestion's grain-free
 * recipe, a recipe made for the pet's particularity (hairballs…).
 */
export type ChoiceReason =
  | 'growth'
  | 'adult'
  | 'senior'
  | 'allStages'
  | Size
  | 'sterilised'
  | 'weightControl'
  | 'lowActivity'
  | 'particularity'
  | 'grainFree'
  | 'withoutProtein'
  | 'digestion';

type RecommendedRecipe = RecipeCandidate & { reasons: ChoiceReason[] };

export type Recommendation = { eligible: false; reason: VetReason } | { eligible: true; recipes: RecommendedRecipe[] };

type Stage = 'growth' | 'adult' | 'senior';
const lifeStageOf = (pet: RecommendationProfile): Stage =>
  isGrowing({ species: pet.species, ageMonths: pet.ageMonths, expectedAdultWeightKg: pet.expectedAdultWeightKg })
    ? 'growth'
    : pet.ageMonths >= SENIOR_FROM_MONTHS[pet.species]
      ? 'senior'
      : 'adult';

const overIdeal = (condition: BodyCondition) => condition === 'overweight' || condition === 'obese';

/** How well a recipe fits (higher is better) and why, or null when it does not fit at all. */
function fitOf(recipe: RecipeCandidate, pet: RecommendationProfile, stage: Stage): { score: number; reasons: ChoiceReason[] } | null {
  const f = recipe.filters;
  if (recipe.animal !== pet.species) return null;
  let score = 0;
  const reasons: ChoiceReason[] = [];
  // Life stage: a growing pet needs a growth recipe; a senior may eat an adult one (second choice).
  const growthStage = pet.species === 'dog' ? 'puppy' : 'kitten';
  if (stage === 'growth') {
    if (f.lifeStage !== growthStage && f.lifeStage !== 'all') return null;
    if (f.lifeStage === growthStage) score += 4;
    reasons.push(f.lifeStage === growthStage ? 'growth' : 'allStages');
  } else {
    if (f.lifeStage === 'puppy' || f.lifeStage === 'kitten') return null;
    if (stage === 'senior') score += f.lifeStage === 'senior' ? 4 : f.lifeStage === 'adult' ? 1 : 0;
    else if (f.lifeStage === 'senior') return null;
    else if (f.lifeStage === 'adult') score += 2;
    reasons.push(f.lifeStage === 'all' ? 'allStages' : f.lifeStage);
  }
  // Size: a dog's adult size (a puppy's expected one, when its breed or its owner says it).
  const adultWeight = stage === 'growth' ? pet.expectedAdultWeightKg : pet.weightKg;
  if (pet.species === 'dog' && f.size !== 'all' && adultWeight) {
    if (f.size !== sizeOf(adultWeight)) return null;
    score += 2;
    reasons.push(f.size);
  }
  // Sterilised recipes are lighter: for a sterilised pet, one above its ideal shape or a quiet one, never for a growing pet.
  const light: ChoiceReason | null = pet.sterilised
    ? 'sterilised'
    : overIdeal(pet.condition)
      ? 'weightControl'
      : pet.activity === 'low'
        ? 'lowActivity'
        : null;
  if (f.sterilised) {
    if (stage === 'growth' || !light) return null;
    score += 3;
    reasons.push(light);
  }
  // Sensitivities.
  if (pet.feature) {
    const feature = featureOf(pet.feature);
    if (feature.grainFree && !f.grainFree) return null;
    if ((feature.avoidProteins as readonly string[]).includes(f.mainProtein)) return null;
    // A recipe made for the particularity (a hairball recipe for a cat that has them) comes first.
    if (f.helpsWith?.includes(pet.feature)) {
      score += 3;
      reasons.push('particularity');
    }
    if (feature.grainFree) reasons.push('grainFree');
    if (feature.avoidProteins.length > 0) reasons.push('withoutProtein');
    if (pet.feature === 'sensitive-digestion' && f.grainFree) {
      score += 1;
      reasons.push('digestion');
    }
  }
  return { score, reasons };
}

/** The recipes for a pet among the candidates (kibbles, wet food: the caller chooses), best first. */
export function recommend(pet: RecommendationProfile, candidates: RecipeCandidate[], max = MAX_RECIPES): Recommendation {
  const referral = vetReferral(pet);
  if (referral) return { eligible: false, reason: referral };
  const stage = lifeStageOf(pet);
  // Among equal fits, energy decides: the leanest first for a pet to slim down, the richest for a very active one.
  const energyOrder = overIdeal(pet.condition) ? 1 : pet.activity === 'high' ? -1 : 0;
  const scored = candidates
    .flatMap((recipe) => {
      const fit = fitOf(recipe, pet, stage);
      return fit ? [{ recipe, ...fit }] : [];
    })
    .sort(
      (a, b) =>
        b.score - a.score ||
        energyOrder * (a.recipe.energyKcalPerKg - b.recipe.energyKcalPerKg) ||
        a.recipe.position - b.recipe.position ||
        a.recipe.sku.localeCompare(b.recipe.sku),
    );
  return { eligible: true, recipes: scored.slice(0, max).map((s) => ({ ...s.recipe, reasons: s.reasons })) };
}
