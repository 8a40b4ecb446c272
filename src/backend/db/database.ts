/**
 * One small interface over the two PostgreSQL drivers: PGlite in-process (data under .data/) by default,
 * a PostgreSQL server when DATABASE_URL is set. Both speak the same SQL with $1 parameters, so the
 * schema, migrations and queries are written once.
 */
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';

export type Row = Record<string, unknown>;
export interface Queryable {
  /** T is the caller's description of a row (an interface or a Row). */
  query<T extends object = Row>(sql: string, params?: unknown[]): Promise<T[]>;
}
export interface Database extends Queryable {
  readonly driver: 'pglite' | 'postgres';
  /** Runs several statements separated by semicolons (migrations). */
  exec(sql: string): Promise<void>;
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://… connection string; when absent PGlite is used. */
  url?: string;
  /** PGlite data directory; 'memory://' keeps it in memory (tests). */
  dataDir?: string;
}

export async function openDatabase(options: DatabaseOptions = {}): Promise<Database> {
  return options.url ? openPostgres(options.url) : openPglite(options.dataDir ?? resolve('.data/pglite'));
}

async function openPglite(dataDir: string): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const db = await PGlite.create(dataDir);
  const query = async <T extends object>(sql: string, params: unknown[] = []) => (await db.query<T>(sql, params)).rows;
  return {
    driver: 'pglite',
    query,
    exec: async (sql) => { await db.exec(sql); },
    transaction: (fn) => db.transaction((tx) => fn({ query: async <T extends object>(sql: string, params: unknown[] = []) => (await tx.query<T>(sql, params)).rows })),
    close: () => db.close(),
  };
}

async function openPostgres(url: string): Promise<Database> {
  const { default: postgres } = await import('postgres');
  const sql = postgres(url, { max: 10, onnotice: () => {} });
  const query = async <T extends object>(text: string, params: unknown[] = []) =>
    (await sql.unsafe(text, params as never[])) as unknown as T[];
  return {
    driver: 'postgres',
    query,
    exec: async (text) => { await sql.unsafe(text); },
    transaction: (fn) => sql.begin((tx) => fn({
      query: async <T extends object>(text: string, params: unknown[] = []) => (await tx.unsafe(text, params as never[])) as unknown as T[],
    })) as Promise<never>,
    close: () => sql.end(),
  };
}
