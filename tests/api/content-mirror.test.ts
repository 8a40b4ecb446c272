/**
 * The platform's copy of a content service of record (src/backend/content/mirror.ts): a shop platform started with
 * CONTENT_SOURCE_URL copies the catalogue of a second platform's content service (an embedded one, on a PGlite of
 * its own, over real HTTP: the wire Strapi answers too, tests/cms holds them equal) when the source's webhook
 * reaches `POST /catalogue/events`. An editor's change at the source is then what the shop sells: a price, a new
 * product, an unpublished one, a renamed one; a broken entry is left out of the copy and reported.
 */
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preparePlatform, type Platform } from '../../src/backend/platform.ts';
import { loadFixtures } from '../../src/backend/seed/seed.ts';
import { order as orderSchema } from '../../src/lib/shop-api/orders.ts';
import { violationList } from '../../src/lib/shop-api/errors.ts';
import { seededDatabase, shopApi, testPlatform, type TestPlatform } from './platform.ts';

const EDITOR_TOKEN = 'editor-token-for-the-mirror-tests';
const SECRET = 'webhook-secret-for-the-mirror-tests';
const fixtures = loadFixtures();
const sellable = fixtures.products.filter((p) => p.viewable && !p.isSample && p.variants.some((v) => v.showVariant && v.inStock));
const [priced, hidden, broken, renamed] = sellable;
const formatOf = (product: (typeof sellable)[number]) => product.variants.find((v) => v.showVariant && v.inStock)!;

let source: { platform: Platform; server: ReturnType<typeof serve>; url: string };
let shop: TestPlatform;
let api: ReturnType<typeof shopApi>;

beforeAll(async () => {
  // The source has a database of its own in either pass: an in-memory PGlite, never the shop's.
  const platform = await preparePlatform({
    ...seededDatabase(),
    env: { CONTENT_EDITOR_TOKEN: EDITOR_TOKEN, SCHEDULER: 'off', PASSWORD_HASH_COST: 'test' },
  });
  const server = serve({ fetch: platform.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  source = { platform, server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/content` };
  shop = await testPlatform({ env: { CONTENT_SOURCE_URL: source.url, WEBHOOK_SECRET: SECRET } });
  api = shopApi(shop);
});
afterAll(async () => {
  await shop?.db.close();
  await new Promise((resolve) => source?.server.close(resolve));
  await source?.platform.close();
});

/** What Strapi sends for an entry of `model` (src/lib/content/webhook.ts), with our secret unless told otherwise. */
const event = (body: unknown, secret: string | null = SECRET) =>
  shop.request('/catalogue/events', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(secret === null ? {} : { authorization: `Bearer ${secret}` }) },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
const published = (model = 'b2c-product') =>
  event({ event: 'entry.publish', createdAt: new Date().toISOString(), model, uid: `api::${model}.${model}`, entry: { locale: 'fr' } });
const mirrored = async (model?: string) => {
  const res = await published(model);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { written: { fr: number; nl: number }; hidden: number; categories: number; skipped: number };
};

/** An editor's write at the source (its editor API, as in tests/api/content-editor.test.ts). */
async function edit(method: string, path: string, data?: unknown) {
  const res = await source.platform.app.request(`http://source.test/content/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${EDITOR_TOKEN}` },
    body: data === undefined ? undefined : JSON.stringify({ data }),
  });
  expect(res.status, await res.clone().text()).toBeLessThan(300);
}

const newCart = async () => {
  const res = await api.call('POST', '/orders', { body: { localeCode: 'fr_FR', channelCode: 'FR' }, query: 'channelCode=FR&locale=fr_FR' });
  expect(res.status).toBe(201);
  return orderSchema.parse(res.body).tokenValue;
};
const add = async (code: string) =>
  api.call('PATCH', `/orders/${await newCart()}/items`, {
    body: { productVariant: code, quantity: 1 },
    query: 'channelCode=FR&locale=fr_FR',
  });

describe('the catalogue copied from the content source', () => {
  it('copies every listed product at the first run, then only what changed', async () => {
    const first = await mirrored();
    // Every product of the seed is written in both languages.
    const listed = fixtures.products.filter((p) => p.viewable).length;
    expect(first.written).toEqual({ fr: listed, nl: listed });
    expect(first).toMatchObject({ hidden: 0, skipped: 0 });
    expect(first.categories).toBeGreaterThan(0);
    expect((await mirrored()).written).toEqual({ fr: 0, nl: 0 });
  });

  it('sells at the price an editor published at the source, in both languages', async () => {
    const format = formatOf(priced!);
    await edit('PUT', `/products/${priced!.sku}?locale=fr`, { variants: [{ code: format.code, base_price: format.basePrice + 111 }] });
    // A format's price is the product's in every language: the source stamps both.
    expect((await mirrored('b2c-product-variant')).written).toEqual({ fr: 1, nl: 1 });
    const res = await add(format.code);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(orderSchema.parse(res.body).items[0]).toMatchObject({ originalUnitPrice: format.basePrice + 111 });
    // The shop's own reads (search, the guides) see it too, its picture where the source keeps it.
    const read = await shop.get(`/content/b2c-products/sku-${priced!.sku}?render=1&locale=fr_FR`);
    const body = read.body as { data: { ProductVariants: Array<{ code: string; base_price: number }>; image: { url: string } | null } };
    expect(body.data.ProductVariants.find((v) => v.code === format.code)?.base_price).toBe(format.basePrice + 111);
    if (body.data.image) expect(body.data.image.url.startsWith(new URL(source.url).origin)).toBe(true);
  });

  it('sells a product created at the source, and no longer one unpublished there', async () => {
    const format = formatOf(priced!);
    await edit('POST', '/products?locale=fr', {
      sku: 'MIRROR-NEW',
      slug: 'croquettes-du-miroir',
      name: 'Croquettes du miroir',
      animal: 'dog',
      kind: 'dry',
      position: 999,
      best_seller_rank: 999,
      first_sell_at: '2026-12-01',
      colour: '#336699',
      short_description: 'Nouvelles.',
      description: 'Nouvelles croquettes.',
      energy_kcal_per_kg: 3700,
      analytical_constituents: { protein: 26, fat: 15, fibre: 3, ash: 7, moisture: 8 },
      approval_number: 'FR 35.238.001 CE',
      feeding_table: [{ weightKg: 10, gramsPerDay: 150 }],
      filters: { lifeStage: 'adult', size: 'all', sterilised: false, grainFree: false, mainProtein: 'chicken' },
      categories: priced!.categories,
      variants: [{ code: '99000001', name: '2 kg', slug: '2-kg', unit: 'kg', net_quantity: 2, base_price: 1990 }],
    });
    await edit('POST', `/products/${hidden!.sku}/actions/unpublish?locale=fr`);
    const report = await mirrored();
    expect(report.written.fr).toBe(1);
    expect(report.hidden).toBe(1);

    const bought = await add('99000001');
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    expect(orderSchema.parse(bought.body).items[0]).toMatchObject({ originalUnitPrice: 1990, productName: 'Croquettes du miroir' });
    const refused = await add(formatOf(hidden!).code);
    expect(refused.status).toBe(422);
    expect(violationList.parse(refused.body).violations[0]?.propertyPath).toBe('productVariant');
    // The price changed above is still the one sold: a run writes only what changed.
    expect(orderSchema.parse((await add(format.code)).body).items[0]?.originalUnitPrice).toBe(format.basePrice + 111);
  });

  it('gives a product its new slug and keeps the old one among its former slugs', async () => {
    await edit('PUT', `/products/${renamed!.sku}?locale=fr`, { slug: 'un-nom-tout-neuf' });
    expect((await mirrored()).written.fr).toBe(1);
    const read = await shop.get(`/content/b2c-products/sku-${renamed!.sku}?render=0&locale=fr_FR`);
    expect((read.body as { data: unknown }).data).toMatchObject({ slug: 'un-nom-tout-neuf', formerSlugs: [renamed!.slug.fr] });
  });

  it('leaves out of the copy a product the source answers broken, reports it, and copies the rest', async () => {
    // What a faulty deployment at the source can answer: a product without its filters, which the wire requires.
    await source.platform.db.query(`UPDATE content.products SET filters = '{}'::jsonb, updated_at = now() WHERE sku = $1`, [broken!.sku]);
    await edit('PUT', `/products/${priced!.sku}?locale=fr`, { name: 'Un nouveau nom' });
    const report = await mirrored();
    expect(report.skipped).toBeGreaterThanOrEqual(1);
    expect(report.written.fr).toBe(1);
    const refused = await add(formatOf(broken!).code);
    expect(refused.status).toBe(422);
  });
});

describe('the content source’s webhook', () => {
  it('refuses a missing or wrong secret (401) and a body that is not an event (400), and copies nothing', async () => {
    expect((await event({ event: 'entry.publish', model: 'b2c-product' }, null)).status).toBe(401);
    expect((await event({ event: 'entry.publish', model: 'b2c-product' }, `${SECRET}x`)).status).toBe(401);
    expect((await event({ event: 'entry.publish', model: 'b2c-product' }, `é${SECRET.slice(1)}`)).status).toBe(401);
    expect((await event('{not json')).status).toBe(400);
    expect((await event({ model: 'b2c-product' })).status).toBe(400);
    expect((await event('x'.repeat(1024 * 1024 + 1))).status).toBe(413);
  });

  it('answers 204 to an event about what the carts do not read', async () => {
    expect((await published('b2c-faq')).status).toBe(204);
    expect((await event({ event: 'trigger-test', createdAt: new Date().toISOString() })).status).toBe(204);
  });

  it('copies once more after a run under way, however many events arrive during it', async () => {
    const format = formatOf(priced!);
    await edit('PUT', `/products/${priced!.sku}?locale=fr`, { variants: [{ code: format.code, base_price: format.basePrice + 222 }] });
    const answers = await Promise.all([published(), published(), published()]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(orderSchema.parse((await add(format.code)).body).items[0]?.originalUnitPrice).toBe(format.basePrice + 222);
  });

  it('answers 502 while the source is down, and the shop sells from its copy', async () => {
    const format = formatOf(priced!);
    const server = source.server as import('node:http').Server;
    await new Promise((resolve) => {
      server.close(resolve);
      server.closeAllConnections();
    });
    const res = await published();
    expect(res.status).toBe(502);
    expect(JSON.stringify(res.body)).toContain('could not be read');
    expect(orderSchema.parse((await add(format.code)).body).items[0]?.originalUnitPrice).toBe(format.basePrice + 222);
  });
});
