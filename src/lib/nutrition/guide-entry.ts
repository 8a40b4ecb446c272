/**
 * The nutrition guides' entrance (the full and the mini bi-nutrition guide): the guides compose a cat's
 * menu, so they start from one of the shopper's cats; a shopper without a cat is asked to create one first
 * (a dog cannot have a cat menu). Each cat leads to its own guide page.
 */
import type { RouteName } from '../routes/routes.ts';
import { animalIri } from '../shop-api/iri.ts';
import { SPECIES_IDS } from '../pets/profile.ts';

export type NutritionGuideKind = 'full' | 'short';

/** The guide each entrance leads to. */
export const GUIDE_OF_ENTRY: Record<NutritionGuideKind, RouteName> = { full: 'biNutritionGuide', short: 'miniBiNutritionGuide' };

/** The shopper's cats, in their order: the only pets a bi-nutrition menu is composed for. */
export function catsForGuide<A extends { type: string }>(animals: A[]): A[] {
  const cat = animalIri.type(SPECIES_IDS.cat);
  return animals.filter((a) => a.type === cat || a.type === String(SPECIES_IDS.cat));
}
