/** Opens the database, migrates and seeds it, and returns the platform app: shared by main, scripts and tests. */
import { paymentsSandbox } from './payments/sandbox.ts';
import { openDatabase, type Database } from './db/database.ts';
import { migrate } from './db/migrate.ts';
import { seedContent, type SeedOptions } from './seed/seed.ts';
import { seedDemoCoupons } from './seed/demo-coupons.ts';
import { createPlatform } from './app.ts';
import { readPlatformConfig, type Env, type PlatformConfig } from './config.ts';
import { startMailDelivery, type MailDelivery } from './mail/delivery.ts';
import type { ShopOptions } from './shop/routes.ts';

export interface StartOptions extends SeedOptions {
  databaseUrl?: string;
  dataDir?: string;
  env?: Env;
  /** Shop API options (a clock for tests); its environment defaults to `env`. */
  shop?: ShopOptions;
}

export interface Platform {
  db: Database;
  app: ReturnType<typeof createPlatform>;
  config: PlatformConfig;
  /** Present when SMTP_URL is set. */
  mailDelivery?: MailDelivery;
  /** Stops the mail delivery and the sandbox's webhook deliveries, and closes the database. */
  close(): Promise<void>;
}

/** Refuses an unsafe production configuration (ConfigError) before it opens anything. */
export async function preparePlatform(options: StartOptions = {}): Promise<Platform> {
  const env = options.env ?? process.env;
  const config = readPlatformConfig(env);
  const db = await openDatabase({ url: options.databaseUrl ?? config.databaseUrl, dataDir: options.dataDir ?? config.dataDir });
  await migrate(db);
  await seedContent(db, options);
  await seedDemoCoupons(db, config);
  const mailDelivery = config.smtpUrl
    ? startMailDelivery(db, { smtpUrl: config.smtpUrl, from: config.mailFrom, purgeSent: !config.outbox, clock: options.shop?.clock })
    : undefined;
  const sandbox =
    config.payments.sandbox &&
    paymentsSandbox(db, {
      ...config.payments.sandbox,
      siteOrigins: config.siteOrigins,
      webhookSecret: config.payments.webhookSecret,
      clock: options.shop?.clock,
    });
  const app = createPlatform({
    db,
    siteOrigins: config.siteOrigins,
    mailDelivery,
    shop: { env, ...(config.jwtSecret ? { jwtSecret: config.jwtSecret } : {}), ...options.shop },
    outbox: config.outbox,
    paymentsSandbox: sandbox,
    relayService: config.relay.sandbox && { account: config.relay.sandbox },
  });
  return {
    db,
    app,
    config,
    mailDelivery,
    close: async () => {
      // The sandbox's webhook deliveries poll the database: stopped first, or they would outlive it.
      sandbox?.webhooks.stop();
      await mailDelivery?.stop();
      await db.close();
    },
  };
}
