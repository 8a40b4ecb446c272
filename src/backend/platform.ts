/** Opens the database, migrates and seeds it, and returns the platform app: shared by main, scripts and tests. */
import { paymentsSandbox } from './payments/sandbox.ts';
import { openDatabase, type Database } from './db/database.ts';
import { migrate } from './db/migrate.ts';
import { startAutovacuum } from './db/autovacuum.ts';
import { seedContent, type SeedOptions } from './seed/seed.ts';
import { seedDemoCoupons } from './seed/demo-coupons.ts';
import { createPlatform } from './app.ts';
import { readPlatformConfig, type PlatformConfig } from './config.ts';
import type { Env } from './config/checks.ts';
import { startMailDelivery, type MailDelivery } from './mail/delivery.ts';
import type { ShopOptions } from './shop/routes.ts';
import { clockRoutes } from './operator/clock.ts';
import { demoClock } from './scheduler/clock.ts';
import { createScheduler, type Scheduler } from './scheduler/scheduler.ts';
import { paymentProvider } from './shop/payments/provider.ts';
import { reconcilePayments } from './shop/orders/payments.ts';
import { PAID_ORDER_EFFECTS } from './shop/paid-order.ts';
import { embeddedRelayPoints } from './shop/shipping/relay-points.ts';
import { catalogueMirror, describeMirror, type CatalogueMirror } from './content/mirror.ts';
import { contentClient } from '../lib/content/client.ts';

export interface StartOptions extends SeedOptions {
  databaseUrl?: string;
  dataDir?: string;
  /** An in-memory PGlite's starting data folder (DatabaseOptions.template): the API tests' migrated and seeded one. */
  template?: Blob;
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
  /** Now, as the whole platform reads it (the demonstrations' clock outside production). */
  clock: () => Date;
  /** The subscription scheduler: `runOnce(now)` for tests and the clock endpoint. */
  scheduler: Scheduler;
  /** Runs the scheduler every interval of the configuration (SCHEDULER=off: never); the platform process calls it. */
  startScheduler(): void;
  /**
   * After a start: asks the payment provider about every attempt a crash may have cut and makes the refunds
   * not made yet (orders/payments.ts reconcilePayments); the platform process calls it once its port answers.
   */
  reconcilePayments(): Promise<{ attempts: number; refunds: number }>;
  /** The copy of the content service of record (CONTENT_SOURCE_URL), when there is one. */
  catalogueMirror?: CatalogueMirror;
  /** Copies the content source's catalogue now, then every CONTENT_SOURCE_POLL_SECONDS; the platform process calls it. */
  startCatalogueMirror(): void;
  /** Stops the mail delivery and the sandbox's webhook deliveries, and closes the database. */
  close(): Promise<void>;
}

/** Refuses an unsafe production configuration (ConfigError) before it opens anything. */
export async function preparePlatform(options: StartOptions = {}): Promise<Platform> {
  const env = options.env ?? process.env;
  const config = readPlatformConfig(env);
  const db = await openDatabase({
    url: options.databaseUrl ?? config.databaseUrl,
    dataDir: options.dataDir ?? config.dataDir,
    poolSize: config.databasePoolSize,
    template: options.template,
  });
  await migrate(db);
  await seedContent(db, options);
  await seedDemoCoupons(db, config);
  // PGlite runs no autovacuum: its tables are analysed now, before it serves, then vacuumed and analysed as they change.
  const autovacuum = await startAutovacuum(db);
  // Outside production, and unless a test gives its own, the clock is the demonstrations' one (real time
  // plus the offset `npm run clock` moves): the shop, its mails, the payment sandbox and the scheduler share it.
  const demo = options.shop?.clock || config.production ? undefined : await demoClock(db);
  const clock = options.shop?.clock ?? demo?.now ?? (() => new Date());
  const mailDelivery = config.smtpUrl
    ? startMailDelivery(db, { smtpUrl: config.smtpUrl, from: config.mailFrom, purgeSent: !config.outbox, clock })
    : undefined;
  const sandbox =
    config.payments.sandbox &&
    paymentsSandbox(db, {
      ...config.payments.sandbox,
      siteOrigins: config.siteOrigins,
      webhookSecret: config.payments.webhookSecret,
      clock,
    });
  const source = config.contentSource;
  const mirror =
    source &&
    catalogueMirror(db, (onSkipped) => contentClient(source.url, fetch, { ...(source.token ? { token: source.token } : {}), onSkipped }));
  const app = createPlatform({
    db,
    config,
    siteOrigins: config.siteOrigins,
    shop: { env, ...(config.jwtSecret ? { jwtSecret: config.jwtSecret } : {}), ...options.shop, clock },
    outbox: config.outbox,
    paymentsSandbox: sandbox,
    relayService: config.relay.sandbox && { account: config.relay.sandbox },
    ...(mirror && source ? { catalogueMirror: { mirror, webhookSecret: source.webhookSecret } } : {}),
  });
  let provider = options.shop?.payments;
  const providerOf = () => (provider ??= paymentProvider(config.payments));
  const scheduler = createScheduler({
    db,
    provider: providerOf,
    env,
    relayPoints: options.shop?.relayPoints ?? embeddedRelayPoints(),
  });
  // The demonstrations' clock is moved where the operator's tools are: never in production.
  if (demo && config.outbox) app.route('/', clockRoutes(demo, scheduler));
  return {
    db,
    app,
    config,
    mailDelivery,
    clock,
    scheduler,
    startScheduler: () => {
      if (config.scheduler) scheduler.start(config.scheduler.intervalMs, clock, demo?.refresh);
    },
    ...(mirror ? { catalogueMirror: mirror } : {}),
    startCatalogueMirror: () => {
      if (!mirror || !source) return;
      const log = (message: string) => console.error(message);
      // Not awaited: until the source answers, the platform serves its last copy.
      mirror.run().then(
        (report) => console.log(`Catalogue mirrored from ${source.url}: ${describeMirror(report)}`),
        (error: Error) => log(`Catalogue not mirrored from ${source.url} at the start: ${error.message}`),
      );
      mirror.start(source.pollMs, log);
    },
    reconcilePayments: () => reconcilePayments({ db, clock, env, provider: providerOf, afterPaid: PAID_ORDER_EFFECTS }),
    close: async () => {
      mirror?.stop();
      await scheduler.stop();
      // The sandbox's webhook deliveries poll the database: stopped first, or they would outlive it.
      await sandbox?.webhooks.stop();
      await mailDelivery?.stop();
      await autovacuum.stop();
      await db.close();
    },
  };
}
