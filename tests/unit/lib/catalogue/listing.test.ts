/** What lists show (src/lib/catalogue/listing.ts): the best sellers and a product page's cross-sell, never a sample. */
import { describe, expect, it } from 'vitest';
import { bestSellers, crossSellAmong } from '../../../../src/lib/catalogue/listing.ts';

const product = (sku: string, best_seller_rank: number, more: { isSample?: boolean; viewable?: boolean } = {}) => ({
  sku,
  best_seller_rank,
  isSample: more.isSample ?? false,
  viewable: more.viewable ?? true,
});

// A category's products as the content lists them: its sample ranks among them (a free pouch sells well).
const kibbles = [
  product('KITTEN', 1),
  product('SAMPLE-KITTEN', 2, { isSample: true }),
  product('ADULT', 3),
  product('OFF-THE-SHOP', 4, { viewable: false }),
  product('SENIOR', 5),
  product('STERILISED', 6),
];
const skus = (list: Array<{ sku: string }>) => list.map((p) => p.sku);

describe('lists', () => {
  it('rank the best sellers without the samples nor the products taken off the shop', () => {
    expect(skus(bestSellers(kibbles, 10))).toEqual(['KITTEN', 'ADULT', 'SENIOR', 'STERILISED']);
  });

  it('cross-sell the products ranked after the product, wrapping round, and never a sample', () => {
    expect(skus(crossSellAmong(kibbles, { sku: 'KITTEN' }, 4))).toEqual(['ADULT', 'SENIOR', 'STERILISED']);
    expect(skus(crossSellAmong(kibbles, { sku: 'SENIOR' }, 2))).toEqual(['STERILISED', 'KITTEN']);
  });

  it('cross-sell the top products on a sample’s own page, without the sample', () => {
    expect(skus(crossSellAmong(kibbles, { sku: 'SAMPLE-KITTEN' }, 4))).toEqual(['KITTEN', 'ADULT', 'SENIOR', 'STERILISED']);
    expect(crossSellAmong([product('SAMPLE-KITTEN', 1, { isSample: true })], { sku: 'SAMPLE-KITTEN' }, 4)).toEqual([]);
  });
});
