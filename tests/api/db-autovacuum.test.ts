/**
 * PGlite runs no autovacuum: the platform does its work (src/backend/db/autovacuum.ts), analysing every
 * table at start before it serves, then as a job of its runner, by autovacuum's rules, vacuuming and analysing the
 * tables that changed enough. On a PostgreSQL server it leaves that to the server's autovacuum.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../src/backend/db/database.ts';
import { prepareAutovacuum } from '../../src/backend/db/autovacuum.ts';
import { jobsRunner } from '../../src/backend/jobs/runner.ts';
import { testDatabaseUrl } from '../support/test-database.ts';
import { type TestPlatform, testPlatform } from './platform.ts';

/** The planner's row count of a table: -1 while it has never been analysed. */
const reltuples = async (db: Database, table: string) =>
  (await db.query<{ n: number }>('SELECT reltuples::float8 AS n FROM pg_class WHERE oid = $1::regclass', [table]))[0]!.n;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(process.env.TEST_DATABASE_URL)('PGlite vacuums and analyses its tables (runs in the PGlite pass)', () => {
  describe('a platform just started', () => {
    let platform: TestPlatform;
    beforeAll(async () => {
      platform = await testPlatform();
    });
    afterAll(() => platform.db.close());

    it('has every table analysed before it serves, the catalogue with its rows and the empty tables too', async () => {
      const tables = await platform.db.query<{ name: string; n: number }>(
        `SELECT format('%I.%I', s.schemaname, s.relname) AS name, c.reltuples::float8 AS n
           FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid ORDER BY 1`,
      );
      expect(tables.length).toBeGreaterThan(20);
      expect(tables.filter((t) => t.n < 0).map((t) => t.name)).toEqual([]);
      const products = await platform.db.query<{ n: number }>('SELECT count(*)::int AS n FROM content.products');
      expect(await reltuples(platform.db, 'content.products')).toBe(products[0]!.n);
      expect(await reltuples(platform.db, 'content.product_variants')).toBeGreaterThan(0);
      expect(await reltuples(platform.db, 'shop.orders')).toBe(0);
    });
  });

  describe('then, as the tables change', () => {
    let db: Database;
    const jobs = jobsRunner();
    beforeAll(async () => {
      db = await openDatabase({ dataDir: 'memory://' });
      await db.exec('CREATE TABLE lines (id serial PRIMARY KEY, quantity int NOT NULL)');
      await db.query('INSERT INTO lines (quantity) SELECT g FROM generate_series(1, 1000) g');
    });
    afterAll(async () => {
      await jobs.stop();
      await db.close();
    });
    const addLines = (n: number) => db.query('INSERT INTO lines (quantity) SELECT g FROM generate_series(1, $1::int) g', [n]);

    it('analyses again, as a job, a table changed past autovacuum’s threshold, and stops when told', async () => {
      const autovacuum = await prepareAutovacuum(db, { intervalMs: 50 });
      jobs.start(autovacuum.job!);
      expect(await reltuples(db, 'lines')).toBe(1000);
      // Past 50 + 10 % of 1,000 rows: the next pass of the timer analyses it, with no call from here.
      await addLines(200);
      const deadline = Date.now() + 10_000;
      while ((await reltuples(db, 'lines')) !== 1200 && Date.now() < deadline) await pause(50);
      expect(await reltuples(db, 'lines')).toBe(1200);
      await jobs.stop();
      await addLines(500);
      await pause(500);
      expect(await reltuples(db, 'lines')).toBe(1200);
    });

    it('leaves alone a table changed less than that, and analyses it once the changes add up', async () => {
      // Its job not started: only the calls below analyse.
      const autovacuum = await prepareAutovacuum(db);
      expect(await reltuples(db, 'lines')).toBe(1700);
      await db.query('UPDATE lines SET quantity = quantity + 1 WHERE id <= 150');
      expect((await autovacuum.pass()).analysed).toEqual([]);
      expect(await reltuples(db, 'lines')).toBe(1700);
      // 150 + 100 changed rows: past 50 + 10 % of 1,700 (220).
      await db.query('DELETE FROM lines WHERE id > 1600');
      expect((await autovacuum.pass()).analysed).toEqual(['public.lines']);
      expect(await reltuples(db, 'lines')).toBe(1600);
      expect((await autovacuum.pass()).analysed).toEqual([]);
    });
  });

  describe('a table whose rows are updated over and over (carts, sessions)', () => {
    let db: Database;
    beforeAll(async () => {
      db = await openDatabase({ dataDir: 'memory://' });
      await db.exec('CREATE TABLE carts (id serial PRIMARY KEY, total int NOT NULL)');
      await db.query('INSERT INTO carts (total) SELECT 0 FROM generate_series(1, 1000)');
    });
    afterAll(() => db.close());
    const size = async () => (await db.query<{ n: number }>(`SELECT pg_relation_size('carts')::int AS n`))[0]!.n;
    const deadRows = async () => {
      await db.query('SELECT pg_stat_force_next_flush()');
      return (await db.query<{ n: number }>(`SELECT n_dead_tup::int AS n FROM pg_stat_user_tables WHERE relname = 'carts'`))[0]!.n;
    };

    it('is vacuumed once its dead rows pass autovacuum’s threshold, so it does not grow with every update', async () => {
      const autovacuum = await prepareAutovacuum(db);
      const fresh = await size();
      // 100 dead rows: under 50 + 20 % of 1,000.
      await db.query('UPDATE carts SET total = total + 1 WHERE id <= 100');
      expect((await autovacuum.pass()).vacuumed).toEqual([]);
      // Every row updated ten times, each time past the threshold: each pass frees the rows the update left,
      // and the next update writes into them. Without the passes the table would be eleven times its size.
      for (let round = 0; round < 10; round++) {
        await db.query('UPDATE carts SET total = total + 1');
        expect(await autovacuum.pass()).toEqual({ vacuumed: ['public.carts'], analysed: ['public.carts'] });
        expect(await deadRows()).toBe(0);
      }
      expect(await size()).toBeLessThanOrEqual(3 * fresh);
      expect(await autovacuum.pass()).toEqual({ vacuumed: [], analysed: [] });
    });
  });
});

describe.skipIf(!testDatabaseUrl())('on a PostgreSQL server (needs TEST_DATABASE_URL)', () => {
  const table = `table_statistics_${randomBytes(4).toString('hex')}`;
  let db: Database;
  beforeAll(async () => {
    db = await openDatabase({ url: testDatabaseUrl() });
    await db.exec(`CREATE TABLE public.${table} (id serial PRIMARY KEY)`);
    await db.query(`INSERT INTO public.${table} (id) SELECT generate_series(1, 1000)`);
  });
  afterAll(async () => {
    await db.exec(`DROP TABLE IF EXISTS public.${table}`);
    await db.close();
  });

  it('analyses nothing and has no job: the server’s autovacuum does it', async () => {
    const autovacuum = await prepareAutovacuum(db, { intervalMs: 50 });
    expect(autovacuum.job).toBeUndefined();
    expect((await autovacuum.pass()).analysed).toEqual([]);
    const [analysed] = await db.query<{ last: Date | null }>(
      'SELECT last_analyze AS last FROM pg_stat_user_tables WHERE relid = $1::regclass',
      [`public.${table}`],
    );
    expect(analysed).toEqual({ last: null });
  });
});
