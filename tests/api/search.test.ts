/**
 * The platform's search service driven by the real algoliasearch clients (lite, as the site uses it, and
 * the full one), pointed by `hosts` at a platform this test serves over HTTP: the protocol's shapes, the
 * parameters as a string or an object, text/plain bodies, request order, facets and facet filters,
 * highlighting with the asked tags, facet-value search, and Algolia's errors (400, 403, 404).
 * Runs on PGlite, and on a PostgreSQL server when TEST_DATABASE_URL is set.
 */
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { serve, type ServerType } from '@hono/node-server';
import { algoliasearch } from 'algoliasearch';
import { liteClient } from 'algoliasearch/lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testPlatform, type TestPlatform } from './platform.ts';
import { EMBEDDED_SEARCH } from '../../src/lib/search/hosts.ts';
import type { ArticleRecord, ProductRecord } from '../../src/lib/search/records.ts';

let platform: TestPlatform;
let server: ServerType;
let host: string;

beforeAll(async () => {
  platform = await testPlatform();
  server = serve({ fetch: platform.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await platform.db.close();
});

const hosts = () => [{ url: host, protocol: 'http' as const, accept: 'readWrite' as const }];
const lite = (apiKey: string = EMBEDDED_SEARCH.apiKey) => liteClient(EMBEDDED_SEARCH.appId, apiKey, { hosts: hosts() });
const full = () => algoliasearch(EMBEDDED_SEARCH.appId, EMBEDDED_SEARCH.apiKey, { hosts: hosts() });
const keys = { 'x-algolia-application-id': EMBEDDED_SEARCH.appId, 'x-algolia-api-key': EMBEDDED_SEARCH.apiKey };
/** A raw call, for what the clients never send (broken bodies, other content types). */
const post = (path: string, body: string, headers: Record<string, string> = keys) =>
  fetch(`http://${host}${path}`, { method: 'POST', headers: { 'content-type': 'text/plain', ...headers }, body });

/** What a client call rejected with: Algolia's ApiError carries the status and the message. */
async function failure(call: Promise<unknown>): Promise<{ status: number; message: string }> {
  try {
    await call;
  } catch (error) {
    const { status, message } = error as { status: number; message: string };
    return { status, message };
  }
  throw new Error('the call succeeded');
}

describe('search service (Algolia protocol)', () => {
  it('answers several queries in the order asked, with params as a string or as an object', async () => {
    const { results } = await lite().searchForHits<ProductRecord | ArticleRecord>({
      requests: [
        { indexName: 'articles_nl_BE', query: 'levering', hitsPerPage: 3 },
        { indexName: 'products_fr_FR', params: 'query=croquettes%20chaton&hitsPerPage=2' } as never,
        { indexName: 'categories_fr_BE', query: 'chat' },
      ],
    });
    expect(results.map((r) => r.index)).toEqual(['articles_nl_BE', 'products_fr_FR', 'categories_fr_BE']);
    const [articles, products, categories] = results;
    expect(articles!.hits).toHaveLength(3);
    expect(articles!.hitsPerPage).toBe(3);
    expect(products!.hits[0]).toMatchObject({
      objectID: 'CAT-DRY-KITTEN-CHICKEN',
      name: 'Croquettes Chaton Poulet',
      species: 'cat',
      kind: 'dry',
    });
    expect(products!).toMatchObject({ hitsPerPage: 2, page: 0, query: 'croquettes chaton', exhaustiveNbHits: true });
    expect(products!.params).toContain('hitsPerPage=2');
    expect(categories!.hits[0]).toMatchObject({ objectID: 'cat', name: 'Chat', url: '/chat/' });
  });

  it('holds the records of the contract: product, category and article (a content page, a FAQ question)', async () => {
    const { results } = await lite().searchForHits<Record<string, unknown>>({
      requests: [
        { indexName: 'products_fr_FR', query: 'Croquettes Chat Stérilisé Poulet', hitsPerPage: 1 },
        { indexName: 'products_nl_BE', query: 'Brokken Gesteriliseerde Kat Kip', hitsPerPage: 1 },
        { indexName: 'articles_fr_FR', query: 'Livraison et retours', hitsPerPage: 1 },
        { indexName: 'articles_fr_FR', query: 'Comment passer commande', hitsPerPage: 1, facetFilters: [['type:faq']] },
      ],
    });
    const product = results[0]!.hits[0]!;
    expect(product).toMatchObject({
      objectID: 'CAT-DRY-STERILISED-CHICKEN',
      url: '/produits/croquettes-chat-sterilise-poulet/',
      species: 'cat',
      kind: 'dry',
      category: 'Croquettes pour chat',
      description: expect.stringMatching(/^Une recette riche en protéines/),
    });
    expect(Number.isInteger(product.price)).toBe(true);
    // The pack shot's thumbnail (suggestions draw it 40 pixels wide), at the address the caller reached the platform at.
    expect(String(product.image)).toMatch(new RegExp(`^http://${host}/content/uploads/thumbnail-.+\\.webp$`));
    expect(await fetch(String(product.image)).then((r) => r.status)).toBe(200);
    expect(results[1]!.hits[0]).toMatchObject({ url: '/nl/producten/brokken-gesteriliseerde-kat-kip/', category: 'Brokken voor katten' });
    expect(results[2]!.hits[0]).toMatchObject({ objectID: 'page-delivery', type: 'page', url: '/page/livraison-et-retours/' });
    const faq = results[3]!.hits[0]!;
    expect(faq).toMatchObject({ objectID: 'faq-how-to-order', type: 'faq', title: expect.stringMatching(/^Comment passer commande\s\?$/) });
    expect(String(faq.url)).toMatch(/^\/faq\/[a-z0-9-]+\/#how-to-order$/);
    // Plain text: no markdown left in an excerpt.
    expect(String(faq.excerpt)).not.toMatch(/\*\*|\]\(/);
  });

  it('takes the body as text/plain, gzipped, and the keys as query parameters (the browser client)', async () => {
    const body = JSON.stringify({ requests: [{ indexName: 'products_nl_BE', params: 'query=kitten&hitsPerPage=1' }] });
    const query = new URLSearchParams({
      'x-algolia-application-id': keys['x-algolia-application-id'],
      'x-algolia-api-key': keys['x-algolia-api-key'],
    });
    const plain = await post(`/1/indexes/*/queries?${query}`, body, {});
    expect(plain.status).toBe(200);
    expect((await plain.json()).results[0].nbHits).toBeGreaterThan(0);
    const gzipped = await fetch(`http://${host}/1/indexes/*/queries`, {
      method: 'POST',
      headers: { ...keys, 'content-type': 'application/json', 'content-encoding': 'gzip' },
      body: gzipSync(body),
    });
    expect(gzipped.status).toBe(200);
  });

  it('counts facets and filters by facetFilters (nested OR) and filters (AND, OR, NOT, numbers)', async () => {
    const { results } = await lite().searchForHits<ProductRecord>({
      requests: [
        { indexName: 'products_fr_FR', query: '', hitsPerPage: 100, facets: ['species', 'kind', 'category'], maxValuesPerFacet: 2 },
        { indexName: 'products_fr_FR', query: '', hitsPerPage: 100, facetFilters: ['species:cat', ['kind:wet', 'kind:treat']] },
        { indexName: 'products_fr_FR', query: '', hitsPerPage: 100, filters: 'species:dog AND NOT kind:dry AND price < 1000' },
        { indexName: 'products_fr_FR', query: '', hitsPerPage: 100, facets: ['*'], facetFilters: ['species:-cat'] },
      ],
    });
    const [all, catWetOrTreat, cheapDogFood, notCats] = results;
    expect(Object.keys(all!.facets!)).toEqual(['species', 'kind', 'category']);
    expect(Object.values(all!.facets!.species!).reduce((a, b) => a + b)).toBe(all!.nbHits);
    expect(Object.keys(all!.facets!.category!)).toHaveLength(2);
    expect(catWetOrTreat!.nbHits).toBeGreaterThan(0);
    for (const hit of catWetOrTreat!.hits) expect(hit.species === 'cat' && hit.kind !== 'dry').toBe(true);
    expect(cheapDogFood!.nbHits).toBeGreaterThan(0);
    for (const hit of cheapDogFood!.hits) expect(hit.species === 'dog' && hit.kind !== 'dry' && hit.price < 1000).toBe(true);
    expect(notCats!.facets).toMatchObject({ species: { dog: notCats!.nbHits } });
  });

  it('pages, and retrieves only the attributes asked (the objectID always)', async () => {
    const request = { indexName: 'products_fr_FR', query: 'croquettes', hitsPerPage: 3, attributesToRetrieve: ['name'] };
    const { results } = await lite().searchForHits<ProductRecord>({ requests: [request, { ...request, page: 1 }] });
    expect(results[0]!.nbPages).toBe(Math.ceil(results[0]!.nbHits! / 3));
    expect(Object.keys(results[0]!.hits[0]!).sort()).toEqual(['_highlightResult', 'name', 'objectID']);
    const pages = results.flatMap((r) => r.hits.map((h) => h.objectID));
    expect(new Set(pages).size).toBe(6);
  });

  it('highlights the matched words with the tags asked, leaving the rest as it is (as Algolia does)', async () => {
    const { results } = await lite().searchForHits<ProductRecord>({
      requests: [
        {
          indexName: 'products_fr_FR',
          query: 'sterilise saumon',
          hitsPerPage: 1,
          highlightPreTag: '__ais-highlight__',
          highlightPostTag: '__/ais-highlight__',
          attributesToHighlight: ['name'],
        },
      ],
    });
    const highlight = results[0]!.hits[0]!._highlightResult as Record<
      string,
      { value: string; matchLevel: string; matchedWords: string[] }
    >;
    expect(Object.keys(highlight)).toEqual(['name']);
    expect(highlight.name!.value).toContain('__ais-highlight__Stérilisé__/ais-highlight__');
    expect(highlight.name!.value).toContain('__ais-highlight__Saumon__/ais-highlight__');
    expect(highlight.name).toMatchObject({ matchLevel: 'full', matchedWords: expect.arrayContaining(['sterilise', 'saumon']) });

    // InstantSearch escapes a hit's highlighted values itself before drawing them: escaped here, a name would
    // show its entities on the results page.
    const ampersand = await lite().searchForHits<ProductRecord>({
      requests: [{ indexName: 'products_fr_FR', query: 'chiot riz', highlightPreTag: '<em>', highlightPostTag: '</em>' }],
    });
    const names = ampersand.results[0]!.hits.map((hit) => (hit._highlightResult as Record<string, { value: string }>).name!.value);
    expect(names).toContain('Croquettes <em>Chiot</em> Poulet & <em>Riz</em>');
    expect(names.join(' ')).not.toContain('&amp;');
  });

  it('searches facet values, with the lite client and with the full one', async () => {
    const { results } = await lite().searchForFacets({
      requests: [
        {
          indexName: 'products_fr_FR',
          type: 'facet',
          facet: 'category',
          facetQuery: 'croq',
          highlightPreTag: '<b>',
          highlightPostTag: '</b>',
        },
      ],
    });
    const facetHits = (results[0] as { facetHits: Array<{ value: string; highlighted: string; count: number }> }).facetHits;
    expect(facetHits.map((h) => h.value).sort()).toEqual(['Croquettes pour chat', 'Croquettes pour chien']);
    expect(facetHits[0]!.highlighted).toMatch(/^<b>Croquettes<\/b> pour/);
    const single = await full().searchForFacetValues({
      indexName: 'products_nl_BE',
      facetName: 'kind',
      searchForFacetValuesRequest: { facetQuery: 'w', params: 'query=kat' } as never,
    });
    expect(single.facetHits).toEqual([expect.objectContaining({ value: 'wet', count: expect.any(Number) })]);
    const one = await full().searchSingleIndex<ProductRecord>({
      indexName: 'products_fr_BE',
      searchParams: { query: 'friandises chien', hitsPerPage: 2 },
    });
    expect(one.hits[0]!.species).toBe('dog');
  });

  it('refuses a body or parameters it cannot read with 400 in Algolia’s shape, never 500', async () => {
    for (const body of ['{', '[]', '{"requests":"no"}', '{"requests":[{"params":"query=x"}]}', 'null']) {
      const res = await post('/1/indexes/*/queries', body);
      expect(res.status, body).toBe(400);
      expect(await res.json()).toEqual({ message: expect.any(String), status: 400 });
    }
    for (const params of ['hitsPerPage=many', 'filters=species%3A', 'filters=(species%3Acat', 'page=-1', 'facetFilters=%5B1%5D']) {
      const res = await post('/1/indexes/*/queries', JSON.stringify({ requests: [{ indexName: 'products_fr_FR', params }] }));
      expect(res.status, params).toBe(400);
    }
    expect(await failure(full().searchForFacetValues({ indexName: 'products_fr_FR', facetName: 'name' }))).toMatchObject({ status: 400 });
    // Parameters it does not know change nothing, as at Algolia.
    const unknown = await post('/1/indexes/products_fr_FR/query', JSON.stringify({ params: 'query=chat&clickAnalytics=true&whatever=1' }));
    expect(unknown.status).toBe(200);
  });

  it('refuses a wrong key with 403 and an unknown index with 404', async () => {
    expect(await failure(lite('not-the-key').search({ requests: [{ indexName: 'products_fr_FR' }] }))).toMatchObject({
      status: 403,
      message: 'Invalid Application-ID or API key',
    });
    expect((await post('/1/indexes/*/queries', '{"requests":[]}', {})).status).toBe(403);
    expect(await failure(lite().search({ requests: [{ indexName: 'products_de_DE' }] }))).toMatchObject({
      status: 404,
      message: 'Index does not exist',
    });
    expect(await failure(full().searchSingleIndex({ indexName: 'orders_fr_FR' }))).toMatchObject({ status: 404 });
  });

  it('answers the sites’ preflight without credentials, and lists itself among the services', async () => {
    const preflight = await fetch(`http://${host}/1/indexes/*/queries`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:4322',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-algolia-api-key,x-algolia-application-id',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://localhost:4322');
    expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();
    expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('x-algolia-api-key');
    const other = await fetch(`http://${host}/1/indexes/*/queries`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    expect((await platform.get('/')).body.services).toMatchObject({ search: '/1' });
  });
});
