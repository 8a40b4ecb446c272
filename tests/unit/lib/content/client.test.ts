/**
 * The content service's client (src/lib/content/client.ts) against an injected fetch that records each
 * request and answers what a test tells it: the URLs it builds, how it reads answers, errors and pages.
 * tests/api/content-client.test.ts runs the same client against the real content service.
 */
import { describe, expect, it } from 'vitest';
import { ContentError, contentClient } from '../../../../src/lib/content/client.ts';

const summary = (sku: string) => ({
  sku,
  slug: sku.toLowerCase(),
  viewable: true,
  oldProduct: false,
  updatedAt: '2026-11-20T09:30:00.000Z',
  name: `Produit ${sku}`,
  animal: 'dog',
  kind: 'dry',
  isSample: false,
  position: 1,
  best_seller_rank: 1,
  first_sell_at: '2024-01-01',
  colour: '#8a5a2b',
  rating: 4.5,
  review_count: 12,
  short_description: 'Court',
  filters: { lifeStage: 'adult', size: 'all', sterilised: false, grainFree: true, mainProtein: 'chicken' },
  categories: ['chien'],
  ProductVariants: [
    {
      code: '10000001',
      name: '2 kg',
      slug: '2-kg',
      unit: 'kg',
      net_quantity: 2,
      show_variant: true,
      in_stock: true,
      base_price: 1990,
      base_price_tf: 1658,
      base_price_subscription: 1791,
    },
  ],
});
const full = (sku: string) => ({
  ...summary(sku),
  description: 'Long',
  composition: 'Poulet',
  additives: 'Vitamines',
  energy_kcal_per_kg: 3800,
  analytical_constituents: { protein: 28, fat: 16, fibre: 3, ash: 7, moisture: 8 },
  feeding_table: [{ weightKg: 10, gramsPerDay: 150 }],
  json_avis: { rating: 4.5, count: 12, reviews: [] },
  localizations: { fr: sku.toLowerCase(), nl: `${sku.toLowerCase()}-nl` },
  labelling: {
    approval_number: 'FR 56 178 001 CE',
    operator: { name: 'Maison Gamelle SAS', address: ['12 rue de la Fosse', '44000 Nantes', 'France'] },
    additives_contact: { phone: '0 800 91 24 78', email: 'additifs@maisongamelle.com' },
  },
});

type Answer = { status?: number; body: unknown } | { status: number; text: string };

/** A fetch that answers in turn from `answers` (the last one repeats) and records every URL asked. */
function fakeFetch(...answers: Answer[]) {
  const requests: { url: URL; accept: string | null; authorization: string | null }[] = [];
  const fetchImpl = (async (input: URL | RequestInfo, init?: RequestInit) => {
    const url = new URL(String(input));
    const headers = new Headers(init?.headers);
    requests.push({ url, accept: headers.get('accept'), authorization: headers.get('authorization') });
    const answer = answers[Math.min(requests.length - 1, answers.length - 1)]!;
    const text = 'text' in answer ? answer.text : JSON.stringify(answer.body);
    return new Response(text, { status: answer.status ?? 200, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return { fetchImpl, requests, paths: () => requests.map((r) => `${r.url.pathname}${decodeURIComponent(r.url.search)}`) };
}

describe('contentClient', () => {
  it('builds each call’s URL under the base (trailing slashes trimmed), asking for JSON', async () => {
    const fake = fakeFetch({ body: { data: full('CROQ-CHIEN'), meta: {} } });
    const client = contentClient('http://content.test/content//', fake.fetchImpl);
    await client.product({ sku: 'CROQ CHIEN/1' }, 2, 'nl_BE');
    await client.product({ slug: 'croquettes-poulet' }, 2, 'fr_FR');
    // The SKU is one path segment, whatever it holds.
    expect(fake.paths()).toEqual([
      '/content/b2c-products/sku-CROQ%20CHIEN%2F1?render=2&locale=nl_BE',
      '/content/b2c-products/croquettes-poulet?render=2&locale=fr_FR',
    ]);
    expect(fake.requests.map((r) => r.accept)).toEqual(['application/json', 'application/json']);
    expect(fake.requests.every((r) => r.url.origin === 'http://content.test')).toBe(true);
  });

  it('gives the catalogue’s listing with the version of what the service computes', async () => {
    const page = (n: number) => ({
      body: { data: [summary(`P${n}`)], meta: { pagination: { page: n, pageSize: 1, pageCount: 2, total: 2 }, version: 'facts-1' } },
    });
    const fake = fakeFetch(page(1), page(2));
    const listing = await contentClient('http://content.test/api', fake.fetchImpl).listing('fr_FR', 1);
    expect(listing).toMatchObject({ version: 'facts-1', products: [{ sku: 'P1' }, { sku: 'P2' }] });
    expect(fake.paths()).toEqual([
      '/api/b2c-products?render=0&locale=fr_FR&pagination[page]=1&pagination[pageSize]=1',
      '/api/b2c-products?render=0&locale=fr_FR&pagination[page]=2&pagination[pageSize]=1',
    ]);
  });

  it('sends the build’s API token as Strapi reads one, and no authorization without it', async () => {
    const fake = fakeFetch({ body: { data: [], meta: { pagination: { page: 1, pageSize: 250, pageCount: 1, total: 0 } } } });
    await contentClient('http://content.test/api', fake.fetchImpl, { token: 'read-only-token' }).allProducts('fr_FR');
    await contentClient('http://content.test/api', fake.fetchImpl).categories('fr_FR');
    expect(fake.requests.map((r) => r.authorization)).toEqual(['Bearer read-only-token', null]);
  });

  it('leaves out an entry its schema refuses and tells of it, when told to; else refuses the whole answer', async () => {
    const broken = { ...summary('NO-NAME'), name: undefined };
    const answer = {
      body: { data: [summary('A1'), broken, summary('B2')], meta: { pagination: { page: 1, pageSize: 3, pageCount: 1, total: 3 } } },
    };
    const skipped: unknown[] = [];
    const lenient = contentClient('http://content.test/api', fakeFetch(answer).fetchImpl, { onSkipped: (entry) => skipped.push(entry) });
    expect((await lenient.productsBySku(['A1', 'NO-NAME', 'B2'], 1, 'nl_BE')).map((p) => p.sku)).toEqual(['A1', 'B2']);
    expect(skipped).toEqual([{ collection: 'b2c-products', locale: 'nl_BE', key: 'NO-NAME', reason: expect.stringContaining('name') }]);
    const strict = contentClient('http://content.test/api', fakeFetch(answer).fetchImpl);
    const error = await strict.productsBySku(['A1', 'NO-NAME', 'B2'], 1, 'nl_BE').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContentError);
    expect((error as ContentError).message).toContain('NO-NAME');
  });

  it('parses each answer with the level of detail asked for, and gives back its data', async () => {
    const fake = fakeFetch({ body: { data: full('A1B2'), meta: {} } });
    const product = await contentClient('http://content.test/content', fake.fetchImpl).product({ sku: 'A1B2' }, 2, 'fr_FR');
    expect(product).toEqual(full('A1B2'));
    // A summary where the full product was asked for is an unexpected answer, not a product without a description.
    const short = fakeFetch({ body: { data: summary('A1B2'), meta: {} } });
    const error = await contentClient('http://content.test/content', short.fetchImpl)
      .product({ sku: 'A1B2' }, 2, 'fr_FR')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContentError);
    expect((error as ContentError).status).toBe(502);
    expect((error as ContentError).message).toMatch(/^Unexpected answer from \/content\/b2c-products\/sku-A1B2: /);
  });

  it('asks a batch of SKUs in one call, as many as it names, and nothing for none', async () => {
    const skus = Array.from({ length: 150 }, (_, i) => `SKU-${i}`);
    const fake = fakeFetch({ body: { data: skus.map(summary), meta: {} } });
    const client = contentClient('http://content.test/content', fake.fetchImpl);
    expect(await client.productsBySku(skus, 1, 'fr_BE')).toHaveLength(150);
    const params = fake.requests[0]!.url.searchParams;
    expect(params.get('render')).toBe('1');
    expect(params.get('locale')).toBe('fr_BE');
    expect(params.get('filters[sku][$in][0]')).toBe('SKU-0');
    expect(params.get('filters[sku][$in][149]')).toBe('SKU-149');
    // A page big enough for the whole batch: the service's default page (100) would drop the rest.
    expect(params.get('pagination[pageSize]')).toBe('150');
    // No SKU, no call: without the filter the service would answer the catalogue's first page.
    expect(await client.productsBySku([], 1, 'fr_FR')).toEqual([]);
    expect(fake.requests).toHaveLength(1);
  });

  it('reads every page of the catalogue, and stops at the last', async () => {
    const page = (n: number, pageCount: number) => ({
      body: { data: [full(`P${n}A`), full(`P${n}B`)], meta: { pagination: { page: n, pageSize: 2, pageCount, total: pageCount * 2 } } },
    });
    const fake = fakeFetch(page(1, 3), page(2, 3), page(3, 3), page(4, 3));
    const all = await contentClient('http://content.test/content', fake.fetchImpl).allProducts('nl_BE', 2);
    expect(all.map((p) => p.sku)).toEqual(['P1A', 'P1B', 'P2A', 'P2B', 'P3A', 'P3B']);
    expect(fake.paths()).toEqual(
      [1, 2, 3].map((n) => `/content/b2c-products?render=2&locale=nl_BE&pagination[page]=${n}&pagination[pageSize]=2`),
    );
    // An empty catalogue (no page at all) is one call and no product.
    const empty = fakeFetch({ body: { data: [], meta: { pagination: { page: 1, pageSize: 250, pageCount: 0, total: 0 } } } });
    expect(await contentClient('http://content.test/content', empty.fetchImpl).allProducts('fr_FR')).toEqual([]);
    expect(empty.requests).toHaveLength(1);
  });

  it('fails the whole read when one page fails, rather than building on part of the catalogue', async () => {
    const first = { body: { data: [full('P1A')], meta: { pagination: { page: 1, pageSize: 1, pageCount: 2, total: 2 } } } };
    const fake = fakeFetch(first, { status: 503, text: 'upstream down' });
    const error = await contentClient('http://content.test/content', fake.fetchImpl)
      .allProducts('fr_FR', 1)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContentError);
    expect(error).toMatchObject({ status: 503, message: '503 /content/b2c-products' });
  });

  it('throws the service’s own error message with its status, or the status and path when the body says nothing', async () => {
    const notFound = fakeFetch({
      status: 404,
      body: { data: null, error: { status: 404, name: 'NotFoundError', message: 'Cross-sell x not found', details: {} } },
    });
    await expect(contentClient('http://content.test/content', notFound.fetchImpl).crossSell('x', 'fr_FR')).rejects.toMatchObject({
      name: 'ContentError',
      status: 404,
      message: 'Cross-sell x not found',
    });
    const html = fakeFetch({ status: 502, text: '<html>Bad gateway</html>' });
    await expect(contentClient('http://content.test/content', html.fetchImpl).header('fr_FR')).rejects.toMatchObject({
      name: 'ContentError',
      status: 502,
      message: '502 /content/b2c-header',
    });
  });

  it('names the paths of the other calls as the service does', async () => {
    const fake = fakeFetch({ body: { data: [], meta: {} } });
    const client = contentClient('http://content.test/content', fake.fetchImpl);
    await client.categoryCrossSell('chien-croquettes', 'SKU-1', 'fr_FR');
    await client.categories('fr_BE');
    await client.pages('nl_BE');
    await client.faq('fr_FR');
    await client.shops('fr_FR');
    expect(fake.paths()).toEqual([
      '/content/b2c-products/b2c-categories/chien-croquettes?sku=SKU-1&locale=fr_FR&limit=4',
      '/content/b2c-categories?locale=fr_BE',
      '/content/b2c-pages?locale=nl_BE',
      '/content/b2c-faqs?locale=fr_FR',
      '/content/b2c-shops?locale=fr_FR',
    ]);
    const page = fakeFetch({
      body: {
        data: {
          key: 'terms',
          kind: 'page',
          slug: 'cgv',
          title: 'CGV',
          description: 'd',
          body: '# CGV',
          localizations: {},
          updatedAt: '2026-11-20T09:30:00.000Z',
        },
        meta: {},
      },
    });
    expect((await contentClient('http://content.test/content', page.fetchImpl).page('/terms/', 'fr_FR')).slug).toBe('cgv');
    expect(page.paths()).toEqual(['/content/terms?locale=fr_FR']);
  });
});
