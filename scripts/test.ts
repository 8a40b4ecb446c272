/**
 * `npm test`: unit and API tests (vitest; the API tests again on TEST_DATABASE_URL when set), a fresh
 * build of both channels against the embedded platform, a strict type check, then the end-to-end tests
 * in Chromium (Playwright starts the servers).
 */
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';

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
const env = { ...outside, DATA_DIR: '.data/test-pglite' };
rmSync('.data/test-pglite', { recursive: true, force: true });
run('unit and API tests (PGlite)', ['node_modules/vitest/vitest.mjs', 'run'], env);
// The same API tests on a PostgreSQL server, when one is given (.ci/run starts one). Its database's name
// must say it is for tests (shop_test), or every file refuses it (tests/support/test-database.ts); a test
// checks the platform really ran on PostgreSQL (tests/api/app.test.ts).
if (testDatabase) {
  run('API tests (PostgreSQL server)', ['node_modules/vitest/vitest.mjs', 'run', '--project', 'api'], { ...env, TEST_DATABASE_URL: testDatabase });
}
run('build of both channels', ['scripts/build.ts'], env);
// After the build, which writes Astro's generated types (.astro/) that the type check reads.
run('type check (TypeScript strict)', ['node_modules/typescript/bin/tsc', '--noEmit', '-p', '.'], env);
run('end-to-end tests (Chromium)', ['node_modules/@playwright/test/cli.js', 'test'], env);
