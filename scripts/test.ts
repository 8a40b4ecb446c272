/**
 * `npm test`: unit and API tests (vitest; the API tests again on TEST_DATABASE_URL when set), a fresh
 * build of both channels against the embedded platform, the static checks of scripts/check.ts (format,
 * lint, unused code, TypeScript strict, astro check), then the end-to-end tests
 * in Chromium (Playwright starts the servers). `npm test -- --e2e [Playwright's arguments]`: the build and
 * the end-to-end tests only, on free ports, beside a shop that may be running on the default ones.
 */
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { freePorts } from './lib/ports.ts';

const run = (label: string, args: string[], env: NodeJS.ProcessEnv = process.env) => {
  console.log(`\n▶ ${label}`);
  const result = spawnSync(process.execPath, args, { stdio: 'inherit', env });
  if (result.status !== 0) {
    console.error(`✖ ${label} failed`);
    process.exit(result.status ?? 1);
  }
};

// The tests run on their own database, so they never touch the shop's data in .data/pglite, nor the
// server of a DATABASE_URL exported in this shell (the API tests reset the database they are given).
// TEST_DATABASE_URL is given to the PostgreSQL pass only: the first pass is PGlite's, wherever it runs.
const { DATABASE_URL: _shopDatabase, TEST_DATABASE_URL: testDatabase, ...outside } = process.env;
// TEST_FOLDERS=<folder> gives a run folders of its own (database, build, cache, Playwright's results), so
// that several runs can share a working tree; by default they are .data/test-*.
const folders = process.env.TEST_FOLDERS;
const folder = (name: string) => (folders ? `${folders}/${name}` : `.data/test-${name}`);
const env = { ...outside, DATA_DIR: folder('pglite') };
rmSync(folder('pglite'), { recursive: true, force: true });
// `npm test -- --e2e [Playwright's arguments]`: the build and the end-to-end tests only.
if (process.argv.includes('--e2e')) await endToEnd(process.argv.slice(2).filter((arg) => arg !== '--e2e'));
run('unit and API tests (PGlite)', ['node_modules/vitest/vitest.mjs', 'run'], env);
// The same API tests on a PostgreSQL server, when one is given (.ci/run starts one). Its database's name
// must say it is for tests (shop_test), or every file refuses it (tests/support/test-database.ts); a test
// checks the platform really ran on PostgreSQL (tests/api/app.test.ts).
if (testDatabase) {
  run('API tests (PostgreSQL server)', ['node_modules/vitest/vitest.mjs', 'run', '--project', 'api'], {
    ...env,
    TEST_DATABASE_URL: testDatabase,
  });
}
await endToEnd();

/**
 * The end-to-end build is made for ports found free now, so that a shop already running here (npm start
 * on 4321, 4322, 4400) is neither tested nor disturbed: the pages bake in their site URLs and the shop
 * API's, so the ports are chosen before the build and the suite serves that build on them
 * (tests/e2e/target.ts reads them back from it). It goes to folders of its own, leaving dist/ (what
 * `npm start -- --no-build` serves) and its content cache as they were. With arguments (Playwright's),
 * only the build and those end-to-end tests run.
 */
async function endToEnd(playwrightArgs?: string[]): Promise<void> {
  const [platformPort, frPort, bePort] = await freePorts(3);
  const e2eEnv = {
    ...env,
    PORT_PLATFORM: String(platformPort),
    PORT_FR: String(frPort),
    PORT_BE: String(bePort),
    SHOP_API_URL: `http://localhost:${platformPort}`,
    SITE_URL_FR: `http://localhost:${frPort}`,
    SITE_URL_BE: `http://localhost:${bePort}`,
    PUBLIC_SHOP_API_URL: undefined,
    CONTENT_API_URL: undefined,
    DIST_DIR: folder('dist'),
    CACHE_DIR: folder('cache'),
  };
  const results = folders ? ['--output', folder('results')] : [];
  run('build of both channels', ['scripts/build.ts'], e2eEnv);
  if (playwrightArgs) {
    // Only the tests asked for: a project that runs after the others (maintenance) does not bring them all in.
    run(
      'end-to-end tests (Chromium)',
      ['node_modules/@playwright/test/cli.js', 'test', '--no-deps', ...results, ...playwrightArgs],
      e2eEnv,
    );
    process.exit(0);
  }
  // After the build, which writes Astro's generated types (.astro/) that the type check reads; on the
  // end-to-end ports and data folder, so `astro check`'s content sync never reads the shop's own data.
  run('static checks (Biome, knip, TypeScript, astro check)', ['scripts/check.ts'], e2eEnv);
  run('end-to-end tests (Chromium)', ['node_modules/@playwright/test/cli.js', 'test', ...results], e2eEnv);
}
