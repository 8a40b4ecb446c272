/**
 * `npm run bench`: figures for the README, measured on this machine (not timed tests).
 * - build throughput: both channels built from a generated catalogue of BENCH_PRODUCTS (2,000) products,
 *   in pages per second (an isolated database, dist and cache under .bench/);
 * - JavaScript shipped per page type: the gzip size of every script a page loads;
 * - add-to-cart latency and throughput at 50 concurrent clients, on PGlite and on a PostgreSQL server
 *   (BENCH_DATABASE_URL, or a throw-away one started here when this machine can);
 * - a real customer's sign-in time while 40 clients flood the login with unknown e-mails, from one
 *   address and from 40 (login-flood.ts), on the same drivers.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { benchCart } from './cart.ts';
import { benchLoginFlood } from './login-flood.ts';

const products = Number(process.env.BENCH_PRODUCTS ?? 2000);
const root = '.bench';
// Its own database, dist and cache, and always the embedded content service (never CONTENT_API_URL).
const { CONTENT_API_URL: _production, ...inherited } = process.env;
const env = { ...inherited, DATA_DIR: `${root}/pglite`, DIST_DIR: `${root}/dist`, CACHE_DIR: `${root}/cache`, PORT_PLATFORM: '4491' };
rmSync(root, { recursive: true, force: true });

const run = (args: string[]) => {
  const result = spawnSync(process.execPath, args, { stdio: ['ignore', 'inherit', 'inherit'], env });
  if (result.status !== 0) throw new Error(`${args.join(' ')} failed`);
};

run(['scripts/seed.ts', '--products', String(products)]);
const results: Record<string, string | number> = {};
for (const pass of ['cold', 'warm']) {
  const started = performance.now();
  run(['scripts/build.ts', 'fr', 'be']);
  const seconds = (performance.now() - started) / 1000;
  const pages = countPages(`${root}/dist`);
  results[`${pass} build: pages`] = pages;
  results[`${pass} build: seconds`] = Number(seconds.toFixed(1));
  results[`${pass} build: pages per second`] = Number((pages / seconds).toFixed(1));
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

/**
 * gzip bytes of the JavaScript a page loads before any interaction: its module scripts, its islands'
 * components and renderers, and everything those import statically (dynamic imports, such as the mini
 * cart opened on demand, are not counted).
 */
function scriptBytes(site: string, page: string): number {
  const html = readFileSync(join(site, page, 'index.html'), 'utf8');
  const entries = [
    ...html.matchAll(
      /<script[^>]+src="([^"]+)"|component-url="([^"]+)"|renderer-url="([^"]+)"|<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g,
    ),
  ].map((m) => (m[1] ?? m[2] ?? m[3] ?? m[4])!);
  const inline = [...html.matchAll(/<script(?![^>]*(src=|application\/ld\+json))[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[2]!).join('');
  entries.push(...[...inline.matchAll(/(?:from|import)\s*["'](\/_astro\/[^"']+\.js)["']/g)].map((m) => m[1]!));
  const seen = new Set<string>();
  const visit = (url: string) => {
    if (seen.has(url) || !existsSync(join(site, url))) return;
    seen.add(url);
    const code = readFileSync(join(site, url), 'utf8');
    for (const m of code.matchAll(/(?:^|[;}\s])(?:import|export)\s*(?:[^'"();]*?from\s*)?["'](\.\/[^"']+\.js)["']/g))
      visit(`/_astro/${m[1]!.slice(2)}`);
  };
  entries.forEach(visit);
  let bytes = inline ? gzipSync(inline).length : 0;
  for (const url of seen) bytes += gzipSync(readFileSync(join(site, url))).length;
  return bytes;
}

const be = `${root}/dist/be`;
const firstDir = (base: string, re: RegExp) =>
  readdirSync(join(be, base)).find((d) => re.test(d) && statSync(join(be, base, d)).isDirectory());
const product = firstDir('produits', /^(?!echantillons|sku-)/);
const shop = firstDir('magasins', /./);
const pageTypes: Record<string, string | undefined> = {
  home: '',
  category: 'chien/croquettes',
  product: product && `produits/${product}`,
  faq: 'faq',
  shops: 'magasins',
  shop: shop && `magasins/${shop}`,
  'content page': 'page/conditions-generales',
  cart: 'panier',
  login: 'connexion',
};
for (const [type, page] of Object.entries(pageTypes)) {
  if (page !== undefined && existsSync(join(be, page, 'index.html'))) results[`JS gzip bytes: ${type}`] = scriptBytes(be, page);
}

let stopPostgres = () => {};
if (!process.env.BENCH_DATABASE_URL) {
  const started = spawnSync('bash', ['scripts/ci-postgres.sh'], { encoding: 'utf8', env: { ...process.env, PGPORT: '54339' } });
  const [url, dir] = started.stdout.trim().split(' ');
  if (started.status === 0 && url && dir) {
    process.env.BENCH_DATABASE_URL = url;
    stopPostgres = () => {
      spawnSync('bash', ['scripts/ci-postgres.sh', 'stop', dir]);
    };
  } else {
    console.warn('No PostgreSQL server for the cart benchmark: PGlite only.');
  }
}
try {
  Object.assign(results, await benchCart());
  Object.assign(results, await benchLoginFlood());
} finally {
  stopPostgres();
}

console.log(`\nBenchmark (${products} products, ${new Date().toISOString().slice(0, 10)}):`);
console.table(results);
