/**
 * Scheduler benchmark: BENCH_SCHEDULER_SUBSCRIPTIONS (10,000) subscriptions due the same day, turned into
 * charged orders by one run of the scheduler, on the embedded platform listening on a free port and paying
 * through the Mollie sandbox it serves over HTTP, as in production (each charge is a recurring payment on the
 * card's mandate, with its idempotency key, and the sandbox's signed webhooks come back to the shop API).
 *
 * One customer subscribes at checkout and pays by card (the card's mandate), then the subscriptions are made
 * as that checkout makes them (startSubscriptions' own functions: the subscription, its items, its draft),
 * all for the same day, before the clock starts. Reported: drafts turned into charged orders per second for
 * one instance, then for two instances at once on a second set (PostgreSQL only: PGlite is one process's),
 * and what the database holds afterwards (each draft placed once, paid once; 0 double charges expected), and
 * the CPU time per charged order of this process and, when it runs on this machine, of the PostgreSQL server.
 * On PGlite (in memory) and, when BENCH_DATABASE_URL is set, on that PostgreSQL server.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { z } from 'zod';
import { openDatabase, type Database } from '../../src/backend/db/database.ts';
import { createScheduler, type RunReport } from '../../src/backend/scheduler/scheduler.ts';
import { paymentProvider } from '../../src/backend/shop/payments/provider.ts';
import { embeddedRelayPoints } from '../../src/backend/shop/shipping/relay-points.ts';
import { createDraft } from '../../src/backend/shop/subscriptions/drafts.ts';
import {
  addSubscriptionItem,
  findSubscriptionById,
  insertSubscription,
  type SubscriptionRow,
  subscriptionItemsOf,
} from '../../src/backend/shop/subscriptions/repository.ts';
import { SANDBOX_API_KEY } from '../../src/backend/config/published.ts';
import { SANDBOX_TEST_CARDS } from '../../src/backend/payments/test-cards.ts';
import { siteUrlOf } from '../../src/lib/channels.ts';
import { iri } from '../../src/lib/shop-api/iri.ts';
import { cardToken, created, drainWebhooks, platformOnItsPort, signedIn, withIds } from './checkout.ts';
import { BENCH_SHOPPERS, benchDatabases, sellableVariant } from './shared.ts';

const SUBSCRIPTIONS = Number(process.env.BENCH_SCHEDULER_SUBSCRIPTIONS ?? 10_000);
/** Subscriptions made per transaction while preparing. */
const PREPARE_BATCH = 250;
const ACCEPTED_CARD = SANDBOX_TEST_CARDS.find((card) => card.outcome === 'paid' && card.label === 'Visa')!.number;
const DUE = '2030-06-03';

/** JSON of a shop API call, failing loudly: the preparation must work for the figures to mean anything. */
async function shop<T>(origin: string, schema: z.ZodType<T>, method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const res = await fetch(`${origin}/api/v2/shop${path}?channelCode=FR&locale=fr_FR`, {
    method,
    headers: {
      accept: 'application/ld+json',
      'content-type': method === 'PATCH' ? 'application/merge-patch+json' : 'application/ld+json',
      'x-forwarded-for': '10.9.9.9',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json().catch(() => null);
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json).slice(0, 400)}`);
  return schema.parse(json);
}

/** One customer's subscription made at checkout and paid by card: the model of all the others. */
async function firstSubscription(origin: string, db: Database, variant: string): Promise<SubscriptionRow> {
  const email = `scheduler.bench.${Date.now().toString(36)}@example.com`;
  const password = 'croquettes-42';
  await shop(origin, z.unknown(), 'POST', '/customers', { firstName: 'Louise', lastName: 'Garnier', email, password, acceptTerms: true });
  const { token } = await shop(origin, signedIn, 'POST', '/authentication-token', { email, password });
  const cart = await shop(origin, created, 'POST', '/orders', { localeCode: 'fr_FR', channelCode: 'FR' }, token);
  const order = cart.tokenValue;
  await shop(
    origin,
    z.unknown(),
    'PATCH',
    `/orders/${order}/items`,
    { productVariant: iri.variant(variant), quantity: 2, subscriptionInterval: 31 },
    token,
  );
  const addressed = await shop(origin, withIds, 'PATCH', `/orders/${order}/address`, { billingAddress: BENCH_SHOPPERS.FR.address }, token);
  const shipped = await shop(
    origin,
    withIds,
    'PATCH',
    `/orders/${order}/shipments/${addressed.shipments[0]!.id}`,
    { shippingMethod: iri.shippingMethod('home_delivery') },
    token,
  );
  await shop(
    origin,
    z.unknown(),
    'PATCH',
    `/orders/${order}/payments/${shipped.payments.at(-1)!.id}`,
    { paymentMethod: iri.paymentMethod('visa') },
    token,
  );
  const placed = await shop(origin, withIds, 'PATCH', `/orders/${order}/complete`, { termsAccepted: true }, token);
  const card = cardToken.parse(
    await (
      await fetch(`${origin}/payments/components/card-tokens`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ cardHolder: 'Louise Garnier', cardNumber: ACCEPTED_CARD, expiryDate: '12/35', verificationCode: '123' }),
      })
    ).json(),
  );
  await shop(
    origin,
    z.unknown(),
    'POST',
    '/payment-requests',
    {
      paymentId: placed.payments.at(-1)!.id,
      paymentMethodCode: 'visa',
      action: 'capture',
      payload: { cardToken: card.token, redirectUrl: `${siteUrlOf('FR', {})}/commande/${order}/confirmation/` },
    },
    token,
  );
  const [row] = await db.query<{ id: number }>(
    'SELECT s.id FROM shop.subscriptions s JOIN shop.customers c ON c.id = s.customer_id WHERE c.email = $1',
    [email],
  );
  if (!row) throw new Error('The checkout made no subscription.');
  return (await findSubscriptionById(db, row.id))!;
}

/** `count` copies of the model subscription, each with its draft due on `due`: made as a checkout makes them. */
async function copies(db: Database, model: SubscriptionRow, count: number, due: string, now: Date) {
  const items = await subscriptionItemsOf(db, model.id);
  for (let start = 0; start < count; start += PREPARE_BATCH) {
    await db.transaction(async (tx) => {
      for (let n = start; n < Math.min(count, start + PREPARE_BATCH); n += 1) {
        const id = await insertSubscription(tx, {
          code: `Sbench${due.replaceAll('-', '')}x${n}`,
          customerId: model.customer_id,
          channel: model.channel_code,
          locale: model.locale_code,
          frequency: model.frequency_days,
          firstShipment: model.last_shipment_date,
          card: {
            customerId: model.provider_customer_id,
            mandateId: model.provider_mandate_id,
            brand: model.card_brand,
            last4: model.card_last4,
            expiry: model.card_expiry,
          },
          shippingMethod: model.shipping_method_code,
          relayPoint: model.relay_point,
          shippingAddress: model.shipping_address,
          billingAddress: model.billing_address,
          orderId: null,
          now,
        });
        for (const item of items) await addSubscriptionItem(tx, id, item);
        await createDraft(tx, (await findSubscriptionById(tx, id))!, due, now);
      }
    });
  }
}

/** The kernel's clock ticks a second, in which /proc counts a process's CPU time. */
const TICKS = 100;
const ticksOf = (stat: string, fields: number[]) => {
  // The fields after the command's name, which may hold spaces: state is the 3rd field of the line.
  const after = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields.reduce((sum, field) => sum + Number(after[field - 3]), 0);
};

/**
 * The CPU milliseconds the PostgreSQL server used so far, when it runs on this machine (its postmaster.pid
 * readable): the postmaster's own and its ended children's, plus its live backends'. Null elsewhere. The
 * platform and the server share the 2 cores, so an order's cost is the sum of both.
 */
async function serverCpuMs(db: Database): Promise<number | null> {
  try {
    const [{ data_directory: dir } = { data_directory: '' }] = await db.query<{ data_directory: string }>('SHOW data_directory');
    const pid = readFileSync(`${dir}/postmaster.pid`, 'utf8').split('\n')[0]!;
    // utime, stime, cutime, cstime: fields 14 to 17 of /proc/<pid>/stat; the parent's id is field 4.
    let ticks = ticksOf(readFileSync(`/proc/${pid}/stat`, 'utf8'), [14, 15, 16, 17]);
    for (const entry of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
      // A process that ended between the listing and its reading is counted in its parent's cutime.
      const stat = (() => {
        try {
          return readFileSync(`/proc/${entry}/stat`, 'utf8');
        } catch {
          return '';
        }
      })();
      if (stat && ticksOf(stat, [4]) === Number(pid)) ticks += ticksOf(stat, [14, 15]);
    }
    return (ticks * 1000) / TICKS;
  } catch {
    return null;
  }
}

/** Each draft of the day placed once and paid once; the provider's payments for them (one each expected). */
async function held(db: Database, due: string) {
  const [row] = await db.query<{ placed: number; paid: number; drafts: number; charges: number; doubles: number }>(
    `WITH day AS (SELECT so.order_id, o.number, o.state, o.payment_state FROM shop.subscription_orders so
                    JOIN shop.orders o ON o.id = so.order_id WHERE so.shipment_date = $1::date),
          charges AS (SELECT p.metadata->>'orderNumber' AS number, count(*) AS n FROM payments.payments p
                      WHERE p.sequence_type = 'recurring' AND p.metadata->>'orderNumber' IN (SELECT number FROM day) GROUP BY 1)
     SELECT count(*) FILTER (WHERE state = 'new')::int AS placed, count(*) FILTER (WHERE payment_state = 'paid')::int AS paid,
       count(*) FILTER (WHERE state = 'draft')::int AS drafts, (SELECT coalesce(sum(n), 0)::int FROM charges) AS charges,
       (SELECT count(*)::int FROM charges WHERE n > 1) AS doubles FROM day`,
    [due],
  );
  return row!;
}

async function measure(databaseUrl: string | undefined) {
  const { platform, origin, stop } = await platformOnItsPort(databaseUrl);
  const env = { SHOP_API_URL: origin, PORT_PLATFORM: new URL(origin).port };
  const provider = paymentProvider({ apiKey: SANDBOX_API_KEY, apiUrl: `${origin}/payments/v2/` });
  const instance = (db: Database) =>
    createScheduler({ db, provider: () => provider, env, relayPoints: embeddedRelayPoints(), concurrency: 16 });
  const extraDbs: Database[] = [];
  try {
    const model = await firstSubscription(origin, platform.db, await sellableVariant(platform.db));
    const prepared = performance.now();
    const before = new Date(`${DUE}T00:00:00Z`);
    before.setUTCDate(before.getUTCDate() - 31);
    await copies(platform.db, model, SUBSCRIPTIONS, DUE, before);
    const prepareSeconds = (performance.now() - prepared) / 1000;

    /** A run's wall-clock seconds and the CPU it took, the platform's (this process: scheduler, sandbox, webhooks) and the server's. */
    const timed = async <T>(run: () => Promise<T>) => {
      const [started, cpu, server] = [performance.now(), process.cpuUsage(), await serverCpuMs(platform.db)];
      const result = await run();
      const used = process.cpuUsage(cpu);
      const serverAfter = await serverCpuMs(platform.db);
      return {
        result,
        seconds: (performance.now() - started) / 1000,
        platformCpuMs: (used.user + used.system) / 1000,
        serverCpuMs: server === null || serverAfter === null ? null : serverAfter - server,
      };
    };
    const { result: report, ...cost } = await timed(() => instance(platform.db).runOnce(new Date(`${DUE}T06:00:00Z`)));
    const one = { report, ...cost, held: await held(platform.db, DUE) };

    // Two instances at once, on another day's subscriptions: PostgreSQL, each with a pool of its own.
    let two: typeof one | null = null;
    if (databaseUrl) {
      const next = '2030-06-04';
      await copies(platform.db, model, SUBSCRIPTIONS, next, before);
      extraDbs.push(await openDatabase({ url: databaseUrl }));
      const at = new Date(`${next}T06:00:00Z`);
      const { result: reports, ...twoCost } = await timed(() =>
        Promise.all([instance(platform.db).runOnce(at), instance(extraDbs[0]!).runOnce(at)]),
      );
      const sum = (key: keyof RunReport) => reports.reduce((total, r) => total + r[key], 0);
      two = {
        report: {
          reminders: sum('reminders'),
          placed: sum('placed'),
          held: sum('held'),
          paid: sum('paid'),
          refused: sum('refused'),
          retried: sum('retried'),
        },
        ...twoCost,
        held: await held(platform.db, next),
      };
    }
    // The sandbox's webhooks for the charges, delivered before the platform stops (each one finds its payment settled).
    const webhooks = await drainWebhooks(platform, origin);
    return { prepareSeconds, one, two, webhooks };
  } finally {
    for (const db of extraDbs) await db.close();
    await stop();
  }
}

export async function benchScheduler(): Promise<Record<string, number | string>> {
  const results: Record<string, number | string> = {};
  for (const [name, url] of benchDatabases()) {
    const r = await measure(url);
    const label = `scheduler (${name}, ${SUBSCRIPTIONS} due the same day)`;
    results[`${label}: preparing seconds`] = Number(r.prepareSeconds.toFixed(1));
    results[`${label}: webhooks delivered / pending`] = `${r.webhooks.delivered} / ${r.webhooks.pending}`;
    for (const [runs, run] of [
      ['1 instance', r.one],
      ['2 instances', r.two],
    ] as const) {
      if (!run) continue;
      results[`${label}, ${runs}: seconds`] = Number(run.seconds.toFixed(1));
      results[`${label}, ${runs}: charged orders per second`] = Number((run.report.paid / run.seconds).toFixed(1));
      results[`${label}, ${runs}: platform CPU ms per charged order`] = Number((run.platformCpuMs / run.report.paid).toFixed(2));
      if (run.serverCpuMs !== null)
        results[`${label}, ${runs}: server CPU ms per charged order`] = Number((run.serverCpuMs / run.report.paid).toFixed(2));
      results[`${label}, ${runs}: placed / paid / still drafts`] = `${run.held.placed} / ${run.held.paid} / ${run.held.drafts}`;
      results[`${label}, ${runs}: charges / double charges`] = `${run.held.charges} / ${run.held.doubles}`;
      if (run.held.placed !== SUBSCRIPTIONS || run.held.paid !== SUBSCRIPTIONS || run.held.doubles !== 0)
        console.warn(`scheduler (${name}, ${runs}): the database holds ${JSON.stringify(run.held)} for ${SUBSCRIPTIONS} subscriptions.`);
    }
  }
  return results;
}

if (import.meta.main) {
  console.log(`\nScheduler benchmark (${SUBSCRIPTIONS} subscriptions, ${new Date().toISOString().slice(0, 10)}):`);
  console.table(await benchScheduler());
}
