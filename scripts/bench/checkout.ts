/**
 * Checkout benchmark: the embedded platform on a free port of 127.0.0.1, paying through the embedded
 * Mollie sandbox it serves over HTTP, as in production (the shop's adapter calls the platform's
 * /payments/v2/, and the sandbox's signed webhooks come back to the shop API). BENCH_CHECKOUT_CLIENTS (20, issue 47's figure)
 * signed-in customers, half on the FR site and half on the BE site, each with carts already filled, check
 * out BENCH_CHECKOUT_ORDERS (15 per customer) orders in total, one after another per customer, all at once: the
 * address, the shipment's methods and home delivery, the payment's methods and Visa, `complete`, then the
 * card form's token for an accepted sandbox card and the payment request that pays it.
 *
 * Reported: the `complete` call's latency, the whole checkout's per order (those seven calls), orders
 * per second, and every answer that was not the expected one (0 expected); afterwards the database must
 * hold each order once, paid. Measured on PGlite (in memory) and, when BENCH_DATABASE_URL is set, on that
 * PostgreSQL server. `node scripts/bench/checkout.ts` prints the table; `npm run bench` imports benchCheckout.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { z } from 'zod';
import { preparePlatform, type Platform } from '../../src/backend/platform.ts';
import { siteUrlOf } from '../../src/lib/channels.ts';
import { pathTo } from '../../src/lib/routes/paths.ts';
import { SANDBOX_TEST_CARDS } from '../../src/backend/payments/test-cards.ts';
import { iri } from '../../src/lib/shop-api/iri.ts';
import { BENCH_SHOPPERS, benchDatabases, percentile, sellableVariant } from './shared.ts';

const CLIENTS = Number(process.env.BENCH_CHECKOUT_CLIENTS ?? 20);
/**
 * 15 orders per customer (300 at 20): a customer's payment requests are limited to 20 an hour (shop/limits/policy.ts
 * paymentRequestCustomer), which 25 each, with the warm-up's, passed: the bench then measured refusals.
 */
const ORDERS = Number(process.env.BENCH_CHECKOUT_ORDERS ?? CLIENTS * 15);
/** Untimed orders per customer first, so connections, query plans and the provider's customer are warm. */
const WARM_UP_PER_CLIENT = 1;
/** Sign-ups at once while preparing: password hashing runs about one per core, and more would wait (or be refused 503). */
const SIGN_UP_CONCURRENCY = 2;
/** How long the sandbox's webhooks may take to arrive once the last order is paid. */
const WEBHOOK_DRAIN_MS = 60_000;

const ACCEPTED_CARD = SANDBOX_TEST_CARDS.find((card) => card.outcome === 'paid' && card.label === 'Visa')!.number;
const SITES = BENCH_SHOPPERS;
type Channel = keyof typeof SITES;

interface Answer {
  status: number;
  body: unknown;
}

/** What the bench reads of the answers (zod: an answer of another shape counts as a failure). */
export const created = z.object({ tokenValue: z.string() });
export const signedIn = z.object({ token: z.string() });
export const withIds = z.object({
  shipments: z.array(z.object({ id: z.number() })).min(1),
  payments: z.array(z.object({ id: z.number() })).min(1),
});
export const cardToken = z.object({ token: z.string() });
const paymentRequest = z.object({ state: z.string() });
const anything = z.unknown();

/** Answers that were not the expected ones, by call and status, with one body each to reproduce them. */
class Failures {
  readonly counts = new Map<string, number>();
  readonly samples = new Map<string, string>();
  record(call: string, answer: Answer) {
    const key = `${call} → ${answer.status}`;
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
    if (!this.samples.has(key)) this.samples.set(key, JSON.stringify(answer.body).slice(0, 600));
  }
  get total() {
    return [...this.counts.values()].reduce((a, b) => a + b, 0);
  }
}

/** Sends a request; its body as `schema` reads it when the status is `expect`, else undefined (and the failure recorded). */
async function exchange<T>(failures: Failures, name: string, url: string, init: RequestInit, schema: z.ZodType<T>, expect: number) {
  const res = await fetch(url, init);
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON: kept as text for the failure's sample */
  }
  const read = schema.safeParse(body);
  if (res.status === expect && read.success) return read.data;
  failures.record(res.status === expect ? `${name} (unexpected body)` : name, { status: res.status, body });
  return undefined;
}

/** A client of the shop API: each customer calls from an address of its own (TRUST_PROXY=1), as shoppers do. */
function client(origin: string, clientAddress: string, failures: Failures) {
  const call = <T>(
    name: string,
    method: string,
    path: string,
    schema: z.ZodType<T>,
    { body, token, expect = 200, channel = 'FR' as Channel } = {} as { body?: unknown; token?: string; expect?: number; channel?: Channel },
  ) =>
    exchange(
      failures,
      name,
      `${origin}/api/v2/shop${path}?channelCode=${channel}&locale=${SITES[channel].locale}`,
      {
        method,
        headers: {
          accept: 'application/ld+json',
          'content-type': method === 'PATCH' ? 'application/merge-patch+json' : 'application/ld+json',
          'x-forwarded-for': clientAddress,
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      },
      schema,
      expect,
    );
  return { call };
}

/** The platform paying through its own sandbox on the port it listens on; the app is mounted once that port is known. */
export async function platformOnItsPort(
  databaseUrl: string | undefined,
): Promise<{ platform: Platform; origin: string; stop: () => Promise<void> }> {
  let platform: Platform | undefined;
  const server = serve({ fetch: (request, bindings) => platform!.app.fetch(request, bindings), port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const port = (server.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${port}`;
  platform = await preparePlatform({
    dataDir: 'memory://',
    env: {
      DATABASE_URL: databaseUrl,
      JWT_SECRET: 'bench-checkout-secret-of-at-least-32-bytes',
      TRUST_PROXY: '1',
      PORT_PLATFORM: String(port),
      // Numeric, so neither the adapter nor the webhooks depend on how "localhost" resolves here.
      MOLLIE_API_URL: `${origin}/payments/v2/`,
      SHOP_API_URL: origin,
    },
  });
  return {
    platform,
    origin,
    stop: async () => {
      (server as Server).closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await platform!.close();
    },
  };
}

async function measure(databaseUrl: string | undefined) {
  const { platform, origin, stop } = await platformOnItsPort(databaseUrl);
  const failures = new Failures();
  const run = `${Date.now().toString(36)}`;
  try {
    const variant = await sellableVariant(platform.db);

    // Customers, a few at a time (see SIGN_UP_CONCURRENCY), each from its own address.
    const customers: { channel: Channel; token: string; api: ReturnType<typeof client>; email: string }[] = [];
    for (let start = 0; start < CLIENTS; start += SIGN_UP_CONCURRENCY) {
      const batch = Array.from({ length: Math.min(SIGN_UP_CONCURRENCY, CLIENTS - start) }, async (_, i) => {
        const n = start + i;
        const channel: Channel = n % 2 === 0 ? 'FR' : 'BE';
        const api = client(origin, `10.${run.length}.${Math.floor(n / 250)}.${(n % 250) + 1}`, failures);
        const email = `checkout.bench.${run}.${n}@example.com`;
        const password = 'croquettes-42';
        const person = SITES[channel].address;
        await api.call('sign-up', 'POST', '/customers', anything, {
          body: { firstName: person.firstName, lastName: person.lastName, email, password, acceptTerms: true },
          expect: 201,
          channel,
        });
        const login = await api.call('sign-in', 'POST', '/authentication-token', signedIn, { body: { email, password }, channel });
        if (!login) throw new Error(`Could not sign customer ${n} in: ${[...failures.samples].join('; ')}`);
        customers.push({ channel, token: login.token, api, email });
      });
      await Promise.all(batch);
    }

    const perClient = Math.ceil(ORDERS / CLIENTS);
    // Filled carts for every order, made before the clock starts (anonymous carts: the address step gives them to the customer).
    const carts = await Promise.all(
      customers.map(async ({ api, channel }) => {
        const tokens: string[] = [];
        for (let i = 0; i < WARM_UP_PER_CLIENT + perClient; i += 1) {
          const cart = await api.call('create cart', 'POST', '/orders', created, {
            body: { localeCode: SITES[channel].locale, channelCode: channel },
            expect: 201,
            channel,
          });
          if (!cart) continue;
          const token = cart.tokenValue;
          const added = await api.call('add item', 'PATCH', `/orders/${token}/items`, anything, {
            body: { productVariant: iri.variant(variant), quantity: 1 + (i % 3), subscriptionInterval: 0 },
            channel,
          });
          if (added) tokens.push(token);
        }
        return tokens;
      }),
    );

    /** One order through the checkout; its latencies, or undefined when a call answered otherwise than expected. */
    const checkOut = async ({ api, channel, token: session }: (typeof customers)[number], order: string) => {
      const o = { token: session, channel };
      const started = performance.now();
      const addressed = await api.call('address', 'PATCH', `/orders/${order}/address`, withIds, {
        ...o,
        body: { billingAddress: SITES[channel].address },
      });
      if (!addressed) return undefined;
      const shipmentId = addressed.shipments[0]!.id;
      if (!(await api.call('shipping methods', 'GET', `/orders/${order}/shipments/${shipmentId}/methods`, anything, o))) return undefined;
      const shipped = await api.call('shipment', 'PATCH', `/orders/${order}/shipments/${shipmentId}`, withIds, {
        ...o,
        body: { shippingMethod: iri.shippingMethod('home_delivery') },
      });
      if (!shipped) return undefined;
      const paymentId = shipped.payments.at(-1)!.id;
      if (!(await api.call('payment methods', 'GET', `/orders/${order}/payments/${paymentId}/methods`, anything, o))) return undefined;
      const chosen = await api.call('payment', 'PATCH', `/orders/${order}/payments/${paymentId}`, anything, {
        ...o,
        body: { paymentMethod: iri.paymentMethod('visa') },
      });
      if (!chosen) return undefined;
      const beforeComplete = performance.now();
      const placed = await api.call('complete', 'PATCH', `/orders/${order}/complete`, withIds, { ...o, body: { termsAccepted: true } });
      const complete = performance.now() - beforeComplete;
      if (!placed) return undefined;
      // The card form's call: the card goes to the provider (here the sandbox), the shop gets a token.
      const card = await exchange(
        failures,
        'card token',
        `${origin}/payments/components/card-tokens`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ cardHolder: 'Louise Garnier', cardNumber: ACCEPTED_CARD, expiryDate: '12/35', verificationCode: '123' }),
        },
        cardToken,
        201,
      );
      if (!card) return undefined;
      const paid = await api.call('payment request', 'POST', '/payment-requests', paymentRequest, {
        ...o,
        expect: 201,
        body: {
          paymentId: placed.payments.at(-1)!.id,
          paymentMethodCode: 'visa',
          action: 'capture',
          payload: {
            cardToken: card.token,
            redirectUrl: `${siteUrlOf(channel, {})}${pathTo('orderConfirmation', SITES[channel].locale, { order })}`,
          },
        },
      });
      if (!paid) return undefined;
      if (paid.state !== 'completed') {
        failures.record('payment request (not paid)', { status: 201, body: paid });
        return undefined;
      }
      return { complete, whole: performance.now() - started };
    };

    await Promise.all(customers.map(async (customer, n) => checkOut(customer, carts[n]![0]!)));
    const warmUpFailures = failures.total;

    const completes: number[] = [];
    const wholes: number[] = [];
    const started = performance.now();
    await Promise.all(
      customers.map(async (customer, n) => {
        for (const order of carts[n]!.slice(WARM_UP_PER_CLIENT)) {
          const timed = await checkOut(customer, order);
          if (!timed) continue;
          completes.push(timed.complete);
          wholes.push(timed.whole);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;

    // What the database holds afterwards: each cart placed once and paid, one payment completed per order.
    const tokens = carts.flat();
    const [held] = await platform.db.query<{ placed: number; paid: number; numbers: number; completed: number }>(
      `SELECT count(*)::int AS placed,
              count(*) FILTER (WHERE o.payment_state = 'paid')::int AS paid,
              count(DISTINCT o.number)::int AS numbers,
              (SELECT count(*)::int FROM shop.payments p JOIN shop.orders x ON x.id = p.order_id
                WHERE x.token_value = ANY($1::text[]) AND p.state = 'completed') AS completed
         FROM shop.orders o WHERE o.token_value = ANY($1::text[]) AND o.state <> 'cart'`,
      [tokens],
    );
    const webhooks = await drainWebhooks(platform, origin);
    completes.sort((a, b) => a - b);
    wholes.sort((a, b) => a - b);
    return {
      orders: completes.length,
      errors: failures.total - warmUpFailures,
      warmUpErrors: warmUpFailures,
      failures,
      completeP50: percentile(completes, 50),
      completeP95: percentile(completes, 95),
      wholeP50: percentile(wholes, 50),
      wholeP95: percentile(wholes, 95),
      ordersPerSecond: completes.length / seconds,
      carts: tokens.length,
      held: held!,
      webhooks,
    };
  } finally {
    await stop();
  }
}

/** Waits (boundedly) for the sandbox's webhook calls to this platform to be delivered; how many were, and how many were not. */
export async function drainWebhooks(platform: Platform, origin: string): Promise<{ delivered: number; pending: number }> {
  const deadline = Date.now() + WEBHOOK_DRAIN_MS;
  for (;;) {
    const [row] = await platform.db.query<{ delivered: number; pending: number }>(
      `SELECT count(*) FILTER (WHERE delivered_at IS NOT NULL)::int AS delivered, count(*) FILTER (WHERE delivered_at IS NULL)::int AS pending
         FROM payments.webhook_deliveries WHERE url LIKE $1`,
      [`${origin}/%`],
    );
    if (row!.pending === 0 || Date.now() > deadline) return row!;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export async function benchCheckout(): Promise<Record<string, number | string>> {
  const results: Record<string, number | string> = {};
  for (const [name, url] of benchDatabases()) {
    const r = await measure(url);
    const label = `checkout (${name}, ${CLIENTS} customers)`;
    results[`${label}: orders`] = r.orders;
    results[`${label}: errors`] = r.errors + r.warmUpErrors;
    results[`${label}: complete p50 ms`] = Number(r.completeP50.toFixed(1));
    results[`${label}: complete p95 ms`] = Number(r.completeP95.toFixed(1));
    results[`${label}: whole checkout p50 ms`] = Number(r.wholeP50.toFixed(1));
    results[`${label}: whole checkout p95 ms`] = Number(r.wholeP95.toFixed(1));
    results[`${label}: orders per second`] = Number(r.ordersPerSecond.toFixed(1));
    results[`${label}: placed / paid / numbers (of ${r.carts} carts)`] = `${r.held.placed} / ${r.held.paid} / ${r.held.numbers}`;
    results[`${label}: webhooks delivered / pending`] = `${r.webhooks.delivered} / ${r.webhooks.pending}`;
    for (const [key, count] of r.failures.counts) {
      results[`${label}: unexpected ${key}`] = count;
      console.warn(`checkout (${name}): ${count} × ${key}, e.g. ${r.failures.samples.get(key)}`);
    }
    if (r.held.placed !== r.carts || r.held.paid !== r.carts || r.held.numbers !== r.carts || r.held.completed !== r.carts)
      console.warn(
        `checkout (${name}): the database holds ${JSON.stringify(r.held)} for ${r.carts} carts (each placed once and paid expected).`,
      );
  }
  return results;
}

if (import.meta.main) {
  console.log(`\nCheckout benchmark (${ORDERS} orders, ${new Date().toISOString().slice(0, 10)}):`);
  console.table(await benchCheckout());
}
