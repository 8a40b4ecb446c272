import { describe, expect, it } from 'vitest';
import {
  cardsHiddenBy,
  facetAttribute,
  facetValues,
  matchesSelection,
  sortProducts,
  sortRanks,
} from '../../../../src/lib/catalogue/facets.ts';

const product = (sku: string, position: number, best: number, date: string, lifeStage = 'adult', size = 'all') => ({
  sku,
  position,
  best_seller_rank: best,
  first_sell_at: date,
  filters: { lifeStage, size, sterilised: false, grainFree: false, mainProtein: 'chicken' },
});
const products = [product('A', 1, 3, '2021-01-01'), product('B', 2, 1, '2024-05-01', 'puppy'), product('C', 3, 2, '2019-03-01', 'senior')];

describe('category sort modes', () => {
  it('relevancy follows the editor’s order, best sellers the rank, novelty the newest launch first', () => {
    expect(sortProducts(products, 'relevancy').map((p) => p.sku)).toEqual(['A', 'B', 'C']);
    expect(sortProducts(products, 'best_sellers').map((p) => p.sku)).toEqual(['B', 'C', 'A']);
    expect(sortProducts(products, 'first_sell_at').map((p) => p.sku)).toEqual(['B', 'A', 'C']);
  });
  it('gives each product its rank in every mode', () => {
    expect(sortRanks(products).get('A')).toEqual({ relevancy: 1, best_sellers: 3, first_sell_at: 2 });
  });
});

describe('category filters', () => {
  it('offers only facets with more than one value', () => {
    expect(facetValues(products)).toEqual([{ facet: 'lifeStage', values: ['adult', 'puppy', 'senior'] }]);
  });
  it('matches one value per facet', () => {
    expect(products.filter((p) => matchesSelection(p, { lifeStage: 'puppy' })).map((p) => p.sku)).toEqual(['B']);
    expect(products.filter((p) => matchesSelection(p, {})).length).toBe(3);
  });
  it('writes facets as data attributes', () => {
    expect(facetAttribute('lifeStage')).toBe('data-life-stage');
    expect(facetAttribute('grainFree')).toBe('data-grain-free');
  });
});

describe('a product for all sizes or all ages', () => {
  // The dog shelf: one small-breed recipe, one for large breeds, and recipes for every size and age.
  const shelf = [
    product('SMALL', 1, 1, '2021-01-01', 'adult', 'small'),
    product('LARGE', 2, 2, '2021-01-01', 'adult', 'large'),
    product('PUPPY', 3, 3, '2021-01-01', 'puppy', 'all'),
    product('EVERY-AGE', 4, 4, '2021-01-01', 'all', 'all'),
    product('EVERY-SIZE', 5, 5, '2021-01-01', 'adult', 'all'),
  ];
  const shown = (selection: Parameters<typeof matchesSelection>[1]) =>
    shelf.filter((p) => matchesSelection(p, selection)).map((p) => p.sku);

  it('fits every size filter: "Petite taille" keeps the recipes for all sizes', () => {
    expect(shown({ size: 'small' })).toEqual(['SMALL', 'PUPPY', 'EVERY-AGE', 'EVERY-SIZE']);
    expect(shown({ size: 'large' })).toEqual(['LARGE', 'PUPPY', 'EVERY-AGE', 'EVERY-SIZE']);
  });
  it('fits every age filter: "Chiot" keeps the recipes for all ages', () => {
    expect(shown({ lifeStage: 'puppy' })).toEqual(['PUPPY', 'EVERY-AGE']);
    expect(shown({ lifeStage: 'puppy', size: 'small' })).toEqual(['PUPPY', 'EVERY-AGE']);
  });
  it('is no choice of its own, and a facet whose only other value is one value offers nothing to choose', () => {
    expect(facetValues(shelf)).toEqual([
      { facet: 'lifeStage', values: ['adult', 'puppy'] },
      { facet: 'size', values: ['large', 'small'] },
    ]);
    // Small dogs and recipes for all sizes: choosing "small" would hide nothing.
    expect(facetValues([shelf[0]!, shelf[2]!]).map((f) => f.facet)).toEqual(['lifeStage']);
  });
  it('stays visible in the CSS-only filter: the rule hides only the cards of another value', () => {
    expect(cardsHiddenBy('size', 'small')).toBe('.product-card:not([data-size="small"]):not([data-size="all"])');
    expect(cardsHiddenBy('mainProtein', 'duck')).toBe('.product-card:not([data-main-protein="duck"])');
  });
});
