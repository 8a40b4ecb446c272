/**
 * The scheduler with several instances and across crashes: two instances running at once place each due
 * draft once and charge it once (on PostgreSQL the second instance has its own connection pool, as another
 * process would); a crash between the provider's charge and its recording leaves the order placed and its
 * job leased, and the next run, once the lease is over, asks again with the same idempotency key, gets the
 * same payment back and completes the order: no double charge, no lost order. Fixed clock; PGlite, and a
 * database of its own on TEST_DATABASE_URL's server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/backend/db/database.ts';
import { chargeKey } from '../../src/backend/scheduler/charges.ts';
import { addDays } from '../../src/lib/subscriptions/schedule.ts';
import { cheapest } from './shop-checkout-support.ts';
import { counting, ordersOf, providerPaymentsFor, schedulerPlatform } from './scheduler-support.ts';

const MINUTE = 60_000;
let world: Awaited<ReturnType<typeof schedulerPlatform>>;

beforeAll(async () => {
  world = await schedulerPlatform('2034-01-02T08:00:00Z');
});
afterAll(async () => {
  await world?.close();
});

const made: string[] = [];
/** `n` customers who subscribed today, every 21 days: their subscriptions' codes. */
async function subscriptions(n: number) {
  // The earlier tests' subscriptions end, so that no other draft is due on this test's days.
  await world.platform.db.query(`UPDATE shop.subscriptions SET state = 'stopped' WHERE code = ANY ($1::text[])`, [made]);
  const codes: string[] = [];
  for (let i = 0; i < n; i += 1) codes.push((await world.subscribe({ code: cheapest.code, interval: 21 })).code);
  made.push(...codes);
  return codes;
}

const deliveriesOf = async (codes: string[]) =>
  (await Promise.all(codes.map((code) => ordersOf(world.platform.db, code)))).map((o) => o[1]!);

describe('several scheduler instances', () => {
  it('two instances at once: each due draft placed once, charged once', async () => {
    world.clock.set('2034-01-02T08:00:00Z');
    const codes = await subscriptions(5);
    const day = new Date(`${addDays('2034-01-02', 21)}T06:00:00Z`);
    // On PostgreSQL the second instance talks to the database through a pool of its own.
    const otherDb = world.ownUrl ? await openDatabase({ url: world.ownUrl }) : world.platform.db;
    try {
      const a = counting(world.provider);
      const b = counting(world.provider);
      const [ra, rb] = await Promise.all([
        world.scheduler({ provider: () => a.provider }).runOnce(day),
        world.scheduler({ db: otherDb, provider: () => b.provider }).runOnce(day),
      ]);
      expect(ra.placed + rb.placed).toBe(5);
      expect(ra.paid + rb.paid).toBe(5);
      // Each charge asked once, by one instance or the other.
      const keys = [...a.calls, ...b.calls];
      expect(keys).toHaveLength(5);
      expect(new Set(keys).size).toBe(5);
    } finally {
      if (otherDb !== world.platform.db) await otherDb.close();
    }
    for (const delivery of await deliveriesOf(codes)) {
      expect([delivery.state, delivery.payment_state]).toEqual(['new', 'paid']);
      expect((await providerPaymentsFor(world.platform.db, delivery.number!)).map((p) => p.status)).toEqual(['paid']);
    }
    // Run again: nothing is left to do.
    const again = await world.scheduler().runOnce(day);
    expect(again).toMatchObject({ placed: 0, paid: 0, refused: 0 });
  });
});

describe('a crash between the charge and the order', () => {
  it('leaves the order placed and its job leased; the next run after the lease gets the same payment and completes it', async () => {
    world.clock.set('2034-03-06T08:00:00Z');
    const [code] = await subscriptions(1);
    const day = new Date(`${addDays('2034-03-06', 21)}T06:00:00Z`);
    const crash = new Error('the process died here');
    const crashing = world.scheduler({
      leaseMs: 5 * MINUTE,
      afterCharge: () => {
        throw crash;
      },
    });
    await expect(crashing.runOnce(day)).rejects.toBe(crash);

    // Placed (the order exists, with its payment), charged by the provider, not recorded as paid.
    const [delivery] = await deliveriesOf([code!]);
    expect([delivery!.state, delivery!.payment_state]).toEqual(['new', 'awaiting_payment']);
    const charged = await providerPaymentsFor(world.platform.db, delivery!.number!);
    expect(charged.map((p) => p.status)).toEqual(['paid']);

    // Another instance before the lease ends: the job is not its to take.
    const early = counting(world.provider);
    expect(await world.scheduler({ provider: () => early.provider }).runOnce(new Date(day.getTime() + MINUTE))).toMatchObject({ paid: 0 });
    expect(early.calls).toEqual([]);

    // After it: the same charge asked again, the same payment answered, the order paid.
    const later = counting(world.provider);
    const report = await world.scheduler({ provider: () => later.provider }).runOnce(new Date(day.getTime() + 6 * MINUTE));
    expect(report).toMatchObject({ placed: 0, paid: 1 });
    const [payment] = await world.platform.db.query<{ id: number; provider_payment_id: string; state: string }>(
      `SELECT id, provider_payment_id, state FROM shop.payments WHERE order_id = $1 AND state = 'completed'`,
      [delivery!.id],
    );
    expect(later.calls).toEqual([chargeKey({ number: delivery!.number!, payment_id: payment!.id })]);
    expect(payment!.provider_payment_id).toBe(charged[0]!.id);
    const [recorded] = await deliveriesOf([code!]);
    expect(recorded!.payment_state).toBe('paid');
    expect((await providerPaymentsFor(world.platform.db, delivery!.number!)).map((p) => p.id)).toEqual([charged[0]!.id]);
    const [job] = await world.platform.db.query<{ attempts: number; done: boolean }>(
      'SELECT attempts, done_at IS NOT NULL AS done FROM shop.scheduler_jobs WHERE order_id = $1',
      [delivery!.id],
    );
    expect(job).toEqual({ attempts: 2, done: true });
  });

  it('a provider out of reach: the job waits and is charged once it answers', async () => {
    world.clock.set('2034-05-01T08:00:00Z');
    const [code] = await subscriptions(1);
    const day = new Date(`${addDays('2034-05-01', 21)}T06:00:00Z`);
    const down = world.scheduler({
      provider: () => ({
        ...world.provider,
        createPayment: () => Promise.reject(new Error('connect ECONNREFUSED')),
      }),
    });
    expect(await down.runOnce(day)).toMatchObject({ placed: 1, paid: 0, retried: 1 });
    const [waiting] = await deliveriesOf([code!]);
    expect(waiting!.payment_state).toBe('awaiting_payment');
    expect(await world.scheduler().runOnce(new Date(day.getTime() + MINUTE))).toMatchObject({ paid: 0 });
    expect(await world.scheduler().runOnce(new Date(day.getTime() + 10 * MINUTE))).toMatchObject({ paid: 1 });
    const [paid] = await deliveriesOf([code!]);
    expect(paid!.payment_state).toBe('paid');
  });
});
