/**
 * The content client the site builds with (src/lib/content/client.ts) against the real content service
 * of the platform, its fetch going straight to the platform's app: every call the client makes is one
 * the service answers, in the shape the client reads. On a generated catalogue of 150 products, so
 * batches and pages are larger than the service's default page of 100.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preparePlatform, type Platform } from '../../src/backend/platform.ts';
import { generateCatalogue } from '../../src/backend/seed/generate.ts';
import { loadFixtures, seedContent } from '../../src/backend/seed/seed.ts';
import { ContentError, contentClient, type ContentClient } from '../../src/lib/content/client.ts';
import { testDatabaseUrl } from '../support/test-database.ts';

const catalogue = generateCatalogue(loadFixtures(), 150);
const fixtures = loadFixtures();
let platform: Platform;
let client: ContentClient;

beforeAll(async () => {
  platform = await preparePlatform({
    dataDir: 'memory://',
    databaseUrl: testDatabaseUrl(),
    products: 150,
    env: { JWT_SECRET: 'content-client-test' },
  });
  const fetchImpl = ((input: URL | RequestInfo, init?: RequestInit) => platform.app.request(String(input), init)) as typeof fetch;
  client = contentClient('http://platform.test/content/', fetchImpl);
});
afterAll(async () => {
  // A long-lived test server gets the fixture catalogue back for whoever comes next.
  if (platform.db.driver === 'postgres') await seedContent(platform.db, { reset: true });
  await platform.close();
});

describe('the content client against the content service', () => {
  it('reads the whole catalogue page by page', async () => {
    const all = await client.allProducts('fr_FR', 40);
    expect(all.map((p) => p.sku).sort()).toEqual(catalogue.products.map((p) => p.sku).sort());
    const nl = await client.allProducts('nl_BE');
    expect(nl.find((p) => p.sku === catalogue.products[120]!.sku)!.name).toBe(catalogue.products[120]!.name.nl);
  });

  it('reads a batch of 150 SKUs in one call, every one of them', async () => {
    const skus = catalogue.products.map((p) => p.sku);
    const found = await client.productsBySku(skus, 1, 'fr_BE');
    expect(found.map((p) => p.sku).sort()).toEqual([...skus].sort());
    expect(await client.productsBySku(['NOT-A-PRODUCT', skus[0]!], 0, 'fr_FR')).toEqual([expect.objectContaining({ sku: skus[0] })]);
    expect(await client.productsBySku([], 2, 'fr_FR')).toEqual([]);
  });

  it('reads one product by SKU and by each language’s slug', async () => {
    const product = fixtures.products.find((p) => p.viewable && !p.isSample)!;
    const bySku = await client.product({ sku: product.sku }, 2, 'fr_FR');
    expect(bySku).toMatchObject({ sku: product.sku, name: product.name.fr, localizations: { fr: product.slug.fr, nl: product.slug.nl } });
    expect((await client.product({ slug: product.slug.nl }, 1, 'nl_BE')).name).toBe(product.name.nl);
    await expect(client.product({ sku: 'NOT-A-PRODUCT' }, 0, 'fr_FR')).rejects.toMatchObject({
      name: 'ContentError',
      status: 404,
      message: 'Product not found',
    });
  });

  it('reads the categories, pages, FAQ, shops and menus of each language', async () => {
    for (const locale of ['fr_FR', 'nl_BE'] as const) {
      const language = locale === 'fr_FR' ? 'fr' : 'nl';
      expect((await client.categories(locale)).map((c) => c.key).sort()).toEqual(fixtures.categories.map((c) => c.key).sort());
      expect((await client.pages(locale)).map((p) => p.key).sort()).toEqual(fixtures.pages.map((p) => p.key).sort());
      expect((await client.page('terms', locale)).slug).toBe(fixtures.pages.find((p) => p.key === 'terms')!.slug[language]);
      expect((await client.faq(locale)).map((c) => c.key).sort()).toEqual(fixtures.faq.categories.map((c) => c.key).sort());
      expect((await client.shops(locale)).map((s) => s.key).sort()).toEqual(fixtures.shops.map((s) => s.key).sort());
      expect((await client.header(locale)).items).toHaveLength(fixtures.menus.header.length);
      expect((await client.footer(locale)).columns).toHaveLength(fixtures.menus.footer.length);
    }
  });

  it('reads cross-sells, and says which one is missing', async () => {
    const list = fixtures.crossSells[0]!;
    const crossSell = await client.crossSell(list.key, 'fr_FR');
    expect(crossSell.products.map((p) => p.sku)).toEqual(list.products);
    const dog = fixtures.products.find((p) => p.viewable && !p.isSample && p.categories.includes('dog-dry'))!;
    const others = await client.categoryCrossSell('dog-dry', dog.sku, 'fr_FR');
    expect(others.length).toBeGreaterThan(0);
    expect(others.map((p) => p.sku)).not.toContain(dog.sku);
    const missing = await client.crossSell('nope', 'fr_FR').catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(ContentError);
    expect(missing).toMatchObject({ status: 404, message: 'Cross-sell nope not found' });
  });
});
