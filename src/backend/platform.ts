/** Opens the database, migrates and seeds it, and returns the platform app: shared by main, scripts and tests. */
import { paymentsSandbox } from './payments/sandbox.ts';
import { openDatabase, type Database } from './db/database.ts';
import { migrate } from './db/migrate.ts';
import { prepareAutovacuum } from './db/autovacuum.ts';
import { jobsRunner, type Job } from './jobs/runner.ts';
import { seedContent, type SeedOptions } from './seed/seed.ts';
import { seedDemoCoupons } from './seed/demo-coupons.ts';
import { createPlatform } from './app.ts';
import { readPlatformConfig, type PlatformConfig } from './config.ts';
import type { Env } from './config/checks.ts';
import { mailDelivery as smtpDelivery, type MailDelivery } from './mail/delivery.ts';
import type { ShopOptions } from './shop/routes.ts';
import { clockRoutes } from './operator/clock.ts';
import { demoClock } from './scheduler/clock.ts';
import { createScheduler, type Scheduler } from './scheduler/scheduler.ts';
import { paymentProvider } from './shop/payments/provider.ts';
import { reconcilePayments } from './shop/orders/payments.ts';
import { PAID_ORDER_EFFECTS } from './shop/paid-order.ts';
import { embeddedRelayPoints } from './shop/shipping/relay-points.ts';
import { catalogueMirror, type CatalogueMirror } from './content/mirror.ts';
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
  /**
   * Asks the payment provider about every attempt a crash may have cut and makes the refunds not made yet
   * (orders/payments.ts reconcilePayments): `start()` does it once; tests call it when they mean to.
   */
  reconcilePayments(): Promise<{ attempts: number; refunds: number }>;
  /** The copy of the content service of record (CONTENT_SOURCE_URL), when there is one: `run()` for tests and the webhook. */
  catalogueMirror?: CatalogueMirror;
  /**
   * What the platform process starts once its port answers: the payments' reconciliation, the scheduler (every
   * SCHEDULER_INTERVAL_SECONDS; SCHEDULER=off: never) and the catalogue mirror (CONTENT_SOURCE_URL: at once, then every
   * CONTENT_SOURCE_POLL_SECONDS). The jobs that run from the preparation on are listed where they start (preparePlatform).
   */
  start(): void;
  /** Stops every job, waiting for the turns under way, then closes the database. */
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
  const autovacuum = await prepareAutovacuum(db);
  // Outside production, and unless a test gives its own, the clock is the demonstrations' one (real time
  // plus the offset `npm run clock` moves): the shop, its mails, the payment sandbox and the scheduler share it.
  const demo = options.shop?.clock || config.production ? undefined : await demoClock(db);
  const clock = options.shop?.clock ?? demo?.now ?? (() => new Date());
  const mailDelivery = config.smtpUrl
    ? smtpDelivery(db, { smtpUrl: config.smtpUrl, from: config.mailFrom, purgeSent: !config.outbox, clock })
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

  const jobs = jobsRunner();
  const present = (...candidates: (Job | false | null | undefined)[]) => candidates.filter((job): job is Job => Boolean(job));
  // Started as the platform is prepared, for every process that prepares one (the e2e servers, the API tests and the
  // benchmarks never call start()): a mail committed is sent at once (mail-delivery.test.ts waits for that delivery),
  // the sandbox's payment webhooks reach the shop (the e2e checkouts wait for them), and PGlite's tables stay vacuumed
  // through a benchmark's run. Each of them works on this process's own database and, for the sandbox, its own answers.
  jobs.start(...present(mailDelivery?.job, sandbox?.webhooks.job, autovacuum.job));
  const reconcile = () => reconcilePayments({ db, clock, env, provider: providerOf, afterPaid: PAID_ORDER_EFFECTS });
  // Started once the port answers (main.ts), and never by the tests, which run them when they mean to: the scheduler
  // on a clock of their own (runOnce), the reconciliation after the crash they stage, the mirror at the events whose
  // copy they count. In the platform process, the scheduler's first charges, the reconciliation's questions and its
  // refunds go to the payment provider, which may be the sandbox this very process serves.
  const atStart = present(
    {
      name: 'Payments reconciliation',
      atStart: true,
      async turn() {
        const { attempts, refunds } = await reconcile();
        if (attempts || refunds) console.log(`Payments reconciled after the start: ${attempts} attempts settled, ${refunds} refunds made`);
      },
    },
    config.scheduler && scheduler.job(config.scheduler.intervalMs, clock, demo?.refresh),
    mirror && source && mirror.job(source.pollMs, (line) => console.log(`Catalogue mirrored from ${source.url}: ${line}`)),
  );
  return {
    db,
    app,
    config,
    mailDelivery,
    clock,
    scheduler,
    ...(mirror ? { catalogueMirror: mirror } : {}),
    reconcilePayments: reconcile,
    start: () => jobs.start(...atStart),
    close: async () => {
      // The jobs read the database: stopped, and their turns under way ended, before it closes.
      await jobs.stop();
      mailDelivery?.close();
      await db.close();
    },
  };
}
