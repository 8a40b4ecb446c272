/**
 * A rolling deploy: 12 platform instances start together on a fresh PostgreSQL database. Each one
 * migrates and seeds on boot; without a lock 11 of 12 died on `duplicate key … pg_namespace_nspname_index`
 * and the catalogue was seeded several times. Twelve connections (pools) in this process race on the
 * server exactly as twelve processes do: the race is in the database, not in Node.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import postgres from 'postgres';
import { openDatabase, type Database } from '../../src/backend/db/database.ts';
import { migrate } from '../../src/backend/db/migrate.ts';
import { loadFixtures, seedContent } from '../../src/backend/seed/seed.ts';
import { testDatabaseUrl } from '../support/test-database.ts';

// Only the run's test server (never DATABASE_URL), where it creates a database of its own.
const serverUrl = testDatabaseUrl();
const instances = 12;

describe.skipIf(!serverUrl)(`${instances} instances starting together on a fresh PostgreSQL database (needs TEST_DATABASE_URL)`, () => {
  // A database of its own, with a random name, on the given server: created here, dropped after.
  const name = `mg_test_concurrent_start_${randomBytes(6).toString('hex')}`;
  let admin: ReturnType<typeof postgres>;
  let url: string;
  const databases: Database[] = [];

  beforeAll(async () => {
    admin = postgres(serverUrl!, { max: 1, onnotice: () => {} });
    await admin.unsafe(`CREATE DATABASE ${name}`);
    const address = new URL(serverUrl!);
    address.pathname = `/${name}`;
    url = address.toString();
  });
  afterAll(async () => {
    await Promise.all(databases.map((db) => db.close()));
    await admin?.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin?.end();
  });

  it('all start; every migration runs once; the catalogue is seeded once', async () => {
    databases.push(...(await Promise.all(Array.from({ length: instances }, () => openDatabase({ url })))));
    // What preparePlatform does on boot, twelve times at once.
    const boots = await Promise.allSettled(databases.map(async (db) => ({ ran: await migrate(db), seeded: await seedContent(db) })));
    const failures = boots.flatMap((boot) => (boot.status === 'rejected' ? [String(boot.reason)] : []));
    expect(failures).toEqual([]);
    const results = boots.flatMap((boot) => (boot.status === 'fulfilled' ? [boot.value] : []));

    const files = readdirSync(new URL('../../src/backend/db/migrations/', import.meta.url))
      .filter((f) => /^\d{3}_.+\.sql$/.test(f))
      .sort();
    const versions = files.map((f) => f.replace(/\.sql$/, ''));
    const recorded = await databases[0]!.query<{ version: string; times: number }>(
      'SELECT version, count(*)::int AS times FROM public.schema_migrations GROUP BY version ORDER BY version',
    );
    expect(recorded).toEqual(versions.map((version) => ({ version, times: 1 })));
    // One instance ran them all; the others found them done.
    expect(results.map((r) => r.ran).filter((ran) => ran.length > 0)).toEqual([versions]);

    expect(results.filter((r) => r.seeded)).toHaveLength(1);
    const [{ count }] = (await databases[0]!.query<{ count: number }>('SELECT count(*)::int AS count FROM content.products')) as [
      { count: number },
    ];
    expect(count).toBe(loadFixtures().products.length * 2); // one row per language
  });
});
