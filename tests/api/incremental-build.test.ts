/**
 * The incremental build (scripts/build.ts, src/site/cache-keys.ts): after content edits made straight in
 * the content service's database — a changed product, a new product, an unpublished product, then a
 * renamed category — the served tree of an incremental build equals a full build of the same content
 * (byte for byte, but for the build's id), while re-rendering only part of the pages. The FR channel of
 * the fixtures catalogue keeps it to a few builds of a couple hundred pages. It runs on PGlite only, in a
 * vitest run of its own beside the other tests (scripts/test.ts): the database driver changes nothing it checks.
 */
import {
  existsSync,
  lstatSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import type { AddressInfo } from 'node:net';
import { getPriority, tmpdir } from 'node:os';
import { execFileSync } from 'node:child_process';
import { join, relative } from 'node:path';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildChannels } from '../../scripts/build.ts';
import { astroBuilders } from '../../scripts/lib/astro-builders.ts';
import { testPlatform } from './platform.ts';
import { builtTree } from '../support/built-tree.ts';
import { contentReportFile } from '../../src/site/content-report.ts';

/**
 * The time limit of a case or a first build: the longest case takes about 32 s alone on two cores (a first
 * build, 25 to 40 s), and twice that beside the other passes of `npm test`; twice that again on a slow day.
 */
const BUILD_MS = 150_000;

let platform: Awaited<ReturnType<typeof testPlatform>>;
let server: ReturnType<typeof serve>;
let folder: string;
let env: NodeJS.ProcessEnv;
/** While set, the content service answers every call with 503, as one that is down. */
let contentDown = false;

type Site = 'fr' | 'be';
const served = (dist = 'dist', site: Site = 'fr') => join(folder, dist, site);
const astroCache = (cache = 'cache', site: Site = 'fr') => join(folder, cache, `astro-${site}`, 'dist');

/** The pages the last build rendered (not copied): Astro rewrites their cached copy. */
function renderedSince(started: number, root = astroCache()): string[] {
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.html') && statSync(join(root, name)).mtimeMs >= started)
    .map((name) => relative('.', name));
}

/** Builds incrementally: the tree served and the pages it rendered. */
async function incrementalBuild(site: Site = 'fr') {
  const started = Date.now();
  await buildChannels([site], env);
  return { incremental: builtTree(served('dist', site)), rendered: renderedSince(started, astroCache('cache', site)) };
}

/**
 * Builds incrementally, then fully: the two trees must be equal. Returns the incremental tree and what it
 * rendered. A full build is the longest step of this file: the cases whose point is what an edit renders
 * (once a kind of edit is proven equal to a full build) build incrementally only.
 */
async function incrementalThenFull(site: Site = 'fr') {
  const { incremental, rendered } = await incrementalBuild(site);
  await buildChannels([site], env, { full: true });
  const full = builtTree(served('dist', site));
  expect(missingPictures(full)).toEqual([]);
  expect([...incremental.keys()].sort()).toEqual([...full.keys()].sort());
  expect([...full].filter(([name, bytes]) => !incremental.get(name)?.equals(bytes)).map(([name]) => name)).toEqual([]);
  return { incremental, rendered };
}

/** The site's own pictures its pages draw that are not in the tree. */
function missingPictures(files: Map<string, Buffer>): string[] {
  const missing = new Set<string>();
  for (const [name, bytes] of files)
    if (name.endsWith('.html'))
      for (const [, file] of bytes.toString('utf8').matchAll(/["\s,]\/(_astro\/[^"\s,?]+\.(?:avif|webp|jpg|png))/g))
        if (!files.has(file!)) missing.add(file!);
  return [...missing].sort();
}

const page = (files: Map<string, Buffer>, path: string) => files.get(join(path, 'index.html'))?.toString('utf8');
const sitemap = (files: Map<string, Buffer>) => files.get('sitemap-fr_FR.xml')?.toString('utf8') ?? '';

beforeAll(async () => {
  platform = await testPlatform();
  server = serve({
    fetch: (request) => (contentDown ? new Response('down', { status: 503 }) : platform.app.fetch(request)),
    port: 0,
    hostname: '127.0.0.1',
  });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  folder = mkdtempSync(join(tmpdir(), 'incremental-build-'));
  const { port } = server.address() as AddressInfo;
  env = {
    ...process.env,
    CONTENT_API_URL: `http://localhost:${port}/content`,
    SHOP_API_URL: `http://localhost:${port}`,
    DIST_DIR: join(folder, 'dist'),
    CACHE_DIR: join(folder, 'cache'),
    NETLIFY: undefined,
  };
  await buildChannels(['fr'], env);
}, BUILD_MS);

/** Netlify's build: the previous build only in the build cache (CACHE_DIR), the site built in a new checkout. */
const netlifyEnv = () => ({ ...env, NETLIFY: 'true', DIST_DIR: join(folder, 'netlify-dist'), CACHE_DIR: join(folder, 'netlify-cache') });
async function netlifyBuild(options?: { full: boolean }) {
  rmSync(join(folder, 'netlify-dist'), { recursive: true, force: true });
  await buildChannels(['fr'], netlifyEnv(), options);
  return builtTree(served('netlify-dist'));
}

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await platform?.db.close();
  // maxRetries: the build may still be removing an old tree there, in a process of its own.
  if (folder) rmSync(folder, { recursive: true, force: true, maxRetries: 5 });
});

describe('an incremental build', () => {
  it('serves the build through a link (dist/fr) that the next build swaps', () => {
    expect(lstatSync(served()).isSymbolicLink()).toBe(true);
    expect(builtTree(served()).has('index.html')).toBe(true);
  });

  it(
    'equals a full build after a changed, a new and an unpublished product, rendering only their pages and the lists',
    async () => {
      const [changed, unpublished, copied] = await platform.db.query<{ sku: string; slug: string }>(
        `SELECT sku, slug FROM content.products WHERE language = 'fr' AND viewable AND NOT is_sample ORDER BY sku LIMIT 3`,
      );
      if (!changed || !unpublished || !copied) throw new Error('The fixtures have fewer than three products');
      await platform.db.exec(`
      UPDATE content.products SET name = name || ' nouvelle recette', updated_at = now(),
        details = jsonb_set(details, '{description}', to_jsonb(repeat('Recette riche en protéines. ', 178) || 'Fin de la description.'))
        WHERE sku = '${changed.sku}';
      UPDATE content.product_variants SET base_price = base_price + 100 WHERE product_sku = '${changed.sku}';
      UPDATE content.products SET viewable = false, updated_at = now() WHERE sku = '${unpublished.sku}';
      CREATE TEMP TABLE new_product AS SELECT * FROM content.products WHERE sku = '${copied.sku}';
      UPDATE new_product SET sku = sku || '-BIS', slug = slug || '-bis', name = name || ' bis';
      INSERT INTO content.products SELECT * FROM new_product;
      CREATE TEMP TABLE new_variants AS SELECT * FROM content.product_variants WHERE product_sku = '${copied.sku}';
      UPDATE new_variants SET product_sku = product_sku || '-BIS', code = '9' || substr(code, 2);
      INSERT INTO content.product_variants SELECT * FROM new_variants;
      INSERT INTO content.product_categories SELECT product_sku || '-BIS', category_key, rank
        FROM content.product_categories WHERE product_sku = '${copied.sku}';
    `);
      const { incremental, rendered } = await incrementalThenFull();
      const html = [...incremental.keys()].filter((name) => name.endsWith('.html'));
      expect(rendered.length).toBeGreaterThan(0);
      // Part of the tree is copied, not rendered: the products' own pages, the lists showing them and the
      // pages of the few products cross-selling them, not the catalogue.
      expect(rendered.length).toBeLessThan(html.length / 2);
      const edited = page(incremental, `produits/${changed.slug}`)!;
      expect(edited.includes('nouvelle recette')).toBe(true);
      // An editor's 5,000-character description: whole on its page, cut for the search engines' snippet.
      expect(edited.includes('protéines. Fin de la description.')).toBe(true);
      expect(edited.match(/<meta name="description" content="([^"]*)">/)?.[1]?.length).toBeLessThanOrEqual(300);
      expect(rendered).toContain(join(`produits/${changed.slug}`, 'index.html'));
      expect(page(incremental, `produits/${copied.slug}-bis`)).toContain(' bis');
      expect(sitemap(incremental)).toContain(`/produits/${copied.slug}-bis/`);
      expect(page(incremental, `produits/${unpublished.slug}`)).toBeUndefined();
      expect(sitemap(incremental)).not.toContain(`/produits/${unpublished.slug}/`);
    },
    BUILD_MS,
  );

  it(
    'keeps in the content store what the lists show, and reads again a product whose details left the cache',
    async () => {
      // Run after an edit: each details file is an entry's of the store (src/site/product-details.ts), an older one is gone.
      const store = readFileSync(join(folder, 'cache', 'astro-fr', 'data-store.json'), 'utf8');
      expect(store).toContain('ProductVariants');
      expect(store).not.toContain('json_avis');
      const dir = join(folder, 'cache', 'astro-fr', 'product-details');
      const files = () => readdirSync(dir).sort();
      const before = files();
      expect(before.length).toBeGreaterThan(10);
      expect(before.filter((name) => !store.includes(name.replace(/\.json$/, '')))).toEqual([]);

      const [product] = await platform.db.query<{ slug: string; description: string }>(
        `SELECT slug, details->>'description' AS description FROM content.products
        WHERE language = 'fr' AND viewable AND NOT is_sample ORDER BY sku DESC LIMIT 1`,
      );
      const own = before.filter((name) => readFileSync(join(dir, name), 'utf8').includes(JSON.stringify(product!.description)));
      expect(own).toHaveLength(1);
      rmSync(join(dir, own[0]!));
      const { incremental } = await incrementalBuild();
      expect(files()).toEqual(before);
      const opening = product!.description.split('\n')[0]!.slice(0, 40);
      expect(page(incremental, `produits/${product!.slug}`)).toContain(opening);
    },
    BUILD_MS,
  );

  it(
    'renders, of a category split into pages, only the page listing an edited product, and no page without products',
    async () => {
      // The fixtures' dog category lists one product more than a page (tests/e2e/category-pages.spec.ts).
      const firstOnPage1 = page(builtTree(served()), 'chien')?.match(/href="\/produits\/([^/"]+)\/"/)?.[1];
      const [product] = await platform.db.query<{ sku: string }>(`SELECT sku FROM content.products WHERE language = 'fr' AND slug = $1`, [
        firstOnPage1,
      ]);
      await platform.db.exec(`UPDATE content.products SET name = name || ' primé', updated_at = now() WHERE sku = '${product!.sku}'`);
      const { incremental, rendered } = await incrementalThenFull();
      expect(page(incremental, 'chien')).toContain(' primé');
      expect(rendered).toContain(join('chien', 'index.html'));
      expect(rendered).not.toContain(join('chien', 'page', '2', 'index.html'));
      // The FAQ, the shops, the content pages and the island pages but the cart show no product (src/site/showcases.ts).
      expect(rendered.filter((name) => /^(faq|magasins|page|connexion|mon-compte)\//.test(name))).toEqual([]);
      expect(rendered).not.toContain(join('panier', 'index.html'));

      // The best-selling treat is offered on the cart page: its edit renders that page (an edit's build equals
      // a full build: proven above, for the same kind of edit).
      const [treat] = await platform.db.query<{ sku: string }>(
        `SELECT sku FROM content.products WHERE language = 'fr' AND viewable AND NOT is_sample AND kind = 'treat' ORDER BY best_seller_rank, sku LIMIT 1`,
      );
      await platform.db.exec(`UPDATE content.products SET name = name || ' croquant', updated_at = now() WHERE sku = '${treat!.sku}'`);
      const treatEdit = await incrementalBuild();
      // And a subscription's page, whose next delivery offers it; not the other account pages.
      expect(treatEdit.rendered).toContain(join('panier', 'index.html'));
      expect(treatEdit.rendered.filter((name) => /^(faq|magasins|page|connexion|mon-compte)\//.test(name))).toEqual([
        join('mon-compte', 'mes-abonnements', '_', 'index.html'),
      ]);
    },
    BUILD_MS,
  );

  it(
    'equals a full build after a category and a product are renamed; the product’s former addresses redirect',
    async () => {
      const [category] = await platform.db.query<{ key: string; path: string }>(
        `SELECT key, path FROM content.categories WHERE language = 'fr' ORDER BY key LIMIT 1`,
      );
      const [renamed] = await platform.db.query<{ sku: string; slug: string; format: string }>(
        `SELECT p.sku, p.slug, v.slug AS format FROM content.products p JOIN content.product_variants v ON v.product_sku = p.sku
        WHERE p.language = 'fr' AND p.viewable AND NOT p.is_sample AND v.show_variant ORDER BY p.sku DESC, v.slug LIMIT 1`,
      );
      // As the editor API records a rename (tests/api/content-editor.test.ts): the old slug joins the history.
      await platform.db.exec(`
      UPDATE content.categories SET name = 'Gamelles choisies', updated_at = now() WHERE key = '${category!.key}';
      INSERT INTO content.product_slug_history (sku, language, slug) VALUES ('${renamed!.sku}', 'fr', '${renamed!.slug}');
      UPDATE content.products SET slug = '${renamed!.slug}-nouveau-nom', updated_at = now() WHERE sku = '${renamed!.sku}' AND language = 'fr';
    `);
      const { incremental } = await incrementalThenFull();
      expect(page(incremental, category!.path)).toContain('Gamelles choisies');
      const redirects = JSON.parse(incremental.get('redirects.json')!.toString('utf8')) as Array<{ from: string; to: string }>;
      const now = `/produits/${renamed!.slug}-nouveau-nom/`;
      expect(redirects).toContainEqual({ from: `/produits/${renamed!.slug}/`, to: now, status: 301 });
      expect(redirects).toContainEqual({
        from: `/produits/${renamed!.slug}/${renamed!.format}/`,
        to: `${now}${renamed!.format}/`,
        status: 301,
      });
      // The served tree and the one before it (a request begun there can finish); older ones are removed.
      expect(readdirSync(join(folder, 'dist', '.builds')).filter((name) => name.startsWith('fr-'))).toHaveLength(2);
    },
    BUILD_MS,
  );
});

/** The Astro builders this test process runs (scripts/lib/astro-builder-process.ts), by process id. */
function builderProcesses(): number[] {
  let children = '';
  try {
    children = execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(process.pid)], { encoding: 'utf8' });
  } catch {
    // ps exits with 1 when this process has no child.
  }
  return children
    .split('\n')
    .filter((line) => line.includes('astro-builder-process'))
    .map((line) => Number.parseInt(line, 10));
}

/** The channel a builder process builds (its CHANNEL), or nothing once it has ended. */
function channelOf(pid: number): Site | undefined {
  try {
    const channel = readFileSync(`/proc/${pid}/environ`, 'utf8')
      .split('\0')
      .find((variable) => variable.startsWith('CHANNEL='))
      ?.slice('CHANNEL='.length);
    return channel === 'fr' || channel === 'be' ? channel : undefined;
  } catch {
    return undefined; // It ended between the listing and the reading.
  }
}

/**
 * The environment of a build launched another way than the others: the shell names the command it runs in
 * `_` (npm, node, time…), which Astro must not see (scripts/build.ts), and `npm start` builds with the
 * publish receiver's settings, which no page shows (src/site/cache-keys.ts). The builders' builds all use
 * it: a builder waits with the environment it was started with, and one started with another is replaced.
 */
const launchedAnotherWay = (): NodeJS.ProcessEnv => ({
  ...env,
  _: '/usr/bin/another-command',
  PORT_WEBHOOK: '4498',
  CONTENT_WEBHOOK_URLS: 'http://127.0.0.1:4498/',
});

describe('builds by Astro builders started ahead of them (the publish receiver’s)', () => {
  const builders = astroBuilders({ keep: true });
  afterAll(() => builders.close());

  // First, as it needs no edit: its build also starts the builder that waits for the next one.
  it(
    'renders nothing when nothing changed, even after rows were rewritten or launched another way',
    async () => {
      // A rewritten row moves in PostgreSQL's table, after its other language's: an answer whose order followed
      // the rows (an entry's slugs per language once) changed the pages' cache keys with no edit.
      await platform.db.exec(
        `UPDATE content.products SET name = name WHERE language = 'fr'; UPDATE content.categories SET name = name WHERE language = 'fr'`,
      );
      const started = Date.now();
      await buildChannels(['fr'], launchedAnotherWay(), { builders });
      expect(renderedSince(started)).toEqual([]);
      // Nor copied: the build reused an older tree brought up to date with the served one (scripts/lib/tree-mirror.ts).
      // The pages with a cache key, that is all but the few rendered every time (404.html).
      const pages = readdirSync(served(), { recursive: true, encoding: 'utf8' }).filter(
        (name) => name.endsWith('.html') && existsSync(join(astroCache(), name)),
      );
      expect(pages.length).toBeGreaterThan(100);
      expect(pages.filter((name) => statSync(join(served(), name)).mtimeMs >= started)).toEqual([]);
      // Nor its pictures: Astro writes those of the pages it renders (scripts/lib/incremental-cache.ts).
      const pictures = readdirSync(join(served(), '_astro')).filter((name) => /\.(avif|webp|jpg)$/.test(name));
      expect(pictures.length).toBeGreaterThan(100);
      expect(pictures.filter((name) => statSync(join(served(), '_astro', name)).mtimeMs >= started)).toEqual([]);
    },
    BUILD_MS,
  );

  it(
    'builds each time in a new process, started before it was asked; an edit’s build equals a full build',
    async () => {
      const [waiting] = builderProcesses();
      expect(waiting).toBeGreaterThan(0);
      const [product] = await platform.db.query<{ sku: string; slug: string }>(
        `SELECT sku, slug FROM content.products WHERE language = 'fr' AND viewable AND NOT is_sample ORDER BY sku LIMIT 1 OFFSET 3`,
      );
      await platform.db.exec(`UPDATE content.products SET name = name || ' de la ferme', updated_at = now() WHERE sku = '${product!.sku}'`);
      const started = Date.now();
      await buildChannels(['fr'], launchedAnotherWay(), { builders });
      const rendered = renderedSince(started);
      const incremental = builtTree(served());
      expect(page(incremental, `produits/${product!.slug}`)).toContain('de la ferme');
      expect(rendered).toContain(join('produits', product!.slug, 'index.html'));
      expect(rendered.length).toBeLessThan([...incremental.keys()].filter((name) => name.endsWith('.html')).length / 2);
      // The one that waited made the build and is gone; the next one waits.
      const [next] = builderProcesses();
      expect(next).toBeGreaterThan(0);
      expect(next).not.toBe(waiting);
      // Each picture is written again by a full build: a process building twice wrote none it had asked for before.
      await buildChannels(['fr'], launchedAnotherWay(), { builders, full: true });
      const full = builtTree(served());
      expect(missingPictures(full)).toEqual([]);
      expect([...incremental.keys()].sort()).toEqual([...full.keys()].sort());
      expect([...full].filter(([name, bytes]) => !incremental.get(name)?.equals(bytes)).map(([name]) => name)).toEqual([]);
      expect(builderProcesses()).toHaveLength(1);
    },
    BUILD_MS,
  );

  it(
    'leaves the site served after a failed build, and builds the next edit',
    async () => {
      const servedBefore = realpathSync(served());
      contentDown = true;
      try {
        await expect(buildChannels(['fr'], launchedAnotherWay(), { builders })).rejects.toThrow('astro build (fr) failed');
      } finally {
        contentDown = false;
      }
      expect(realpathSync(served())).toBe(servedBefore);
      expect(builderProcesses()).toHaveLength(1);

      const [product] = await platform.db.query<{ sku: string; slug: string }>(
        `SELECT sku, slug FROM content.products WHERE language = 'fr' AND viewable AND NOT is_sample ORDER BY sku LIMIT 1 OFFSET 4`,
      );
      await platform.db.exec(`UPDATE content.products SET name = name || ' du jardin', updated_at = now() WHERE sku = '${product!.sku}'`);
      await buildChannels(['fr'], launchedAnotherWay(), { builders });
      expect(page(builtTree(served()), `produits/${product!.slug}`)).toContain('du jardin');
      await builders.close();
      expect(builderProcesses()).toEqual([]);
    },
    BUILD_MS,
  );
});

describe('an incremental build on Netlify, in an empty folder', () => {
  beforeAll(() => netlifyBuild(), BUILD_MS);

  it(
    'equals a full build after a product edit, writing every picture of the pages it keeps',
    async () => {
      const [product] = await platform.db.query<{ sku: string; slug: string }>(
        `SELECT sku, slug FROM content.products WHERE language = 'fr' AND viewable AND NOT is_sample ORDER BY sku DESC LIMIT 1`,
      );
      await platform.db.exec(
        `UPDATE content.products SET name = name || ' au goût du jour', updated_at = now() WHERE sku = '${product!.sku}'`,
      );
      const started = Date.now();
      const incremental = await netlifyBuild();
      const rendered = renderedSince(started, astroCache('netlify-cache'));
      expect(rendered.length).toBeGreaterThan(0);
      expect(rendered.length).toBeLessThan([...incremental.keys()].filter((name) => name.endsWith('.html')).length / 2);
      expect(page(incremental, `produits/${product!.slug}`)).toContain('au goût du jour');
      const full = await netlifyBuild({ full: true });
      expect([...incremental.keys()].sort()).toEqual([...full.keys()].sort());
      expect([...full].filter(([name, bytes]) => !incremental.get(name)?.equals(bytes)).map(([name]) => name)).toEqual([]);
      // The full build left a cache the next build keeps every page from.
      const again = Date.now();
      await netlifyBuild();
      expect(renderedSince(again, astroCache('netlify-cache'))).toEqual([]);
    },
    BUILD_MS,
  );
});

/** The n-th product (by SKU) shown in both languages, with its slug in each. */
async function translatedProduct(n: number) {
  const [product] = await platform.db.query<{ sku: string; fr: string; nl: string }>(
    `SELECT f.sku, f.slug AS fr, n.slug AS nl FROM content.products f JOIN content.products n ON n.sku = f.sku AND n.language = 'nl'
    WHERE f.language = 'fr' AND f.viewable AND n.viewable AND NOT f.is_sample ORDER BY f.sku LIMIT 1 OFFSET $1`,
    [n],
  );
  return product;
}

describe('an incremental build of the BE site, in French and Dutch', () => {
  // BE's first build, alone (at the normal priority): beside FR's in the test of both at once, BE runs at
  // niceness 19, and a whole first build there took minutes on a busy machine (the PostgreSQL pass runs beside).
  beforeAll(() => buildChannels(['be'], env), BUILD_MS);

  it(
    'renders a product’s Dutch pages after its French texts changed only when its French address did',
    async () => {
      const product = await translatedProduct(1);
      const dutch = join('nl', 'producten', product!.nl, 'index.html');
      await platform.db.exec(
        `UPDATE content.products SET name = name || ' de saison', updated_at = now() WHERE sku = '${product!.sku}' AND language = 'fr'`,
      );
      const edited = await incrementalThenFull('be');
      expect(page(edited.incremental, `produits/${product!.fr}`)).toContain('de saison');
      expect(edited.rendered).toContain(join('produits', product!.fr, 'index.html'));
      // Its Dutch pages show the French entry only as their French alternates, which did not move.
      expect(edited.rendered).not.toContain(dutch);

      await platform.db.exec(
        `UPDATE content.products SET slug = '${product!.fr}-de-saison', updated_at = now() WHERE sku = '${product!.sku}' AND language = 'fr'`,
      );
      const renamed = await incrementalBuild('be');
      expect(renamed.rendered).toContain(dutch);
      expect(page(renamed.incremental, join('nl', 'producten', product!.nl))).toContain(`/produits/${product!.fr}-de-saison/`);
    },
    BUILD_MS,
  );

  it(
    'shows a product not published in Dutch with its French text, marked, unindexed, until its Dutch text is published again',
    async () => {
      const product = await translatedProduct(3);
      const { sku, fr, nl } = product!;
      const publishDutch = (viewable: boolean) =>
        platform.db.exec(`UPDATE content.products SET viewable = ${viewable}, updated_at = now() WHERE sku = '${sku}' AND language = 'nl'`);
      await publishDutch(false);
      const standIn = (await incrementalBuild('be')).incremental;
      const dutch = page(standIn, join('nl', 'producten', fr))!;
      expect(dutch.match(/<h1[^>]*>/)?.[0]).toContain('lang="fr-BE"');
      expect(dutch.includes('Productinformatie alleen in het Frans beschikbaar')).toBe(true);
      expect(dutch.includes('<meta name="robots" content="noindex, nofollow">')).toBe(true);
      expect(page(standIn, join('nl', 'producten', nl))).toBeUndefined();
      expect(standIn.get('sitemap-nl_BE.xml')?.toString('utf8')).not.toContain(`/producten/${fr}/`);
      // The French page names no Dutch alternate, and the channel's report says which text stands in.
      expect(page(standIn, join('produits', fr))?.includes('hreflang="nl-BE"')).toBe(false);
      const report = JSON.parse(readFileSync(contentReportFile('be', env), 'utf8'));
      expect(report.flagged).toContainEqual({
        collection: 'b2c-products',
        locale: 'nl_BE',
        key: sku,
        reason: expect.stringContaining('fr_BE text'),
      });

      await publishDutch(true);
      const translated = (await incrementalBuild('be')).incremental;
      expect(page(translated, join('nl', 'producten', nl))?.match(/<h1[^>]*>/)?.[0]).not.toContain('lang=');
      expect(page(translated, join('nl', 'producten', fr))).toBeUndefined();
      expect(page(translated, join('produits', fr))?.includes('hreflang="nl-BE"')).toBe(true);
    },
    BUILD_MS,
  );

  it(
    'builds both channels at once, BE at the scheduler’s lowest priority, each served once built',
    async () => {
      const [product] = await platform.db.query<{ sku: string; slug: string }>(
        `SELECT sku, slug FROM content.products WHERE language = 'fr' AND viewable AND NOT is_sample ORDER BY sku LIMIT 1 OFFSET 5`,
      );
      await platform.db.exec(`UPDATE content.products SET name = name || ' du terroir', updated_at = now() WHERE sku = '${product!.sku}'`);
      /** The niceness each channel's builder was seen at while the build ran. */
      const seen = { fr: new Set<number>(), be: new Set<number>() };
      const watch = setInterval(() => {
        for (const pid of builderProcesses()) {
          const channel = channelOf(pid);
          try {
            if (channel) seen[channel].add(getPriority(pid));
          } catch {
            // It ended meanwhile.
          }
        }
      }, 50);
      try {
        await buildChannels(['fr', 'be'], env);
      } finally {
        clearInterval(watch);
      }
      expect(seen).toEqual({ fr: new Set([0]), be: new Set([19]) });
      expect(page(builtTree(served()), `produits/${product!.slug}`)).toContain('du terroir');
      expect(page(builtTree(served('dist', 'be')), `produits/${product!.slug}`)).toContain('du terroir');
    },
    BUILD_MS,
  );

  it.each([
    ['fr', 'be'],
    ['be', 'fr'],
  ] as const)(
    'a %s build that cannot start leaves the new %s site served, and fails',
    async (failing, built) => {
      const [product] = await platform.db.query<{ sku: string; slug: string }>(
        `SELECT sku, slug FROM content.products WHERE language = 'fr' AND viewable AND NOT is_sample ORDER BY sku LIMIT 1 OFFSET 2`,
      );
      const mark = ` du marché ${failing}`;
      await platform.db.exec(`UPDATE content.products SET name = name || '${mark}', updated_at = now() WHERE sku = '${product!.sku}'`);
      const before = realpathSync(served('dist', failing));
      // That channel's build cannot start: its cache folder is a file, found as its tree is made ready.
      const cache = join(folder, 'cache', `astro-${failing}`);
      renameSync(cache, `${cache}.kept`);
      writeFileSync(cache, '');
      try {
        await expect(buildChannels(['fr', 'be'], env)).rejects.toThrow('ENOTDIR');
      } finally {
        rmSync(cache);
        renameSync(`${cache}.kept`, cache);
      }
      expect(page(builtTree(served('dist', built)), `produits/${product!.slug}`)).toContain(mark);
      expect(realpathSync(served('dist', failing))).toBe(before);
    },
    BUILD_MS,
  );
});
