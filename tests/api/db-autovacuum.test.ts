/**
 * PGlite runs no autovacuum: the platform analyses its tables itself (src/backend/db/table-statistics.ts),
 * at start before it serves, and then on a timer, by autovacuum's rule, the tables that changed enough. On
 * a PostgreSQL server it leaves that to the server's autovacuum.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../src/backend/db/database.ts';
import { keepTablesAnalysed, type TableStatistics } from '../../src/backend/db/table-statistics.ts';
import { testDatabaseUrl } from '../support/test-database.ts';
import { type TestPlatform, testPlatform } from './platform.ts';

/** The planner's row count of a table: -1 while it has never been analysed. */
const reltuples = async (db: Database, table: string) =>
  (await db.query<{ n: number }>('SELECT reltuples::float8 AS n FROM pg_class WHERE oid = $1::regclass', [table]))[0]!.n;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(process.env.TEST_DATABASE_URL)('PGlite analyses its tables (runs in the PGlite pass)', () => {
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
    let statistics: TableStatistics | undefined;
    beforeAll(async () => {
      db = await openDatabase({ dataDir: 'memory://' });
      await db.exec('CREATE TABLE lines (id serial PRIMARY KEY, quantity int NOT NULL)');
      await db.query('INSERT INTO lines (quantity) SELECT g FROM generate_series(1, 1000) g');
    });
    afterAll(async () => {
      await statistics?.stop();
      await db.close();
    });
    const addLines = (n: number) => db.query('INSERT INTO lines (quantity) SELECT g FROM generate_series(1, $1::int) g', [n]);

    it('analyses again, on its timer, a table changed past autovacuum’s threshold, and stops when told', async () => {
      statistics = await keepTablesAnalysed(db, { intervalMs: 50 });
      expect(await reltuples(db, 'lines')).toBe(1000);
      // Past 50 + 10 % of 1,000 rows: the next pass of the timer analyses it, with no call from here.
      await addLines(200);
      const deadline = Date.now() + 10_000;
      while ((await reltuples(db, 'lines')) !== 1200 && Date.now() < deadline) await pause(50);
      expect(await reltuples(db, 'lines')).toBe(1200);
      await statistics.stop();
      await addLines(500);
      await pause(500);
      expect(await reltuples(db, 'lines')).toBe(1200);
    });

    it('leaves alone a table changed less than that, and analyses it once the changes add up', async () => {
      // A timer that never fires during the test: only the calls below analyse.
      statistics = await keepTablesAnalysed(db, { intervalMs: 3_600_000 });
      expect(await reltuples(db, 'lines')).toBe(1700);
      await db.query('UPDATE lines SET quantity = quantity + 1 WHERE id <= 150');
      expect(await statistics.analyseChanged()).toEqual([]);
      expect(await reltuples(db, 'lines')).toBe(1700);
      // 150 + 100 changed rows: past 50 + 10 % of 1,700 (220).
      await db.query('DELETE FROM lines WHERE id > 1600');
      expect(await statistics.analyseChanged()).toEqual(['public.lines']);
      expect(await reltuples(db, 'lines')).toBe(1600);
      expect(await statistics.analyseChanged()).toEqual([]);
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

  it('analyses nothing: the server’s autovacuum does it', async () => {
    const statistics = await keepTablesAnalysed(db, { intervalMs: 50 });
    await pause(300);
    expect(await statistics.analyseChanged()).toEqual([]);
    await statistics.stop();
    const [analysed] = await db.query<{ last: Date | null }>(
      'SELECT last_analyze AS last FROM pg_stat_user_tables WHERE relid = $1::regclass',
      [`public.${table}`],
    );
    expect(analysed).toEqual({ last: null });
  });
});
