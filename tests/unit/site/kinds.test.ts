/** The content kinds (src/site/kinds.ts): which pages each kind publishes and the parameters of their paths. */
import { describe, expect, it } from 'vitest';
import { contentKinds } from '../../../src/site/kinds.ts';
import type { LocaleContent } from '../../../src/site/content.ts';
import { routes, routeNames } from '../../../src/lib/routes/routes.ts';
import { CATEGORY_PAGE_SIZE } from '../../../src/lib/constants.ts';

const variant = (slug: string, show_variant = true) => ({ slug, show_variant });
const product = (sku: string, over: { viewable?: boolean; isSample?: boolean; nl?: string } = {}) => ({
  sku,
  viewable: over.viewable ?? true,
  isSample: over.isSample ?? false,
  localizations: { fr: `fr-${sku}`, ...(over.nl === undefined ? { nl: `nl-${sku}` } : over.nl ? { nl: over.nl } : {}) },
  ProductVariants: [variant('2-kg'), variant('12-kg'), variant('hidden', false)],
});
const keyed = (key: string, extra: object = {}) => ({ key, localizations: { fr: `fr-${key}`, nl: `nl-${key}` }, ...extra });

const products = [product('A'), product('HIDDEN', { viewable: false }), product('S', { isSample: true }), product('FR-ONLY', { nl: '' })];
const categories = [keyed('dog'), keyed('cat')];
// Two pages and one product more for dogs, a hidden product and a sample besides (neither is listed); one product for cats.
const dogs = [
  ...Array.from({ length: 2 * CATEGORY_PAGE_SIZE + 1 }, (_, i) => product(`D${i}`)),
  product('HIDDEN', { viewable: false }),
  product('S', { isSample: true }),
];
const pages = [keyed('terms', { kind: 'page' }), keyed('promo', { kind: 'landing' })];
const shops = [keyed('lille')];
const faq = [keyed('delivery'), keyed('payment')];
// Only what the kinds read; the real index is built from the content collections at build time.
const content = {
  products,
  productsBySku: new Map(products.map((p) => [p.sku, p])),
  categories,
  categoriesByKey: new Map(categories.map((c) => [c.key, c])),
  pages,
  pagesByKey: new Map(pages.map((p) => [p.key, p])),
  shops,
  shopsByKey: new Map(shops.map((s) => [s.key, s])),
  faq,
  productsByCategory: new Map([
    ['dog', dogs],
    ['cat', [product('A')]],
  ]),
} as unknown as LocaleContent;

describe('content kinds', () => {
  it('describe every kind the route table names', () => {
    const named = new Set(
      routeNames.flatMap((name) => {
        const def = routes[name];
        return 'content' in def ? [def.content] : [];
      }),
    );
    expect(Object.keys(contentKinds).sort()).toEqual([...named].sort());
  });

  it('publish a page per listed product and per shown format, and one per listed sample', () => {
    expect(contentKinds.product.refs(content)).toEqual([
      { key: 'A' },
      { key: 'A', format: '2-kg' },
      { key: 'A', format: '12-kg' },
      { key: 'FR-ONLY' },
      { key: 'FR-ONLY', format: '2-kg' },
      { key: 'FR-ONLY', format: '12-kg' },
    ]);
    expect(contentKinds.sample.refs(content)).toEqual([{ key: 'S' }]);
  });

  it('give a product page its slug in the language, and none where the page does not exist', () => {
    expect(contentKinds.product.params(content, { key: 'A', format: '12-kg' }, 'nl')).toEqual({ product: 'nl-A', format: '12-kg' });
    expect(contentKinds.product.params(content, { key: 'A' }, 'fr')).toEqual({ product: 'fr-A', format: undefined });
    expect(contentKinds.product.params(content, { key: 'A', format: 'hidden' }, 'fr')).toBeUndefined();
    expect(contentKinds.product.params(content, { key: 'HIDDEN' }, 'fr')).toBeUndefined();
    expect(contentKinds.product.params(content, { key: 'S' }, 'fr')).toBeUndefined();
    expect(contentKinds.product.params(content, { key: 'FR-ONLY' }, 'nl')).toBeUndefined();
    expect(contentKinds.sample.params(content, { key: 'S' }, 'nl')).toEqual({ sample: 'nl-S' });
    expect(contentKinds.sample.params(content, { key: 'A' }, 'nl')).toBeUndefined();
  });

  it('tell content pages from landing pages, which share one collection', () => {
    expect(contentKinds.page.refs(content)).toEqual([{ key: 'terms' }]);
    expect(contentKinds.landing.refs(content)).toEqual([{ key: 'promo' }]);
    expect(contentKinds.page.params(content, { key: 'terms' }, 'nl')).toEqual({ page: 'nl-terms' });
    expect(contentKinds.landing.params(content, { key: 'promo' }, 'fr')).toEqual({ landing: 'fr-promo' });
    expect(contentKinds.page.params(content, { key: 'promo' }, 'fr')).toBeUndefined();
  });

  it('give categories and shops their slug, and nothing for an unknown key', () => {
    expect(contentKinds.category.refs(content)).toEqual([{ key: 'dog' }, { key: 'dog', page: 2 }, { key: 'dog', page: 3 }, { key: 'cat' }]);
    expect(contentKinds.category.params(content, { key: 'cat' }, 'nl')).toEqual({ category: 'nl-cat' });
    expect(contentKinds.shop.params(content, { key: 'lille' }, 'fr')).toEqual({ shop: 'fr-lille' });
    expect(contentKinds.shop.params(content, { key: 'nowhere' }, 'fr')).toBeUndefined();
    expect(contentKinds.category.params(content, {}, 'fr')).toBeUndefined();
  });

  it('give the later pages of a category the page word of the language and their number, and none past its last page', () => {
    expect(contentKinds.category.params(content, { key: 'dog', page: 3 }, 'fr')).toEqual({ category: 'fr-dog/page/3' });
    expect(contentKinds.category.params(content, { key: 'dog', page: 2 }, 'nl')).toEqual({ category: 'nl-dog/pagina/2' });
    expect(contentKinds.category.params(content, { key: 'dog', page: 1 }, 'fr')).toEqual({ category: 'fr-dog' });
    expect(contentKinds.category.params(content, { key: 'dog', page: 4 }, 'fr')).toBeUndefined();
    expect(contentKinds.category.params(content, { key: 'cat', page: 2 }, 'fr')).toBeUndefined();
    expect(contentKinds.category.params(content, { key: 'dog', page: 0 }, 'fr')).toBeUndefined();
  });

  it('publish the FAQ of every category and one page per category', () => {
    expect(contentKinds.faq.refs(content)).toEqual([{}, { key: 'delivery' }, { key: 'payment' }]);
    expect(contentKinds.faq.params(content, {}, 'nl')).toEqual({});
    expect(contentKinds.faq.params(content, { key: 'payment' }, 'nl')).toEqual({ faqQuery: 'nl-payment' });
  });
});
