/** What each page shows of the catalogue besides product and category pages (src/site/showcases.ts). */
import { describe, expect, it } from 'vitest';
import { productsShownOn } from '../../../src/site/showcases.ts';
import type { LocaleContent } from '../../../src/site/content.ts';

const variant = (over: { in_stock?: boolean; subscription?: number | null } = {}) => ({
  code: 'V',
  show_variant: true,
  in_stock: over.in_stock ?? true,
  base_price: 1000,
  base_price_subscription: over.subscription === undefined ? 900 : over.subscription,
});
const product = (
  sku: string,
  rank: number,
  over: { kind?: string; animal?: string; in_stock?: boolean; subscription?: number | null } = {},
) => ({
  sku,
  viewable: true,
  isSample: false,
  best_seller_rank: rank,
  kind: over.kind ?? 'dry',
  animal: over.animal ?? 'dog',
  ProductVariants: [variant(over)],
});

const dry = Array.from({ length: 10 }, (_, i) => product(`DRY${i}`, i + 1));
const treats = [
  product('DOG-TREAT', 20, { kind: 'treat' }),
  product('CAT-TREAT', 21, { kind: 'treat', animal: 'cat' }),
  product('OUT', 22, { kind: 'treat', in_stock: false }),
];
const products = [...dry, ...treats];
// Only what the showcases read.
const content = {
  products,
  productsByCategory: new Map([['dog-dry', [product('ONCE', 1, { subscription: null }), ...dry.slice(0, 6)]]]),
} as unknown as LocaleContent;
const skus = (route: Parameters<typeof productsShownOn>[0]) => productsShownOn(route, content)?.map((p) => p.sku);

describe('the products a page shows', () => {
  it('the home shows the eight best sellers and an error page four', () => {
    expect(skus('home')).toEqual(dry.slice(0, 8).map((p) => p.sku));
    expect(skus('error')).toEqual(['DRY0', 'DRY1', 'DRY2', 'DRY3']);
  });

  it('a subscription landing page shows the dry food that can be subscribed to', () => {
    expect(skus('subscriptionLandingDog')).toEqual(['DRY0', 'DRY1', 'DRY2', 'DRY3']);
  });

  it('the cart and a subscription offer the treats in stock of each species; the other island pages nothing', () => {
    expect(skus('cart')).toEqual(['DOG-TREAT', 'CAT-TREAT']);
    expect(skus('subscription')).toEqual(['DOG-TREAT', 'CAT-TREAT']);
    expect(skus('login')).toEqual([]);
    expect(skus('orders')).toEqual([]);
  });

  it('the FAQ, shops, content pages and the not-found page show none; product and category pages are not its to say', () => {
    for (const route of ['faq', 'shops', 'shop', 'page', 'landing', 'maintenance', 'notFound'] as const) expect(skus(route)).toEqual([]);
    expect(skus('product')).toBeUndefined();
    expect(skus('category')).toBeUndefined();
  });
});
