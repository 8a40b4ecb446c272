/**
 * The content service's editor API (src/backend/content/editor/): Strapi 5's REST writes with a Bearer
 * token, their effect on the read side the builds and the search use, and the signed webhooks each write
 * sends to the receivers (a real HTTP receiver on this machine, checking them with the receiver's code).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testPlatform, type TestPlatform } from './platform.ts';
import { errorBody } from '../../src/lib/content/wire.ts';
import { judgeWebhook, replayMemory, type WebhookVerdict } from '../../scripts/publish/judge.ts';
import { loadFixtures } from '../../src/backend/seed/seed.ts';

const TOKEN = 'editor-token-for-the-api-tests';
const SECRET = 'webhook-secret-for-the-api-tests';
const fixtures = loadFixtures();
const product = fixtures.products.find((p) => p.viewable && !p.isSample && p.variants.length > 1)!;

let platform: TestPlatform;
let receiver: Server;
/** What the receiver got: the verdict of each delivery and its payload. */
const received: Array<{ verdict: WebhookVerdict; payload: { event: string; model: string; entry: Record<string, unknown> } }> = [];
const replays = replayMemory();

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
    });
    req.on('end', async () => {
      const header = (name: string) => req.headers[name] as string | undefined;
      const verdict = await judgeWebhook(
        { event: header('x-strapi-event'), signature: header('x-webhook-signature'), timestamp: header('x-webhook-timestamp'), body },
        { secret: SECRET, now: new Date(), replays },
      );
      received.push({ verdict, payload: JSON.parse(body) });
      res.writeHead(verdict.rebuild ? 202 : verdict.status).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const { port } = receiver.address() as AddressInfo;
  platform = await testPlatform({
    env: { CONTENT_EDITOR_TOKEN: TOKEN, WEBHOOK_SECRET: SECRET, CONTENT_WEBHOOK_URLS: `http://127.0.0.1:${port}/hook` },
  });
});
afterAll(async () => {
  await platform.db.close();
  receiver.close();
});

const write = (method: string, path: string, body?: unknown, token = TOKEN) =>
  platform.request(`/content/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });

const expectError = (res: { status: number; body: unknown }, status: number, name: string) => {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  const parsed = errorBody.parse(res.body);
  expect(parsed.error).toMatchObject({ status, name });
  return parsed.error;
};

/** Waits for the receiver to have got a delivery matching `match`. */
async function delivered(match: (d: (typeof received)[number]) => boolean) {
  for (let i = 0; i < 100; i += 1) {
    const found = received.find(match);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`No such webhook among ${received.length}: ${JSON.stringify(received.map((r) => r.payload.event))}`);
}

const revision = async () => (await platform.db.query<{ value: string }>('SELECT value FROM content.revision'))[0]!.value;

describe('the editor API refuses', () => {
  it('a call without the token or with another one (401, Strapi shape), and sends nothing', async () => {
    expectError(await write('PUT', `/products/${product.sku}`, { data: { name: 'X' } }, ''), 401, 'UnauthorizedError');
    expectError(await write('PUT', `/products/${product.sku}`, { data: { name: 'X' } }, 'nope'), 401, 'UnauthorizedError');
    expectError(await write('POST', `/pages/terms/actions/unpublish`, undefined, `${TOKEN}x`), 401, 'UnauthorizedError');
    // As many characters as the token, one of them not ASCII (so one byte more): a refusal, never a 500.
    expectError(await write('PUT', `/products/${product.sku}`, { data: { name: 'X' } }, `é${TOKEN.slice(1)}`), 401, 'UnauthorizedError');
    const res = await platform.get(`/content/b2c-products/${product.slug.fr}?locale=fr`);
    expect(res.body.data.name).toBe(product.name.fr);
  });

  it('a body that is not JSON, not an envelope, with unknown or wrong fields (400 with the fields named)', async () => {
    expectError(await write('PUT', `/products/${product.sku}`, '{not json'), 400, 'ValidationError');
    expectError(await write('PUT', `/products/${product.sku}`, { name: 'no envelope' }), 400, 'ValidationError');
    const unknown = expectError(await write('PUT', `/products/${product.sku}`, { data: { nom: 'Croquettes' } }), 400, 'ValidationError');
    expect(unknown.message).toContain('nom');
    const price = expectError(
      await write('PUT', `/products/${product.sku}`, { data: { variants: [{ code: product.variants[0]!.code, base_price: -5 }] } }),
      400,
      'ValidationError',
    );
    expect(price.details).toMatchObject({ errors: [expect.objectContaining({ path: ['data', 'variants', 0, 'base_price'] })] });
    expectError(await write('PUT', `/products/${product.sku}`, { data: {} }), 400, 'ValidationError');
    expectError(await write('PUT', `/products/${product.sku}?locale=de`, { data: { name: 'X' } }), 400, 'ValidationError');
    expectError(await write('PUT', `/pages/terms`, { data: { slug: 'Pas Un Slug' } }), 400, 'ValidationError');
    expectError(await write('POST', '/menus', { data: { items: [] } }), 400, 'ValidationError');
  });

  it('an unknown kind or entry (404), a format the product does not have, a slug another entry has (400)', async () => {
    expectError(await write('PUT', '/articles/1', { data: { title: 'X' } }), 404, 'NotFoundError');
    expectError(await write('PUT', '/products/NO-SUCH-SKU', { data: { name: 'X' } }), 404, 'NotFoundError');
    expectError(await write('POST', '/pages/no-such-page/actions/publish'), 404, 'NotFoundError');
    expectError(
      await write('PUT', `/products/${product.sku}`, { data: { variants: [{ code: '99999999', base_price: 100 }] } }),
      400,
      'ValidationError',
    );
    const other = fixtures.products.find((p) => p.sku !== product.sku)!;
    expectError(await write('PUT', `/products/${product.sku}`, { data: { slug: other.slug.fr } }), 400, 'ValidationError');
  });

  it('to hide a menu, or a category that still lists products', async () => {
    expectError(await write('POST', '/menus/header/actions/unpublish'), 400, 'ValidationError');
    const category = fixtures.categories[0]!;
    const error = expectError(await write('POST', `/categories/${category.key}/actions/unpublish`), 400, 'ValidationError');
    expect(error.message).toContain('products');
  });
});

describe('the editor API writes what the site reads', () => {
  it("changes a format's price in every language, stamps the product, moves the search's revision, and sends a signed webhook", async () => {
    const code = product.variants[0]!.code;
    const before = await platform.get(`/content/b2c-products/${product.slug.nl}?locale=nl`);
    const rev = await revision();
    const res = await write('PUT', `/products/${product.sku}?locale=fr_FR`, { data: { variants: [{ code, base_price: 4321 }] } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ documentId: product.sku, locale: 'fr', publishedAt: expect.any(String) });
    expect(res.body.data.variants.find((v: { code: string }) => v.code === code).base_price).toBe(4321);
    for (const [slug, locale] of [
      [product.slug.fr, 'fr_FR'],
      [product.slug.nl, 'nl_BE'],
    ] as const) {
      const read = await platform.get(`/content/b2c-products/${slug}?locale=${locale}`);
      expect(read.body.data.ProductVariants.find((v: { code: string }) => v.code === code).base_price).toBe(4321);
    }
    const after = await platform.get(`/content/b2c-products/${product.slug.nl}?locale=nl`);
    expect(Date.parse(after.body.data.updatedAt)).toBeGreaterThan(Date.parse(before.body.data.updatedAt));
    expect(BigInt(await revision())).toBeGreaterThan(BigInt(rev));
    const hook = await delivered((d) => d.payload.event === 'entry.update' && d.payload.entry.documentId === product.sku);
    expect(hook.verdict).toEqual({ rebuild: true, model: 'b2c-product', event: 'entry.update', channels: ['fr', 'be'] });
  });

  it('sets a product’s approval number (its label’s establishment) in every language', async () => {
    const res = await write('PUT', `/products/${product.sku}?locale=fr_FR`, { data: { approval_number: 'FR 22 050 002 CE' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.approval_number).toBe('FR 22 050 002 CE');
    for (const locale of ['fr_FR', 'nl_BE'])
      expect(
        (await platform.get(`/content/b2c-products/sku-${product.sku}?render=2&locale=${locale}`)).body.data.labelling.approval_number,
      ).toBe('FR 22 050 002 CE');
    expectError(await write('PUT', `/products/${product.sku}`, { data: { approval_number: '  ' } }), 400, 'ValidationError');
  });

  it('unpublishes a product (hidden from the listings, its webhook sent) and publishes it again', async () => {
    const off = await write('POST', `/products/${product.sku}/actions/unpublish?locale=fr`);
    expect(off.status).toBe(200);
    expect(off.body.data.publishedAt).toBeNull();
    expect((await platform.get(`/content/b2c-products/${product.slug.fr}?locale=fr`)).body.data.viewable).toBe(false);
    await delivered((d) => d.payload.event === 'entry.unpublish' && d.payload.entry.documentId === product.sku);
    const on = await write('POST', `/products/${product.sku}/actions/publish?locale=fr`);
    expect(on.body.data.publishedAt).toEqual(expect.any(String));
    expect((await platform.get(`/content/b2c-products/${product.slug.fr}?locale=fr`)).body.data.viewable).toBe(true);
    await delivered((d) => d.payload.event === 'entry.publish' && d.payload.entry.documentId === product.sku);
  });

  it('unpublishes a Dutch page: gone from the Dutch list and its own address, still in French; the webhook concerns BE only', async () => {
    expect((await write('POST', '/pages/delivery/actions/unpublish?locale=nl_BE')).status).toBe(200);
    expect((await platform.get('/content/delivery?locale=nl')).status).toBe(404);
    expect((await platform.get('/content/b2c-pages?locale=nl')).body.data.map((p: { key: string }) => p.key)).not.toContain('delivery');
    expect((await platform.get('/content/delivery?locale=fr')).status).toBe(200);
    const hook = await delivered((d) => d.payload.event === 'entry.unpublish' && d.payload.model === 'b2c-page');
    expect(hook.verdict).toMatchObject({ rebuild: true, channels: ['be'] });
    await write('POST', '/pages/delivery/actions/publish?locale=nl_BE');
    expect((await platform.get('/content/delivery?locale=nl')).status).toBe(200);
  });

  it('creates a page and a FAQ question, edits a shop and the header menu', async () => {
    const page = { key: 'editor-news', slug: 'nouvelles', title: 'Nouvelles', description: 'Ce qui change', body: '# Bonjour' };
    const created = await write('POST', '/pages?locale=fr', { data: page });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data).toMatchObject({ documentId: 'editor-news', title: 'Nouvelles', kind: 'page' });
    expect((await platform.get('/content/editor-news?locale=fr')).body.data).toMatchObject({ title: 'Nouvelles', body: '# Bonjour' });
    expectError(await write('POST', '/pages?locale=fr', { data: page }), 400, 'ValidationError');

    const faqCategory = fixtures.faq.categories[0]!.key;
    const faq = { key: 'editor-question', question: 'Livrez-vous le dimanche ?', answer: 'Non.', category: faqCategory };
    expect((await write('POST', '/faqs?locale=fr', { data: faq })).status).toBe(201);
    const faqs = (await platform.get('/content/b2c-faqs?locale=fr')).body.data;
    expect(faqs.find((c: { key: string }) => c.key === faqCategory).entries).toContainEqual(
      expect.objectContaining({ key: 'editor-question', question: 'Livrez-vous le dimanche ?' }),
    );
    expectError(await write('POST', '/faqs?locale=fr', { data: { ...faq, key: 'other', category: 'no-such' } }), 400, 'ValidationError');

    const shop = fixtures.shops[0]!;
    expect((await write('PUT', `/shops/${shop.key}?locale=fr`, { data: { phone: '01 23 45 67 89' } })).status).toBe(200);
    const shops = (await platform.get('/content/b2c-shops?locale=fr')).body.data;
    expect(shops.find((s: { key: string }) => s.key === shop.key).phone).toBe('01 23 45 67 89');

    const items = [{ label: 'Chiens', route: 'category', params: { path: 'chien' }, children: [] }];
    expect((await write('PUT', '/menus/header?locale=fr', { data: { items } })).status).toBe(200);
    expect((await platform.get('/content/b2c-header?locale=fr')).body.data.items).toEqual(items);
    await delivered((d) => d.payload.model === 'b2c-menu');
  });

  it("keeps a renamed product's former slug (its old address redirects), which no other product may take", async () => {
    const renamed = fixtures.products.find((p) => p.viewable && p.sku !== product.sku)!;
    const res = await write('PUT', `/products/${renamed.sku}?locale=nl`, { data: { slug: 'nieuwe-naam' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const read = await platform.get(`/content/b2c-products/nieuwe-naam?locale=nl&render=0`);
    expect(read.body.data).toMatchObject({ sku: renamed.sku, slug: 'nieuwe-naam', formerSlugs: [renamed.slug.nl] });
    expect((await platform.get(`/content/b2c-products/${renamed.slug.fr}?locale=fr&render=0`)).body.data.formerSlugs).toEqual([]);
    const other = fixtures.products.find((p) => p.sku !== renamed.sku && p.sku !== product.sku)!;
    expectError(await write('PUT', `/products/${other.sku}?locale=nl`, { data: { slug: renamed.slug.nl } }), 400, 'ValidationError');
    // Given back its old name: that name leaves its former slugs, and the one it had since joins them.
    expect((await write('PUT', `/products/${renamed.sku}?locale=nl`, { data: { slug: renamed.slug.nl } })).status).toBe(200);
    const back = await platform.get(`/content/b2c-products/${renamed.slug.nl}?locale=nl&render=0`);
    expect(back.body.data.formerSlugs).toEqual(['nieuwe-naam']);
    await delivered((d) => d.payload.entry.documentId === renamed.sku && d.payload.entry.slug === renamed.slug.nl);
  });

  it('signs every delivery so that the receiver accepted all of them', () => {
    expect(received.length).toBeGreaterThan(0);
    expect(received.filter((d) => !d.verdict.rebuild)).toEqual([]);
  });
});
