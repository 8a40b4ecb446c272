/**
 * What the scheduler tests share: a paying platform on a database of the file's own (in-memory PGlite, or on
 * the run's PostgreSQL server a database created for the file and dropped after, so that no other file's
 * subscriptions are due on the same days), schedulers on it with a fixed clock, customers who subscribed at
 * checkout by card, and the mails and payments to check.
 */
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { expect } from 'vitest';
import { SANDBOX_API_KEY, SANDBOX_WEBHOOK_SECRET } from '../../src/backend/config/published.ts';
import type { Database } from '../../src/backend/db/database.ts';
import { createScheduler, type SchedulerOptions } from '../../src/backend/scheduler/scheduler.ts';
import { paymentProvider, type PaymentProvider } from '../../src/backend/shop/payments/provider.ts';
import { embeddedRelayPoints } from '../../src/backend/shop/shipping/relay-points.ts';
import { subscription as subscriptionSchema, type Subscription } from '../../src/lib/shop-api/subscriptions.ts';
import { testDatabaseUrl } from '../support/test-database.ts';
import { payingPlatform } from './paying-platform.ts';
import { shopApi, testClock } from './platform.ts';
import { checkout, ok, payByCard } from './shop-checkout-support.ts';

/** What the platform's shop is given (payingPlatform): the scheduler writes the same links and webhook address. */
const ENV = { SHOP_API_URL: 'http://127.0.0.1:9' };

/** A database of the file's own on the run's server, or undefined on the PGlite pass. */
async function ownServerDatabase(): Promise<{ url: string; drop: () => Promise<void> } | undefined> {
  const server = testDatabaseUrl();
  if (!server) return undefined;
  const name = `mg_test_scheduler_${randomBytes(6).toString('hex')}`;
  const admin = postgres(server, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const address = new URL(server);
  address.pathname = `/${name}`;
  return {
    url: address.toString(),
    drop: async () => {
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

export async function schedulerPlatform(start: string) {
  const clock = testClock();
  clock.set(start);
  const own = await ownServerDatabase();
  const paying = await payingPlatform({ clock: clock.now, ...(own ? { databaseUrl: own.url } : {}) });
  const { platform, origin } = paying;
  const api = shopApi(platform);
  const provider = paymentProvider({ apiKey: SANDBOX_API_KEY, apiUrl: `${origin}/payments/v2/`, webhookSecret: SANDBOX_WEBHOOK_SECRET });

  /** A scheduler instance on `db` (another pool on the same database plays another process). */
  const scheduler = (options: Partial<SchedulerOptions> = {}) =>
    createScheduler({ db: platform.db, provider: () => provider, env: ENV, relayPoints: embeddedRelayPoints(), ...options });

  async function cardToken(cardNumber = '4543474002249996', expiryDate = '12/35') {
    const res = await fetch(`${origin}/payments/components/card-tokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ cardHolder: 'Jeanne Moreau', cardNumber, expiryDate, verificationCode: '123' }),
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as { token: string }).token;
  }

  /** A customer who subscribed at checkout (`interval` days), paid by card; their subscription. */
  async function subscribe({
    code,
    interval = 31,
    quantity = 2,
    expiry = '12/35',
  }: {
    code: string;
    interval?: number;
    quantity?: number;
    expiry?: string;
  }) {
    const me = await api.signUp();
    const steps = checkout(api, me.token);
    const token = await steps.cart([{ code, quantity, interval }]);
    await steps.upToPayment(token, 'visa');
    const order = ok(await steps.complete(token));
    const paid = await payByCard(api, me.token, order.payments.at(-1)!.id, await cardToken('4543474002249996', expiry));
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    const list = await api.call('GET', '/subscriptions', { token: me.token });
    const [made] = list.body['hydra:member'] as Subscription[];
    return { me, code: made!.code, firstOrder: order.number! };
  }

  /** The customer's session, again (a session does not outlive weeks of simulated time). */
  const signIn = async (me: { email: string; password: string }) => (await api.login(me.email, me.password)).token;

  /** A call on the subscription, signed in afresh. */
  async function call(me: { email: string; password: string }, method: string, code: string, path = '', body?: unknown) {
    return api.call(method, `/subscriptions/${code}${path}`, { token: await signIn(me), body, query: 'locale=fr_FR' });
  }

  async function read(me: { email: string; password: string }, code: string): Promise<Subscription> {
    const res = await call(me, 'GET', code);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return subscriptionSchema.parse(res.body);
  }

  return {
    ...paying,
    clock,
    api,
    provider,
    scheduler,
    cardToken,
    subscribe,
    call,
    read,
    close: async () => {
      await paying.close();
      await own?.drop();
    },
    ownUrl: own?.url,
  };
}

/** The subjects of the mails a customer got, oldest first. */
export const subjectsTo = async (db: Database, email: string) =>
  (await db.query<{ subject: string }>('SELECT subject FROM mail.outbox WHERE lower("to") = lower($1) ORDER BY id', [email])).map(
    (r) => r.subject,
  );

/** The orders of a subscription, oldest first: number, states, total, shipment day. */
export const ordersOf = (db: Database, code: string) =>
  db.query<{ id: number; number: string | null; state: string; payment_state: string; total: number; shipment_date: string }>(
    `SELECT o.id, o.number, o.state, o.payment_state, o.total, to_char(so.shipment_date, 'YYYY-MM-DD') AS shipment_date
     FROM shop.subscription_orders so JOIN shop.subscriptions s ON s.id = so.subscription_id JOIN shop.orders o ON o.id = so.order_id
     WHERE s.code = $1 ORDER BY so.shipment_date, o.id`,
    [code],
  );

/** How many payments the provider (the sandbox) made for an order number: a double charge shows here. */
export async function providerPaymentsFor(db: Database, number: string) {
  return db.query<{ id: string; status: string; mandate_id: string | null }>(
    `SELECT id, status, mandate_id FROM payments.payments WHERE metadata->>'orderNumber' = $1 ORDER BY created_at, id`,
    [number],
  );
}

/** A counting wrapper of the provider: how many charges an instance asked for. */
export function counting(provider: PaymentProvider) {
  const calls: string[] = [];
  const wrapped: PaymentProvider = {
    ...provider,
    createPayment: (input) => {
      calls.push(input.idempotencyKey);
      return provider.createPayment(input);
    },
  };
  return { provider: wrapped, calls };
}
