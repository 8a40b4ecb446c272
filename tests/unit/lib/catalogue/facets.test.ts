import { describe, expect, it } from 'vitest';
import { facetAttribute, facetValues, matchesSelection, sortProducts, sortRanks } from '../../../../src/lib/catalogue/facets.ts';

const product = (sku: string, position: number, best: number, date: string, lifeStage = 'adult') => ({
  sku,
  position,
  best_seller_rank: best,
  first_sell_at: date,
  filters: { lifeStage, size: 'all', sterilised: false, grainFree: false, mainProtein: 'chicken' },
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
