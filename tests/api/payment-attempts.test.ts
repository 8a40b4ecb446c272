/**
 * The order's money under a shopper who changes their mind, a provider that charges late and a process that
 * dies at any step of the payment path (src/backend/shop/orders/payments.ts), against the embedded Mollie
 * sandbox over HTTP, on both drivers. After each story: every charge the provider holds for the order is kept
 * by its one payment or refunded, and the operator's reconciliation report has no mismatch.
 *
 * A "crash" is a fault thrown at the step (the platform's payment faults, tests only): what was committed
 * stays, what was not is lost, as after a kill -9; the "restart" is what the platform process does once up
 * (main.ts): reconcilePayments, with the clock moved past the time an attempt may wait for its answer.
 */
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_WEBHOOK_SECRET } from '../../src/backend/config/published.ts';
import { listMails } from '../../src/backend/mail/outbox.ts';
import { ANSWER_WAIT_MS, type PaymentStep } from '../../src/backend/shop/orders/payments.ts';
import { paymentReport } from '../../src/backend/shop/orders/report.ts';
import type { PaymentProvider } from '../../src/backend/shop/payments/provider.ts';
import { payingPlatform } from './paying-platform.ts';
import { shopApi, testClock, type TestPlatform } from './platform.ts';
import { checkout, expectViolation, ok, type Api } from './shop-checkout-support.ts';

const SITE = 'http://localhost:4321';
const OPERATOR_TOKEN = 'operator-token-for-the-report-test';
const clock = testClock();
const since = new Date(Date.now() - 60_000);
let platform: TestPlatform;
let api: Api;
let origin: string;
let provider: PaymentProvider;
let reconcile: () => Promise<{ attempts: number; refunds: number }>;
let close: () => Promise<void>;
let me: Awaited<ReturnType<Api['signUp']>>;
/** The step where the next payment "crashes", or where it waits for the test. */
let fault: { step: PaymentStep; run: () => void | Promise<void> } | null = null;

beforeAll(async () => {
  ({ platform, origin, provider, reconcile, close } = await payingPlatform({
    clock: clock.now,
    env: { OPERATOR_TOKEN },
    paymentFaults: async (step) => {
      if (fault?.step !== step) return;
      const { run } = fault;
      fault = null;
      await run();
    },
  }));
  api = shopApi(platform);
  me = await api.signUp();
});
afterAll(async () => {
  await close();
});

const crashAt = (step: PaymentStep) => {
  fault = {
    step,
    run: () => {
      throw new Error(`crash at ${step}`);
    },
  };
};

async function cardToken(cardNumber = '4543474002249996') {
  const res = await fetch(`${origin}/payments/components/card-tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ cardHolder: 'Jeanne Moreau', cardNumber, expiryDate: '12/35', verificationCode: '123' }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { token: string }).token;
}

async function placed(method: string) {
  const steps = checkout(api, me.token);
  const token = await steps.cart();
  await steps.upToPayment(token, method);
  const order = ok(await steps.complete(token));
  return { token, number: order.number!, payment: order.payments.at(-1)! };
}

const pay = (paymentId: number, paymentMethodCode: string, payload: object = {}) =>
  api.call('POST', '/payment-requests', {
    body: { paymentId, paymentMethodCode, action: 'capture', payload: { redirectUrl: `${SITE}/commande/x/confirmation/`, ...payload } },
    token: me.token,
  });
const orderOf = async (token: string) => ok(await api.call('GET', `/orders/${token}`, { token: me.token }));

function webhook(providerId: string) {
  const body = `id=${providerId}`;
  return api.call('POST', '/payments/webhook', {
    raw: body,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-mollie-signature': `sha256=${createHmac('sha256', SANDBOX_WEBHOOK_SECRET).update(body).digest('hex')}`,
    },
  });
}

/** The shopper's step on a hosted page of the sandbox (PayPal's approval…): its answer's status. */
const hostedStep = async (providerId: string, action: 'approve' | 'cancel') =>
  (
    await fetch(`${origin}/payments/sandbox/checkout/${providerId}`, {
      method: 'POST',
      body: new URLSearchParams({ action }),
      redirect: 'manual',
    })
  ).status;

/** The provider's charges of the order: paid, and what of each was refunded. */
async function chargesOf(number: string) {
  const { payments } = await provider.listPayments({ limit: 250 });
  return payments.filter((p) => p.orderNumber === number && p.status === 'paid');
}

/** What holds after every story: at most one kept charge, the shop's payment is it, the report is clean. */
async function expectMoneyExact(token: string, number: string, { paid }: { paid: boolean }) {
  const charges = await chargesOf(number);
  const kept = charges.filter((c) => c.amountRefundedMinor < c.amountMinor);
  const order = await orderOf(token);
  expect(order.paymentState).toBe(paid ? 'paid' : 'awaiting_payment');
  expect(kept, `order ${number} keeps ${paid ? 'one charge' : 'none'}`).toHaveLength(paid ? 1 : 0);
  if (paid) {
    const [held] = await platform.db.query<{ provider_payment_id: string }>(
      `SELECT p.provider_payment_id FROM shop.payments p JOIN shop.orders o ON o.id = p.order_id WHERE o.number = $1 AND p.state = 'completed'`,
      [number],
    );
    expect(held?.provider_payment_id).toBe(kept[0]!.id);
  }
  const report = await paymentReport(platform.db, provider, since);
  expect(
    report.lines.filter((l) => l.mismatch),
    'the reconciliation report',
  ).toEqual([]);
}

const restart = async () => {
  clock.advance(ANSWER_WAIT_MS + 1_000);
  return reconcile();
};

describe('one live attempt per order', () => {
  it('PayPal opened, then paid by card: the PayPal payment is cancelled at the provider, and can no longer be approved', async () => {
    const { token, number, payment } = await placed('paypal');
    const first = await pay(payment.id, 'paypal');
    expect(first.body).toMatchObject({ state: 'processing', responseData: { status: 'open' } });
    const [opened] = await platform.db.query<{ provider_payment_id: string }>(
      'SELECT provider_payment_id FROM shop.payment_requests WHERE hash = $1',
      [first.body.hash],
    );
    const paypal = opened!.provider_payment_id;
    // Back on the shop, the shopper pays by card instead.
    const card = await pay(payment.id, 'visa', { cardToken: await cardToken() });
    expect(card.body, JSON.stringify(card.body)).toMatchObject({ state: 'completed', responseData: { status: 'paid' } });
    expect((await provider.getPayment(paypal)).status).toBe('canceled');
    // The PayPal tab, still open, is approved: the provider's page only says the payment was cancelled.
    await hostedStep(paypal, 'approve');
    expect((await provider.getPayment(paypal)).status).toBe('canceled');
    expect((await webhook(paypal)).status).toBe(200);
    const attempts = await platform.db.query<{ state: string }>(
      `SELECT r.state FROM shop.payment_requests r WHERE r.payment_id = $1 ORDER BY r.created_at, r.hash`,
      [payment.id],
    );
    expect(attempts.map((a) => a.state).sort()).toEqual(['cancelled', 'completed']);
    // No "payment failed" mail for the PayPal attempt the shopper left.
    const mails = await listMails(platform.db, { to: me.email, limit: 20 });
    expect(mails.filter((m) => m.subject.includes(number) && /n’a pas abouti/.test(m.subject))).toEqual([]);
    await expectMoneyExact(token, number, { paid: true });
  });

  it('a second request while the first waits for the provider is refused; the first then pays', async () => {
    const { token, number, payment } = await placed('visa');
    let release!: () => void;
    let reached!: () => void;
    const atProvider = new Promise<void>((resolve) => {
      reached = resolve;
    });
    fault = {
      step: 'before-provider',
      run: () => {
        reached();
        return new Promise<void>((resolve) => {
          release = resolve;
        });
      },
    };
    const first = pay(payment.id, 'visa', { cardToken: await cardToken() });
    await atProvider;
    expectViolation(
      await pay(payment.id, 'mastercard', { cardToken: await cardToken('5555555555554444') }),
      'paymentId',
      'PAYMENT_IN_PROGRESS',
    );
    release();
    expect((await first).body).toMatchObject({ state: 'completed' });
    await expectMoneyExact(token, number, { paid: true });
  });
});

describe('a charge the order cannot keep', () => {
  it('a second charge of a paid order is refunded at once, the shopper told by mail, the report lists it refunded', async () => {
    const { token, number, payment } = await placed('visa');
    expect((await pay(payment.id, 'visa', { cardToken: await cardToken() })).body).toMatchObject({ state: 'completed' });
    // A charge made outside the attempts the shop knows (another tab, a replayed link…), for the same order.
    const stray = await provider.createPayment({
      orderNumber: number,
      amountMinor: 1234,
      method: 'paypal',
      language: 'fr',
      channel: 'FR',
      redirectUrl: SITE,
      idempotencyKey: `stray-${number}`,
    });
    expect(await hostedStep(stray.id, 'approve')).toBe(303);
    expect((await webhook(stray.id)).status).toBe(200);
    expect(await provider.getPayment(stray.id)).toMatchObject({ status: 'paid', amountRefundedMinor: 1234 });
    const [refund] = await platform.db.query('SELECT amount, reason, state FROM shop.refunds WHERE provider_payment_id = $1', [stray.id]);
    expect(refund).toEqual({ amount: 1234, reason: 'order_already_paid', state: 'refunded' });
    const [mail] = await listMails(platform.db, { to: me.email, limit: 1 });
    expect(mail!.subject).toBe(`Remboursement d’un second paiement de votre commande n° ${number}`);
    expect(mail!.text).toContain('12,34');
    // Delivered again: refunded once, mailed once.
    expect((await webhook(stray.id)).status).toBe(200);
    expect((await listMails(platform.db, { to: me.email, limit: 5 })).filter((m) => m.subject.startsWith('Remboursement'))).toHaveLength(1);
    // The operator reads the same report on the staff API (staff only).
    const path = `/operator/payments?since=${encodeURIComponent(since.toISOString())}`;
    expect((await platform.request(path)).status).toBe(401);
    const report = await platform.request(path, { headers: { authorization: `Bearer ${OPERATOR_TOKEN}` } });
    expect(report.status).toBe(200);
    expect(report.body.lines.find((l: { providerPaymentId: string }) => l.providerPaymentId === stray.id)).toMatchObject({
      verdict: 'refunded',
      orderNumber: number,
      amount: 1234,
      refunded: 1234,
      mismatch: false,
    });
    await expectMoneyExact(token, number, { paid: true });
  });
});

describe('a crash at any step of the payment path', () => {
  for (const step of ['before-provider', 'after-provider', 'after-recording'] as const) {
    it(`by card, cut ${step}: after the restart, the order is paid once (or not charged and payable again)`, async () => {
      const { token, number, payment } = await placed('visa');
      crashAt(step);
      const cut = await pay(payment.id, 'visa', { cardToken: await cardToken() });
      expect(cut.status).toBe(500);
      await restart();
      if (step === 'before-provider') {
        // Nothing reached the provider: nothing was charged, and the shopper pays again.
        await expectMoneyExact(token, number, { paid: false });
        expect((await pay(payment.id, 'visa', { cardToken: await cardToken() })).body).toMatchObject({ state: 'completed' });
      }
      await expectMoneyExact(token, number, { paid: true });
      // The shopper, back on the page, cannot pay a second time.
      expectViolation(await pay(payment.id, 'visa', { cardToken: await cardToken() }), 'paymentId', 'PAYMENT_NOT_PAYABLE');
    });
  }

  it('by card, cut after the provider: the webhook alone finds the charge by its attempt, before any restart', async () => {
    const { token, number, payment } = await placed('visa');
    crashAt('after-provider');
    expect((await pay(payment.id, 'visa', { cardToken: await cardToken() })).status).toBe(500);
    const [charge] = await chargesOf(number);
    expect((await webhook(charge!.id)).status).toBe(200);
    await expectMoneyExact(token, number, { paid: true });
  });

  it('PayPal, cut inside the webhook: the restart asks the provider and the order is paid once', async () => {
    const { token, number, payment } = await placed('paypal');
    const opened = (await pay(payment.id, 'paypal')).body;
    const [row] = await platform.db.query<{ provider_payment_id: string }>(
      'SELECT provider_payment_id FROM shop.payment_requests WHERE hash = $1',
      [opened.hash],
    );
    expect(await hostedStep(row!.provider_payment_id, 'approve')).toBe(303);
    crashAt('in-webhook');
    expect((await webhook(row!.provider_payment_id)).status).toBe(500);
    expect((await orderOf(token)).paymentState).toBe('awaiting_payment');
    expect((await restart()).attempts).toBeGreaterThanOrEqual(1);
    await expectMoneyExact(token, number, { paid: true });
  });
});
