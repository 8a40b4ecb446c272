/**
 * For the commands that work on the shop's database when no platform holds it (`npm run operator`,
 * `npm run clock`): opens it (DATABASE_URL, or the PGlite folder DATA_DIR), migrates it, runs `work`, closes it.
 * A PGlite folder held by a running platform stops the command with its one-line message.
 */
import { type Database, exitIfDatabaseInUse, openDatabase } from '../../src/backend/db/database.ts';
import { migrate } from '../../src/backend/db/migrate.ts';

export async function onOwnDatabase<T>(work: (db: Database) => Promise<T>): Promise<T> {
  const db = await openDatabase({ url: process.env.DATABASE_URL, dataDir: process.env.DATA_DIR }).catch(exitIfDatabaseInUse);
  try {
    await migrate(db);
    return await work(db);
  } finally {
    await db.close();
  }
}
