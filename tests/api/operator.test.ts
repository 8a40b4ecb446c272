/**
 * The operator's endpoint (POST /operator/orders/{number}/ship), for demos and end-to-end tests: it ships
 * as `npm run operator -- ship` does, exists only where the outbox does (never in production), and answers
 * no browser page of another origin; `npm run operator` ships through it when a platform runs.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPlatform } from '../../src/backend/app.ts';
import { readPlatformConfig } from '../../src/backend/config.ts';
import { listMails } from '../../src/backend/mail/outbox.ts';
import { FREE_ORDER_COUPON, seedDemoCoupons } from '../../src/backend/seed/demo-coupons.ts';
import { checkout, expectViolation, ok } from './shop-checkout-support.ts';
import { productionEnv, shopApi, testClock, testPlatform, type TestPlatform } from './platform.ts';

const DAY = 24 * 60 * 60 * 1000;
const clock = testClock();
let platform: TestPlatform;
let api: ReturnType<typeof shopApi>;

/** Orders are placed at this time; a test that ships at a past date first moves the clock on. */
const PLACED_AT = '2026-03-20T09:00:00Z';
beforeEach(() => clock.set(PLACED_AT));
beforeAll(async () => {
  clock.set(PLACED_AT);
  platform = await testPlatform({ clock: clock.now });
  api = shopApi(platform);
});
afterAll(async () => {
  await platform.db.close();
});

/** A placed order with nothing to pay (the demos' 100 % coupon): paid at once, so it may ship. */
async function paidOrder() {
  const customer = await api.signUp();
  const steps = checkout(api, customer.token);
  const token = await steps.cart();
  ok(await steps.call('PATCH', `/orders/${token}/apply-coupon`, { couponCode: FREE_ORDER_COUPON.toLowerCase() }));
  await steps.upToPayment(token);
  const placed = ok(await steps.complete(token));
  expect(placed.paymentState).toBe('paid');
  return { customer, steps, token, number: placed.number! };
}

/** Days later (access tokens are short-lived): the clock moved on, and the customer's calls with a fresh session. */
async function later(customer: { email: string; password: string }, at: string) {
  clock.set(at);
  return checkout(api, (await api.login(customer.email, customer.password)).token);
}

const ship = (number: string, body: unknown, headers: Record<string, string> = {}) =>
  platform.request(`/operator/orders/${number}/ship`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

describe('POST /operator/orders/{number}/ship', () => {
  it('ships a paid order at the given date, with the shipped mail, once', async () => {
    const { customer, token, number } = await paidOrder();
    const steps = await later(customer, '2026-03-30T09:00:00Z');
    const at = new Date(clock.now().getTime() - 8 * DAY);
    const res = await ship(number, { tracking: '6A11112222333', carrier: 'Chronopost', at: at.toISOString() });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ number, token, shippedAt: at.toISOString(), mailId: expect.any(Number) });
    expect(res.headers.get('cache-control')).toBe('no-store');
    const shipped = ok(await steps.get(token));
    expect(shipped).toMatchObject({ shippingState: 'shipped', status: { code: 'shipped' } });
    expect(shipped.shipments[0]).toMatchObject({
      trackingNumber: '6A11112222333',
      carrier: 'Chronopost',
      shippedAt: '2026-03-22T09:00:00Z',
    });
    const [mail] = await listMails(platform.db, { to: customer.email, limit: 1 });
    expect(mail!.subject).toBe(`Votre commande n° ${number} est expédiée`);

    const again = await ship(number, { tracking: '6A11112222333' });
    expect(again.status).toBe(422);
    expect(again.body.error).toMatch(/is fulfilled: only a placed order ships/);
  });

  it('refuses what is not a shipment: an unknown number, a bad tracking number or date, a body that is not JSON', async () => {
    expect((await ship('999999999', { tracking: '6A11112222333' })).status).toBe(404);
    const { number } = await paidOrder();
    expect((await ship(number, { tracking: 'x' })).body.error).toMatch(/tracking/);
    expect((await ship(number, { tracking: '6A11112222333', at: 'yesterday' })).status).toBe(400);
    expect((await ship(number, '{"tracking":')).status).toBe(400);
    // A plain HTML form cannot send JSON.
    expect((await ship(number, 'tracking=6A11112222333', { 'content-type': 'application/x-www-form-urlencoded' })).status).toBe(415);
    expect((await ship(number, { tracking: '6A11112222333' })).status).toBe(200);
  });

  it('refuses a ship date before the order was placed, or in the future: the invoice is dated on it', async () => {
    const { customer, token, number } = await paidOrder();
    const steps = await later(customer, '2026-03-30T09:00:00Z');
    const before = await ship(number, { tracking: '6A11112222333', at: '2026-03-19T10:00:00Z' });
    expect(before.status).toBe(422);
    expect(before.body.error).toBe(
      `Order ${number} was placed on 2026-03-20T09:00:00.000Z: it cannot ship before, on 2026-03-19T10:00:00.000Z.`,
    );
    const future = await ship(number, { tracking: '6A11112222333', at: '2026-03-30T09:00:01Z' });
    expect(future.status).toBe(422);
    expect(future.body.error).toBe(
      `Order ${number} cannot ship in the future, on 2026-03-30T09:00:01.000Z: it is now 2026-03-30T09:00:00.000Z.`,
    );
    expect(ok(await steps.get(token))).toMatchObject({ shippingState: 'ready', shipments: [{ state: 'ready', shippedAt: null }] });

    // The very second it was placed is not before it.
    expect((await ship(number, { tracking: '6A11112222333', at: PLACED_AT })).body).toMatchObject({
      shippedAt: '2026-03-20T09:00:00.000Z',
    });
  });

  it('backdates a shipment before its order only when the end-to-end tests ask it in so many words', async () => {
    const { number } = await paidOrder();
    const backdated = await ship(number, { tracking: '6A11112222333', at: '2026-03-12T10:00:00Z', backdate: true });
    expect(backdated.status, JSON.stringify(backdated.body)).toBe(200);
    expect(backdated.body).toMatchObject({ shippedAt: '2026-03-12T10:00:00.000Z' });
  });

  it('answers no browser page of another origin, and grants no CORS', async () => {
    const { steps, token, number } = await paidOrder();
    for (const site of ['cross-site', 'same-site']) {
      const res = await ship(number, { tracking: '6A11112222333' }, { 'sec-fetch-site': site, origin: 'http://localhost:4321' });
      expect(res.status).toBe(403);
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
    }
    expect(ok(await steps.get(token)).shippingState).toBe('ready');
    expect((await ship(number, { tracking: '6A11112222333' }, { 'sec-fetch-site': 'same-origin' })).status).toBe(200);
  });

  it('does not exist in production (no outbox there), nor where the outbox is turned off', async () => {
    const { number } = await paidOrder();
    const production = readPlatformConfig(productionEnv);
    const off = readPlatformConfig({ OUTBOX_PAGE: 'off' });
    for (const config of [production, off]) {
      const app = createPlatform({ db: platform.db, siteOrigins: config.siteOrigins, outbox: config.outbox });
      const res = await app.request(`http://platform.test/operator/orders/${number}/ship`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ tracking: '6A11112222333' }),
      });
      expect(res.status).toBe(404);
    }
  });
});

describe('npm run operator -- ship', () => {
  it('ships through the platform that runs on PORT_PLATFORM (its PGlite folder is not opened)', async () => {
    const { customer, token, number } = await paidOrder();
    const steps = await later(customer, '2026-03-30T09:00:00Z');
    const server = serve({ fetch: platform.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    // An empty data folder: had the command opened it, it would have found no such order.
    const dataDir = mkdtempSync(join(tmpdir(), 'operator-'));
    try {
      const port = (server.address() as AddressInfo).port;
      // The shopper walk's slip: a ship date typed before the order's.
      const early = await runOperator(['ship', number, '--tracking', '6A44445555666', '--at', '2026-03-18'], {
        PORT_PLATFORM: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
      });
      expect(early.code).toBe(1);
      expect(early.stderr).toMatch(/was placed on 2026-03-20T09:00:00\.000Z: it cannot ship before, on 2026-03-18T00:00:00\.000Z/);

      const run = await runOperator(['ship', number, '--tracking', '6A44445555666', '--at', '2026-03-25T08:00:00Z'], {
        PORT_PLATFORM: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
      });
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      expect(run.stdout).toContain(`Order ${number} shipped on 2026-03-25T08:00:00.000Z`);
      expect(ok(await steps.get(token)).shipments[0]).toMatchObject({ trackingNumber: '6A44445555666', shippedAt: '2026-03-25T08:00:00Z' });

      const refused = await runOperator(['ship', number, '--tracking', '6A44445555666'], {
        PORT_PLATFORM: String(port),
        DATA_DIR: dataDir,
      });
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/is fulfilled: only a placed order ships/);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

function runOperator(args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['scripts/operator.ts', ...args], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? tmpdir(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

describe('the demos’ free-order coupon', () => {
  it('exists outside production only: a production platform removes it', async () => {
    const customer = await api.signUp();
    const steps = checkout(api, customer.token);
    const token = await steps.cart();
    await seedDemoCoupons(platform.db, { production: true });
    try {
      expectViolation(
        await steps.call('PATCH', `/orders/${token}/apply-coupon`, { couponCode: FREE_ORDER_COUPON }),
        'couponCode',
        'COUPON_INVALID',
      );
    } finally {
      await seedDemoCoupons(platform.db, { production: false });
    }
    ok(await steps.call('PATCH', `/orders/${token}/apply-coupon`, { couponCode: FREE_ORDER_COUPON }));
  });
});
