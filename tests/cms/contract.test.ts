/**
 * The contract between the sites and a real Strapi 5 (cms/): the same small catalogue (CATALOGUE: ten products of
 * the seed, each kind and species, a hidden one and a sample) in the embedded content service and in Strapi, started
 * here as `npm run cms` starts it (its admin panel built), on a PGlite of its own.
 * Then:
 * - every read the sites' build makes (the catalogue at render 0 and 2, categories, pages, FAQ, shops, menus; each
 *   site locale) is answered alike, but for what each service stamps itself (see `comparable`);
 * - the FR channel built from Strapi is the site built from the embedded service (tests/cms/same-site.ts);
 * - Strapi's public role and the build's read-only token read, and write nothing;
 * - an editor's day through Strapi's content manager: a price, a Dutch text, a product unpublished; Strapi's own
 *   webhooks reach the receiver registered at start, with the secret, and the shop's receiver accepts them
 *   (src/lib/content/webhook.ts); the FR site built again shows the change; and Strapi's second webhook reaches a
 *   shop platform copying its catalogue (CONTENT_SOURCE_URL: src/backend/content/mirror.ts), whose carts then sell at
 *   the price published.
 * It runs in a vitest run of its own (scripts/test.ts); cms/'s packages are installed on first use (about 40 s).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { serve } from '@hono/node-server';
import { chromium } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildChannels } from '../../scripts/build.ts';
import { freePorts } from '../../scripts/lib/ports.ts';
import { judgeWebhook, replayMemory } from '../../scripts/publish/judge.ts';
import { shopApi, testPlatform } from '../api/platform.ts';
import { preparePlatform } from '../../src/backend/platform.ts';
import { order as orderSchema } from '../../src/lib/shop-api/orders.ts';
import { contentReportFile } from '../../src/site/content-report.ts';
import { siteDifferences } from './same-site.ts';

/**
 * Strapi's first start here: cms/'s install when missing (40 s), its build with the admin panel (35 s), the seed's
 * import (30 s); three times that beside the other passes on a slow day.
 */
const START_MS = 420_000;
const BUILD_MS = 180_000;
const SECRET = 'contract-test-webhook-secret-0123456789';
/**
 * The products both services hold: the seed's 46 would cost the import and each of the three builds of the FR site
 * four times as long, for no case more. Each species' dry and wet food and treats, a product the sites do not show
 * (DOG-DRY-INSECT) and a sample; the editor's day below changes some of them.
 */
const CATALOGUE = [
  'DOG-DRY-PUPPY-CHICKEN',
  'DOG-DRY-SENIOR-CHICKEN',
  'DOG-DRY-INSECT',
  'DOG-WET-ADULT-BEEF',
  'DOG-TREAT-BISCUITS-LAMB',
  'CAT-DRY-STERILISED-CHICKEN',
  'CAT-WET-STERILISED-SALMON',
  'CAT-WET-SENIOR-TURKEY',
  'CAT-TREAT-DENTAL',
  'SAMPLE-CAT-STERILISED-CHICKEN',
];
/** Those the sites show: all but DOG-DRY-INSECT. */
const SHOWN = CATALOGUE.length - 1;

let folder: string;
let embedded: { url: string; server: ReturnType<typeof serve>; close: () => Promise<void> };
let strapi: { url: string; process: ChildProcess; log: string[] };
let receiver: Server;
/** The shop whose catalogue is Strapi's (CONTENT_SOURCE_URL), served where Strapi's second webhook is registered. */
let shop: { api: ReturnType<typeof shopApi>; port: number; server?: ReturnType<typeof serve>; close?: () => Promise<void> };
const received: { headers: Record<string, string | string[] | undefined>; body: string; at: Date }[] = [];

async function until(what: string, ready: () => Promise<boolean>, timeoutMs: number, child?: ChildProcess): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await ready().catch(() => false))) {
    if (child && child.exitCode !== null) throw new Error(`${what} stopped (exit ${child.exitCode}).`);
    if (Date.now() > deadline) throw new Error(`${what} was not ready within ${timeoutMs / 1000} s.`);
    await sleep(250);
  }
}

beforeAll(async () => {
  // In the working tree, not the system's temporary folder: Astro builds a site whose output is outside the working
  // tree through ./.astro/, which another build running beside this one (the incremental build test's) uses too.
  mkdirSync('.data', { recursive: true });
  folder = mkdtempSync(join(process.cwd(), '.data', 'test-cms-contract-'));
  // The receiver Strapi's webhook is registered to: it records what Strapi sends.
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    request.on('end', () => {
      received.push({ headers: request.headers, body, at: new Date() });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const [strapiPort, pglitePort, shopPort] = await freePorts(3);
  const log: string[] = [];
  const child = spawn(process.execPath, ['scripts/cms.ts'], {
    env: {
      ...process.env,
      CMS_DATA_DIR: join(folder, 'cms'),
      PORT: String(strapiPort),
      CMS_PGLITE_PORT: String(pglitePort),
      PUBLISH_WEBHOOK_URL: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/`,
      PLATFORM_WEBHOOK_URL: `http://127.0.0.1:${shopPort}/catalogue/events`,
      WEBHOOK_SECRET: SECRET,
      CMS_SEED_SKUS: CATALOGUE.join(','),
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.stdout?.on('data', (chunk: Buffer) => log.push(chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => log.push(chunk.toString('utf8')));
  strapi = { url: `http://127.0.0.1:${strapiPort}/api`, process: child, log };

  const platform = await preparePlatform({ dataDir: 'memory://', reset: true, skus: CATALOGUE, env: { PASSWORD_HASH_COST: 'test' } });
  const server = serve({ fetch: platform.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  embedded = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/content`,
    server,
    close: async () => {
      await new Promise((resolve) => server.close(resolve));
      await platform.close();
    },
  };
  try {
    await until('Strapi', async () => log.join('').includes('[cms] Strapi is ready'), START_MS, child);
  } catch (error) {
    throw new Error(`${(error as Error).message}\n${log.join('').slice(-4000)}`);
  }
  const copying = await testPlatform({ env: { CONTENT_SOURCE_URL: strapi.url, WEBHOOK_SECRET: SECRET } });
  const shopServer = serve({ fetch: copying.app.fetch, port: shopPort, hostname: '127.0.0.1' });
  shop = {
    api: shopApi(copying),
    port: shopPort,
    server: shopServer,
    close: async () => {
      await new Promise((resolve) => shopServer.close(resolve));
      await copying.db.close();
    },
  };
}, START_MS + 30_000);

afterAll(async () => {
  // scripts/cms.ts stops Strapi, then its PGlite.
  if (strapi?.process.exitCode === null) {
    const exited = new Promise((resolve) => strapi.process.once('exit', resolve));
    strapi.process.kill('SIGTERM');
    await exited;
  }
  await embedded?.close();
  await shop?.close?.();
  await new Promise((resolve) => receiver?.close(resolve));
  rmSync(folder, { recursive: true, force: true });
}, 60_000);

const get = async (base: string, path: string, init?: RequestInit) => {
  const response = await fetch(`${base}/${path}`, init);
  return { status: response.status, body: (await response.json()) as any };
};

/**
 * An answer as both services must give it. Left aside: what each service stamps itself (`updatedAt`), where its
 * files are (`url`), how it names a file (`fileHash`: a content hash here, Strapi's `<name>_<random>`), the
 * thumbnail's type (Strapi keeps the master's, PNG; the embedded seed makes WebP), and a product the sites do not
 * show: listed `viewable: false` by the embedded service, a draft in Strapi, so absent.
 */
function comparable(value: unknown): unknown {
  if (Array.isArray(value))
    return value
      .filter((item) => !(item && typeof item === 'object' && (item as { viewable?: boolean }).viewable === false))
      .map(comparable);
  if (value && typeof value === 'object') {
    const kept = Object.entries(value).filter(([key]) => !['updatedAt', 'url', 'fileHash'].includes(key));
    return Object.fromEntries(
      kept.map(([key, inner]) => [key, key === 'thumbnail' ? comparable({ ...(inner as object), mime: undefined }) : comparable(inner)]),
    );
  }
  return value;
}

const reads = ['fr_FR', 'fr_BE', 'nl_BE'].flatMap((locale) => [
  `b2c-products?render=0&locale=${locale}&pagination%5Bpage%5D=1&pagination%5BpageSize%5D=500`,
  `b2c-products?render=2&locale=${locale}&pagination%5BpageSize%5D=100`,
  ...['b2c-categories', 'b2c-pages', 'b2c-faqs', 'b2c-shops', 'b2c-header', 'b2c-footer'].map((type) => `${type}?locale=${locale}`),
]);

describe('Strapi answers the sites as the embedded content service does', () => {
  it.each(reads)('%s', async (read) => {
    const [theirs, ours] = await Promise.all([get(strapi.url, read), get(embedded.url, read)]);
    expect(theirs.status).toBe(200);
    expect(comparable(theirs.body.data)).toEqual(comparable(ours.body.data));
    // The version of the facts both compute with (VAT rates, the label's mentions): the same facts, the same version.
    expect(theirs.body.meta.version).toBe(ours.body.meta.version);
    // Pictures: absolute addresses the build can fetch, with their thumbnail.
    const picture = [theirs.body.data].flat().find((entry: any) => entry?.image)?.image;
    if (picture) {
      expect((await fetch(picture.url)).headers.get('content-type')).toBe('image/png');
      expect(picture.formats.thumbnail.width).toBeLessThanOrEqual(245);
    }
  });

  it('pages the catalogue as Strapi pages it, and a batch of SKUs is one page', async () => {
    const page = await get(strapi.url, 'b2c-products?render=0&locale=fr_FR&pagination%5Bpage%5D=2&pagination%5BpageSize%5D=4');
    expect(page.body.meta.pagination).toMatchObject({ page: 2, pageSize: 4, total: SHOWN, pageCount: Math.ceil(SHOWN / 4) });
    expect(page.body.data).toHaveLength(4);
    const skus = ['DOG-DRY-PUPPY-CHICKEN', 'CAT-WET-SENIOR-TURKEY', 'NOT-A-PRODUCT'];
    const batch = await get(
      strapi.url,
      `b2c-products?render=1&locale=nl_BE&${skus.map((s, i) => `filters%5Bsku%5D%5B%24in%5D%5B${i}%5D=${s}`).join('&')}`,
    );
    expect(batch.body.data.map((p: { sku: string }) => p.sku).sort()).toEqual(skus.slice(0, 2).sort());
  });

  it('refuses a question it cannot answer with Strapi’s 400, as the embedded service does', async () => {
    for (const read of ['b2c-products?locale=en_GB', 'b2c-products?render=7', 'b2c-products?pagination%5BpageSize%5D=501']) {
      const [theirs, ours] = await Promise.all([get(strapi.url, read), get(embedded.url, read)]);
      expect([theirs.status, ours.status]).toEqual([400, 400]);
      expect(theirs.body).toMatchObject({ data: null, error: { status: 400, name: expect.any(String), message: expect.any(String) } });
    }
  });
});

describe('Strapi’s roles and tokens', () => {
  it('the public role reads published entries and writes nothing', async () => {
    const drafts = await get(strapi.url, 'b2c-products?render=0&locale=fr_FR&status=draft&pagination%5BpageSize%5D=500');
    expect(drafts.body.data.map((p: { sku: string }) => p.sku)).not.toContain('DOG-DRY-INSECT');
    const write = await fetch(`${strapi.url}/b2c-products`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ data: { sku: 'X' } }),
    });
    expect(write.status).toBe(403);
  });

  it('the build’s token reads, and is refused any write', async () => {
    const token = readFileSync(join(folder, 'cms', 'build-token'), 'utf8').trim();
    const auth = { authorization: `Bearer ${token}` };
    expect((await get(strapi.url, 'b2c-categories?locale=nl_BE', { headers: auth })).status).toBe(200);
    const write = await fetch(`${strapi.url}/b2c-categories`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ data: { key: 'x' } }),
    });
    expect(write.status).toBe(403);
    expect((await get(strapi.url, 'b2c-categories?locale=fr_FR', { headers: { authorization: 'Bearer not-a-token' } })).status).toBe(401);
  });
});

describe('The FR site built from Strapi', () => {
  it(
    'is the site built from the embedded service',
    async () => {
      const build = (name: string, contentUrl: string, token?: string) =>
        buildChannels(['fr'], {
          ...process.env,
          CONTENT_API_URL: contentUrl,
          CONTENT_API_TOKEN: token,
          DIST_DIR: join(folder, `${name}-dist`),
          CACHE_DIR: join(folder, `${name}-cache`),
          NETLIFY: undefined,
        });
      await build('embedded', embedded.url);
      // With the read-only token `npm run cms` made, as a production build reads.
      await build('strapi', strapi.url, readFileSync(join(folder, 'cms', 'build-token'), 'utf8').trim());
      const differences = siteDifferences(join(folder, 'embedded-dist', 'fr'), join(folder, 'strapi-dist', 'fr'), {
        expected: embedded.url,
        actual: strapi.url,
      });
      expect(differences).toEqual([]);
    },
    BUILD_MS,
  );
});

/**
 * An editor's day through Strapi's content manager (the admin panel's own API, what its "Save" and "Publish"
 * buttons call): a format's price, a Dutch text, a product unpublished. Each publish sends its webhook; the answers
 * change as the sites must show them, and the FR site built again shows the price and leaves the product out.
 */
describe('An editor’s day in Strapi', () => {
  const VARIANT = 'api::b2c-product-variant.b2c-product-variant';
  const PRODUCT = 'api::b2c-product.b2c-product';
  let admin: (path: string, init?: { method?: string; body?: unknown }) => Promise<{ status: number; body: any }>;
  const documentOf = async (model: string, field: string, value: string) => {
    const found = await admin(
      `content-manager/collection-types/${model}?locale=fr&filters%5B%24and%5D%5B0%5D%5B${field}%5D%5B%24eq%5D=${value}`,
    );
    expect(found.status).toBe(200);
    return found.body.results[0].documentId as string;
  };
  const product = async (locale: string, sku: string) =>
    (await get(strapi.url, `b2c-products?render=2&locale=${locale}&filters%5Bsku%5D%5B%24in%5D%5B0%5D=${sku}`)).body.data[0];
  const publishedSince = (since: number, event: string) => received.filter((r) => r.at.getTime() >= since && r.body.includes(`"${event}"`));

  beforeAll(async () => {
    const account = JSON.parse(readFileSync(join(folder, 'cms', 'admin-account.json'), 'utf8'));
    const origin = new URL(strapi.url).origin;
    const login = await fetch(`${origin}/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: account.email, password: account.password }),
    });
    const { token } = ((await login.json()) as { data: { token: string } }).data;
    admin = async (path, init = {}) => {
      const response = await fetch(`${origin}/${path}`, {
        method: init.method ?? 'GET',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      });
      return { status: response.status, body: await response.json() };
    };
  });

  it('a format’s new price, saved then published in the admin panel, reaches both sites and sends its webhook with the secret', async () => {
    const since = Date.now();
    // Through the panel, as an editor: sign in, find the format by its code, change its price, save.
    const account = JSON.parse(readFileSync(join(folder, 'cms', 'admin-account.json'), 'utf8'));
    const origin = new URL(strapi.url).origin;
    const browser = await chromium.launch({ executablePath: '/usr/bin/chromium-headless-shell' });
    try {
      const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
      // The panel greets a new browser with guided tours drawn over the lists (sometimes before the list, sometimes
      // after): turned off, as an editor who skipped them has them (the panel keeps that in the browser).
      await page.addInitScript(() => localStorage.setItem('STRAPI_GUIDED_TOUR', JSON.stringify({ enabled: false, hidden: true })));
      await page.goto(`${origin}/admin`);
      await page.getByLabel('Email').fill(account.email);
      await page.getByLabel('Password').fill(account.password);
      await page.getByRole('button', { name: 'Login' }).click();
      await page.getByText('Content Manager').first().waitFor();
      await page.goto(
        `${origin}/admin/content-manager/collection-types/${VARIANT}?page=1&pageSize=10&plugins[i18n][locale]=fr&_q=10000022`,
      );
      await page.getByRole('gridcell', { name: '10000022' }).first().click();
      const price = page.getByLabel('Prix TTC (centimes) / Prijs incl. btw (cent)');
      // Playwright's own waits are 30 s; vitest's poll waits 1 s unless told: the form fills once the entry is loaded.
      await expect.poll(() => price.inputValue(), { timeout: 30_000 }).toBe('2,390');
      // The panel says how a price is written (the model's hint, set at start).
      await page.getByText('Prix TTC en centimes').waitFor();
      await price.fill('2490');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Saved document').waitFor();
      // Saved, not published: the sites still show the published price.
      expect((await product('fr_FR', 'DOG-DRY-SENIOR-CHICKEN')).ProductVariants[0].base_price).toBe(2390);
      await page.getByRole('button', { name: 'Publish' }).click();
      await page.getByText('Published document').waitFor();
    } finally {
      await browser.close();
    }
    for (const locale of ['fr_FR', 'fr_BE', 'nl_BE'])
      expect((await product(locale, 'DOG-DRY-SENIOR-CHICKEN')).ProductVariants[0]).toMatchObject({ code: '10000022', base_price: 2490 });
    // BE's VAT (21 %) for the Belgian sites, FR's (20 %) for the French one.
    expect((await product('fr_BE', 'DOG-DRY-SENIOR-CHICKEN')).ProductVariants[0].base_price_tf).toBe(2058);
    expect((await product('fr_FR', 'DOG-DRY-SENIOR-CHICKEN')).ProductVariants[0].base_price_tf).toBe(2075);
    await until('the publish webhook', async () => publishedSince(since, 'entry.publish').length > 0, 30_000);
    const publish = publishedSince(since, 'entry.publish')[0]!;
    const verdict = await judgeWebhook(
      { event: publish.headers['x-strapi-event'] as string, authorization: publish.headers.authorization as string, body: publish.body },
      { secret: SECRET, now: publish.at, replays: replayMemory() },
    );
    expect(verdict).toMatchObject({ rebuild: true, event: 'entry.publish', channels: ['fr', 'be'] });
    const stranger = await judgeWebhook(
      { authorization: 'Bearer wrong-secret-wrong-secret', body: publish.body },
      { secret: SECRET, now: publish.at, replays: replayMemory() },
    );
    expect(stranger).toMatchObject({ rebuild: false, status: 401 });
    // The shop's carts sell at the published price: Strapi's second webhook made the platform copy it.
    const cartPrice = async () => {
      const cart = await shop.api.call('POST', '/orders', { body: { localeCode: 'fr_FR', channelCode: 'FR' }, query: 'locale=fr_FR' });
      const added = await shop.api.call('PATCH', `/orders/${(cart.body as { tokenValue: string }).tokenValue}/items`, {
        body: { productVariant: '10000022', quantity: 1 },
        query: 'locale=fr_FR',
      });
      return orderSchema.parse(added.body).items[0]?.originalUnitPrice;
    };
    await until('the price in the shop’s carts', async () => (await cartPrice()) === 2490, 60_000);
  }, 240_000);

  it('a Dutch text, published in Dutch, is on the Dutch pages only', async () => {
    const document = await documentOf(PRODUCT, 'sku', 'DOG-DRY-SENIOR-CHICKEN');
    const text = 'Een gematigd recept voor honden vanaf 7 jaar, nu met meer kip.';
    expect(
      (
        await admin(`content-manager/collection-types/${PRODUCT}/${document}?locale=nl`, {
          method: 'PUT',
          body: { short_description: text },
        })
      ).status,
    ).toBe(200);
    expect(
      (await admin(`content-manager/collection-types/${PRODUCT}/${document}/actions/publish?locale=nl`, { method: 'POST', body: {} }))
        .status,
    ).toBe(200);
    expect((await product('nl_BE', 'DOG-DRY-SENIOR-CHICKEN')).short_description).toBe(text);
    for (const locale of ['fr_FR', 'fr_BE']) expect((await product(locale, 'DOG-DRY-SENIOR-CHICKEN')).short_description).not.toBe(text);
  });

  it('a slug with spaces may be saved as a draft but is refused at publish, with Strapi’s reason', async () => {
    const document = await documentOf(PRODUCT, 'sku', 'DOG-DRY-SENIOR-CHICKEN');
    const path = `content-manager/collection-types/${PRODUCT}/${document}`;
    expect((await admin(`${path}?locale=fr`, { method: 'PUT', body: { slug: 'croquettes senior' } })).status).toBe(200);
    const published = await admin(`${path}/actions/publish?locale=fr`, { method: 'POST', body: {} });
    expect(published.status).toBe(400);
    expect(published.body.error.details.errors[0].path).toEqual(['slug']);
    // The sites read the published version, untouched.
    expect((await product('fr_FR', 'DOG-DRY-SENIOR-CHICKEN')).slug).toBe('croquettes-senior-7-poulet-orge');
  });

  it('a product’s new slug, published, keeps the old one among its former slugs (its address redirects)', async () => {
    const before = await product('fr_FR', 'DOG-TREAT-BISCUITS-LAMB');
    const document = await documentOf(PRODUCT, 'sku', 'DOG-TREAT-BISCUITS-LAMB');
    const path = `content-manager/collection-types/${PRODUCT}/${document}`;
    expect((await admin(`${path}?locale=fr`, { method: 'PUT', body: { slug: 'biscuits-agneau-pomme' } })).status).toBe(200);
    expect((await admin(`${path}/actions/publish?locale=fr`, { method: 'POST', body: {} })).status).toBe(200);
    const after = await product('fr_FR', 'DOG-TREAT-BISCUITS-LAMB');
    expect(after).toMatchObject({ slug: 'biscuits-agneau-pomme', formerSlugs: [before.slug] });
    // The Dutch version kept its slug, and has no former one.
    expect((await product('nl_BE', 'DOG-TREAT-BISCUITS-LAMB')).formerSlugs).toEqual([]);
  });

  it('a category’s new slug, published, gives it and its subcategories their new paths', async () => {
    const CATEGORY = 'api::b2c-category.b2c-category';
    const document = await documentOf(CATEGORY, 'key', 'cat');
    const path = `content-manager/collection-types/${CATEGORY}/${document}`;
    expect((await admin(`${path}?locale=fr`, { method: 'PUT', body: { slug: 'chats' } })).status).toBe(200);
    expect((await admin(`${path}/actions/publish?locale=fr`, { method: 'POST', body: {} })).status).toBe(200);
    const categories = (await get(strapi.url, 'b2c-categories?locale=fr_FR')).body.data as { key: string; path: string }[];
    expect(categories.find((c) => c.key === 'cat')?.path).toBe('chats');
    expect(categories.find((c) => c.key === 'cat-dry')?.path).toBe('chats/croquettes');
    const dutch = (await get(strapi.url, 'b2c-categories?locale=nl_BE')).body.data as { key: string; path: string }[];
    expect(dutch.find((c) => c.key === 'cat-dry')?.path).toBe('kat/brokken');
  });

  it('a product published before its formats is left out of the site, and the report says why', async () => {
    const created = await admin(`content-manager/collection-types/${PRODUCT}?locale=fr`, {
      method: 'POST',
      body: {
        sku: 'DOG-DRY-NEW-RABBIT',
        slug: 'croquettes-adulte-lapin',
        name: 'Croquettes Adulte Lapin',
        animal: 'dog',
        kind: 'dry',
        isSample: false,
        oldProduct: false,
        position: 99,
        best_seller_rank: 99,
        first_sell_at: '2026-12-01',
        colour: '#b08a5a',
        rating: 0,
        review_count: 0,
        short_description: 'Une recette au lapin.',
        description: 'Une recette au lapin pour chiens adultes. '.repeat(120),
        composition: 'Lapin déshydraté (30 %), riz.',
        additives: 'Vitamine A 15 000 UI.',
        energy_kcal_per_kg: 3700,
        json_avis: { rating: 0, count: 0, reviews: [] },
        filters: { lifeStage: 'adult', size: 'all', sterilised: false, grainFree: false, mainProtein: 'beef' },
        analytical_constituents: { protein: 26, fat: 14, fibre: 3, ash: 7, moisture: 8 },
      },
    });
    expect(created.status).toBe(201);
    const published = await admin(`content-manager/collection-types/${PRODUCT}/${created.body.data.documentId}/actions/publish?locale=fr`, {
      method: 'POST',
      body: {},
    });
    expect(published.status).toBe(200);
    expect((await product('fr_FR', 'DOG-DRY-NEW-RABBIT')).ProductVariants).toEqual([]);
  });

  it(
    'an unpublished product leaves the catalogue, and the FR site built again shows the new price without it',
    async () => {
      const { slug } = await product('fr_FR', 'CAT-WET-SENIOR-TURKEY');
      const document = await documentOf(PRODUCT, 'sku', 'CAT-WET-SENIOR-TURKEY');
      expect(
        (await admin(`content-manager/collection-types/${PRODUCT}/${document}/actions/unpublish?locale=fr`, { method: 'POST', body: {} }))
          .status,
      ).toBe(200);
      const listed = (await get(strapi.url, 'b2c-products?render=0&locale=fr_FR&pagination%5BpageSize%5D=500')).body.data;
      expect(listed.map((p: { sku: string }) => p.sku)).not.toContain('CAT-WET-SENIOR-TURKEY');
      await buildChannels(['fr'], {
        ...process.env,
        CONTENT_API_URL: strapi.url,
        DIST_DIR: join(folder, 'strapi-dist'),
        CACHE_DIR: join(folder, 'strapi-cache'),
        NETLIFY: undefined,
      });
      const site = join(folder, 'strapi-dist', 'fr');
      expect(readFileSync(join(site, 'produits', 'croquettes-senior-7-poulet-orge', 'index.html'), 'utf8')).toContain('24,90');
      const path = `/produits/${slug}/`;
      expect(readFileSync(join(folder, 'embedded-dist', 'fr', 'sitemap-fr_FR.xml'), 'utf8')).toContain(path);
      expect(readFileSync(join(site, 'sitemap-fr_FR.xml'), 'utf8')).not.toContain(path);
      expect(existsSync(join(site, 'produits', slug))).toBe(false);
      // The renamed product's old address redirects; the renamed category's pages moved.
      expect(readFileSync(join(site, '_redirects'), 'utf8')).toMatch(
        /^\/produits\/biscuits-chien-agneau-pomme\/ \/produits\/biscuits-agneau-pomme\/ 301$/m,
      );
      expect(existsSync(join(site, 'chats', 'croquettes', 'index.html'))).toBe(true);
      // The product without formats: no page, and a line of the channel's report.
      expect(existsSync(join(site, 'produits', 'croquettes-adulte-lapin'))).toBe(false);
      const report = JSON.parse(readFileSync(contentReportFile('fr', { CACHE_DIR: join(folder, 'strapi-cache') }), 'utf8'));
      expect(report.skipped).toContainEqual({
        collection: 'b2c-products',
        locale: 'fr_FR',
        key: 'DOG-DRY-NEW-RABBIT',
        reason: expect.stringContaining('no format'),
      });
    },
    BUILD_MS,
  );
});
