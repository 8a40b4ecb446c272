/**
 * `npm run bench [-- part…]`: figures for the README, measured on this machine (not timed tests). The
 * parts (all of them without arguments):
 * - `build`: build throughput, both channels built from a generated catalogue of BENCH_PRODUCTS (2,000)
 *   products, in pages per second and CPU milliseconds per page (the build's processes' CPU time over its pages),
 *   cold, warm and incremental (no change, one product edited), in an isolated database, dist and cache under
 *   .bench/; then, with both channels built, publish to visible as an editor lives it, both channels through one
 *   `npm start` and each channel alone (publish.ts);
 * - `funnel`: the checkout page's layout stability (CLS, budget 0) in Chromium (funnel.ts), on the build
 *   of `build`, else on a build of the fixtures' catalogue;
 * - `lighthouse`: Lighthouse's mobile scores (performance / accessibility / best practices / SEO, median
 *   of 3) of home, category, product, cart and login in French and in Dutch (lighthouse.ts), on the
 *   same build;
 *   either of them also gives the JavaScript shipped per page type (the gzip size of every script a page
 *   loads before any interaction), with the funnel's pages held to CHECKOUT_JS_BUDGET;
 * - `cart`: add to cart, platform CPU per add and latency, closed loop at 50 clients and open loop at 200 adds/s (cart.ts);
 * - `login`: a real customer's sign-in time while 40 clients flood the login with unknown e-mails, from
 *   one address and from 40 (login-flood.ts);
 * - `checkout`: 300 orders checked out and paid by card by 20 customers at once: `complete` and whole
 *   checkout latency, orders per second (checkout.ts);
 * - `scheduler`: 10,000 subscriptions due the same day turned into orders charged on their card mandate
 *   by the scheduler, drafts per second, one instance and (PostgreSQL) two at once (scheduler.ts).
 * - `search`: the search service's query latency (p50/p95) on a generated catalogue of 10,000 products in
 *   an isolated PGlite, ~1,000 queries across its indices and locales, p95 held to 15 ms (search.ts).
 * The API parts run on PGlite and on a PostgreSQL server (BENCH_DATABASE_URL, or a throw-away one
 * started here when this machine can).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathTo, SHELL_ID } from '../../src/lib/routes/paths.ts';
import { freePorts } from '../lib/ports.ts';
import { openDatabase } from '../../src/backend/db/database.ts';
import { updateEntry } from '../../src/backend/content/editor/repository.ts';
// The one reading of what a built page loads before any interaction, which the budget test holds (tests/e2e/js-budgets.spec.ts).
import { scriptBytesBeforeInteraction } from '../../tests/support/static-closure.ts';
import { benchCart } from './cart.ts';
import { benchCheckout } from './checkout.ts';
import { benchFunnelLayout } from './funnel.ts';
import { benchLighthouse } from './lighthouse.ts';
import { benchLoginFlood } from './login-flood.ts';
import { benchNutrition } from './nutrition.ts';
import { benchPublish } from './publish.ts';
import { benchScheduler } from './scheduler.ts';
import { benchSearch } from './search.ts';

const PARTS = ['build', 'funnel', 'lighthouse', 'cart', 'login', 'checkout', 'scheduler', 'nutrition', 'search'] as const;
type Part = (typeof PARTS)[number];
const asked = process.argv.slice(2);
const unknown = asked.filter((a) => !(PARTS as readonly string[]).includes(a));
if (unknown.length > 0) {
  console.error(`Unknown part ${unknown.join(', ')}: the parts are ${PARTS.join(', ')} (all of them without arguments).`);
  process.exit(2);
}
const wanted = new Set<Part>(asked.length > 0 ? (asked as Part[]) : PARTS);

/** The funnel's JavaScript before interaction, gzip: the budget of the checkout issue (130 KB). */
const CHECKOUT_JS_BUDGET = 130_000;
const products = Number(process.env.BENCH_PRODUCTS ?? 2000);
/** The channels the build part builds (BENCH_CHANNELS=fr for the FR channel alone). */
const benchChannels = (process.env.BENCH_CHANNELS ?? 'fr be').split(/[\s,]+/).filter((c) => c === 'fr' || c === 'be');
const root = '.bench';
const results: Record<string, string | number> = {};

if (wanted.has('build') || wanted.has('funnel') || wanted.has('lighthouse')) {
  // The pages name their site and shop API: the build is made for ports free now, so that funnel.ts can
  // serve it there beside a shop running on the default ones. Its own database, dist and cache, and
  // always the embedded content service (never CONTENT_API_URL, nor the shell's DATABASE_URL).
  const [platformPort, frPort, bePort] = await freePorts(3);
  const ports = { platform: platformPort!, fr: frPort!, be: bePort! };
  const { CONTENT_API_URL: _production, DATABASE_URL: _database, PUBLIC_SHOP_API_URL: _public, ...inherited } = process.env;
  const env = {
    ...inherited,
    DATA_DIR: `${root}/pglite`,
    DIST_DIR: `${root}/dist`,
    CACHE_DIR: `${root}/cache`,
    PORT_PLATFORM: String(ports.platform),
    PORT_FR: String(ports.fr),
    PORT_BE: String(ports.be),
    SHOP_API_URL: `http://localhost:${ports.platform}`,
    SITE_URL_FR: `http://localhost:${ports.fr}`,
    SITE_URL_BE: `http://localhost:${ports.be}`,
  };
  rmSync(root, { recursive: true, force: true });
  const run = (args: string[]) => {
    const result = spawnSync(process.execPath, args, { stdio: ['ignore', 'inherit', 'inherit'], env });
    if (result.status !== 0) throw new Error(`${args.join(' ')} failed`);
  };
  /**
   * Runs `node args` and answers the CPU seconds it and every process it started used (user and system): bash's
   * `times` after it, which counts the children waited for, the Astro builders among them. Node itself can only
   * count its own process's.
   */
  const cpuOf = (args: string[]): number => {
    const result = spawnSync('bash', ['-c', '"$0" "$@" >&2; status=$?; times; exit $status', process.execPath, ...args], {
      stdio: ['ignore', 'pipe', 'inherit'],
      env,
      encoding: 'utf8',
    });
    if (result.status !== 0) throw new Error(`${args.join(' ')} failed`);
    const children = result.stdout
      .trim()
      .split('\n')
      .at(-1)!
      .match(/(\d+)m([\d.]+)s (\d+)m([\d.]+)s/);
    if (!children) throw new Error(`No CPU times from bash: ${result.stdout}`);
    const [, um, us, sm, ss] = children.map(Number);
    return um! * 60 + us! + sm! * 60 + ss!;
  };

  if (wanted.has('build')) {
    run(['scripts/seed.ts', '--products', String(products)]);
    // Cold: empty caches. Warm: every page rendered again (--full), the pictures and the content from the
    // caches. Then the incremental builds: nothing changed, and one product's price edited in the content
    // service's database (publish to visible: the build of both channels and the swap of the served trees).
    const passes: Array<[string, string[], (() => Promise<void>)?]> = [
      ['cold build', ['--full']],
      ['warm build', ['--full']],
      ['incremental build, no change', []],
      ['incremental build, one product edited', [], editOneProduct],
    ];
    for (const [pass, flags, before] of passes) {
      await before?.();
      const started = performance.now();
      const cpu = cpuOf(['scripts/build.ts', ...benchChannels, ...flags]);
      const seconds = (performance.now() - started) / 1000;
      const pages = benchChannels.reduce((n, c) => n + countPages(`${root}/dist/${c}`), 0);
      results[`${pass} (${products} products): pages`] = pages;
      results[`${pass} (${products} products): seconds`] = Number(seconds.toFixed(1));
      results[`${pass} (${products} products): pages per second`] = Number((pages / seconds).toFixed(1));
      // What a bigger catalogue or a Netlify build minute pays, whatever the machine's other load: CPU time over pages.
      results[`${pass} (${products} products): CPU ms per page`] = Number(((cpu * 1000) / pages).toFixed(2));
    }
    // The same edit as an editor makes it, on the shop as `npm start` runs it: both sites must be built
    // already, as its receiver rebuilds both.
    if (benchChannels.length === 2) Object.assign(results, await benchPublish(env, ports));
  } else {
    // The funnel's pages are shells, the same whatever the catalogue, and Lighthouse audits one page of
    // each type: the fixtures' catalogue is enough.
    run(['scripts/seed.ts']);
    run(['scripts/build.ts', 'fr', 'be']);
  }
  if (existsSync(`${root}/dist/be`)) measurePageScripts(`${root}/dist/be`);
  if (wanted.has('funnel')) Object.assign(results, await benchFunnelLayout(`${root}/dist`, ports));
  if (wanted.has('lighthouse')) Object.assign(results, await benchLighthouse(`${root}/dist`, ports));
}

/**
 * An editor's change to one product (the price of each of its formats, the same in both languages), written
 * as the editor API writes it: the product is stamped as changed, which is what the next sync asks for.
 */
async function editOneProduct(): Promise<void> {
  const db = await openDatabase({ dataDir: `${root}/pglite` });
  try {
    const formats = await db.query<{ code: string; sku: string; base_price: number }>(
      `SELECT DISTINCT code, product_sku AS sku, base_price FROM content.product_variants
        WHERE product_sku = (SELECT min(sku) FROM content.products WHERE viewable AND NOT is_sample) ORDER BY code`,
    );
    await updateEntry(db, 'products', formats[0]!.sku, 'fr', {
      variants: formats.map((f) => ({ code: f.code, base_price: f.base_price + 100 })),
    });
  } finally {
    await db.close();
  }
}

function countPages(dir: string): number {
  let n = 0;
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) n += countPages(path);
    else if (entry.endsWith('.html')) n += 1;
  }
  return n;
}

/** The gzip bytes of JavaScript per page type of the BE site (fr_BE pages), the funnel's against its budget. */
function measurePageScripts(be: string) {
  const firstDir = (base: string, re: RegExp) =>
    readdirSync(join(be, base)).find((d) => re.test(d) && statSync(join(be, base, d)).isDirectory());
  const product = firstDir('produits', /^(?!echantillons|sku-)/);
  const shop = firstDir('magasins', /./);
  // One shell page serves every order: the build makes it under the shell's id.
  const shell = (route: 'checkout' | 'orderConfirmation' | 'order') => pathTo(route, 'fr_BE', { order: SHELL_ID }).replace(/^\/|\/$/g, '');
  const pageTypes: Record<string, string | undefined> = {
    home: '',
    category: 'chien/croquettes',
    product: product && `produits/${product}`,
    faq: 'faq',
    search: pathTo('search', 'fr_BE').replace(/^\/|\/$/g, ''),
    shops: 'magasins',
    shop: shop && `magasins/${shop}`,
    'content page': 'page/conditions-generales',
    cart: 'panier',
    login: 'connexion',
    checkout: shell('checkout'),
    'order confirmation': shell('orderConfirmation'),
    'account orders': pathTo('orders', 'fr_BE').replace(/^\/|\/$/g, ''),
    'account order': shell('order'),
  };
  const funnel = new Set(['checkout', 'order confirmation', 'account order']);
  for (const [type, page] of Object.entries(pageTypes)) {
    if (page === undefined || !existsSync(join(be, page, 'index.html'))) {
      console.warn(`JS gzip bytes: no ${type} page (${page ?? 'none found'}) in ${be}`);
      continue;
    }
    const bytes = scriptBytesBeforeInteraction(be, readFileSync(join(be, page, 'index.html'), 'utf8'));
    results[`JS gzip bytes: ${type}`] = bytes;
    if (funnel.has(type) && bytes > CHECKOUT_JS_BUDGET)
      console.warn(
        `⚠ JS gzip bytes: the ${type} page loads ${bytes} bytes before any interaction, over the budget of ${CHECKOUT_JS_BUDGET}.`,
      );
  }
}

const apiParts = (['cart', 'login', 'checkout', 'scheduler', 'nutrition'] as const).filter((part) => wanted.has(part));
let stopPostgres = () => {};
if (apiParts.length > 0 && !process.env.BENCH_DATABASE_URL) {
  const started = spawnSync('bash', ['scripts/ci-postgres.sh'], { encoding: 'utf8', env: { ...process.env, PGPORT: '54339' } });
  const [url, dir] = started.stdout.trim().split(' ');
  if (started.status === 0 && url && dir) {
    process.env.BENCH_DATABASE_URL = url;
    stopPostgres = () => {
      spawnSync('bash', ['scripts/ci-postgres.sh', 'stop', dir]);
    };
  } else {
    console.warn('No PostgreSQL server for the API benchmarks: PGlite only.');
  }
}
try {
  if (wanted.has('cart')) Object.assign(results, await benchCart());
  if (wanted.has('login')) Object.assign(results, await benchLoginFlood());
  if (wanted.has('checkout')) Object.assign(results, await benchCheckout());
  if (wanted.has('nutrition')) Object.assign(results, await benchNutrition());
  if (wanted.has('scheduler')) Object.assign(results, await benchScheduler());
  if (wanted.has('search')) Object.assign(results, await benchSearch());
} finally {
  stopPostgres();
}

console.log(`\nBenchmark (${[...wanted].join(', ')}; ${new Date().toISOString().slice(0, 10)}):`);
console.table(results);
