/**
 * What a shopper finds with what they type, on the fixtures' catalogue: French and Dutch words with typos,
 * prefixes, accents left out and plurals, and a product changed in the content found at once (the search
 * reads the content's revision on every query here: SEARCH_REFRESH_SECONDS=0).
 * Runs on PGlite, and on a PostgreSQL server when TEST_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testPlatform, type TestPlatform } from './platform.ts';
import { EMBEDDED_SEARCH } from '../../src/lib/search/hosts.ts';
import { seedContent } from '../../src/backend/seed/seed.ts';

let platform: TestPlatform;
beforeAll(async () => {
  platform = await testPlatform({ env: { SEARCH_REFRESH_SECONDS: '0' } });
});
afterAll(async () => {
  // A long-lived test server gets the fixture catalogue back for whoever comes next.
  if (platform.db.driver === 'postgres') await seedContent(platform.db, { reset: true });
  await platform.db.close();
});

interface Hit {
  objectID: string;
  [attribute: string]: unknown;
}

async function search(indexName: string, query: string, extra: Record<string, unknown> = {}): Promise<{ hits: Hit[]; nbHits: number }> {
  const res = await platform.request('/1/indexes/*/queries', {
    method: 'POST',
    headers: { 'x-algolia-application-id': EMBEDDED_SEARCH.appId, 'x-algolia-api-key': EMBEDDED_SEARCH.apiKey },
    body: JSON.stringify({ requests: [{ indexName, query, hitsPerPage: 50, ...extra }] }),
  });
  expect(res.status).toBe(200);
  return res.body.results[0];
}
const ids = async (indexName: string, query: string) => (await search(indexName, query)).hits.map((h) => h.objectID);

describe('search relevance', () => {
  it('"croqettes chat steril" finds the sterilised cats\' kibbles first (fr_FR)', async () => {
    const found = await ids('products_fr_FR', 'croqettes chat steril');
    expect(found.slice(0, 2).sort()).toEqual(['CAT-DRY-STERILISED-CHICKEN', 'CAT-DRY-STERILISED-SALMON-GF']);
    // Every word must match: no dog food, no kitten food.
    expect(found.every((sku) => sku.startsWith('CAT-'))).toBe(true);
  });

  it('"brokken kitten" finds the kitten kibble first (nl_BE)', async () => {
    expect((await ids('products_nl_BE', 'brokken kitten'))[0]).toBe('CAT-DRY-KITTEN-CHICKEN');
    expect((await ids('products_nl_BE', 'brokn kiten'))[0]).toBe('CAT-DRY-KITTEN-CHICKEN');
  });

  it('finds the same with or without accents', async () => {
    expect(await ids('products_fr_FR', 'patee chat')).toEqual(await ids('products_fr_FR', 'pâtée chat'));
    expect(await ids('products_fr_BE', 'sterilise')).toEqual(await ids('products_fr_BE', 'STÉRILISÉ'));
    expect((await ids('products_fr_FR', 'boeuf')).length).toBeGreaterThan(0);
  });

  it('finds singulars and plurals alike', async () => {
    expect(await ids('products_fr_FR', 'croquette chaton')).toEqual(await ids('products_fr_FR', 'croquettes chatons'));
    const cats = await ids('products_nl_BE', 'katten');
    expect(cats.length).toBeGreaterThan(0);
    expect(cats.every((sku) => sku.startsWith('CAT-'))).toBe(true);
  });

  it('finds words as they are typed (prefixes) and with a typo', async () => {
    const treats = await search('products_fr_FR', 'frian', { facets: ['kind'] });
    expect(Object.keys((treats as unknown as { facets: { kind: object } }).facets.kind)).toEqual(['treat']);
    expect((await ids('products_fr_FR', 'saumn')).some((sku) => sku.includes('SALMON'))).toBe(true);
    expect((await ids('categories_fr_FR', 'chat'))[0]).toBe('cat');
    expect((await ids('articles_nl_BE', 'factuur'))[0]).toMatch(/^faq-/);
    expect(await ids('products_fr_FR', 'xylophone')).toEqual([]);
  });

  it('suggests kitten dry food for "croqettes chaton" (a typo), and no article whose text only mentions the words', async () => {
    // The header box's three requests (src/islands/search/header-box.ts): articles by their title only.
    const res = await platform.request('/1/indexes/*/queries', {
      method: 'POST',
      headers: { 'x-algolia-application-id': EMBEDDED_SEARCH.appId, 'x-algolia-api-key': EMBEDDED_SEARCH.apiKey },
      body: JSON.stringify({
        requests: [
          { indexName: 'products_fr_FR', query: 'croqettes chaton', hitsPerPage: 4 },
          { indexName: 'categories_fr_FR', query: 'croqettes chaton', hitsPerPage: 3 },
          { indexName: 'articles_fr_FR', query: 'croqettes chaton', hitsPerPage: 3, restrictSearchableAttributes: ['title'] },
        ],
      }),
    });
    expect(res.status).toBe(200);
    const [products, categories, articles] = (res.body.results as Array<{ hits: Hit[] }>).map((r) => r.hits.map((h) => h.objectID));
    expect(products?.[0]).toBe('CAT-DRY-KITTEN-CHICKEN');
    // The kitten category, whose own words never say croquettes, first; then the dry food's.
    expect(categories?.slice(0, 2)).toEqual(['cat-kitten', 'cat-dry']);
    expect(articles).toEqual([]);
    // The search page still finds the page by its text.
    expect(await ids('articles_fr_FR', 'croqettes chaton')).toContain('page-one-percent');
  });

  it('finds a product renamed in the content at the next query, and loses one taken off the shop', async () => {
    expect(await ids('products_fr_FR', 'ronronnement')).toEqual([]);
    await platform.db.query(
      `UPDATE content.products SET name = 'Croquettes Ronronnement Chat' WHERE sku = 'CAT-DRY-ADULT-SALMON' AND language = 'fr'`,
    );
    expect(await ids('products_fr_FR', 'ronronnement')).toEqual(['CAT-DRY-ADULT-SALMON']);
    await platform.db.query(`UPDATE content.products SET viewable = false WHERE sku = 'CAT-DRY-ADULT-SALMON'`);
    expect(await ids('products_fr_FR', 'ronronnement')).toEqual([]);
    expect(await ids('products_nl_BE', 'Brokken Kat Adult Zalm')).not.toContain('CAT-DRY-ADULT-SALMON');
  });
});
