/**
 * Paying placed orders through Sylius 2's payment requests against the embedded Mollie sandbox, over HTTP
 * as in production (the platform listens on a port; the shop's Mollie adapter calls it). The sandbox's own
 * webhook calls go to an address that refuses them, so each test delivers the webhook it means to, signed
 * or not.
 */
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_API_KEY, SANDBOX_WEBHOOK_SECRET } from '../../src/backend/config/published.ts';
import { iri } from '../../src/lib/shop-api/iri.ts';
import { payingPlatform } from './paying-platform.ts';
import { shopApi, type TestPlatform } from './platform.ts';
import { checkout, expectNotFound, expectViolation, ok, type Api } from './shop-checkout-support.ts';

const SITE = 'http://localhost:4321';
let platform: TestPlatform;
let api: Api;
let origin: string;
let close: () => Promise<void>;
let me: Awaited<ReturnType<Api['signUp']>>;

beforeAll(async () => {
  ({ platform, origin, close } = await payingPlatform());
  api = shopApi(platform);
  me = await api.signUp();
});
afterAll(async () => {
  await close();
});

/** The card form's call: the card goes to the provider, the shop gets a single-use token. */
async function cardToken(cardNumber: string, expiryDate = '12/35') {
  const res = await fetch(`${origin}/payments/components/card-tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ cardHolder: 'Jeanne Moreau', cardNumber, expiryDate, verificationCode: '123' }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { token: string }).token;
}

/** A placed order paid by `method`, and its open payment. */
async function placed(method: string, session = me.token) {
  const steps = checkout(api, session);
  const token = await steps.cart();
  await steps.upToPayment(token, method);
  const order = ok(await steps.complete(token));
  return { token, order, payment: order.payments.at(-1)! };
}

const requestPayment = (body: object, session = me.token) => api.call('POST', '/payment-requests', { body, token: session });
const pay = (paymentId: number, paymentMethodCode: string, payload: object = {}) =>
  requestPayment({
    paymentId,
    paymentMethodCode,
    action: 'capture',
    payload: { redirectUrl: `${SITE}/commande/x/confirmation/`, ...payload },
  });
const orderOf = async (token: string) => ok(await api.call('GET', `/orders/${token}`, { token: me.token }));

function webhook(providerId: string, secret = SANDBOX_WEBHOOK_SECRET) {
  const body = `id=${providerId}`;
  const signature = `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
  return api.call('POST', '/payments/webhook', {
    raw: body,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-mollie-signature': signature },
  });
}
const providerIdOf = async (paymentId: number) =>
  (await platform.db.query<{ provider_payment_id: string }>('SELECT provider_payment_id FROM shop.payments WHERE id = $1', [paymentId]))[0]!
    .provider_payment_id;

describe('paying by card', () => {
  it('a refused card gives the bank’s message and code and leaves the order awaiting payment; a good card then pays it', async () => {
    const { token, payment } = await placed('visa');
    const refused = await pay(payment.id, 'visa', { cardToken: await cardToken('4000000000009995') });
    expect(refused.status, JSON.stringify(refused.body)).toBe(201);
    expect(refused.body).toMatchObject({
      state: 'failed',
      action: 'capture',
      payment: iri.payment(token, payment.id),
      responseData: { status: 'failed', failure: { code: '51' } },
    });
    expect(refused.body.responseData.failure.message).toBeTruthy();
    const waiting = await orderOf(token);
    expect(waiting).toMatchObject({ paymentState: 'awaiting_payment', status: { code: 'payment_failed', group: 'error' } });
    expect(waiting.payments.map((p) => p.state)).toEqual(['failed', 'new']);

    const again = waiting.payments.at(-1)!;
    const accepted = await pay(again.id, 'visa', { cardToken: await cardToken('4543474002249996') });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(201);
    expect(accepted.body).toMatchObject({ state: 'completed', responseData: { status: 'paid' } });
    const paid = await orderOf(token);
    expect(paid).toMatchObject({ paymentState: 'paid', status: { code: 'processing' } });
    expect(paid.payments.at(-1)).toMatchObject({ state: 'completed', card: { brand: 'Visa', last4: '9996' } });
    // The card's mandate is kept for later recurring charges (subscriptions), with the provider's customer.
    const [kept] = await platform.db.query<{
      provider_mandate_id: string | null;
      provider_customer_id: string | null;
      card_expiry: string | null;
    }>('SELECT provider_mandate_id, provider_customer_id, card_expiry FROM shop.payments WHERE id = $1', [again.id]);
    expect(kept).toMatchObject({
      provider_mandate_id: expect.stringMatching(/^mdt_/),
      provider_customer_id: expect.stringMatching(/^cst_/),
      card_expiry: '2035-12-31',
    });
    // Never a card number at rest: the brand, the last four digits and the expiry only.
    const stored = await platform.db.query(
      `SELECT 1 FROM shop.payments p WHERE p::text LIKE '%4543474002249996%' OR p::text LIKE '%4000000000009995%'`,
    );
    expect(stored).toEqual([]);
    // A paid order takes no more payment.
    expectViolation(await pay(again.id, 'visa', { cardToken: await cardToken('4543474002249996') }), 'paymentId', 'PAYMENT_NOT_PAYABLE');
  });

  it('shows the card that paid: a Visa card typed in the Mastercard form is a Visa payment', async () => {
    const { token, payment } = await placed('mastercard');
    const paid = await pay(payment.id, 'mastercard', { cardToken: await cardToken('4543474002249996') });
    expect(paid.body).toMatchObject({ state: 'completed' });
    expect((await orderOf(token)).payments.at(-1)).toMatchObject({
      method: iri.paymentMethod('visa'),
      card: { brand: 'Visa', last4: '9996' },
    });
  });

  it('an expired card is refused with its code', async () => {
    const { token, payment } = await placed('visa');
    const res = await pay(payment.id, 'visa', { cardToken: await cardToken('4000000000000069') });
    expect(res.body).toMatchObject({ state: 'failed', responseData: { status: 'failed', failure: { code: '54' } } });
    expect((await orderOf(token)).paymentState).toBe('awaiting_payment');
  });

  it('needs the card form’s token, and refuses another shopper’s payment and a return address off the shop', async () => {
    const { payment } = await placed('visa');
    expectViolation(await pay(payment.id, 'visa'), 'payload.cardToken', 'NOT_BLANK');
    expectViolation(await pay(payment.id, 'visa', { redirectUrl: 'https://evil.example/' }), 'payload.redirectUrl', 'INVALID_CHOICE');
    expectViolation(await pay(payment.id, 'cheque'), 'paymentMethodCode', 'PAYMENT_METHOD_NOT_AVAILABLE');
    const other = await api.signUp();
    expectNotFound(await requestPayment({ paymentId: payment.id, paymentMethodCode: 'visa', payload: { redirectUrl: SITE } }, other.token));
    expect((await requestPayment({ paymentId: payment.id, paymentMethodCode: 'visa', payload: { redirectUrl: SITE } }, '')).status).toBe(
      401,
    );
  });
});

describe('hosted pages, delayed methods and webhooks', () => {
  it('PayPal answers with its approval page; the signed webhook then marks the order paid, a badly signed one changes nothing', async () => {
    const { token, payment } = await placed('paypal');
    const res = await pay(payment.id, 'paypal');
    expect(res.body).toMatchObject({ state: 'processing', responseData: { status: 'open' } });
    expect(res.body.responseData.checkoutUrl).toMatch(/\/payments\/sandbox\/checkout\/tr_/);
    const providerId = await providerIdOf(payment.id);
    // The shopper approves on the sandbox's page.
    const approved = await fetch(`${origin}/payments/sandbox/checkout/${providerId}`, {
      method: 'POST',
      body: new URLSearchParams({ action: 'approve' }),
      redirect: 'manual',
    });
    expect(approved.status).toBe(303);

    expect((await webhook(providerId, 'not-the-secret')).status).toBe(401);
    expect((await orderOf(token)).paymentState).toBe('awaiting_payment');
    expect((await webhook(providerId)).status).toBe(200);
    expect(await orderOf(token)).toMatchObject({ paymentState: 'paid', payments: [expect.objectContaining({ state: 'completed' })] });
    // Delivered again: nothing moves twice.
    expect((await webhook(providerId)).status).toBe(200);
    expect((await orderOf(token)).payments).toHaveLength(1);
    // The shopper's return reads the outcome again.
    const back = await api.call('GET', `/payment-requests/${res.body.hash}`, { token: me.token });
    expect(back.body).toMatchObject({ hash: res.body.hash, responseData: { status: 'paid' } });
  });

  it('the shopper coming back from a cancelled PayPal page finds the order awaiting payment, with a new payment to pay again', async () => {
    const { token, payment } = await placed('paypal');
    const res = await pay(payment.id, 'paypal');
    const providerId = await providerIdOf(payment.id);
    await fetch(`${origin}/payments/sandbox/checkout/${providerId}`, {
      method: 'POST',
      body: new URLSearchParams({ action: 'cancel' }),
      redirect: 'manual',
    });
    const back = await api.call('GET', `/payment-requests/${res.body.hash}`, { token: me.token });
    expect(back.body).toMatchObject({ state: 'failed', responseData: { status: 'canceled' } });
    const order = await orderOf(token);
    expect(order.paymentState).toBe('awaiting_payment');
    expect(order.payments.map((p) => p.state)).toEqual(['cancelled', 'new']);
    expectNotFound(await api.call('GET', `/payment-requests/${res.body.hash}`, { token: (await api.signUp()).token }));
  });

  it('a bank transfer gives its instructions and waits for the money; the webhook marks it paid on arrival', async () => {
    const { token, payment } = await placed('bank_transfer');
    const res = await pay(payment.id, 'bank_transfer');
    expect(res.body).toMatchObject({ state: 'processing', responseData: { status: 'open' } });
    expect(res.body.responseData.bankTransfer).toMatchObject({ iban: expect.any(String), reference: expect.any(String) });
    expect(await orderOf(token)).toMatchObject({
      paymentState: 'awaiting_payment',
      status: { code: 'awaiting_payment', group: 'warning' },
    });
    const providerId = await providerIdOf(payment.id);
    const settled = await fetch(`${origin}/payments/sandbox/payments/${providerId}/settle`, {
      method: 'POST',
      headers: { authorization: `Bearer ${SANDBOX_API_KEY}` },
    });
    expect(settled.status).toBe(200);
    await webhook(providerId);
    expect((await orderOf(token)).paymentState).toBe('paid');
  });

  it('a cheque asks no provider: the order waits for it', async () => {
    const { token, payment } = await placed('cheque');
    const res = await pay(payment.id, 'cheque');
    expect(res.body).toMatchObject({ state: 'processing', responseData: { status: 'open', checkoutUrl: null } });
    expect((await orderOf(token)).paymentState).toBe('awaiting_payment');
  });

  it('answers a webhook of an unknown payment like any other, and refuses a malformed one', async () => {
    expect((await webhook('tr_unknown000')).status).toBe(200);
    const body = 'nothing=here';
    const signature = `sha256=${createHmac('sha256', SANDBOX_WEBHOOK_SECRET).update(body).digest('hex')}`;
    const res = await api.call('POST', '/payments/webhook', {
      raw: body,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-mollie-signature': signature },
    });
    expect(res.status).toBe(400);
  });
});
