/**
 * The payment sandbox speaks Mollie's REST API v2: Mollie's own Node client runs against it unchanged
 * (over the sandbox's HTTPS listener: the client speaks nothing else).
 */
import { createHmac } from 'node:crypto';
import { createMollieClient, MollieApiError, type MollieClient } from '@mollie/api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_API_KEY, SANDBOX_WEBHOOK_SECRET } from '../../src/backend/config/published.ts';
import { SANDBOX_TEST_CARDS } from '../../src/backend/payments/test-cards.ts';
import { SITE_ORIGIN, startSandbox, trustSandboxTls, WEBHOOK_URL, type Sandbox } from './payment-support.ts';

let sandbox: Sandbox;
let mollie: MollieClient;
let untrust: () => void;
beforeAll(async () => {
  sandbox = await startSandbox();
  untrust = trustSandboxTls();
  mollie = createMollieClient({ apiKey: SANDBOX_API_KEY, apiEndpoint: sandbox.secureApiUrl });
});
afterAll(async () => {
  untrust?.();
  await sandbox?.close();
});

const REDIRECT = 'https://www.maison-gamelle.test/commande/abc/confirmation/';
const base = {
  amount: { currency: 'EUR', value: '42.90' },
  description: 'Commande 000123',
  redirectUrl: REDIRECT,
  webhookUrl: WEBHOOK_URL,
};
const tokenOf = async (number: string) => {
  const { status, body } = await sandbox.tokenise(number);
  expect(status).toBe(201);
  return body.token as string;
};
const cardPayment = async (number: string, extra: Record<string, unknown> = {}) =>
  mollie.payments.create({ ...base, method: 'creditcard', cardToken: await tokenOf(number), ...extra } as never);
/** The API's raw answer, for the wire format itself. */
const raw = async (method: string, path: string, body?: unknown, key = SANDBOX_API_KEY) => {
  const response = await fetch(`${sandbox.origin}/payments${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, type: response.headers.get('content-type'), body: (await response.json()) as Record<string, any> };
};
const expectApiError = async (promise: Promise<unknown>, statusCode: number, field?: string) => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(MollieApiError);
  expect((error as MollieApiError).statusCode).toBe(statusCode);
  if (field) expect((error as MollieApiError).field).toBe(field);
  return error as MollieApiError;
};

describe('card payments through card tokens', () => {
  it.each([
    ['Visa', '4543474002249996', '9996'],
    ['Mastercard', '2223000010479399', '9399'],
  ])('an accepted %s card is paid at once', async (label, number, last4) => {
    const payment = await cardPayment(number);
    expect(payment).toMatchObject({
      resource: 'payment',
      mode: 'test',
      status: 'paid',
      method: 'creditcard',
      amount: { value: '42.90', currency: 'EUR' },
    });
    expect(payment.id).toMatch(/^tr_\w{10}$/);
    expect(payment.details).toMatchObject({
      cardLabel: label,
      cardNumber: last4,
      cardHolder: 'Camille Martin',
      cardExpiryDate: '2031-12-31',
    });
    expect(payment.paidAt).toMatch(/^2030-03-14T10:00:00\+00:00$/);
    expect(payment.getCheckoutUrl()).toBeNull();
    expect((await mollie.payments.get(payment.id)).status).toBe('paid');
  });

  const refused = SANDBOX_TEST_CARDS.filter((card) => card.outcome === 'refused');
  it.each(refused.map((card) => [card.use, card] as const))("%s: failed with the bank's reason, code and message", async (_use, card) => {
    const french = await cardPayment(card.number, { locale: 'fr_FR' });
    expect(french.status).toBe('failed');
    expect(french.details).toMatchObject({
      failureReason: card.failureReason,
      bankReasonCode: card.bankReasonCode,
      failureMessage: expect.stringMatching(/^Paiement refusé par votre banque/),
    });
    const dutch = await cardPayment(card.number, { locale: 'nl_BE' });
    expect((dutch.details as any).failureMessage).toMatch(/^Betaling geweigerd door uw bank/);
  });

  it('insufficient funds says 51, do not honour 05, an expired card 54', async () => {
    const codes = await Promise.all(
      ['4000000000009995', '4000000000000002', '4000000000000069'].map(async (n) => ((await cardPayment(n)).details as any).bankReasonCode),
    );
    expect(codes).toEqual(['51', '05', '54']);
  });

  it('a card token is single use, and an unknown one is refused on its field', async () => {
    const token = await tokenOf('4543474002249996');
    await mollie.payments.create({ ...base, method: 'creditcard', cardToken: token } as never);
    await expectApiError(mollie.payments.create({ ...base, method: 'creditcard', cardToken: token } as never), 422, 'cardToken');
    await expectApiError(mollie.payments.create({ ...base, method: 'creditcard', cardToken: 'tkn_unknown' } as never), 422, 'cardToken');
  });

  it('the card form refuses an invalid number, another brand and a past expiry date', async () => {
    expect(await sandbox.tokenise('4543474002249997')).toMatchObject({ status: 422, body: { field: 'cardNumber' } });
    expect(await sandbox.tokenise('378282246310005')).toMatchObject({
      status: 422,
      body: { field: 'cardNumber', detail: expect.stringContaining('Visa or Mastercard') },
    });
    expect(await sandbox.tokenise('4543474002249996', '02/30')).toMatchObject({
      status: 422,
      body: { field: 'expiryDate', detail: 'The card has expired' },
    });
    // The month of the clock is still valid.
    expect((await sandbox.tokenise('4543474002249996', '03/30')).status).toBe(201);
  });

  it("the card form answers the sites' browsers (CORS), and never stores the card number or CVC", async () => {
    const { headers } = await sandbox.tokenise('4000000000009995');
    expect(headers.get('access-control-allow-origin')).toBe(SITE_ORIGIN);
    const stored = JSON.stringify([
      ...(await sandbox.db.query('SELECT * FROM payments.card_tokens')),
      ...(await sandbox.db.query('SELECT * FROM payments.payments')),
      ...(await sandbox.db.query('SELECT * FROM payments.mandates')),
    ]);
    for (const card of SANDBOX_TEST_CARDS) expect(stored).not.toContain(card.number);
    expect(stored).not.toMatch(/\d{12,}/);
  });

  it('3-D Secure: open with a challenge page, then paid on confirmation', async () => {
    const payment = await cardPayment('4000000000003220', { locale: 'nl_BE' });
    expect(payment.status).toBe('open');
    const checkout = payment.getCheckoutUrl()!;
    expect(checkout).toBe(`${sandbox.secureOrigin}/payments/sandbox/checkout/${payment.id}`);
    const page = await fetch(checkout);
    const html = await page.text();
    expect(html).toContain('<html lang="nl">');
    expect(html).toContain('3-D Secure-verificatie');
    expect(html).not.toMatch(/<script|src=|href="http/);
    const csp = page.headers.get('content-security-policy')!;
    expect(csp).toMatch(/default-src 'none'/);
    expect(html).toContain(`nonce="${/'nonce-([^']+)'/.exec(csp)![1]}"`);
    expect(csp).toContain("form-action 'self' https://www.maison-gamelle.test");

    const confirm = await fetch(checkout, { method: 'POST', body: new URLSearchParams({ action: 'confirm' }), redirect: 'manual' });
    expect(confirm.status).toBe(303);
    expect(confirm.headers.get('location')).toBe(REDIRECT);
    expect((await mollie.payments.get(payment.id)).status).toBe('paid');
    // A second click finds the payment done: back to its page, nothing changes.
    const again = await fetch(checkout, { method: 'POST', body: new URLSearchParams({ action: 'fail' }), redirect: 'manual' });
    expect(again.headers.get('location')).toBe(`/payments/sandbox/checkout/${payment.id}`);
    expect((await mollie.payments.get(payment.id)).status).toBe('paid');
  });

  it("3-D Secure: a failed challenge fails the payment with the bank's reason", async () => {
    const payment = await cardPayment('4000000000003220');
    await fetch(payment.getCheckoutUrl()!, { method: 'POST', body: new URLSearchParams({ action: 'fail' }), redirect: 'manual' });
    const after = await mollie.payments.get(payment.id);
    expect(after.status).toBe('failed');
    expect(after.details).toMatchObject({
      failureReason: 'authentication_failed',
      failureMessage: 'L’authentification 3-D Secure a échoué.',
    });
  });
});

describe('PayPal and Bancontact: an approval page and back', () => {
  it.each([
    ['approve', 'paid'],
    ['cancel', 'canceled'],
  ])('PayPal %s → %s, back to the redirect URL', async (action, status) => {
    const payment = await mollie.payments.create({ ...base, method: 'paypal', locale: 'fr_FR' } as never);
    expect(payment.status).toBe('open');
    const page = await (await fetch(payment.getCheckoutUrl()!)).text();
    expect(page).toContain('Approuver le paiement PayPal');
    expect(page).toContain('42,90');
    const answer = await fetch(payment.getCheckoutUrl()!, { method: 'POST', body: new URLSearchParams({ action }), redirect: 'manual' });
    expect(answer.headers.get('location')).toBe(REDIRECT);
    expect((await mollie.payments.get(payment.id)).status).toBe(status);
  });

  it('Bancontact approves the same way', async () => {
    const payment = await mollie.payments.create({ ...base, method: 'bancontact', locale: 'nl_BE' } as never);
    expect(await (await fetch(payment.getCheckoutUrl()!)).text()).toContain('Bancontact-betaling goedkeuren');
    await fetch(payment.getCheckoutUrl()!, { method: 'POST', body: new URLSearchParams({ action: 'approve' }), redirect: 'manual' });
    expect((await mollie.payments.get(payment.id)).status).toBe('paid');
  });

  it('an open payment expires when its time is up', async () => {
    const payment = await mollie.payments.create({ ...base, method: 'paypal' } as never);
    sandbox.clock.advance(3 * 60 * 60_000 + 1);
    const after = await mollie.payments.get(payment.id);
    expect(after.status).toBe('expired');
    expect(after.expiredAt).toBeTruthy();
  });
});

describe('bank transfer: open, instructions, settled by the operator', () => {
  it('is open with the bank details, then paid once settled', async () => {
    const payment = await mollie.payments.create({ ...base, method: 'banktransfer', locale: 'fr_FR' } as never);
    expect(payment.status).toBe('open');
    const details = payment.details as Record<string, string>;
    expect(details).toMatchObject({
      bankName: expect.any(String),
      bankAccount: expect.stringMatching(/^[A-Z]{2}\d{2}/),
      bankBic: expect.any(String),
    });
    expect(details.transferReference).toMatch(/^RF\d{2}-\d{4}-\d{4}-\d{4}$/);
    const page = await (await fetch(payment.getCheckoutUrl()!)).text();
    expect(page).toContain(details.transferReference);
    expect(page).toContain('expédiée à réception du paiement');

    expect((await raw('POST', `/sandbox/payments/${payment.id}/settle`, undefined, 'test_wrong')).status).toBe(401);
    const settled = await raw('POST', `/sandbox/payments/${payment.id}/settle`);
    expect(settled).toMatchObject({ status: 200, body: { status: 'paid' } });
    expect((await mollie.payments.get(payment.id)).status).toBe('paid');
    expect((await raw('POST', `/sandbox/payments/${payment.id}/settle`)).status).toBe(422);
  });

  it('a card payment cannot be settled', async () => {
    const payment = await cardPayment('4000000000003220');
    expect((await raw('POST', `/sandbox/payments/${payment.id}/settle`)).status).toBe(422);
  });
});

describe('cancel', () => {
  it('cancels an open payment, and refuses to cancel a paid one', async () => {
    const open = await mollie.payments.create({ ...base, method: 'banktransfer' } as never);
    expect(open.isCancelable).toBe(true);
    expect((await mollie.payments.cancel(open.id)).status).toBe('canceled');
    const paid = await cardPayment('4543474002249996');
    await expectApiError(mollie.payments.cancel(paid.id), 422);
  });
});

describe('customers and mandates', () => {
  it('a first card payment leaves a valid mandate; a recurring payment on it is charged without the shopper', async () => {
    const customer = await mollie.customers.create({ name: 'Camille Martin', email: 'camille@example.com', locale: 'fr_FR' as never });
    expect(customer.id).toMatch(/^cst_/);
    expect(await mollie.customerMandates.page({ customerId: customer.id })).toHaveLength(0);

    const first = await cardPayment('2223000010479399', { customerId: customer.id, sequenceType: 'first' });
    expect(first.status).toBe('paid');
    expect(first.mandateId).toMatch(/^mdt_/);
    const mandates = await mollie.customerMandates.page({ customerId: customer.id });
    expect(mandates).toHaveLength(1);
    expect(mandates[0]).toMatchObject({
      id: first.mandateId,
      status: 'valid',
      method: 'creditcard',
      details: { cardLabel: 'Mastercard', cardNumber: '9399', cardExpiryDate: '2031-12-31' },
    });
    expect(await mollie.customerMandates.get(first.mandateId!, { customerId: customer.id })).toMatchObject({ status: 'valid' });

    const recurring = await mollie.payments.create({
      amount: { currency: 'EUR', value: '39.90' },
      description: 'Abonnement',
      customerId: customer.id,
      sequenceType: 'recurring' as never,
      webhookUrl: WEBHOOK_URL,
    } as never);
    expect(recurring).toMatchObject({
      status: 'paid',
      mandateId: first.mandateId,
      sequenceType: 'recurring',
      details: { cardNumber: '9399' },
    });
  });

  it('a first payment through 3-D Secure makes its mandate once confirmed', async () => {
    const customer = await mollie.customers.create({ name: 'Jan Peeters' });
    const first = await cardPayment('4000000000003220', { customerId: customer.id, sequenceType: 'first' });
    expect(await mollie.customerMandates.page({ customerId: customer.id })).toHaveLength(0);
    await fetch(first.getCheckoutUrl()!, { method: 'POST', body: new URLSearchParams({ action: 'confirm' }), redirect: 'manual' });
    expect((await mollie.payments.get(first.id)).mandateId).toMatch(/^mdt_/);
  });

  it("refuses a recurring payment without a valid mandate, or another customer's mandate", async () => {
    const customer = await mollie.customers.create({ name: 'Sans carte' });
    const recurring = {
      amount: { currency: 'EUR', value: '10.00' },
      description: 'Abonnement',
      customerId: customer.id,
      sequenceType: 'recurring',
    };
    await expectApiError(mollie.payments.create(recurring as never), 422, 'mandateId');
    const other = await mollie.customers.create({ name: 'Autre' });
    const { mandateId } = await cardPayment('4543474002249996', { customerId: other.id, sequenceType: 'first' });
    await expectApiError(mollie.payments.create({ ...recurring, mandateId } as never), 422, 'mandateId');
    await expectApiError(mollie.customerMandates.get(mandateId!, { customerId: customer.id }), 404);
  });
});

describe('idempotency', () => {
  it('the same key and body give the same payment, never a second charge; another body is refused', async () => {
    const body = { ...base, description: `Idempotent ${Date.now()}`, method: 'banktransfer', idempotencyKey: `order-1-${Date.now()}` };
    const [a, b] = await Promise.all([mollie.payments.create(body as never), mollie.payments.create(body as never)]);
    const c = await mollie.payments.create(body as never);
    expect(new Set([a.id, b.id, c.id]).size).toBe(1);
    expect(await sandbox.db.query('SELECT id FROM payments.payments WHERE description = $1', [body.description])).toHaveLength(1);
    await expectApiError(mollie.payments.create({ ...body, amount: { currency: 'EUR', value: '1.00' } } as never), 422);
  });
});

describe('refunds', () => {
  const VISA = '4543474002249996';
  const eur = (value: string) => ({ currency: 'EUR', value });
  const webhookCalls = async (paymentId: string) =>
    (await sandbox.db.query('SELECT id FROM payments.webhook_deliveries WHERE payment_id = $1', [paymentId])).length;

  it('a full refund: refunded at once, and the payment shows it', async () => {
    const payment = await cardPayment(VISA);
    expect(payment).toMatchObject({ amountRefunded: eur('0.00'), amountRemaining: eur('42.90') });
    expect(payment.hasRefunds()).toBe(false);
    const calls = await webhookCalls(payment.id);

    const refund = await mollie.paymentRefunds.create({
      paymentId: payment.id,
      amount: eur('42.90'),
      description: 'Commande 000123 annulée',
    });
    expect(refund).toMatchObject({
      resource: 'refund',
      mode: 'test',
      amount: eur('42.90'),
      status: 'refunded',
      description: 'Commande 000123 annulée',
      metadata: null,
      paymentId: payment.id,
      createdAt: sandbox.clock
        .now()
        .toISOString()
        .replace(/\.\d{3}Z$/, '+00:00'),
    });
    expect(refund.id).toMatch(/^re_\w{10}$/);
    expect(refund._links).toMatchObject({
      self: { href: `${sandbox.secureApiUrl}payments/${payment.id}/refunds/${refund.id}` },
      payment: { href: `${sandbox.secureApiUrl}payments/${payment.id}` },
    });
    expect(await mollie.paymentRefunds.get(refund.id, { paymentId: payment.id })).toMatchObject({ id: refund.id, status: 'refunded' });

    const after = await mollie.payments.get(payment.id);
    // Mollie's payment stays paid: what was refunded is beside it.
    expect(after).toMatchObject({ status: 'paid', amountRefunded: eur('42.90'), amountRemaining: eur('0.00') });
    expect(after.hasRefunds()).toBe(true);
    expect(after._links.refunds?.href).toBe(`${sandbox.secureApiUrl}payments/${payment.id}/refunds`);
    // The sandbox calls no webhook for a refund: it is settled in the answer to the call.
    expect(await webhookCalls(payment.id)).toBe(calls);
  });

  it('a partial refund, then the rest; listed newest first; nothing more after that', async () => {
    const payment = await cardPayment(VISA);
    sandbox.clock.advance(1_000);
    const part = await mollie.paymentRefunds.create({ paymentId: payment.id, amount: eur('10.00'), metadata: { reason: 'damaged' } });
    expect(part).toMatchObject({ amount: eur('10.00'), metadata: { reason: 'damaged' }, description: '' });
    expect(await mollie.payments.get(payment.id)).toMatchObject({ amountRefunded: eur('10.00'), amountRemaining: eur('32.90') });

    sandbox.clock.advance(1_000);
    const rest = await mollie.paymentRefunds.create({ paymentId: payment.id, amount: eur('32.90') });
    expect(await mollie.payments.get(payment.id)).toMatchObject({ amountRefunded: eur('42.90'), amountRemaining: eur('0.00') });

    const listed = await mollie.paymentRefunds.page({ paymentId: payment.id });
    expect(listed.map((r) => r.id)).toEqual([rest.id, part.id]);
    expect(listed.nextPageCursor).toBeUndefined();
    const answer = await raw('GET', `/v2/payments/${payment.id}/refunds`);
    expect(answer).toMatchObject({
      status: 200,
      type: expect.stringContaining('application/hal+json'),
      body: {
        count: 2,
        _embedded: { refunds: [{ resource: 'refund', id: rest.id }, { id: part.id }] },
        _links: { self: { href: `${sandbox.origin}/payments/v2/payments/${payment.id}/refunds` }, previous: null, next: null },
      },
    });

    await expectApiError(mollie.paymentRefunds.create({ paymentId: payment.id, amount: eur('0.01') }), 422, 'amount');
  });

  it('refuses more than what is left, leaving the payment as it was', async () => {
    const payment = await cardPayment(VISA);
    const error = await expectApiError(mollie.paymentRefunds.create({ paymentId: payment.id, amount: eur('42.91') }), 422, 'amount');
    expect(error.message).toContain('42.90');
    await mollie.paymentRefunds.create({ paymentId: payment.id, amount: eur('40.00') });
    await expectApiError(mollie.paymentRefunds.create({ paymentId: payment.id, amount: eur('3.00') }), 422, 'amount');
    expect(await mollie.payments.get(payment.id)).toMatchObject({ amountRefunded: eur('40.00'), amountRemaining: eur('2.90') });
    expect(await mollie.paymentRefunds.page({ paymentId: payment.id })).toHaveLength(1);
  });

  it('refuses to refund a payment that is not paid, an unknown one, and a refund without an amount above zero', async () => {
    const open = await mollie.payments.create({ ...base, method: 'banktransfer' } as never);
    expect(open.amountRemaining).toBeUndefined();
    await expectApiError(mollie.paymentRefunds.create({ paymentId: open.id, amount: eur('1.00') }), 422);
    const failed = await cardPayment('4000000000009995');
    await expectApiError(mollie.paymentRefunds.create({ paymentId: failed.id, amount: eur('1.00') }), 422);
    await expectApiError(mollie.paymentRefunds.create({ paymentId: 'tr_doesNotExist', amount: eur('1.00') }), 404);
    expect((await raw('GET', '/v2/payments/tr_doesNotExist/refunds')).status).toBe(404);

    const paid = await cardPayment(VISA);
    await expectApiError(mollie.paymentRefunds.create({ paymentId: paid.id, amount: eur('0.00') }), 422, 'amount');
    expect(await raw('POST', `/v2/payments/${paid.id}/refunds`, { description: 'Sans montant' })).toMatchObject({
      status: 422,
      body: { title: 'Unprocessable Entity', field: 'amount' },
    });
    expect(await raw('POST', `/v2/payments/${paid.id}/refunds`, { amount: eur('1.0') })).toMatchObject({
      status: 422,
      body: { field: 'amount.value' },
    });
    expect((await mollie.paymentRefunds.page({ paymentId: paid.id })).length).toBe(0);
  });

  it('the same key and body give the same refund, never a second one; another body is refused', async () => {
    const payment = await cardPayment(VISA);
    const body = { paymentId: payment.id, amount: eur('5.00'), description: 'Geste', idempotencyKey: `refund-${payment.id}` };
    const [a, b] = await Promise.all([mollie.paymentRefunds.create(body), mollie.paymentRefunds.create(body)]);
    const c = await mollie.paymentRefunds.create(body);
    expect(new Set([a.id, b.id, c.id]).size).toBe(1);
    expect(await mollie.payments.get(payment.id)).toMatchObject({ amountRefunded: eur('5.00') });
    await expectApiError(mollie.paymentRefunds.create({ ...body, amount: eur('6.00') }), 422, 'Idempotency-Key');
    // The key names the first call: on another payment it is another request.
    const other = await cardPayment(VISA);
    await expectApiError(mollie.paymentRefunds.create({ ...body, paymentId: other.id }), 422, 'Idempotency-Key');
    expect(await mollie.paymentRefunds.page({ paymentId: payment.id })).toHaveLength(1);
  });
});

describe('list of payments', () => {
  it("newest first, a page at a time from a payment, as Mollie's cursors page", async () => {
    const made: string[] = [];
    for (let i = 0; i < 3; i++) {
      sandbox.clock.advance(1_000);
      made.push((await mollie.payments.create({ ...base, method: 'banktransfer' } as never)).id);
    }
    const [newest, second, third] = made.reverse() as [string, string, string];

    const first = await mollie.payments.page({ limit: 2 });
    expect(first.map((p) => p.id)).toEqual([newest, second]);
    expect(first.nextPageCursor).toBe(third);
    expect(first.previousPageCursor).toBeUndefined();
    const next = await first.nextPage!();
    expect(next).toHaveLength(2);
    expect(next[0]!.id).toBe(third);
    expect(next.previousPageCursor).toBe(newest);

    const from = await mollie.payments.page({ from: second, limit: 2 });
    expect(from.map((p) => p.id)).toEqual([second, third]);
    expect(from.previousPageCursor).toBe(newest);
  });

  it('the wire format: count, _embedded.payments, and links that keep the limit', async () => {
    const total = (await sandbox.db.query('SELECT id FROM payments.payments')).length;
    const page = await raw('GET', '/v2/payments?limit=1');
    expect(page).toMatchObject({
      status: 200,
      type: expect.stringContaining('application/hal+json'),
      body: {
        count: 1,
        _embedded: { payments: [{ resource: 'payment' }] },
        _links: {
          self: { href: `${sandbox.origin}/payments/v2/payments?limit=1` },
          previous: null,
          documentation: { href: expect.stringContaining('list-payments') },
        },
      },
    });
    const nextHref = new URL(page.body._links.next.href);
    expect(Object.fromEntries(nextHref.searchParams)).toEqual({ from: expect.stringMatching(/^tr_/), limit: '1' });
    // 50 by default; the last page has no next.
    expect((await raw('GET', '/v2/payments')).body.count).toBe(Math.min(50, total));
    expect((await raw('GET', '/v2/payments?limit=250')).body).toMatchObject({ count: Math.min(250, total), _links: { next: null } });
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=251', 'limit'],
    ['limit=ten', 'limit'],
    ['from=tr_doesNotExist', 'from'],
    ['from=cst_xxxxxxxxxx', 'from'],
    ['sort=asc', 'sort'],
  ])('400 on %s, naming the field', async (query, field) => {
    expect(await raw('GET', `/v2/payments?${query}`)).toMatchObject({ status: 400, body: { status: 400, field } });
  });
});

describe("errors in Mollie's format", () => {
  it("refuses an unknown key with Mollie's 401", async () => {
    const error = await expectApiError(
      createMollieClient({ apiKey: 'test_notAKeyTheSandboxKnows000000000', apiEndpoint: sandbox.secureApiUrl }).payments.get(
        'tr_xxxxxxxxxx',
      ),
      401,
    );
    expect((error as unknown as { title: string }).title).toBe('Unauthorized Request');
    const answer = await raw('GET', '/v2/payments/tr_xxxxxxxxxx', undefined, 'live_x');
    expect(answer).toMatchObject({
      status: 401,
      type: expect.stringContaining('application/hal+json'),
      body: {
        status: 401,
        title: 'Unauthorized Request',
        detail: expect.any(String),
        _links: { documentation: { href: expect.any(String) } },
      },
    });
  });

  it.each([
    ['an amount without two decimals', { ...base, method: 'paypal', amount: { currency: 'EUR', value: '12.3' } }, 'amount.value'],
    ['another currency', { ...base, method: 'paypal', amount: { currency: 'USD', value: '12.30' } }, 'amount.currency'],
    ['no description', { ...base, method: 'paypal', description: '' }, 'description'],
    ['no redirect URL', { ...base, method: 'paypal', redirectUrl: undefined }, 'redirectUrl'],
    ['an unknown method', { ...base, method: 'ideal' }, 'method'],
    ['a card payment without a token', { ...base, method: 'creditcard' }, 'cardToken'],
    ['a first payment without a customer', { ...base, method: 'creditcard', sequenceType: 'first' }, 'customerId'],
  ])('422 on %s, naming the field', async (_name, body, field) => {
    const answer = await raw('POST', '/v2/payments', body);
    expect(answer).toMatchObject({
      status: 422,
      type: expect.stringContaining('application/hal+json'),
      body: { status: 422, title: 'Unprocessable Entity', field, detail: expect.any(String) },
    });
  });

  it('404 on an unknown payment or customer', async () => {
    await expectApiError(mollie.payments.get('tr_doesNotExist'), 404);
    expect((await raw('GET', '/v2/customers/cst_nobody/mandates')).status).toBe(404);
  });
});

describe('webhooks', () => {
  const pending = () => sandbox.db.query('DELETE FROM payments.webhook_deliveries WHERE delivered_at IS NULL');

  it('after each change the webhook URL gets id=tr_… signed with the shared secret', async () => {
    await sandbox.webhooks.deliverDue();
    sandbox.received.length = 0;
    const payment = await mollie.payments.create({ ...base, method: 'paypal' } as never);
    expect(await sandbox.webhooks.deliverDue()).toBe(0); // created open: nothing changed yet
    await fetch(payment.getCheckoutUrl()!, { method: 'POST', body: new URLSearchParams({ action: 'approve' }), redirect: 'manual' });
    expect(await sandbox.webhooks.deliverDue()).toBe(1);
    const [call] = sandbox.received;
    expect(call).toMatchObject({ url: WEBHOOK_URL, body: `id=${payment.id}`, contentType: 'application/x-www-form-urlencoded' });
    expect(call!.signature).toBe(`sha256=${createHmac('sha256', SANDBOX_WEBHOOK_SECRET).update(`id=${payment.id}`).digest('hex')}`);
  });

  it('a failed delivery is retried with backoff (fake clock), and stops once answered', async () => {
    await pending();
    sandbox.received.length = 0;
    sandbox.answers.push(500, 503);
    await cardPayment('4543474002249996');
    expect(await sandbox.webhooks.deliverDue()).toBe(1); // 500
    expect(await sandbox.webhooks.deliverDue()).toBe(0); // not due yet
    sandbox.clock.advance(59_000);
    expect(await sandbox.webhooks.deliverDue()).toBe(0);
    sandbox.clock.advance(1_000);
    expect(await sandbox.webhooks.deliverDue()).toBe(1); // 503
    sandbox.clock.advance(4 * 60_000);
    expect(await sandbox.webhooks.deliverDue()).toBe(0); // the second delay is 5 minutes
    sandbox.clock.advance(60_000);
    expect(await sandbox.webhooks.deliverDue()).toBe(1); // 200
    sandbox.clock.advance(24 * 60 * 60_000);
    expect(await sandbox.webhooks.deliverDue()).toBe(0);
    expect(sandbox.received).toHaveLength(3);
    expect(new Set(sandbox.received.map((r) => r.body)).size).toBe(1);
  });

  it('gives up after five attempts', async () => {
    await pending();
    sandbox.received.length = 0;
    sandbox.answers.push(500, 500, 500, 500, 500, 500);
    await cardPayment('4543474002249996');
    for (let i = 0; i < 8; i++) {
      await sandbox.webhooks.deliverDue();
      sandbox.clock.advance(3 * 60 * 60_000);
    }
    expect(sandbox.received).toHaveLength(5);
    sandbox.answers.length = 0;
  });
});
