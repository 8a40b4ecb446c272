/**
 * Starts the platform for API tests on a fresh in-memory PGlite, or on TEST_DATABASE_URL (a real
 * PostgreSQL server, whose name must say it is for tests: tests/support/test-database.ts) when it is
 * set, and gives a `get` that calls it through its HTTP app. Never on DATABASE_URL: the catalogue of the
 * database given here may be reset.
 *
 * The database starts migrated and seeded: a PGlite from the run's template (tests/support/template-database.ts),
 * or in the PostgreSQL pass the test file's own copy of the template database (tests/support/file-database.ts).
 * Without those (vitest run without the API project's global setup), it is migrated and its catalogue reset here.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { preparePlatform } from '../../src/backend/platform.ts';
import { authentication } from '../../src/lib/shop-api/authentication.ts';
import { customer as customerSchema } from '../../src/lib/shop-api/customers.ts';
import { expectedDriver, testDatabaseUrl } from '../support/test-database.ts';

export interface TestPlatformOptions {
  /** The shop API's clock (see testClock). */
  clock?: () => Date;
  /**
   * The client address of every call, sent as X-Forwarded-For (believed: TRUST_PROXY=1); a call may send
   * its own. By default one address per platform, so rate limits never carry over from another test file
   * or run on a shared database.
   */
  clientAddress?: string;
  /** More environment for the platform (OPERATOR_TOKEN…). */
  env?: Record<string, string>;
}

/** A fresh client address (a random /64 of IPv6's documentation prefix, counted as one address). */
export const randomClientAddress = () => `2001:db8:${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}::1`;

/**
 * preparePlatform's options for the run's migrated and seeded database (see above): an in-memory PGlite
 * started from the template, or the file's copy of the template database, neither reset; without a
 * template, the catalogue is reset.
 */
export function seededDatabase(): { dataDir: string; template?: Blob; reset: boolean } {
  // Outside vitest (the end-to-end suite's paying platform) there is no run template: migrated and seeded here.
  if (!process.env.VITEST) return { dataDir: 'memory://', reset: true };
  const pgliteTemplate = inject('pgliteTemplate');
  return {
    dataDir: 'memory://',
    // Read for each platform: PGlite takes the blob's bytes as its folder's.
    template: pgliteTemplate ? new Blob([readFileSync(pgliteTemplate)]) : undefined,
    reset: !(pgliteTemplate || inject('templateDatabase')),
  };
}

export async function testPlatform(options: TestPlatformOptions = {}) {
  const platform = await preparePlatform({
    // Checked before preparePlatform opens it: reset truncates the catalogue.
    ...seededDatabase(),
    databaseUrl: testDatabaseUrl(),
    // Cheap password hashes (config.ts PASSWORD_HASH_COST): a test about the real cost passes PASSWORD_HASH_COST: 'standard'.
    env: { JWT_SECRET: 'api-test-secret', TRUST_PROXY: '1', PASSWORD_HASH_COST: 'test', ...options.env },
    shop: options.clock ? { clock: options.clock } : {},
  });
  const { app, db } = platform;
  // A test closes its platform by closing `db`: that stops the platform's timers first (the payment sandbox's webhook
  // deliveries, the mail delivery and autovacuum read the database, and would otherwise outlive it), then closes it.
  const closeDatabase = db.close.bind(db);
  let closing: Promise<void> | undefined;
  db.close = () =>
    (closing ??= (async () => {
      db.close = closeDatabase;
      await platform.close();
    })());
  // A PostgreSQL pass that fell back to PGlite (or the reverse) would test the wrong driver and pass.
  if (db.driver !== expectedDriver()) {
    await db.close();
    throw new Error(
      `The platform opened ${db.driver}, but this pass runs on ${expectedDriver()} (TEST_DATABASE_URL ${process.env.TEST_DATABASE_URL ? 'is' : 'is not'} set)`,
    );
  }
  const clientAddress = options.clientAddress ?? randomClientAddress();
  const request = appRequest(app, clientAddress);
  return { app, db, clientAddress, get: (path: string) => request(path), request };
}

/** Calls the app as `clientAddress` (unless a call sends its own): the status, the body (parsed when JSON), the headers. */
export function appRequest(app: Awaited<ReturnType<typeof preparePlatform>>['app'], clientAddress: string) {
  return async (path: string, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    if (!headers.has('x-forwarded-for')) headers.set('x-forwarded-for', clientAddress);
    const response = await app.request(`http://platform.test${path}`, { ...init, headers });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    return { status: response.status, body: body as any, headers: response.headers };
  };
}
export type TestPlatform = Awaited<ReturnType<typeof testPlatform>>;

/** Real time until set: `set` fixes it, `advance` moves it (fixed or not), `reset` returns to real time. */
export function testClock() {
  let fixed: number | null = null;
  let offset = 0;
  return {
    now: () => new Date(fixed ?? Date.now() + offset),
    set(date: Date | string) {
      fixed = new Date(date).getTime();
    },
    advance(ms: number) {
      if (fixed === null) offset += ms;
      else fixed += ms;
    },
    reset() {
      fixed = null;
      offset = 0;
    },
  };
}

/** An e-mail no earlier run used: tests also run on a long-lived PostgreSQL database. */
/**
 * A whole production configuration that config.ts accepts (strong secrets, https sites, TLS mail), for the tests
 * of a platform as production builds it; a test overrides what it is about.
 */
export const productionEnv = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://shop@db.internal/shop',
  JWT_SECRET: 'Fh4l0mtRVk3vRXl2Qbg6vLyI0wPq0Qn8mIRy1vB3yq2TnC4Sx8e2hPj7dNfUaZk9',
  SITE_URL_FR: 'https://www.maison-gamelle.example',
  SITE_URL_BE: 'https://be.maison-gamelle.example',
  SMTP_URL: 'smtps://127.0.0.1:1',
  MAIL_FROM: 'Maison Gamelle <bonjour@maison-gamelle.example>',
  TRUST_PROXY: '0',
  MOLLIE_API_KEY: 'live_aj9qTZcCBT17UYJIb4cLhuwbldikbP',
  MOLLIE_WEBHOOK_SECRET: 'pQ2vX7nR4kL9sT1wY6zB3dF8gH5jM0cV',
  RELAY_API_URL: 'https://ws.colissimo.fr',
  RELAY_ACCOUNT_NUMBER: '123456',
  RELAY_PASSWORD: 'secret',
  IMAGEKIT_PRIVATE_KEY: 'private_live_key',
  IMAGEKIT_PUBLIC_KEY: 'public_live_key',
  IMAGEKIT_URL_ENDPOINT: 'https://ik.imagekit.io/maisongamelle',
};

export const uniqueEmail = (label = 'client') => `${label}.${randomUUID().slice(0, 12)}@example.com`;

export interface ShopCall {
  body?: unknown;
  /** Sent as is (malformed JSON, wrong content types). */
  raw?: string;
  token?: string;
  query?: string;
  headers?: Record<string, string>;
}

/** Calls of the shop API (/api/v2/shop), JSON in and out. */
export function shopApi(platform: TestPlatform) {
  const call = (method: string, path: string, { body, raw, token, query, headers = {} }: ShopCall = {}) => {
    const url = `/api/v2/shop${path}${query ? `?${query}` : ''}`;
    const contentType = method === 'PATCH' ? 'application/merge-patch+json' : 'application/ld+json';
    return platform.request(url, {
      method,
      headers: {
        accept: 'application/ld+json',
        ...(body !== undefined || raw !== undefined ? { 'content-type': contentType } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      body: raw ?? (body === undefined ? undefined : JSON.stringify(body)),
    });
  };

  /**
   * A new customer, registered from an address of their own as shoppers do from home: a file's customers
   * are not one household, whose address may register 10 an hour (limits/policy.ts registrationAddress).
   */
  const register = async (overrides: Record<string, unknown> = {}) => {
    const email = uniqueEmail();
    const password = 'croquettes5';
    const res = await call('POST', '/customers', {
      body: { firstName: 'Camille', lastName: 'Martin', email, password, acceptTerms: true, subscribedToNewsletter: false, ...overrides },
      headers: { 'x-forwarded-for': randomClientAddress() },
    });
    if (res.status !== 201) throw new Error(`register: ${res.status} ${JSON.stringify(res.body)}`);
    return {
      profile: customerSchema.parse(res.body),
      email: String(overrides.email ?? email),
      password: String(overrides.password ?? password),
    };
  };

  const login = async (email: string, password: string) => {
    const res = await call('POST', '/authentication-token', { body: { email, password } });
    if (res.status !== 200) throw new Error(`login: ${res.status} ${JSON.stringify(res.body)}`);
    return authentication.parse(res.body);
  };

  /** A registered and logged-in customer. */
  const signUp = async (overrides: Record<string, unknown> = {}) => {
    const registered = await register(overrides);
    return { ...registered, ...(await login(registered.email, registered.password)) };
  };

  return { call, register, login, signUp };
}
