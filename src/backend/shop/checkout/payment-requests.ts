/**
 * Paying a placed order: Sylius 2's payment requests (POST /shop/payment-requests, GET …/{hash}) and the
 * provider's webhook (POST /shop/payments/webhook). The provider's answer moves the payment and the
 * order through their state machines (lib/orders/payment.ts):
 * - paid: the payment completes and the order is paid (it ships);
 * - failed, cancelled or expired: the payment stays failed (or cancelled) and the order gets a new payment
 *   with the same method, still awaiting payment, so the shopper can pay again;
 * - open (a hosted page: PayPal, Bancontact, 3-D Secure, or a bank transfer waiting for the money): the
 *   payment is processing until the provider says more, through the webhook or the shopper's return.
 * A cheque has no provider: the order waits for it to arrive, as a bank transfer does.
 * The webhook's body is never trusted: its signature is checked, then the payment is fetched again.
 */
import { Hono } from 'hono';
import { readPlatformConfig } from '../../config.ts';
import type { Queryable } from '../../db/database.ts';
import { type Language, languageOf, siteUrlOf } from '../../../lib/channels.ts';
import { transition } from '../../../lib/orders/machine.ts';
import { orderPaymentMachine, type PaymentState, paymentMachine } from '../../../lib/orders/payment.ts';
import { paymentRequestRequest } from '../../../lib/shop-api/requests/checkout.ts';
import { iri, SHOP_API_PREFIX } from '../../../lib/shop-api/wire.ts';
import { findOrderById, type OrderRow } from '../carts/repository.ts';
import { type QueueOptions, queueOrderMail } from '../order-mails/queue.ts';
import type { OrderMailKind } from '../order-mails/templates.ts';
import { PaymentProviderError, paymentProvider, type PaymentProvider, type ProviderPayment } from '../payments/provider.ts';
import { Problem } from '../../problem.ts';
import type { ShopDeps, ShopEnv } from '../shared/deps.ts';
import { badRequest, LD_JSON, notFound, refuse, tooManyRequests } from '../shared/errors.ts';
import { tooManyRequestsMessage } from '../shared/messages.ts';
import { tokenParam } from '../shared/ids.ts';
import { randomToken } from '../shared/random.ts';
import { ld, parseBody } from '../shared/request.ts';
import { startSubscriptions } from '../subscriptions/creation.ts';
import { rewardSponsor } from '../sponsorships/service.ts';
import { requireCustomer } from '../sessions/access.ts';
import {
  addPayment,
  findPaymentByProviderId,
  findPaymentMethod,
  findPaymentRequest,
  hasPendingRequest,
  lockPayment,
  type PaymentRequestRow,
  type PaymentRow,
  paymentOfCustomer,
  providerCustomerIdOf,
  providerIdOf,
  recordPaymentRequest,
  setPaymentMethod,
  setPaymentOutcome,
  setPaymentRequest,
  setPaymentState,
} from './repository.ts';

/** What a payment request answers of the provider's outcome (the funnel's card form and confirmation read it). */
interface ResponseData {
  status: ProviderPayment['status'];
  checkoutUrl?: string | null;
  failure?: { reason?: string | null; code?: string | null; message: string } | null;
  bankTransfer?: ProviderPayment['bankTransfer'];
  card?: ProviderPayment['card'];
}

const FINAL: readonly PaymentState[] = ['completed', 'failed', 'cancelled', 'refunded'];

/**
 * Moves the payment (and its order) as the provider's payment says; a payment already settled stays as it
 * is, so a webhook delivered twice, or after the shopper's return, changes nothing, and mails nothing twice:
 * the payment received or failed mail is written with the change it tells of, in the same transaction; a
 * bank transfer's first bank details (IBAN, reference) bring the order's confirmation mail, which needs them.
 */
export async function applyOutcome(
  tx: Queryable,
  order: OrderRow,
  payment: PaymentRow,
  outcome: ProviderPayment,
  { now, env }: QueueOptions,
): Promise<void> {
  if (FINAL.includes(payment.state)) return;
  const mail = (kind: OrderMailKind) => queueOrderMail(tx, kind, order.token_value, { now, env });
  const firstBankDetails = outcome.bankTransfer && !payment.details.bankTransfer;
  await setPaymentOutcome(tx, payment.id, outcome, now);
  if (firstBankDetails) await mail('confirmation');
  const setOrderPayment = (state: OrderRow['payment_state']) =>
    tx.query('UPDATE shop.orders SET payment_state = $2, updated_at = $3::timestamptz WHERE id = $1', [order.id, state, now.toISOString()]);
  switch (outcome.status) {
    case 'paid':
      await setPaymentState(tx, payment.id, { state: transition(paymentMachine, payment.state, 'complete'), now });
      await setOrderPayment(transition(orderPaymentMachine, order.payment_state, 'pay'));
      await mail('paymentReceived');
      // A card payment leaves a mandate: the order's subscription items start their subscriptions.
      await startSubscriptions(tx, order, outcome, now);
      // A friend's first order paid: their sponsor's reward (lib/shop-api/sponsorship-rule.ts).
      await rewardSponsor(tx, order, { now, env });
      return;
    case 'authorized':
      if (payment.state === 'authorized') return;
      await setPaymentState(tx, payment.id, { state: transition(paymentMachine, payment.state, 'authorize'), now });
      await setOrderPayment(transition(orderPaymentMachine, order.payment_state, 'authorize'));
      return;
    case 'failed':
    case 'canceled':
    case 'expired':
      await setPaymentState(tx, payment.id, {
        state: transition(paymentMachine, payment.state, outcome.status === 'canceled' ? 'cancel' : 'fail'),
        now,
      });
      // The order still awaits its money: a new payment lets the shopper try again, by card or otherwise.
      await addPayment(tx, order.id, { state: 'new', amount: payment.amount, methodCode: payment.method_code, now });
      await mail('paymentFailed');
      return;
    default:
      if (payment.state === 'new') await setPaymentState(tx, payment.id, { state: transition(paymentMachine, 'new', 'process'), now });
  }
}

const responseDataOf = (outcome: ProviderPayment): ResponseData => ({
  status: outcome.status,
  checkoutUrl: outcome.checkoutUrl ?? null,
  failure: outcome.failure ?? null,
  ...(outcome.bankTransfer ? { bankTransfer: outcome.bankTransfer } : {}),
  ...(outcome.card ? { card: outcome.card } : {}),
});

const requestJson = (r: PaymentRequestRow, orderToken: string) => ({
  '@context': '/api/v2/contexts/PaymentRequest',
  '@id': `${SHOP_API_PREFIX}/payment-requests/${r.hash}`,
  '@type': 'PaymentRequest',
  hash: r.hash,
  state: r.state,
  action: r.action,
  method: iri.paymentMethod(r.method_code),
  payment: iri.payment(orderToken, r.payment_id),
  responseData: r.response_data,
});

const requestStateOf = (outcome: ProviderPayment) =>
  outcome.status === 'paid' || outcome.status === 'authorized'
    ? 'completed'
    : outcome.status === 'open' || outcome.status === 'pending'
      ? 'processing'
      : 'failed';

/**
 * The provider refused what we sent (a used or expired card token: a violation on that field) or could not
 * be reached (502): the payment stays as it was, and the shopper may try again.
 */
function providerProblem(error: unknown, lang: Language): Problem {
  if (error instanceof PaymentProviderError && error.status === 422)
    return refuse(lang, { path: error.field ? `payload.${error.field}` : '', code: 'INVALID_CHOICE' });
  console.error('Payment provider:', (error as Error).message);
  return new Problem(
    502,
    {
      '@context': '/api/v2/contexts/Error',
      '@type': 'hydra:Error',
      'hydra:title': 'An error occurred',
      'hydra:description': 'Payment provider unavailable',
    },
    { 'Content-Type': LD_JSON },
  );
}

/** Where the provider may send the shopper back: the shop's own sites only. */
function allowedRedirect(url: string, env: Record<string, string | undefined>): boolean {
  const origins = new Set([
    siteUrlOf('FR', env),
    siteUrlOf('BE', env),
    ...(env.SITE_ORIGINS ?? '')
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean),
  ]);
  return origins.has(new URL(url).origin);
}

export function paymentRequestRoutes(deps: ShopDeps, given?: PaymentProvider): Hono<ShopEnv> {
  const app = new Hono<ShopEnv>();
  let configured: PaymentProvider | undefined = given;
  // Read once, when first needed: tests and production give the provider, the embedded default reads the environment.
  const provider = () => (configured ??= paymentProvider(readPlatformConfig(deps.env).payments));
  const platformUrl = (deps.env.SHOP_API_URL ?? `http://localhost:${deps.env.PORT_PLATFORM || 4400}`).replace(/\/+$/, '');

  app.post('/payment-requests', async (c) => {
    const customerId = await requireCustomer(c, deps);
    const lang = c.get('lang');
    const limit = await deps.limits.paymentRequestCustomer.consume(String(customerId));
    if (!limit.allowed)
      throw tooManyRequests(tooManyRequestsMessage(lang, 'paymentRequest', limit.retryAfterSeconds), limit.retryAfterSeconds);
    const body = await parseBody(c, paymentRequestRequest);
    if (!allowedRedirect(body.payload.redirectUrl, deps.env)) throw refuse(lang, { path: 'payload.redirectUrl', code: 'INVALID_CHOICE' });
    const hash = randomToken(24);
    // First the request is recorded (one at a time per payment), then the provider is asked outside any
    // transaction (the embedded sandbox shares PGlite's one connection), then its answer is applied.
    const started = await deps.db.transaction(async (tx) => {
      const now = deps.clock();
      const found = await paymentOfCustomer(tx, body.paymentId, customerId);
      if (!found) throw notFound();
      const order = (await findOrderById(tx, found.order_id, true))!;
      const payment = (await lockPayment(tx, body.paymentId))!;
      if (order.state !== 'new' || order.payment_state !== 'awaiting_payment' || !['new', 'processing'].includes(payment.state)) {
        throw refuse(lang, { path: 'paymentId', code: 'PAYMENT_NOT_PAYABLE' });
      }
      const method = await findPaymentMethod(tx, body.paymentMethodCode, order.channel_code);
      if (!method) throw refuse(lang, { path: 'paymentMethodCode', code: 'PAYMENT_METHOD_NOT_AVAILABLE' });
      const before = payment.method_code ? await findPaymentMethod(tx, payment.method_code) : null;
      // The total is settled: another method is fine for the same fee only.
      if (before && before.service_fee !== method.service_fee)
        throw refuse(lang, { path: 'paymentMethodCode', code: 'PAYMENT_METHOD_NOT_AVAILABLE' });
      if (method.provider_method === 'creditcard' && !body.payload.cardToken)
        throw refuse(lang, { path: 'payload.cardToken', code: 'NOT_BLANK' });
      if (await hasPendingRequest(tx, payment.id, now)) throw refuse(lang, { path: 'paymentId', code: 'PAYMENT_IN_PROGRESS' });
      if (method.code !== payment.method_code) await setPaymentMethod(tx, payment.id, method.code, now);
      // A cheque asks no one: the order waits for it to arrive.
      const state = method.provider_method ? 'new' : 'processing';
      await recordPaymentRequest(tx, {
        hash,
        paymentId: payment.id,
        methodCode: method.code,
        state,
        responseData: { status: 'open', checkoutUrl: null, failure: null },
        now,
      });
      return { order, payment, method };
    });
    const { order, payment, method } = started;
    if (!method.provider_method) return ld(c, requestJson((await findPaymentRequest(deps.db, hash, customerId))!, order.token_value), 201);
    let outcome: ProviderPayment;
    try {
      // A card payment is the first of a mandate: subscriptions later charge the same card without the shopper.
      const recurring =
        method.provider_method === 'creditcard'
          ? { customerId: await providerCustomerOf(customerId, order), sequenceType: 'first' as const }
          : {};
      outcome = await provider().createPayment({
        ...recurring,
        orderNumber: order.number!,
        amountMinor: payment.amount,
        method: method.provider_method,
        language: languageOf(order.locale_code),
        channel: order.channel_code,
        redirectUrl: body.payload.redirectUrl,
        webhookUrl: `${platformUrl}${SHOP_API_PREFIX}/payments/webhook`,
        ...(body.payload.cardToken ? { cardToken: body.payload.cardToken } : {}),
        idempotencyKey: `${order.number}-${payment.id}-${hash}`,
      });
    } catch (error) {
      await setPaymentRequest(deps.db, hash, 'failed', { status: 'failed', checkoutUrl: null, failure: null }, deps.clock());
      throw providerProblem(error, lang);
    }
    return ld(c, await settle(hash, customerId, outcome), 201);
  });

  /** The customer's customer at the provider, made at their first card payment and kept on their payments. */
  const providerCustomerOf = async (customerId: number, order: OrderRow): Promise<string> => {
    const known = await providerCustomerIdOf(deps.db, customerId);
    if (known) return known;
    const [who] = await deps.db.query<{ email: string; first_name: string; last_name: string }>(
      'SELECT email, first_name, last_name FROM shop.customers WHERE id = $1',
      [customerId],
    );
    const created = await provider().createCustomer({
      name: `${who!.first_name} ${who!.last_name}`,
      email: who!.email,
      language: languageOf(order.locale_code),
      channel: order.channel_code,
      shopCustomerId: customerId,
    });
    return created.id;
  };

  /** Applies the provider's answer to the payment and its order, and to the request; answers the request. */
  const settle = (hash: string, customerId: number, outcome: ProviderPayment) =>
    deps.db.transaction(async (tx) => {
      const request = (await findPaymentRequest(tx, hash, customerId))!;
      const order = (await findOrderById(tx, request.order_id, true))!;
      await applyOutcome(tx, order, (await lockPayment(tx, request.payment_id))!, outcome, { now: deps.clock(), env: deps.env });
      return requestJson(
        await setPaymentRequest(tx, hash, requestStateOf(outcome), responseDataOf(outcome), deps.clock()),
        order.token_value,
      );
    });

  app.get('/payment-requests/:hash', async (c) => {
    const customerId = await requireCustomer(c, deps);
    const hash = tokenParam(c, 'hash');
    const request = await findPaymentRequest(deps.db, hash, customerId);
    if (!request) throw notFound();
    const providerId = request.state === 'processing' ? await providerIdOf(deps.db, request.payment_id) : null;
    const order = (await findOrderById(deps.db, request.order_id))!;
    if (!providerId) return ld(c, requestJson(request, order.token_value));
    // Back from a hosted page: the provider knows more than we do, ask it again.
    let outcome: ProviderPayment;
    try {
      outcome = await provider().getPayment(providerId);
    } catch (error) {
      throw providerProblem(error, c.get('lang'));
    }
    return ld(c, await settle(hash, customerId, outcome));
  });

  app.post('/payments/webhook', async (c) => {
    const raw = await c.req.text();
    const signature = c.req.header('x-mollie-signature');
    if (!provider().verifyWebhookSignature(raw, signature)) return c.body(null, 401);
    const providerId = provider().paymentIdFromWebhook(raw, signature);
    if (!providerId) throw badRequest('Invalid webhook body');
    const found = await findPaymentByProviderId(deps.db, providerId);
    // A payment of no order of ours: answered like the others, so the caller learns nothing.
    if (!found) return c.body(null, 200);
    const outcome = await provider().getPayment(providerId);
    await deps.db.transaction(async (tx) => {
      const order = (await findOrderById(tx, found.order_id, true))!;
      await applyOutcome(tx, order, (await lockPayment(tx, found.id))!, outcome, { now: deps.clock(), env: deps.env });
    });
    return c.body(null, 200);
  });

  return app;
}
