/** The cart page's upsells follow the species in the cart. */
import { describe, expect, it } from 'vitest';
import { upsellsFor, type Species } from '../../../../src/stores/cart/upsells.ts';

const upsell = (variantCode: string, animal: Species) => ({ variantCode, animal });
const offers = [
  upsell('d1', 'dog'),
  upsell('d2', 'dog'),
  upsell('c1', 'cat'),
  upsell('d3', 'dog'),
  upsell('d4', 'dog'),
  upsell('c2', 'cat'),
  upsell('c3', 'cat'),
];
const cartOf = (...items: Array<[string, Species | null]>) => ({ items: items.map(([variantCode, animal]) => ({ variantCode, animal })) });
const codes = (list: Array<{ variantCode: string }>) => list.map((u) => u.variantCode);

describe('upsells', () => {
  it('offers cat treats for a cart of cat food, dog treats for dog food', () => {
    expect(codes(upsellsFor(offers, cartOf(['food-c', 'cat']), 3))).toEqual(['c1', 'c2', 'c3']);
    expect(codes(upsellsFor(offers, cartOf(['food-d', 'dog'], ['food-d2', 'dog']), 3))).toEqual(['d1', 'd2', 'd3']);
  });
  it('offers both in turn for a mixed cart, an empty one or lines of unknown species', () => {
    expect(codes(upsellsFor(offers, cartOf(['food-c', 'cat'], ['food-d', 'dog']), 3))).toEqual(['c1', 'd1', 'c2']);
    expect(codes(upsellsFor(offers, null, 4))).toEqual(['d1', 'c1', 'd2', 'c2']);
    expect(codes(upsellsFor(offers, cartOf(['gone', null]), 3))).toEqual(['d1', 'c1', 'd2']);
  });
  it('never offers what is in the cart, and fills in with the next', () => {
    expect(codes(upsellsFor(offers, cartOf(['food-c', 'cat'], ['c1', 'cat']), 3))).toEqual(['c2', 'c3']);
    expect(codes(upsellsFor(offers, cartOf(['d1', 'dog']), 3))).toEqual(['d2', 'd3', 'd4']);
  });
});
