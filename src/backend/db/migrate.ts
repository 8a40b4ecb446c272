/**
 * Versioned migrations: every `migrations/NNN_name.sql` runs once, in order, inside a transaction,
 * and is recorded in public.schema_migrations. Each service keeps its own schema (content, shop, …)
 * so it could move to a database of its own.
 */
import { readdirSync, readFileSync } from 'node:fs';
import type { Database } from './database.ts';

const migrationsDir = new URL('./migrations/', import.meta.url);

export async function migrate(db: Database): Promise<string[]> {
  await db.exec(`CREATE TABLE IF NOT EXISTS public.schema_migrations (
    version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
  const applied = new Set((await db.query<{ version: string }>('SELECT version FROM public.schema_migrations')).map((r) => r.version));
  const files = readdirSync(migrationsDir).filter((f) => /^\d{3}_.+\.sql$/.test(f)).sort();
  const ran: string[] = [];
  for (const file of files) {
    const version = file.replace(/\.sql$/, '');
    if (applied.has(version)) continue;
    const sql = readFileSync(new URL(file, migrationsDir), 'utf8');
    await db.transaction(async (tx) => {
      // PGlite's and postgres.js's extended protocol take one statement a call.
      for (const statement of splitStatements(sql)) await tx.query(statement);
      await tx.query('INSERT INTO public.schema_migrations (version) VALUES ($1)', [version]);
    });
    ran.push(version);
  }
  return ran;
}

/** Splits on semicolons at line ends; our migrations keep function bodies free of those. */
function splitStatements(sql: string): string[] {
  return sql.replace(/--.*$/gm, '').split(/;\s*$/m).map((s) => s.trim()).filter(Boolean);
}
