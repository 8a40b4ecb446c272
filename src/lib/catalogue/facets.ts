/**
 * Category page facets and sort orders (filters on attribute values; sort modes
 * relevancy, best_sellers, first_sell_at). Pure, so the build and the tests share them.
 */
import type { SortMode } from '../constants.ts';

const FACETS = ['lifeStage', 'size', 'sterilised', 'grainFree', 'mainProtein'] as const;
export type Facet = (typeof FACETS)[number];

interface Rankable {
  sku: string;
  position: number;
  best_seller_rank: number;
  first_sell_at: string;
  filters: Record<Facet, string | boolean>;
}

/**
 * The value a product carries when it suits every value of its facet: a recipe for all ages fits the puppy
 * filter and the senior one, a recipe for all sizes fits the small dogs' filter. It is never a choice of
 * its own (that is what "Tous" already means).
 */
const UNIVERSAL: Partial<Record<Facet, string>> = { lifeStage: 'all', size: 'all' };

/**
 * The values offered for each facet present among the products, in a stable order. A facet is offered only
 * when some choice of it would hide a product: it needs two values of its own (a universal value fits every
 * choice, so it never counts and is never offered).
 */
export function facetValues(products: readonly Rankable[]): Array<{ facet: Facet; values: string[] }> {
  return FACETS.map((facet) => ({
    facet,
    values: [...new Set(products.map((p) => String(p.filters[facet])))].filter((v) => v !== UNIVERSAL[facet]).sort(),
  })).filter((f) => f.values.length > 1);
}

const comparators: Record<SortMode, (a: Rankable, b: Rankable) => number> = {
  relevancy: (a, b) => a.position - b.position,
  best_sellers: (a, b) => a.best_seller_rank - b.best_seller_rank,
  // Novelty: the most recently launched first.
  first_sell_at: (a, b) => b.first_sell_at.localeCompare(a.first_sell_at),
};

export function sortProducts<T extends Rankable>(products: readonly T[], mode: SortMode): T[] {
  return [...products].sort((a, b) => comparators[mode](a, b) || a.sku.localeCompare(b.sku));
}

/** Rank (1-based) of each product under each sort mode, keyed by SKU. */
export function sortRanks(products: readonly Rankable[]): Map<string, Record<SortMode, number>> {
  const ranks = new Map<string, Record<SortMode, number>>(
    products.map((p) => [p.sku, { relevancy: 0, best_sellers: 0, first_sell_at: 0 }]),
  );
  for (const mode of Object.keys(comparators) as SortMode[]) {
    sortProducts(products, mode).forEach((p, i) => {
      ranks.get(p.sku)![mode] = i + 1;
    });
  }
  return ranks;
}

/** The data attribute a facet is written to on a product card (lifeStage → data-life-stage). */
export const facetAttribute = (facet: Facet): string => `data-${facet.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

/** Whether a product fits one chosen value of a facet: its own value, or the facet's universal one. */
function fitsValue(product: Pick<Rankable, 'filters'>, facet: Facet, value: string): boolean {
  const own = String(product.filters[facet]);
  return own === value || own === UNIVERSAL[facet];
}

/**
 * The cards a chosen value hides, as a CSS selector (the category page filters with CSS alone): those whose
 * value is neither the chosen one nor the facet's universal one.
 */
export function cardsHiddenBy(facet: Facet, value: string): string {
  const attribute = facetAttribute(facet);
  const kept = [value, UNIVERSAL[facet]].filter((v) => v !== undefined);
  return `.product-card${kept.map((v) => `:not([${attribute}="${v}"])`).join('')}`;
}

/** Products matching a selection: one value per facet, absent facets match everything. */
export function matchesSelection(product: Rankable, selection: Partial<Record<Facet, string>>): boolean {
  return FACETS.every((facet) => selection[facet] === undefined || fitsValue(product, facet, selection[facet]));
}
