/**
 * Versioned migrations: every `migrations/NNN_name.sql` runs once, in order, and is recorded in
 * public.schema_migrations. Each service keeps its own schema (content, shop, …) so it could move to a
 * database of its own.
 *
 * Instances of a rolling deploy start together on one database: without a lock each one sees the
 * migrations as pending and runs them, and all but one die on a duplicate schema or type. So the whole
 * run is one transaction that first takes a transaction-level advisory lock: the others wait for it,
 * then find every migration recorded and do nothing. (postgres.js pools connections, so a session-level
 * lock taken by one query could be released on another connection; a transaction keeps one.)
 * On PGlite the lock is trivially granted: one process owns the folder.
 */
import { readdirSync, readFileSync } from 'node:fs';
import type { Database } from './database.ts';

const migrationsDir = new URL('./migrations/', import.meta.url);

/** Every instance computes the same key from the name: no magic number to keep in step elsewhere. */
export const advisoryLock = (name: string) => `SELECT pg_advisory_xact_lock(hashtextextended('maison-gamelle:${name}', 0))`;

export async function migrate(db: Database): Promise<string[]> {
  const files = readdirSync(migrationsDir)
    .filter((f) => /^\d{3}_.+\.sql$/.test(f))
    .sort();
  return db.transaction(async (tx) => {
    await tx.query(advisoryLock('migrations'));
    await tx.query(`CREATE TABLE IF NOT EXISTS public.schema_migrations (
      version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
    // Read after the lock: what an instance that held it before has committed is visible here.
    const applied = new Set((await tx.query<{ version: string }>('SELECT version FROM public.schema_migrations')).map((r) => r.version));
    const ran: string[] = [];
    for (const file of files) {
      const version = file.replace(/\.sql$/, '');
      if (applied.has(version)) continue;
      const sql = readFileSync(new URL(file, migrationsDir), 'utf8');
      // PGlite's and postgres.js's extended protocol take one statement a call.
      for (const statement of splitStatements(sql)) await tx.query(statement);
      await tx.query('INSERT INTO public.schema_migrations (version) VALUES ($1)', [version]);
      ran.push(version);
    }
    return ran;
  });
}

/** Splits on semicolons at line ends; our migrations keep function bodies free of those. */
function splitStatements(sql: string): string[] {
  return sql
    .replace(/--.*$/gm, '')
    .split(/;\s*$/m)
    .map((s) => s.trim())
    .filter(Boolean);
}
