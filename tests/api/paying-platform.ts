/**
 * The platform on a port of its own, its shop paying through the embedded Mollie sandbox it serves, over
 * HTTP as in production (the shop's adapter calls the platform's /payments/v2/), on an in-memory PGlite or
 * TEST_DATABASE_URL. The sandbox's own webhook calls go to an address that refuses them, so each test
 * delivers the webhook it means to. Calls go through the app, from a client address of its own.
 */
import type { AddressInfo } from 'node:net';
import { SANDBOX_API_KEY, SANDBOX_WEBHOOK_SECRET } from '../../src/backend/config/published.ts';
import { servePlatform } from '../../src/backend/http-server.ts';
import { preparePlatform } from '../../src/backend/platform.ts';
import type { PaymentFaults } from '../../src/backend/shop/orders/payments.ts';
import { paymentProvider, type PaymentProvider } from '../../src/backend/shop/payments/provider.ts';
import { expectedDriver, testDatabaseUrl } from '../support/test-database.ts';
import { appRequest, randomClientAddress, seededDatabase, type TestPlatform } from './platform.ts';

export async function payingPlatform(
  options: { clock?: () => Date; env?: Record<string, string>; databaseUrl?: string; paymentFaults?: PaymentFaults } = {},
) {
  let provider: PaymentProvider | undefined;
  // The adapter is made once the port is known; until then no call needs it.
  const lazy = new Proxy({} as PaymentProvider, { get: (_, name: keyof PaymentProvider) => provider![name] });
  const prepared = await preparePlatform({
    // A database of the test's own on the run's server (one it created, empty: migrated and seeded here), else
    // the run's seeded one (tests/api/platform.ts).
    ...(options.databaseUrl ? { dataDir: 'memory://', reset: true } : seededDatabase()),
    databaseUrl: options.databaseUrl ?? testDatabaseUrl(),
    // Cheap password hashes, as on every test platform (tests/api/platform.ts).
    env: {
      JWT_SECRET: 'api-test-secret',
      TRUST_PROXY: '1',
      SHOP_API_URL: 'http://127.0.0.1:9',
      PASSWORD_HASH_COST: 'test',
      ...options.env,
    },
    shop: {
      payments: lazy,
      ...(options.clock ? { clock: options.clock } : {}),
      ...(options.paymentFaults ? { paymentFaults: options.paymentFaults } : {}),
    },
  });
  if (prepared.db.driver !== expectedDriver()) throw new Error(`opened ${prepared.db.driver}, expected ${expectedDriver()}`);
  // Playwright's route.fetch keeps its sockets open between calls: a server closing an idle one just as a
  // call goes out on it resets that call (ECONNRESET). This one keeps them for the test's length.
  const server = servePlatform({ fetch: prepared.app.fetch, port: 0, hostname: '127.0.0.1', keepAliveMs: 10 * 60_000 });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  provider = paymentProvider({ apiKey: SANDBOX_API_KEY, apiUrl: `${origin}/payments/v2/`, webhookSecret: SANDBOX_WEBHOOK_SECRET });
  const address = randomClientAddress();
  const request = appRequest(prepared.app, address);
  const platform = {
    app: prepared.app,
    db: prepared.db,
    clientAddress: address,
    get: (path: string) => request(path),
    request,
  } as TestPlatform;
  return {
    platform,
    /** The platform's address: the sandbox's card form and hosted pages are there. */
    origin,
    /** The shop's adapter to the sandbox, as the platform uses it. */
    provider: lazy,
    /** What the platform process does after a start (main.ts): settle the attempts a crash cut, make the refunds left. */
    reconcile: () => prepared.reconcilePayments(),
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await prepared.close();
    },
  };
}
