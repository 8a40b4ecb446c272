import { describe, expect, it } from 'vitest';
import { MAX_RECIPES, recommend, type RecipeCandidate, type RecommendationProfile } from '../../../../src/lib/nutrition/recommendation.ts';

let position = 0;
const recipe = (sku: string, animal: 'dog' | 'cat', filters: Partial<RecipeCandidate['filters']> = {}, energy = 3800): RecipeCandidate => ({
  sku,
  animal,
  kind: 'dry',
  filters: { lifeStage: 'adult', size: 'all', sterilised: false, grainFree: false, mainProtein: 'chicken', ...filters },
  energyKcalPerKg: energy,
  position: position++,
});
const catalogue = [
  recipe('DOG-PUPPY', 'dog', { lifeStage: 'puppy' }),
  recipe('DOG-PUPPY-LARGE', 'dog', { lifeStage: 'puppy', size: 'large' }),
  recipe('DOG-ADULT', 'dog'),
  recipe('DOG-SMALL', 'dog', { size: 'small' }),
  recipe('DOG-LARGE', 'dog', { size: 'large' }),
  recipe('DOG-LIGHT', 'dog', { sterilised: true }, 3300),
  recipe('DOG-SENIOR', 'dog', { lifeStage: 'senior' }),
  recipe('DOG-LAMB-GF', 'dog', { grainFree: true, mainProtein: 'lamb' }, 4100),
  recipe('CAT-KITTEN', 'cat', { lifeStage: 'kitten' }),
  recipe('CAT-ADULT', 'cat'),
  recipe('CAT-STERILISED', 'cat', { sterilised: true }),
  recipe('CAT-SALMON', 'cat', { mainProtein: 'salmon' }),
  recipe('CAT-HAIRBALL', 'cat', { mainProtein: 'turkey', helpsWith: ['hairballs'] }),
];
const dog: RecommendationProfile = {
  species: 'dog',
  ageMonths: 36,
  weightKg: 15,
  sterilised: false,
  condition: 'ideal',
  activity: 'moderate',
  feature: null,
};
const skus = (pet: RecommendationProfile) => {
  const r = recommend(pet, catalogue);
  if (!r.eligible) throw new Error('not eligible');
  return r.recipes.map((x) => x.sku);
};

describe('recommendations', () => {
  it('keep the species, the adult size and at most the maximum of recipes', () => {
    const found = skus(dog);
    expect(found.length).toBeLessThanOrEqual(MAX_RECIPES);
    expect(found).toContain('DOG-ADULT');
    expect(
      found.every((s) => s.startsWith('DOG-') && !['DOG-SMALL', 'DOG-LARGE', 'DOG-PUPPY', 'DOG-SENIOR', 'DOG-LIGHT'].includes(s)),
    ).toBe(true);
    expect(skus({ ...dog, weightKg: 4 })[0]).toBe('DOG-SMALL');
  });
  it('a puppy gets growth recipes, for its breed’s size when known', () => {
    expect(skus({ ...dog, ageMonths: 4, weightKg: 10, expectedAdultWeightKg: 35 })).toEqual(['DOG-PUPPY-LARGE', 'DOG-PUPPY']);
    expect(skus({ ...dog, ageMonths: 4, weightKg: 3, expectedAdultWeightKg: 6 })).toEqual(['DOG-PUPPY']);
    // A giant of 14 months still grows: growth recipes, not an adult's.
    expect(skus({ ...dog, ageMonths: 14, weightKg: 52, expectedAdultWeightKg: 62 })).toEqual(['DOG-PUPPY-LARGE', 'DOG-PUPPY']);
  });
  it('a senior gets senior recipes first', () => {
    expect(skus({ ...dog, ageMonths: 100 })[0]).toBe('DOG-SENIOR');
  });
  it('a sterilised or overweight pet gets the lighter recipes first; an active intact one never does', () => {
    expect(skus({ ...dog, sterilised: true })[0]).toBe('DOG-LIGHT');
    expect(skus({ ...dog, condition: 'overweight' })[0]).toBe('DOG-LIGHT');
    expect(skus({ ...dog, activity: 'high' })).not.toContain('DOG-LIGHT');
    expect(skus({ ...dog, species: 'cat', weightKg: 4, sterilised: true })[0]).toBe('CAT-STERILISED');
  });
  it('a kitten gets kitten recipes only', () => {
    expect(skus({ ...dog, species: 'cat', ageMonths: 3, weightKg: 1.5 })).toEqual(['CAT-KITTEN']);
  });
  it('sensitivities leave out what the pet cannot eat', () => {
    expect(skus({ ...dog, feature: 'grain-intolerance' })).toEqual(['DOG-LAMB-GF']);
    expect(skus({ ...dog, species: 'cat', weightKg: 4, feature: 'fish-intolerance' })).not.toContain('CAT-SALMON');
    expect(skus({ ...dog, feature: 'chicken-intolerance' })).toEqual(['DOG-LAMB-GF']);
  });
  it('a recipe made for the pet’s particularity comes first: the hairball recipe for a cat that has them', () => {
    const cat = { ...dog, species: 'cat' as const, weightKg: 4 };
    expect(skus({ ...cat, feature: 'hairballs' })[0]).toBe('CAT-HAIRBALL');
    expect(skus(cat)[0]).not.toBe('CAT-HAIRBALL');
  });
  it('a pet the referral rule sends to a vet is not eligible: a pathology, obesity, extreme thinness', () => {
    expect(recommend({ ...dog, feature: 'kidney-disease' }, catalogue)).toEqual({ eligible: false, reason: 'pathology' });
    expect(recommend({ ...dog, condition: 'obese' }, catalogue)).toEqual({ eligible: false, reason: 'overweight' });
    expect(recommend({ ...dog, condition: 'very-thin' }, catalogue)).toEqual({ eligible: false, reason: 'underweight' });
    // A little above its ideal shape: fed for its ideal weight, not sent away.
    expect(recommend({ ...dog, condition: 'overweight' }, catalogue).eligible).toBe(true);
  });
});
