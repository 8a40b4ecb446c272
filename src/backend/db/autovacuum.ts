/**
 * PGlite analyses its own tables. It runs no autovacuum (a single process, no background workers), so
 * without this its tables are never analysed (`pg_class.reltuples` stays -1) and the planner guesses
 * their sizes: the add to cart read its lines' variants by scanning every product of the language. A
 * PostgreSQL server's autovacuum does this work, so there nothing is done here.
 *
 * - At start, once the migrations and the seeding have written the tables and before the platform
 *   serves, every table of the platform is analysed (empty ones too: an analysed empty table is then
 *   estimated from its real size as it fills, not as ten pages).
 * - Then, every `autovacuum_naptime` (a minute), the tables that have changed enough since they were last
 *   analysed are analysed again, by autovacuum's own rule and settings: more rows inserted, updated or
 *   deleted than `autovacuum_analyze_threshold` (50) plus `autovacuum_analyze_scale_factor` (10 %) of
 *   the table's rows. The cumulative statistics that count those changes work in PGlite.
 *
 * ANALYZE on PGlite runs on the thread that serves the requests, under the same lock: each table is
 * analysed by its own statement, so a shopper's request waits for one table's (a sample of at most
 * 30,000 rows: 17 ms for the products of the fixtures, 140 ms for those of a 2,000-product catalogue),
 * never for the whole pass. The timer is unref'd: it never keeps a process alive.
 */
import type { Database } from './database.ts';

export interface TableStatistics {
  /** Analyses the tables changed past autovacuum's threshold since their last analysis; answers their names. */
  analyseChanged(): Promise<string[]>;
  /** Stops the timer and waits for a pass under way (before the database closes). */
  stop(): Promise<void>;
}

interface TableStatisticsOptions {
  /** Milliseconds between two passes; PostgreSQL's `autovacuum_naptime` by default (tests give a short one). */
  intervalMs?: number;
}

/** On a server: nothing to do, its autovacuum analyses. */
const serverDoesIt: TableStatistics = { analyseChanged: async () => [], stop: async () => {} };

/** The tables autovacuum would analyse now, quoted for a statement. */
const changedTables = `SELECT format('%I.%I', s.schemaname, s.relname) AS name
  FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
  WHERE s.n_mod_since_analyze > current_setting('autovacuum_analyze_threshold')::float8
    + current_setting('autovacuum_analyze_scale_factor')::float8 * greatest(c.reltuples, 0)
  ORDER BY 1`;

/** Analyses every table of a PGlite database now, then keeps them analysed; does nothing on PostgreSQL. */
export async function keepTablesAnalysed(db: Database, options: TableStatisticsOptions = {}): Promise<TableStatistics> {
  if (db.driver !== 'pglite') return serverDoesIt;
  // The session's changes reach the cumulative statistics at most once a second: flushed before they are
  // read, and before an ANALYZE (changes flushed after it would count again as changes since it).
  const flushChanges = () => db.query('SELECT pg_stat_force_next_flush()');
  await flushChanges();
  // The platform's own tables, not PostgreSQL's catalogues: a tenth of the time (50 to 90 ms on the fixtures, not 200 to 850).
  const [every] = await db.query<{ tables: string | null }>(
    `SELECT string_agg(format('%I.%I', schemaname, relname), ', ') AS tables FROM pg_stat_user_tables`,
  );
  if (every?.tables) await db.query(`ANALYZE ${every.tables}`);

  const analyseChanged = async () => {
    await flushChanges();
    const tables = (await db.query<{ name: string }>(changedTables)).map((t) => t.name);
    // One statement a table: the requests queued behind it wait for one table, not for all of them.
    for (const table of tables) await db.query(`ANALYZE ${table}`);
    return tables;
  };

  const [naptime] = await db.query<{ ms: number }>(`SELECT setting::int * 1000 AS ms FROM pg_settings WHERE name = 'autovacuum_naptime'`);
  let running: Promise<unknown> | null = null;
  const tick = () => {
    running ??= analyseChanged()
      .catch((error) => console.warn(`Table statistics: ${(error as Error).message}`))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, options.intervalMs ?? naptime?.ms ?? 60_000);
  timer.unref();
  return {
    analyseChanged,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
