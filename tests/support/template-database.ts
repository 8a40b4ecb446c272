/**
 * The API project's global setup (vitest.config.ts `globalSetup`): the migrated and seeded database every
 * test file starts from, made once per run. Migrating and seeding took more than half of a file's time
 * (8 to 9 s under load); starting from a copy takes a fraction of it (the figures are in scripts/test.ts).
 *
 * - PGlite pass: an in-memory PGlite migrated and seeded here, dumped (dumpDataDir) to a temporary file;
 *   tests/api/platform.ts starts each platform's in-memory PGlite from it (`loadDataDir`).
 * - PostgreSQL pass (TEST_DATABASE_URL): a database `<name>_template` on the same server, migrated and
 *   seeded here; tests/support/file-database.ts gives each test file a database of its own made from it
 *   (CREATE DATABASE … TEMPLATE), dropped after the file. Both names keep TEST_DATABASE_URL's name in
 *   front, so they too say they are for tests (test-database.ts).
 *
 * Files stay independent: each one writes only to its own copy.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase, openMemoryPglite, type Database } from '../../src/backend/db/database.ts';
import { migrate } from '../../src/backend/db/migrate.ts';
import { seedContent } from '../../src/backend/seed/seed.ts';
import { adminSql, databaseUrlNamed } from './server-databases.ts';
import { databaseNameOf, testDatabaseUrl } from './test-database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The PGlite pass's template: a data folder's tarball (dumpDataDir), or '' in the PostgreSQL pass. */
    pgliteTemplate: string;
    /** The PostgreSQL pass's template database's name, or '' in the PGlite pass. */
    templateDatabase: string;
    /** What the names of this run's file databases start with (file-database.ts), so that the run's end drops them all. */
    fileDatabasePrefix: string;
  }
}

/** What the platform itself would do on an empty database before it serves (src/backend/platform.ts), but the per-start steps. */
const prepare = async (db: Database) => {
  await migrate(db);
  await seedContent(db);
};

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const url = testDatabaseUrl();
  const started = performance.now();
  if (!url) {
    const { db, pglite } = await openMemoryPglite();
    await prepare(db);
    // Written out now, so that a file's database starts with no write-ahead log to replay.
    await pglite.query('CHECKPOINT');
    const dump = await pglite.dumpDataDir('none');
    await db.close();
    const folder = mkdtempSync(join(tmpdir(), 'api-template-'));
    const file = join(folder, 'pgdata.tar');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    project.provide('pgliteTemplate', file);
    project.provide('templateDatabase', '');
    project.provide('fileDatabasePrefix', '');
    console.log(`API tests: PGlite template made in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return async () => rmSync(folder, { recursive: true, force: true });
  }
  const template = `${databaseNameOf(url)}_template`;
  const admin = adminSql(url);
  try {
    // One left by a run that was killed is made again: the migrations or fixtures may have changed since.
    await admin.unsafe(`DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`);
    await admin.unsafe(`CREATE DATABASE "${template}"`);
  } catch (error) {
    // A role without CREATEDB: every file then resets TEST_DATABASE_URL's own database, as before templates.
    await admin.end();
    console.warn(`API tests: no template database (${(error as Error).message}); each file resets ${databaseNameOf(url)}`);
    project.provide('pgliteTemplate', '');
    project.provide('templateDatabase', '');
    project.provide('fileDatabasePrefix', '');
    return async () => {};
  }
  const db = await openDatabase({ url: databaseUrlNamed(url, template) });
  try {
    await prepare(db);
  } finally {
    await db.close();
  }
  const prefix = `${databaseNameOf(url)}_${randomBytes(3).toString('hex')}`;
  project.provide('pgliteTemplate', '');
  project.provide('templateDatabase', template);
  project.provide('fileDatabasePrefix', prefix);
  console.log(`API tests: template database ${template} made in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return async () => {
    // A file drops its own after its tests, but a file whose tests were all skipped (-t, --changed) runs no
    // hook, and one that failed to load none either: whatever this run's files left is dropped here.
    const left = await admin<{ datname: string }[]>`SELECT datname FROM pg_database WHERE starts_with(datname, ${`${prefix}_`})`;
    for (const { datname } of left) await admin.unsafe(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    await admin.unsafe(`DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`);
    await admin.end();
  };
}
