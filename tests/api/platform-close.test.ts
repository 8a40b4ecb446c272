/**
 * Closing the platform stops every job it started (src/backend/jobs/runner.ts), at its preparation and at its start:
 * a poll left behind (the payment sandbox's webhook
 * deliveries) would keep querying a closed database and log an error every 30 seconds in a long-lived
 * process that opens and closes platforms (the API tests, the benchmarks); a delivery in flight would
 * record its answer in a closed database (the build's embedded content service logged
 * "Cannot read properties of undefined (reading '_PostgresSendReadyForQueryIfNecessary')").
 */
import { expect, it, vi } from 'vitest';
import { openDatabase } from '../../src/backend/db/database.ts';
import { jobsRunner } from '../../src/backend/jobs/runner.ts';
import { webhookDispatcher } from '../../src/backend/payments/webhooks.ts';
import { preparePlatform } from '../../src/backend/platform.ts';
import { seededDatabase } from './platform.ts';

/**
 * Its platforms and databases are in-memory PGlites (started from the run's migrated and seeded template)
 * whatever the pass: the PostgreSQL pass skips it.
 */
const onServerPass = Boolean(process.env.TEST_DATABASE_URL);

it.skipIf(onServerPass)('clears every interval it started, prepared and started, once closed', async () => {
  const started = new Set<ReturnType<typeof setInterval>>();
  const setInterval = globalThis.setInterval;
  const spy = vi.spyOn(globalThis, 'setInterval').mockImplementation(((...args: Parameters<typeof setInterval>) => {
    const handle = setInterval(...args);
    started.add(handle);
    return handle;
  }) as typeof setInterval);
  const cleared = vi.spyOn(globalThis, 'clearInterval');
  try {
    const platform = await preparePlatform({ ...seededDatabase(), env: { JWT_SECRET: 'k'.repeat(48) } });
    const prepared = started.size;
    expect(prepared).toBeGreaterThan(0);
    // The scheduler's first run and the payments' reconciliation start at once: closing waits for them.
    platform.start();
    expect(started.size).toBeGreaterThan(prepared);
    await platform.close();
    const stopped = new Set<unknown>(cleared.mock.calls.map(([handle]) => handle));
    expect([...started].filter((handle) => !stopped.has(handle))).toEqual([]);
  } finally {
    spy.mockRestore();
    cleared.mockRestore();
  }
});

it.skipIf(onServerPass)('waits for a webhook delivery in flight before it closes the database', async () => {
  const db = await openDatabase({ dataDir: 'memory://', template: seededDatabase().template });
  const now = new Date('2030-03-14T10:00:00Z');
  await db.query(
    `INSERT INTO payments.payments (id, amount_value, amount_currency, description, method, status, sequence_type, created_at)
     VALUES ('tr_closing', '10.00', 'EUR', 'Commande', 'paypal', 'paid', 'oneoff', $1)`,
    [now],
  );
  let called!: () => void;
  const calling = new Promise<void>((resolve) => (called = resolve));
  let answer!: () => void;
  const receiver: typeof fetch = async () => {
    called();
    await new Promise<void>((resolve) => (answer = resolve));
    return new Response(null, { status: 200 });
  };
  const webhooks = webhookDispatcher(db, () => now, { fetch: receiver });
  const jobs = jobsRunner();
  jobs.start(webhooks.job);
  await webhooks.enqueue(db, 'tr_closing', 'https://shop.test/webhook');
  webhooks.nudge();
  await calling;
  let stopped = false;
  const stopping = jobs.stop().then(() => (stopped = true));
  // The receiver has not answered: the round still has its delivery to record.
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(stopped).toBe(false);
  answer();
  await stopping;
  const [row] = await db.query<{ delivered_at: Date | null }>('SELECT delivered_at FROM payments.webhook_deliveries');
  expect(row?.delivered_at).not.toBeNull();
  await db.close();
});
