/**
 * `npm run cms`: the content service's Strapi (cms/) with its admin panel, on this machine, with nothing to do by hand.
 *
 * 1. Installs cms/'s packages when they are missing (Strapi is not among the shop's: about 700 MB).
 * 2. Builds the project and its admin panel (`strapi build`) when its sources changed since the last build (then
 *    `strapi start`: a start from a build takes seconds, `strapi develop` rebuilds the admin panel at every start).
 * 3. The database: DATABASE_URL when set (a PostgreSQL server); otherwise the embedded PGlite kept in
 *    cms/.data/pglite/, served on 127.0.0.1:CMS_PGLITE_PORT (5433) by @electric-sql/pglite-socket, which
 *    cms/config/database.ts connects to.
 * 4. On the first start, the seed catalogue (src/backend/seed/fixtures) imported in both languages, published, with
 *    the embedded seed's pictures through Strapi's upload plugin (scripts/lib/cms-seed.ts, cms/src/bootstrap/seed.ts).
 * 5. On the first start, the first admin account: its password is generated and kept in cms/.data/, Strapi creates
 *    the account (cms/src/bootstrap/first-admin.ts), and it is printed here once, after a sign-in with it worked.
 *
 * 6. The webhooks to the sites' publish receiver (PUBLISH_WEBHOOK_URL, by default `npm start`'s on 127.0.0.1:4499) and
 *    to the platform's copy of the catalogue (PLATFORM_WEBHOOK_URL, by default `npm start`'s platform's
 *    /catalogue/events), with WEBHOOK_SECRET or the local one (cms/src/bootstrap/shop-webhooks.ts), and on the first
 *    start the builds' read-only API token, kept in cms/.data/build-token (CONTENT_API_TOKEN: cms/src/bootstrap/build-token.ts).
 *
 * Ctrl-C (or SIGTERM) stops Strapi, then the database: PGlite writes its files on close.
 *
 *   npm run cms                 start, and run until stopped
 *   npm run cms -- --rebuild    build again even if the sources did not change
 *   npm run cms -- --exit       start, check, and stop (a check, or a measure of the start time)
 *   npm run cms -- --no-admin   the REST API alone: the server's code compiled, no admin panel built or served
 *                               (the contract test's Strapi: tests/cms/contract.ts)
 *
 * CMS_DATA_DIR puts the database, the account and the token elsewhere than cms/.data (a test's own folder);
 * CMS_SEED_SKUS seeds only those products (the contract test's small catalogue).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { adminAccount, markShown } from './lib/cms-account.ts';
import { sourcesStamp } from './lib/cms-build.ts';
import { seedEntries } from './lib/cms-seed.ts';
import { loadFixtures } from '../src/backend/seed/seed.ts';
import { catalogueWith } from '../src/backend/seed/generate.ts';
import { LOCAL_WEBHOOK_SECRET } from '../src/backend/config/published.ts';
import { EMBEDDED_PLATFORM_PORT, LOCAL_WEBHOOK_PORT } from '../src/lib/local-defaults.ts';
import { catalogueImages } from '../src/backend/seed/images.ts';

const cmsRoot = fileURLToPath(new URL('../cms/', import.meta.url));
const environment = z.object({
  DATABASE_URL: z.string().optional(),
  CMS_DATA_DIR: z.string().optional(),
  CMS_PGLITE_PORT: z.coerce.number().int().min(1).max(65535).default(5433),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(1).max(65535).default(1337),
  PUBLISH_WEBHOOK_URL: z.url().default(`http://127.0.0.1:${process.env.PORT_WEBHOOK ?? LOCAL_WEBHOOK_PORT}/`),
  PLATFORM_WEBHOOK_URL: z.url().default(`http://127.0.0.1:${process.env.PORT_PLATFORM || EMBEDDED_PLATFORM_PORT}/catalogue/events`),
  WEBHOOK_SECRET: z.string().default(LOCAL_WEBHOOK_SECRET),
  /** Only these products of the seed (comma-separated SKUs): the contract test's small catalogue. */
  CMS_SEED_SKUS: z
    .string()
    .optional()
    .transform((list) =>
      list
        ?.split(',')
        .map((sku) => sku.trim())
        .filter(Boolean),
    ),
});
const settings = environment.parse(process.env);
const flags = {
  rebuild: process.argv.includes('--rebuild'),
  exit: process.argv.includes('--exit'),
  admin: !process.argv.includes('--no-admin'),
};

const dataDir = settings.CMS_DATA_DIR ?? join(cmsRoot, '.data');
const accountFile = join(dataDir, 'admin-account.json');
const buildStampFile = join(cmsRoot, 'dist', flags.admin ? 'build-stamp' : 'server-stamp');
const seedFile = join(dataDir, 'seed.json');
const seedPictures = join(dataDir, 'seed-pictures');
const strapiBin = join(cmsRoot, 'node_modules/@strapi/strapi/bin/strapi.js');
const pgliteServerBin = join(cmsRoot, 'node_modules/@electric-sql/pglite-socket/dist/scripts/server.js');

const strapiEnvironment: NodeJS.ProcessEnv = {
  STRAPI_TELEMETRY_DISABLED: 'true',
  CMS_SERVE_ADMIN: String(flags.admin),
  PUBLISH_WEBHOOK_URL: settings.PUBLISH_WEBHOOK_URL,
  PLATFORM_WEBHOOK_URL: settings.PLATFORM_WEBHOOK_URL,
  WEBHOOK_SECRET: settings.WEBHOOK_SECRET,
  CMS_BUILD_TOKEN_FILE: join(dataDir, 'build-token'),
  // The first language i18n makes on an empty database; src/index.ts then sets French and Dutch.
  STRAPI_PLUGIN_I18N_INIT_LOCALE_CODE: 'fr',
  HOST: settings.HOST,
  PORT: String(settings.PORT),
};

const started = performance.now();
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;
const say = (message: string) => console.log(`[cms] ${message}`);

/** The processes started here, stopped in the reverse order (Strapi before its database). */
const children: { name: string; process: ChildProcess }[] = [];

function run(name: string, command: string, args: string[], options: { env?: NodeJS.ProcessEnv; log?: 'inherit' | 'quiet' } = {}) {
  const child = spawn(command, args, {
    cwd: cmsRoot,
    env: { ...process.env, ...options.env },
    // Their own process group: a Ctrl-C reaches this script only, which stops them in order.
    detached: true,
    stdio: options.log === 'quiet' ? ['ignore', 'pipe', 'pipe'] : 'inherit',
  });
  children.push({ name, process: child });
  return child;
}

/** Resolves with the exit code of a process run to its end (npm install, strapi build). */
const finished = (child: ChildProcess) =>
  new Promise<number>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });

async function stopAll(): Promise<void> {
  for (const { name, process: child } of children.reverse()) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    const exited = finished(child);
    child.kill('SIGTERM');
    const stopped = await Promise.race([exited.then(() => true), sleep(15_000).then(() => false)]);
    if (!stopped) {
      say(`${name} did not stop within 15 s: killed.`);
      child.kill('SIGKILL');
      await exited;
    }
  }
  children.length = 0;
}

let stopping = false;
async function stopAndExit(code: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    await stopAll();
  }
  process.exit(code);
}
process.on('SIGINT', () => void stopAndExit(0));
process.on('SIGTERM', () => void stopAndExit(0));

/** Whether something answers on a TCP port (a server already there, or ours ready). */
const listening = (port: number, host = '127.0.0.1') =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ port, host });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

async function waitFor(what: string, ready: () => Promise<boolean>, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!(await ready())) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`${what} stopped before it was ready (exit ${child.exitCode}).`);
    if (performance.now() > deadline) throw new Error(`${what} was not ready within ${timeoutMs / 1000} s.`);
    await sleep(250);
  }
}

async function installIfMissing(): Promise<void> {
  if (existsSync(strapiBin) && existsSync(pgliteServerBin)) return;
  const since = performance.now();
  say('Installing cms/’s packages (Strapi, about 700 MB: a few minutes the first time)…');
  const code = await finished(run('npm install', 'npm', ['install', '--no-audit', '--no-fund']));
  if (code !== 0) throw new Error(`npm install in cms/ failed (exit ${code}).`);
  say(`Installed in ${seconds(since)}.`);
}

/** The database's environment for Strapi: DATABASE_URL's server, or the embedded PGlite started here. */
async function startDatabase(): Promise<NodeJS.ProcessEnv> {
  if (settings.DATABASE_URL) {
    say('Database: the PostgreSQL server of DATABASE_URL.');
    return {};
  }
  const port = settings.CMS_PGLITE_PORT;
  if (await listening(port))
    throw new Error(`Port ${port} is taken (another npm run cms?): stop it, or set CMS_PGLITE_PORT to a free port.`);
  const since = performance.now();
  await mkdir(join(dataDir, 'pglite'), { recursive: true });
  const pglite = run(
    'PGlite',
    process.execPath,
    [pgliteServerBin, `--db=${join(dataDir, 'pglite')}`, '--host=127.0.0.1', `--port=${port}`],
    {
      log: 'quiet',
    },
  );
  // Its log names every connection: kept in a file, read when something goes wrong.
  const log = createWriteStream(join(dataDir, 'pglite.log'));
  pglite.stdout?.pipe(log);
  pglite.stderr?.pipe(log);
  await waitFor('PGlite', () => listening(port), pglite, 60_000);
  say(`Database: PGlite in cms/.data/pglite, on 127.0.0.1:${port} (ready in ${seconds(since)}).`);
  return { CMS_PGLITE_PORT: String(port) };
}

/**
 * `strapi build` (the server's code and the admin panel) when cms/'s sources changed since the last one; with
 * --no-admin, the server's code alone, compiled by TypeScript as Strapi's build compiles it (cms/tsconfig.json: the
 * JavaScript and the schema files in dist/), in seconds rather than a minute.
 */
async function buildIfStale(): Promise<void> {
  const stamp = await sourcesStamp(cmsRoot);
  const built = await readFile(buildStampFile, 'utf8').catch(() => null);
  const present = flags.admin ? 'dist/build/index.html' : 'dist/src/index.js';
  if (!flags.rebuild && built === stamp && existsSync(join(cmsRoot, present))) return;
  const since = performance.now();
  const [what, args] = flags.admin
    ? ['the project and its admin panel (strapi build: a minute or two; again only when cms/ changes)', [strapiBin, 'build']]
    : ['the server’s code (tsc)', [join(cmsRoot, 'node_modules/typescript/bin/tsc'), '-p', '.']];
  say(`Building ${what}…`);
  const code = await finished(run('build', process.execPath, args, { env: strapiEnvironment }));
  if (code !== 0) throw new Error(`The build of cms/ failed (exit ${code}).`);
  await writeFile(buildStampFile, stamp);
  say(`Built in ${seconds(since)}.`);
}

const adminUrl = `http://${settings.HOST === '0.0.0.0' ? '127.0.0.1' : settings.HOST}:${settings.PORT}`;

/** Strapi answers its health route (204) once its bootstrap is done. */
const healthy = () =>
  fetch(`${adminUrl}/_health`)
    .then((response) => response.ok)
    .catch(() => false);

/** Whether the account signs in to the admin panel: the proof it exists before it is printed. */
async function signsIn(email: string, password: string): Promise<boolean> {
  const response = await fetch(`${adminUrl}/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return response.ok;
}

async function main(): Promise<void> {
  await installIfMissing();
  await mkdir(dataDir, { recursive: true });
  const account = await adminAccount(accountFile);
  // Imported by Strapi only into a database without products (cms/src/bootstrap/seed.ts): the entries, and the
  // pictures they name (drawn once on this machine, then read from the drawings' cache).
  const fixtures = settings.CMS_SEED_SKUS ? catalogueWith(loadFixtures(), settings.CMS_SEED_SKUS) : loadFixtures();
  const images = await catalogueImages(fixtures);
  await mkdir(seedPictures, { recursive: true });
  await Promise.all(
    images.uploads.filter((upload) => upload.thumbnail).map((upload) => writeFile(join(seedPictures, upload.name), upload.data)),
  );
  await writeFile(seedFile, JSON.stringify(seedEntries(fixtures, images)));
  if (await listening(settings.PORT)) throw new Error(`Port ${settings.PORT} is taken (another npm run cms?): stop it, or set PORT.`);
  await buildIfStale();
  const database = await startDatabase();
  const since = performance.now();
  const strapi = run('Strapi', process.execPath, [strapiBin, 'start'], {
    env: {
      ...strapiEnvironment,
      ...database,
      CMS_FIRST_ADMIN_EMAIL: account.email,
      CMS_FIRST_ADMIN_PASSWORD: account.password,
      CMS_SEED_FILE: seedFile,
      CMS_SEED_PICTURES: seedPictures,
    },
  });
  strapi.once('exit', (code) => {
    if (!stopping) {
      say(`Strapi stopped (exit ${code}).`);
      void stopAndExit(code ?? 1);
    }
  });
  await waitFor('Strapi', healthy, strapi, 300_000);
  say(
    `Strapi is ready in ${seconds(since)} (${seconds(started)} in all): ${flags.admin ? `${adminUrl}/admin` : `${adminUrl}/api (no admin panel)`}`,
  );
  if (account.shown) say('Sign in with the account kept in cms/.data/admin-account.json.');
  else if (await signsIn(account.email, account.password)) {
    say('The first admin account (printed this once; kept in cms/.data/admin-account.json):');
    say(`  e-mail:   ${account.email}`);
    say(`  password: ${account.password}`);
    await markShown(accountFile, account);
  }
  // The database had admins already (DATABASE_URL's server, or cms/.data/admin-account.json deleted alone): Strapi
  // made no account, and theirs sign in. Strapi runs on; the README says how to start from nothing.
  else say('The database has admin accounts of its own: sign in with one of them (cms/README.md: to start from nothing).');
  if (flags.exit) await stopAndExit(0);
}

try {
  await main();
} catch (error) {
  console.error(`[cms] ${error instanceof Error ? error.message : String(error)}`);
  await stopAndExit(1);
}
