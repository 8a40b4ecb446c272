/**
 * The shop's payment adapter against the embedded sandbox, as the checkout will call it, and the
 * sandbox as the platform mounts it.
 */
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_API_KEY, SANDBOX_WEBHOOK_SECRET } from '../../src/backend/config/published.ts';
import {
  PaymentProviderError,
  paymentProvider,
  type CreatePaymentInput,
  type PaymentProvider,
} from '../../src/backend/shop/payments/provider.ts';
import { startSandbox, WEBHOOK_URL, type Sandbox } from './payment-support.ts';
import { testPlatform } from './platform.ts';

let sandbox: Sandbox;
let provider: PaymentProvider;
beforeAll(async () => {
  sandbox = await startSandbox();
  provider = paymentProvider({ apiKey: SANDBOX_API_KEY, apiUrl: sandbox.apiUrl, webhookSecret: SANDBOX_WEBHOOK_SECRET });
});
afterAll(() => sandbox?.close());

let attempt = 0;
const input = (overrides: Partial<CreatePaymentInput> = {}): CreatePaymentInput => ({
  orderNumber: '000042',
  amountMinor: 4290,
  method: 'creditcard',
  language: 'fr',
  channel: 'FR',
  redirectUrl: 'https://www.maison-gamelle.test/commande/abc/confirmation/',
  webhookUrl: WEBHOOK_URL,
  idempotencyKey: `order-000042-${Date.now()}-${attempt++}`,
  ...overrides,
});
const token = async (number: string) => (await sandbox.tokenise(number)).body.token as string;

describe('createPayment and getPayment', () => {
  it('a card payment: paid, with the brand, last four digits and expiry, never the number', async () => {
    const payment = await provider.createPayment(input({ cardToken: await token('4543474002249996') }));
    expect(payment).toEqual({
      id: expect.stringMatching(/^tr_/),
      status: 'paid',
      method: 'creditcard',
      amountMinor: 4290,
      amountRefundedMinor: 0,
      createdAt: '2030-03-14T10:00:00.000Z',
      orderNumber: '000042',
      card: { brand: 'Visa', last4: '9996', expiry: '2031-12-31' },
    });
    expect(await provider.getPayment(payment.id)).toEqual(payment);
  });

  it("a refused card: failed with the bank's code and message in the shopper's language", async () => {
    const french = await provider.createPayment(input({ cardToken: await token('4000000000009995') }));
    expect(french.failure).toEqual({
      reason: 'insufficient_funds',
      code: '51',
      message: 'Paiement refusé par votre banque : provision insuffisante.',
    });
    const dutch = await provider.createPayment(input({ language: 'nl', channel: 'BE', cardToken: await token('4000000000000069') }));
    expect(dutch).toMatchObject({
      status: 'failed',
      failure: { reason: 'card_expired', code: '54', message: 'Betaling geweigerd door uw bank: de kaart is verlopen.' },
    });
    expect(dutch.checkoutUrl).toBeUndefined();
  });

  it('3-D Secure and PayPal: open with the page to send the shopper to', async () => {
    const secure = await provider.createPayment(input({ cardToken: await token('4000000000003220') }));
    expect(secure).toMatchObject({ status: 'open', checkoutUrl: `${sandbox.origin}/payments/sandbox/checkout/${secure.id}` });
    const paypal = await provider.createPayment(input({ method: 'paypal' }));
    expect(paypal).toMatchObject({ status: 'open', method: 'paypal', checkoutUrl: expect.stringContaining(paypal.id) });
  });

  it('a bank transfer: open with the instructions; paid once settled', async () => {
    const transfer = await provider.createPayment(input({ method: 'banktransfer', amountMinor: 100_005 }));
    expect(transfer).toMatchObject({
      status: 'open',
      amountMinor: 100_005,
      bankTransfer: {
        iban: expect.any(String),
        bic: expect.any(String),
        bankName: expect.any(String),
        reference: expect.stringMatching(/^RF/),
      },
    });
    await fetch(`${sandbox.origin}/payments/sandbox/payments/${transfer.id}/settle`, {
      method: 'POST',
      headers: { authorization: `Bearer ${SANDBOX_API_KEY}` },
    });
    expect((await provider.getPayment(transfer.id)).status).toBe('paid');
  });

  it('the same idempotency key gives the same payment', async () => {
    const once = input({ method: 'paypal' });
    const [a, b] = await Promise.all([provider.createPayment(once), provider.createPayment(once)]);
    expect(a.id).toBe(b.id);
  });

  it('refusals become PaymentProviderError with the status and field', async () => {
    const used = await token('4543474002249996');
    await provider.createPayment(input({ cardToken: used }));
    await expect(provider.createPayment(input({ cardToken: used }))).rejects.toMatchObject({
      name: 'PaymentProviderError',
      status: 422,
      field: 'cardToken',
    });
    await expect(provider.createPayment(input({ amountMinor: 0 }))).rejects.toBeInstanceOf(PaymentProviderError);
    await expect(provider.getPayment('tr_nothing')).rejects.toMatchObject({ status: 404 });
    const stranger = paymentProvider({ apiKey: 'test_unknownKey', apiUrl: sandbox.apiUrl });
    await expect(stranger.getPayment('tr_nothing')).rejects.toMatchObject({ status: 401 });
  });

  it('cancels an open payment', async () => {
    const paypal = await provider.createPayment(input({ method: 'paypal' }));
    expect((await provider.cancelPayment(paypal.id)).status).toBe('canceled');
  });
});

describe('customers, mandates and recurring charges', () => {
  it('a first payment keeps the card as a mandate; a recurring charge needs no shopper', async () => {
    const { id: customerId } = await provider.createCustomer({
      name: 'Camille Martin',
      email: 'camille@example.com',
      language: 'fr',
      channel: 'FR',
      shopCustomerId: 7,
    });
    expect(await provider.listMandates(customerId)).toEqual([]);
    const first = await provider.createPayment(input({ customerId, sequenceType: 'first', cardToken: await token('2223000010479399') }));
    expect(first.mandateId).toMatch(/^mdt_/);
    expect(await provider.listMandates(customerId)).toEqual([
      { id: first.mandateId, status: 'valid', card: { brand: 'Mastercard', last4: '9399', expiry: '2031-12-31' } },
    ]);
    const charge = await provider.createPayment(input({ customerId, sequenceType: 'recurring', mandateId: first.mandateId }));
    expect(charge).toMatchObject({ status: 'paid', mandateId: first.mandateId, card: { last4: '9399' } });
  });
});

const VISA = '4543474002249996';
const paidPayment = async (overrides: Partial<CreatePaymentInput> = {}) =>
  provider.createPayment(input({ cardToken: await token(VISA), ...overrides }));
const refundInput = (amountMinor: number, key = `refund-${Date.now()}-${attempt++}`) => ({
  amountMinor,
  description: 'Commande 000042 : remboursement',
  idempotencyKey: key,
});

describe('refundPayment', () => {
  it('a full refund: refunded at once, and the payment says how much was refunded', async () => {
    const paid = await paidPayment();
    expect(await provider.refundPayment(paid.id, refundInput(4290))).toEqual({
      id: expect.stringMatching(/^re_\w+$/),
      status: 'refunded',
      amountMinor: 4290,
    });
    expect(await provider.getPayment(paid.id)).toMatchObject({ status: 'paid', amountMinor: 4290, amountRefundedMinor: 4290 });
  });

  it('a partial refund, then the rest; then nothing more', async () => {
    const paid = await paidPayment();
    expect((await provider.refundPayment(paid.id, refundInput(1000))).amountMinor).toBe(1000);
    expect((await provider.getPayment(paid.id)).amountRefundedMinor).toBe(1000);
    expect((await provider.refundPayment(paid.id, refundInput(3290))).amountMinor).toBe(3290);
    expect((await provider.getPayment(paid.id)).amountRefundedMinor).toBe(4290);
    await expect(provider.refundPayment(paid.id, refundInput(1))).rejects.toMatchObject({ status: 422, field: 'amount' });
  });

  it('refuses more than what was paid, and a payment that is not paid', async () => {
    const paid = await paidPayment();
    await expect(provider.refundPayment(paid.id, refundInput(4291))).rejects.toMatchObject({
      name: 'PaymentProviderError',
      status: 422,
      field: 'amount',
    });
    expect((await provider.getPayment(paid.id)).amountRefundedMinor).toBe(0);
    const open = await provider.createPayment(input({ method: 'banktransfer' }));
    await expect(provider.refundPayment(open.id, refundInput(100))).rejects.toMatchObject({ status: 422 });
    await expect(provider.refundPayment('tr_nothing', refundInput(100))).rejects.toMatchObject({ status: 404 });
    // Not a whole positive number of cents: refused before any call.
    for (const amountMinor of [0, -5, 10.5]) {
      await expect(provider.refundPayment(paid.id, refundInput(amountMinor))).rejects.toMatchObject({
        name: 'PaymentProviderError',
        status: undefined,
      });
    }
  });

  it('the same idempotency key gives the same refund, never a second one', async () => {
    const paid = await paidPayment();
    const once = refundInput(2000);
    const [a, b] = await Promise.all([provider.refundPayment(paid.id, once), provider.refundPayment(paid.id, once)]);
    const c = await provider.refundPayment(paid.id, once);
    expect(new Set([a.id, b.id, c.id]).size).toBe(1);
    expect((await provider.getPayment(paid.id)).amountRefundedMinor).toBe(2000);
    await expect(provider.refundPayment(paid.id, { ...once, amountMinor: 2001 })).rejects.toMatchObject({ status: 422 });
  });
});

describe('listPayments', () => {
  it('newest first, a page at a time: next is the next page, null after the last', async () => {
    const made: string[] = [];
    for (const n of [1, 2, 3]) {
      sandbox.clock.advance(1_000);
      made.push((await paidPayment({ attempt: `attempt-${n}` })).id);
    }
    const [oldest, middle, newest] = made as [string, string, string];
    await provider.refundPayment(middle, refundInput(500));

    const first = await provider.listPayments({ limit: 2 });
    expect(first.payments.map((p) => p.id)).toEqual([newest, middle]);
    expect(first.next).toBe(oldest);
    // The same payment as getPayment reads it, with its attempt, its time and what was refunded.
    expect(first.payments[0]).toEqual(await provider.getPayment(newest));
    expect(first.payments[1]).toMatchObject({
      orderNumber: '000042',
      attempt: 'attempt-2',
      createdAt: new Date(sandbox.clock.now().getTime() - 1_000).toISOString(),
      amountRefundedMinor: 500,
    });

    const second = await provider.listPayments({ from: first.next!, limit: 2 });
    expect(second.payments[0]).toMatchObject({ id: oldest, attempt: 'attempt-1', amountRefundedMinor: 0 });

    const all = (await sandbox.db.query('SELECT id FROM payments.payments')).length;
    const byDefault = await provider.listPayments({});
    expect(byDefault.payments).toHaveLength(Math.min(50, all));
    expect(byDefault.payments[0]!.id).toBe(newest);
    expect((await provider.listPayments({ limit: 250 })).next).toEqual(all > 250 ? expect.any(String) : null);
    await expect(provider.listPayments({ limit: 0 })).rejects.toMatchObject({ status: 400, field: 'limit' });
    await expect(provider.listPayments({ from: 'tr_nothing' })).rejects.toMatchObject({ status: 400, field: 'from' });
  });

  it('sends the attempt in the metadata beside the order number, and only when given', async () => {
    const metadataOf = async (id: string) =>
      (await sandbox.db.query<{ metadata: unknown }>('SELECT metadata FROM payments.payments WHERE id = $1', [id]))[0]!.metadata;
    const withAttempt = await provider.createPayment(input({ method: 'paypal', attempt: 'a1b2c3' }));
    expect(withAttempt.attempt).toBe('a1b2c3');
    expect(await metadataOf(withAttempt.id)).toEqual({ orderNumber: '000042', attempt: 'a1b2c3' });
    const without = await provider.createPayment(input({ method: 'paypal' }));
    expect(without).not.toHaveProperty('attempt');
    expect(await metadataOf(without.id)).toEqual({ orderNumber: '000042' });
  });
});

describe('webhooks', () => {
  const body = 'id=tr_WDqYK6vllg';
  const signed = `sha256=${createHmac('sha256', SANDBOX_WEBHOOK_SECRET).update(body).digest('hex')}`;

  it('takes a call signed with the shared secret, and refuses a bad or missing signature', () => {
    expect(provider.verifyWebhookSignature(body, signed)).toBe(true);
    expect(provider.paymentIdFromWebhook(body, signed)).toBe('tr_WDqYK6vllg');
    expect(provider.verifyWebhookSignature(body, `sha256=${'0'.repeat(64)}`)).toBe(false);
    expect(provider.verifyWebhookSignature('id=tr_other', signed)).toBe(false);
    expect(provider.paymentIdFromWebhook(body, undefined)).toBeNull();
    expect(
      provider.paymentIdFromWebhook(
        'id=tr_x%27--',
        `sha256=${createHmac('sha256', SANDBOX_WEBHOOK_SECRET).update('id=tr_x%27--').digest('hex')}`,
      ),
    ).toBeNull();
  });

  it("the sandbox's own calls pass the shop's check", async () => {
    await sandbox.webhooks.deliverDue();
    sandbox.received.length = 0;
    const paid = await provider.createPayment(input({ cardToken: await token('4543474002249996') }));
    await sandbox.webhooks.deliverDue();
    const call = sandbox.received.find((r) => r.body === `id=${paid.id}`)!;
    expect(provider.paymentIdFromWebhook(call.body, call.signature ?? undefined)).toBe(paid.id);
  });

  it("without a secret (Mollie's classic webhooks) any call is taken: the payment is fetched anyway", () => {
    expect(paymentProvider({ apiKey: SANDBOX_API_KEY }).paymentIdFromWebhook(body, undefined)).toBe('tr_WDqYK6vllg');
  });
});

describe('the platform mounts the sandbox outside production', () => {
  it("answers Mollie's API at /payments/v2 with the published key", async () => {
    const platform = await testPlatform();
    try {
      const created = await platform.request('/payments/v2/customers', {
        method: 'POST',
        headers: { authorization: `Bearer ${SANDBOX_API_KEY}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Test' }),
      });
      expect(created).toMatchObject({ status: 201, body: { resource: 'customer', id: expect.stringMatching(/^cst_/) } });
      expect(
        (await platform.request('/payments/v2/customers', { method: 'POST', headers: { authorization: 'Bearer test_other' } })).status,
      ).toBe(401);
    } finally {
      await platform.db.close();
    }
  });
});
