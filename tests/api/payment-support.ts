/**
 * The payment sandbox on real ports, on an in-memory PGlite or TEST_DATABASE_URL, with a fixed clock and
 * a fake webhook receiver. Webhooks go out only when a test calls `webhooks.deliverDue()`.
 *
 * Two listeners: plain HTTP for the shop's adapter, as the platform serves it; and HTTPS for Mollie's own
 * Node client, which only speaks HTTPS (it always sends through an https.Agent) and trusts only the CA
 * bundle it ships: the HTTPS listener gets a throwaway self-signed certificate, and `trustSandboxTls()`
 * turns certificate checks off in this test process while the client's tests run.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { SANDBOX_API_KEY, SANDBOX_WEBHOOK_SECRET } from '../../src/backend/config/published.ts';
import { openDatabase } from '../../src/backend/db/database.ts';
import { migrate } from '../../src/backend/db/migrate.ts';
import { paymentsSandbox } from '../../src/backend/payments/sandbox.ts';
import { expectedDriver, testDatabaseUrl } from '../support/test-database.ts';
import { seededDatabase } from './platform.ts';

export const SITE_ORIGIN = 'http://localhost:4321';
export const WEBHOOK_URL = 'https://shop.test/api/v2/shop/payments/webhook';

interface ReceivedWebhook {
  url: string;
  body: string;
  signature: string | null;
  contentType: string | null;
}

export async function startSandbox() {
  // The run's migrated template (PGlite's, or the file's copy on PostgreSQL): migrate finds nothing left to do.
  const db = await openDatabase({ url: testDatabaseUrl(), dataDir: 'memory://', template: seededDatabase().template });
  if (db.driver !== expectedDriver()) throw new Error(`opened ${db.driver}, expected ${expectedDriver()}`);
  await migrate(db);
  let now = new Date('2030-03-14T10:00:00Z').getTime();
  const clock = {
    now: () => new Date(now),
    advance: (ms: number) => {
      now += ms;
    },
  };
  const received: ReceivedWebhook[] = [];
  /** The receiver's answers, one per call (200 once they run out). */
  const answers: number[] = [];
  const receiver: typeof fetch = async (url, init) => {
    const headers = new Headers(init?.headers);
    received.push({
      url: String(url),
      body: String(init?.body),
      signature: headers.get('x-mollie-signature'),
      contentType: headers.get('content-type'),
    });
    return new Response(null, { status: answers.shift() ?? 200 });
  };
  const sandbox = paymentsSandbox(db, {
    apiKeys: [SANDBOX_API_KEY],
    siteOrigins: [SITE_ORIGIN],
    webhookSecret: SANDBOX_WEBHOOK_SECRET,
    clock: clock.now,
    // No runner runs its webhook job: a test delivers the calls with deliverDue().
    webhooks: { fetch: receiver },
  });
  const app = new Hono().route('/payments', sandbox.app);
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const tls = selfSignedCertificate();
  const secureServer = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1', createServer, serverOptions: tls });
  await new Promise<void>((resolve) => secureServer.once('listening', () => resolve()));
  const secureOrigin = `https://127.0.0.1:${(secureServer.address() as AddressInfo).port}`;

  /** The card form's call: the card goes to the provider, the shop gets a token. */
  const tokenise = async (cardNumber: string, expiryDate = '12/31', cardHolder = 'Camille Martin') => {
    const response = await fetch(`${origin}/payments/components/card-tokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: SITE_ORIGIN },
      body: JSON.stringify({ cardNumber, cardHolder, expiryDate, verificationCode: '123' }),
    });
    return { status: response.status, headers: response.headers, body: (await response.json()) as Record<string, any> };
  };

  const close = async () => {
    await new Promise((resolve) => server.close(resolve));
    await new Promise((resolve) => secureServer.close(resolve));
    await db.close();
  };
  return {
    db,
    clock,
    origin,
    secureOrigin,
    apiUrl: `${origin}/payments/v2/`,
    secureApiUrl: `${secureOrigin}/payments/v2/`,
    webhooks: sandbox.webhooks,
    received,
    answers,
    tokenise,
    close,
  };
}
export type Sandbox = Awaited<ReturnType<typeof startSandbox>>;

function selfSignedCertificate(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(join(tmpdir(), 'sandbox-tls-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** For this test process only, while Mollie's client talks to the self-signed listener; returns the undo. */
export function trustSandboxTls(): () => void {
  const before = process.env.NODE_TLS_REJECT_UNAUTHORIZED;
  process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
  return () => {
    if (before === undefined) delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
    else process.env.NODE_TLS_REJECT_UNAUTHORIZED = before;
  };
}
