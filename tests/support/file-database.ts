/**
 * Runs before every API test file (vitest.config.ts `setupFiles`). In the PostgreSQL pass, the file gets a
 * database of its own, a copy of the migrated and seeded template (template-database.ts), which
 * TEST_DATABASE_URL names for the file's whole run and which is dropped after it: files stay independent
 * and none resets another's catalogue. Its name is TEST_DATABASE_URL's followed by the run's mark, the
 * process and a random part, so it says it is for tests as that one does (test-database.ts), and the
 * run's end drops any a file left (template-database.ts). In the PGlite pass nothing is done here:
 * each platform starts its own in-memory PGlite from the template (tests/api/platform.ts).
 */
import { randomBytes } from 'node:crypto';
import { afterAll, inject } from 'vitest';
import { adminSql, databaseUrlNamed } from './server-databases.ts';
import { assertTestDatabase, testDatabaseUrl } from './test-database.ts';

const url = testDatabaseUrl();
const template = inject('templateDatabase');
const prefix = inject('fileDatabasePrefix');
if (url && template && prefix) {
  const name = `${prefix}_${process.pid}_${randomBytes(3).toString('hex')}`;
  const own = assertTestDatabase(databaseUrlNamed(url, name));
  const admin = adminSql(url);
  await admin.unsafe(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
  process.env.TEST_DATABASE_URL = own;
  // Registered first, so it runs after the file's own afterAll hooks (which close its platforms); FORCE
  // ends a connection one of them left open.
  afterAll(async () => {
    process.env.TEST_DATABASE_URL = url;
    await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  });
}
