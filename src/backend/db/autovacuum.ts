/**
 * PGlite's autovacuum, done by the platform. PGlite runs none (a single process, no background workers):
 * without this its tables are never analysed (`pg_class.reltuples` stays -1, and the planner guessed
 * their sizes: the add to cart read its lines' variants by scanning every product of the language), and
 * never vacuumed (every update of a cart, an order or a session leaves a dead row that nothing frees, so
 * tables and indexes grow and scans slow down for as long as the shop runs). A PostgreSQL server's
 * autovacuum does this work, so there nothing is done here.
 *
 * - At start, once the migrations and the seeding have written the tables and before the platform
 *   serves, every table of the platform is analysed (empty ones too: an analysed empty table is then
 *   estimated from its real size as it fills, not as ten pages).
 * - Then, every `autovacuum_naptime` (a minute), each table is vacuumed and analysed by autovacuum's own
 *   rules and settings: vacuumed when its dead rows pass `autovacuum_vacuum_threshold` (50) plus
 *   `autovacuum_vacuum_scale_factor` (20 %) of its rows (at most `autovacuum_vacuum_max_threshold`), or
 *   the rows inserted since its last vacuum pass `autovacuum_vacuum_insert_threshold` (1,000) plus
 *   `autovacuum_vacuum_insert_scale_factor` (20 %); analysed when the rows inserted, updated or deleted
 *   since its last analysis pass `autovacuum_analyze_threshold` (50) plus
 *   `autovacuum_analyze_scale_factor` (10 %). The cumulative statistics that count them work in PGlite.
 *
 * VACUUM and ANALYZE on PGlite run on the thread that serves the requests, under the same lock: each table
 * has its own statement, so a shopper's request waits for one table's (ANALYZE samples at most 30,000
 * rows: 17 ms for the products of the fixtures, 140 ms for those of a 2,000-product catalogue), never for
 * the whole pass. The passes are a job of the platform's runner (jobs/runner.ts), which never keeps a process alive.
 */
import type { Job } from '../jobs/runner.ts';
import type { Database } from './database.ts';

/** The tables a pass vacuumed and those it analysed (a table vacuumed and analysed is in both). */
interface Pass {
  vacuumed: string[];
  analysed: string[];
}

export interface Autovacuum {
  /** Vacuums and analyses the tables changed past autovacuum's thresholds since their last vacuum or analysis. */
  pass(): Promise<Pass>;
  /** The passes every `autovacuum_naptime`, as a job of the platform's runner; none on a server. */
  job?: Job;
}

interface AutovacuumOptions {
  /** Milliseconds between two passes; PostgreSQL's `autovacuum_naptime` by default (tests give a short one). */
  intervalMs?: number;
}

/** On a server: nothing to do, its autovacuum works. */
const serverDoesIt: Autovacuum = { pass: async () => ({ vacuumed: [], analysed: [] }) };

const setting = (name: string) => `current_setting('${name}')::float8`;

/** Each table autovacuum would vacuum or analyse now, quoted for a statement. */
const dueTables = `SELECT name, needs_vacuum, needs_analysis FROM (
    SELECT format('%I.%I', s.schemaname, s.relname) AS name,
      s.n_dead_tup > least(${setting('autovacuum_vacuum_max_threshold')},
          ${setting('autovacuum_vacuum_threshold')} + ${setting('autovacuum_vacuum_scale_factor')} * greatest(c.reltuples, 0))
        OR s.n_ins_since_vacuum > ${setting('autovacuum_vacuum_insert_threshold')}
          + ${setting('autovacuum_vacuum_insert_scale_factor')} * greatest(c.reltuples, 0) AS needs_vacuum,
      s.n_mod_since_analyze > ${setting('autovacuum_analyze_threshold')}
        + ${setting('autovacuum_analyze_scale_factor')} * greatest(c.reltuples, 0) AS needs_analysis
    FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid) t
  WHERE needs_vacuum OR needs_analysis ORDER BY name`;

/** Analyses every table of a PGlite database now; its job then keeps them vacuumed and analysed. Does nothing on PostgreSQL. */
export async function prepareAutovacuum(db: Database, options: AutovacuumOptions = {}): Promise<Autovacuum> {
  if (db.driver !== 'pglite') return serverDoesIt;
  // The session's changes reach the cumulative statistics at most once a second: flushed before they are
  // read, and before a VACUUM or an ANALYZE (changes flushed after it would count again as changes since it).
  const flushChanges = () => db.query('SELECT pg_stat_force_next_flush()');
  await flushChanges();
  // The platform's own tables, not PostgreSQL's catalogues: a tenth of the time (50 to 90 ms on the fixtures, not 200 to 850).
  const [every] = await db.query<{ tables: string | null }>(
    `SELECT string_agg(format('%I.%I', schemaname, relname), ', ') AS tables FROM pg_stat_user_tables`,
  );
  if (every?.tables) await db.query(`ANALYZE ${every.tables}`);

  const pass = async (): Promise<Pass> => {
    await flushChanges();
    const due = await db.query<{ name: string; needs_vacuum: boolean; needs_analysis: boolean }>(dueTables);
    // One statement a table: the requests queued behind it wait for one table, not for all of them.
    for (const table of due) {
      await db.query(table.needs_vacuum ? `VACUUM ${table.needs_analysis ? '(ANALYZE) ' : ''}${table.name}` : `ANALYZE ${table.name}`);
    }
    return {
      vacuumed: due.filter((t) => t.needs_vacuum).map((t) => t.name),
      analysed: due.filter((t) => t.needs_analysis).map((t) => t.name),
    };
  };

  const [naptime] = await db.query<{ ms: number }>(`SELECT setting::int * 1000 AS ms FROM pg_settings WHERE name = 'autovacuum_naptime'`);
  return { pass, job: { name: 'Autovacuum', everyMs: options.intervalMs ?? naptime?.ms ?? 60_000, turn: pass } };
}
