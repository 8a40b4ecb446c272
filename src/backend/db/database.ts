/**
 * One small interface over the two PostgreSQL drivers: PGlite in-process (data under .data/) by default,
 * a PostgreSQL server when DATABASE_URL is set. Both speak the same SQL with $1 parameters, so the
 * schema, migrations and queries are written once.
 *
 * A PGlite folder belongs to one process (folder-lock.ts) and acknowledges a write once it is on disk
 * (durable-pglite.ts).
 */
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { DatabaseInUseError, lockFolder, releaseAllFolderLocks } from './folder-lock.ts';
import type { PgliteStatements } from './pglite-statements.ts';

export { DatabaseInUseError } from './folder-lock.ts';

/**
 * For commands' top level (`.catch(exitIfDatabaseInUse)`): a folder held by another process is a
 * situation, not a bug, so it gets its one-line message and exit code 1 instead of a stack trace.
 */
export function exitIfDatabaseInUse(error: unknown): never {
  if (error instanceof DatabaseInUseError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

export type Row = Record<string, unknown>;
export interface Queryable {
  /** T is the caller's description of a row (an interface or a Row). */
  query<T extends object = Row>(sql: string, params?: unknown[]): Promise<T[]>;
  /**
   * Tells this process's listeners of `channel` (Database.listen) that what was just written is committed:
   * at once outside a transaction, after COMMIT inside one (never, if it rolls back). PostgreSQL's NOTIFY,
   * in-process: a listener is never woken for a row it cannot read yet.
   */
  notify(channel: string): void;
}
/** A transaction's statements (Database.transaction). */
export interface Transaction extends Queryable {
  /**
   * The transaction's last write, committed with it: on a PostgreSQL server COMMIT leaves in the same write
   * and comes back in the same read (one round trip fewer). An error the caller throws after it no longer rolls
   * anything back: use it for a statement whose refusals write nothing. Statements after it (the answer's
   * reads: a cart's coupon, its fees) each run on their own, on the same connection, and read what was committed.
   */
  queryAndCommit<T extends object = Row>(sql: string, params?: unknown[]): Promise<T[]>;
}

export interface Database extends Queryable {
  readonly driver: 'pglite' | 'postgres';
  /** Calls `fn` on each commit that notified `channel` (Queryable.notify); answers the function that stops it. */
  listen(channel: string, fn: () => void): () => void;
  /** Runs several statements separated by semicolons (migrations). */
  exec(sql: string): Promise<void>;
  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** This process's listeners, by channel (Queryable.notify): one set per database. */
function listeners() {
  const byChannel = new Map<string, Set<() => void>>();
  const notify = (channel: string) => {
    for (const fn of byChannel.get(channel) ?? []) fn();
  };
  const listen = (channel: string, fn: () => void) => {
    const set = byChannel.get(channel) ?? byChannel.set(channel, new Set()).get(channel)!;
    set.add(fn);
    return () => {
      set.delete(fn);
    };
  };
  /** A transaction's notifications, held until its COMMIT. */
  const held = () => {
    const channels = new Set<string>();
    return { notify: (channel: string) => void channels.add(channel), committed: () => channels.forEach(notify) };
  };
  return { notify, listen, held };
}

export interface DatabaseOptions {
  /** postgres://… connection string; when absent PGlite is used. */
  url?: string;
  /** PGlite data directory; 'memory://' keeps it in memory (tests). */
  dataDir?: string;
  /** Connections to the PostgreSQL server (DATABASE_POOL_SIZE); PGlite has one. */
  poolSize?: number;
  /**
   * With dataDir 'memory://': a PGlite data folder (dumpDataDir's tarball) the database starts from. The
   * API tests migrate and seed one once per run and start each test file's database from it, which takes
   * a tenth of the time of migrating and seeding an empty one (tests/support/template-database.ts).
   */
  template?: Blob;
}

/**
 * Connections a platform process opens to its PostgreSQL server by default. A call holds one for its
 * transaction and the server works one statement per connection at a time, so a few more than the
 * machine's cores keep them busy while calls wait on the network; many more only queue inside the server.
 */
export const DEFAULT_POOL_SIZE = 10;

export async function openDatabase(options: DatabaseOptions = {}): Promise<Database> {
  return options.url
    ? openPostgres(options.url, options.poolSize ?? DEFAULT_POOL_SIZE)
    : openPglite(options.dataDir ?? resolve('.data/pglite'), options.template);
}

/**
 * An in-memory PGlite, started from `template` (see DatabaseOptions) when given, and PGlite itself, whose
 * dumpDataDir() makes such a template.
 */
export async function openMemoryPglite(template?: Blob): Promise<{ db: Database; pglite: PGlite }> {
  const { PGlite } = await import('@electric-sql/pglite');
  const pglite = await PGlite.create('memory://', template ? { loadDataDir: template } : {});
  return { db: wrapPglite(pglite, () => pglite.close(), await preparedStatementsOf(pglite)), pglite };
}

async function openPglite(dataDir: string, template?: Blob): Promise<Database> {
  if (dataDir.startsWith('memory://')) return (await openMemoryPglite(template)).db;
  const folder = resolve(dataDir);
  mkdirSync(folder, { recursive: true });
  // Before PGlite touches the folder: a second process must not even open it.
  const lock = lockFolder(folder);
  let db: PGlite;
  try {
    // Imported on demand, like PGlite itself: a platform on a PostgreSQL server never loads it.
    const { openDurablePglite } = await import('./durable-pglite.ts');
    db = await openDurablePglite(folder);
  } catch (error) {
    lock.release();
    throw error;
  }
  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      openFolders.delete(close);
      try {
        await db.close();
      } finally {
        lock.release();
      }
    })());
  openFolders.add(close);
  installShutdown();
  return wrapPglite(db, close, await preparedStatementsOf(db));
}

/** Imported on demand, like PGlite: a platform on a PostgreSQL server never loads it. */
const preparedStatementsOf = async (db: PGlite) => (await import('./pglite-statements.ts')).pgliteStatements(db);

function wrapPglite(db: PGlite, close: () => Promise<void>, statements: PgliteStatements): Database {
  // Statements prepared once (pglite-statements.ts), run under PGlite's own locks as its query() is: the
  // transaction lock keeps a statement out of another caller's transaction, the query lock serialises them.
  // PGlite's syncToFs() is not called: it does nothing on Node; durability is the WAL fsync inside
  // PostgreSQL's commit (durable-pglite.ts).
  const inTransaction = <T extends object>(sql: string, params: unknown[] = []) =>
    db._runExclusiveQuery(() => statements.run<T>(sql, params));
  const { notify, listen, held } = listeners();
  return {
    driver: 'pglite',
    query: <T extends object>(sql: string, params?: unknown[]) => db._runExclusiveTransaction(() => inTransaction<T>(sql, params)),
    notify,
    listen,
    exec: async (sql) => {
      await db.exec(sql);
      // A migration may have changed what a prepared statement reads.
      await db._runExclusiveTransaction(() => db._runExclusiveQuery(() => statements.forget()));
    },
    // PGlite's own transaction() sends BEGIN and COMMIT as simple queries, parsed and planned on every call; here
    // they are prepared statements too (about 0.3 ms of the add to cart). Its lock and its answers are kept: a
    // statement of the transaction used after its end throws, a failed one rolls it back, and a COMMIT that
    // PostgreSQL turned into a ROLLBACK (a failed statement whose error the callback caught) throws.
    transaction: (fn) =>
      db._runExclusiveTransaction(async () => {
        const end = (text: 'COMMIT' | 'ROLLBACK') => db._runExclusiveQuery(() => statements.command(text));
        await db._runExclusiveQuery(() => statements.command('BEGIN'));
        let closed = false;
        /** Committed with its last write (queryAndCommit): what follows runs on its own, under the same lock. */
        let committed = false;
        let ended = false;
        const notifications = held();
        const commit = async () => {
          closed = true;
          if ((await end('COMMIT')) === 'ROLLBACK') throw new Error('The transaction was rolled back: one of its statements failed.');
          notifications.committed();
        };
        const query = async <T extends object>(sql: string, params: unknown[] = []) => {
          if (ended || (closed && !committed)) throw new Error('Transaction is closed');
          return inTransaction<T>(sql, params);
        };
        try {
          // As on a server (no round trip to save in-process): COMMIT right after the last write, so that both
          // drivers keep what an error thrown after it leaves.
          const queryAndCommit = async <T extends object>(sql: string, params: unknown[] = []) => {
            const rows = await query<T>(sql, params);
            await commit();
            committed = true;
            return rows;
          };
          const result = await fn({ query, queryAndCommit, notify: notifications.notify });
          if (!closed) await commit();
          return result;
        } catch (error) {
          if (!closed) {
            closed = true;
            await end('ROLLBACK');
          }
          throw error;
        } finally {
          ended = true;
        }
      }),
    close,
  };
}

/** Closes of the PGlite folders this process has open, for a clean stop on SIGINT/SIGTERM. */
const openFolders = new Set<() => Promise<void>>();
let shutdownInstalled = false;

/**
 * Ctrl-C or a service manager's SIGTERM closes the database cleanly (a shutdown checkpoint, so the next
 * start needs no crash recovery) and removes the lock, then lets the signal end the process as it would
 * have. When the program has its own handler for the signal, that handler owns the shutdown (it closes
 * the database or exits, and the exit hook removes the lock).
 */
function installShutdown(): void {
  if (shutdownInstalled) return;
  shutdownInstalled = true;
  process.on('exit', releaseAllFolderLocks);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    const onSignal = async () => {
      if (process.listenerCount(signal) > 1) return;
      const closes = Promise.allSettled([...openFolders].map((close) => close()));
      await Promise.race([closes, new Promise((resolve) => setTimeout(resolve, 5000).unref())]);
      releaseAllFolderLocks();
      process.removeListener(signal, onSignal);
      process.kill(process.pid, signal);
    };
    process.on(signal, onSignal);
  }
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const { default: postgres } = await import('postgres');
  const sql = postgres(url, { max: poolSize, onnotice: () => {} });
  // Prepared once per connection and statement text, then only bound and run: the server plans a
  // statement once, not on every call. Queries never put values in their text, so the texts are few.
  const query = async <T extends object>(text: string, params: unknown[] = []) =>
    (await sql.unsafe(text, params as never[], { prepare: true })) as unknown as T[];
  const { notify, listen, held } = listeners();
  return {
    driver: 'postgres',
    query,
    notify,
    listen,
    exec: async (text) => {
      await sql.unsafe(text);
    },
    // On a connection of its own, as sql.begin() does, but BEGIN is not awaited before the first statement:
    // both leave in one write and come back in one read (the server runs them in order), one round trip
    // and one system call fewer per transaction (a tenth of the add to cart's CPU on the platform). As in
    // sql.begin(), a statement that failed fails the transaction even if the callback caught its error, and
    // it is rolled back; a statement of the transaction used after its end throws, as on PGlite.
    transaction: async (fn) => {
      const connection = await sql.reserve();
      const run = <T extends object>(text: string, params: unknown[] = []) =>
        connection.unsafe(text, params as never[], { prepare: true }) as unknown as Promise<T[]>;
      const begun = run('BEGIN');
      // Awaited with the first statement; a callback that fails before any leaves BEGIN's answer unread.
      begun.catch(() => {});
      let failed: { error: unknown } | undefined;
      let closed = false;
      /** COMMIT, once sent (with the last statement, or after the callback). */
      let commit: Promise<unknown> | undefined;
      const notifications = held();
      /** Set once the callback is done: the connection goes back to the pool. */
      let ended = false;
      const statement = async <T extends object>(text: string, params: unknown[] = [], last = false) => {
        if (ended || (closed && !commit)) throw new Error('Transaction is closed');
        // After the COMMIT that left with the last write: a statement of its own, on the connection still held.
        if (commit) return run<T>(text, params);
        const rows = run<T>(text, params);
        if (last) {
          closed = true;
          commit = run('COMMIT');
          // Awaited below; after a failed statement it answers ROLLBACK, and the statement's error is the one told.
          commit.catch(() => {});
        }
        try {
          const [answered] = await Promise.all([rows, begun]);
          return answered;
        } catch (error) {
          failed ??= { error };
          throw error;
        }
      };
      try {
        const result = await fn({
          notify: notifications.notify,
          query: (text, params) => statement(text, params),
          queryAndCommit: (text, params) => statement(text, params, true),
        });
        if (failed) throw failed.error;
        closed = true;
        await (commit ?? run('COMMIT'));
        notifications.committed();
        return result;
      } catch (error) {
        if (!closed) {
          closed = true;
          await run('ROLLBACK');
        } else if (commit) {
          // Committed with the last statement (or rolled back by its failure): nothing left to undo, but the
          // connection goes back to the pool only once COMMIT's answer is read. A COMMIT that fails tells its error.
          await commit;
          if (!failed) notifications.committed();
        }
        throw error;
      } finally {
        ended = true;
        connection.release();
      }
    },
    close: () => sql.end(),
  };
}
