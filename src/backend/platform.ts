/** Opens the database, migrates and seeds it, and returns the platform app: shared by main, scripts and tests. */
import { openDatabase, type Database } from './db/database.ts';
import { migrate } from './db/migrate.ts';
import { seedContent, type SeedOptions } from './seed/seed.ts';
import { createPlatform } from './app.ts';
import type { ShopOptions } from './shop/routes.ts';
import { channelCodes, siteUrlOf } from '../lib/channels.ts';

export interface StartOptions extends SeedOptions {
  databaseUrl?: string;
  dataDir?: string;
  env?: Record<string, string | undefined>;
  /** Shop API options (a clock for tests); its environment defaults to `env`. */
  shop?: ShopOptions;
}

export async function preparePlatform(options: StartOptions = {}): Promise<{ db: Database; app: ReturnType<typeof createPlatform> }> {
  const env = options.env ?? process.env;
  const db = await openDatabase({ url: options.databaseUrl ?? env.DATABASE_URL, dataDir: options.dataDir ?? env.DATA_DIR });
  await migrate(db);
  await seedContent(db, options);
  const extraOrigins = (env.SITE_ORIGINS ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  const app = createPlatform({
    db, siteOrigins: [...channelCodes.map((code) => siteUrlOf(code, env)), ...extraOrigins],
    shop: { env, ...options.shop }, outbox: env.OUTBOX_PAGE !== 'off',
  });
  return { db, app };
}
