/**
 * Paying a placed order: Sylius 2's payment requests (POST /shop/payment-requests, GET …/{hash}) and the
 * provider's webhook (POST /shop/payments/webhook). A payment request is one attempt at the provider; what
 * its answers do to the payment and the order, and every rule of the order's money (one live attempt, one
 * kept charge, the refund of any other), are in orders/payments.ts:
 * - paid: the payment completes and the order is paid (it ships);
 * - failed, cancelled or expired: the payment stays failed (or cancelled) and the order gets a new payment
 *   with the same method, still awaiting payment, so the shopper can pay again;
 * - open (a hosted page: PayPal, Bancontact, 3-D Secure, or a bank transfer waiting for the money): the
 *   payment is processing until the provider says more, through the webhook or the shopper's return.
 * A cheque has no provider: the order waits for it to arrive, as a bank transfer does.
 * The webhook's body is never trusted: its signature is checked, then the payment is fetched again.
 */
import { Hono } from 'hono';
import { languageOf, type Language, siteUrlOf } from '../../../lib/channels.ts';
import { platformOrigin } from '../../../lib/local-defaults.ts';
import { paymentRequestRequest } from '../../../lib/shop-api/requests/checkout.ts';
import { iri, SHOP_API_PREFIX } from '../../../lib/shop-api/iri.ts';
import {
  findOrderById,
  type OrderRow,
  findPaymentMethod,
  lockPayment,
  paymentOfCustomer,
  providerCustomerIdOf,
  setPaymentMethod,
} from '../orders/repository.ts';
import { type AttemptRow, attemptByHash, attemptOfCustomer, liveAttemptOf, recordAttempt, setAttempt } from '../orders/attempts.ts';
import {
  makeWayForAttempt,
  type PaidOrderEffect,
  type PaymentContext,
  type PaymentFaults,
  receiveProviderPayment,
  settleAttempt,
} from '../orders/payments.ts';
import { PaymentProviderError, type ProviderPayment } from '../payments/provider.ts';
import { Problem } from '../../problem.ts';
import type { ShopDeps, ShopEnv } from '../shared/deps.ts';
import { badRequest, LD_JSON, notFound, refuse, tooManyRequests } from '../shared/errors.ts';
import { tooManyRequestsMessage } from '../shared/messages.ts';
import { tokenParam } from '../shared/ids.ts';
import { randomToken } from '../shared/random.ts';
import { ld, parseBody } from '../shared/request.ts';
import { requireCustomer } from '../sessions/access.ts';

const requestJson = (
  r: Pick<AttemptRow, 'hash' | 'state' | 'action' | 'method_code' | 'payment_id' | 'response_data'>,
  orderToken: string,
) => ({
  '@context': '/api/v2/contexts/PaymentRequest',
  '@id': `${SHOP_API_PREFIX}/payment-requests/${r.hash}`,
  '@type': 'PaymentRequest',
  hash: r.hash,
  // A charge refunded because the order did not keep it reads as failed: this attempt did not pay the order.
  state: r.state === 'refunded' ? 'failed' : r.state,
  action: r.action,
  method: iri.paymentMethod(r.method_code),
  payment: iri.payment(orderToken, r.payment_id),
  responseData: r.response_data,
});

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

/** `faults` are the tests'; `afterPaid`, what a paid order sets going. */
export function paymentRequestRoutes(
  deps: ShopDeps,
  { faults, afterPaid }: { faults?: PaymentFaults | undefined; afterPaid: readonly PaidOrderEffect[] },
): Hono<ShopEnv> {
  const app = new Hono<ShopEnv>();
  const provider = deps.payments;
  const platformUrl = platformOrigin(deps.env);
  const money: PaymentContext = {
    db: deps.db,
    clock: () => deps.clock(),
    env: deps.env,
    provider,
    afterPaid,
    ...(faults ? { faults } : {}),
  };
  /** The provider's own errors become the shopper's 422 or 502; the shop's refusals (and anything else) pass as they are. */
  const askingProvider = async <T>(lang: Language, run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      throw error instanceof PaymentProviderError ? providerProblem(error, lang) : error;
    }
  };

  app.post('/payment-requests', async (c) => {
    const customerId = await requireCustomer(c, deps);
    const lang = c.get('lang');
    const limit = await deps.limits.paymentRequestCustomer.consume(String(customerId));
    if (!limit.allowed)
      throw tooManyRequests(tooManyRequestsMessage(lang, 'paymentRequest', limit.retryAfterSeconds), limit.retryAfterSeconds);
    const body = await parseBody(c, paymentRequestRequest);
    if (!allowedRedirect(body.payload.redirectUrl, deps.env)) throw refuse(lang, { path: 'payload.redirectUrl', code: 'INVALID_CHOICE' });
    if (!(await paymentOfCustomer(deps.db, body.paymentId, customerId))) throw notFound();
    // The live attempt, if any, is settled or cancelled at the provider first (outside any transaction: the
    // embedded sandbox shares PGlite's one connection), so that two attempts can never both charge.
    await askingProvider(lang, () => makeWayForAttempt(money, body.paymentId, lang));
    const hash = randomToken(24);
    // Then the attempt is recorded (one live at a time per payment), then the provider is asked, outside any
    // transaction, with the attempt's key, then its answer is applied.
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
      // Another request got in between: its attempt is the live one.
      if (await liveAttemptOf(tx, payment.id)) throw refuse(lang, { path: 'paymentId', code: 'PAYMENT_IN_PROGRESS' });
      if (method.code !== payment.method_code) await setPaymentMethod(tx, payment.id, method.code, now);
      // A cheque asks no one: the order waits for it to arrive.
      const attempt = await recordAttempt(tx, {
        hash,
        paymentId: payment.id,
        methodCode: method.code,
        state: method.provider_method ? 'new' : 'processing',
        responseData: { status: 'open', checkoutUrl: null, failure: null },
        now,
      });
      return { order, payment, method, attempt };
    });
    const { order, payment, method, attempt } = started;
    if (!method.provider_method) return ld(c, requestJson(attempt, order.token_value), 201);
    await faults?.('before-provider');
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
        attempt: hash,
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
      // Refused (4xx): nothing was charged, the attempt is over. Unreachable, timed out or 5xx: the provider may
      // have charged, so the attempt stays in flight, to be found at the provider by its hash (orders/payments.ts).
      if (error instanceof PaymentProviderError && error.status !== undefined && error.status < 500)
        await setAttempt(deps.db, hash, {
          state: 'failed',
          responseData: { status: 'failed', checkoutUrl: null, failure: null },
          now: deps.clock(),
        });
      throw providerProblem(error, lang);
    }
    await faults?.('after-provider');
    await askingProvider(lang, () => settleAttempt(money, attempt, outcome));
    await faults?.('after-recording');
    return ld(c, requestJson((await attemptByHash(deps.db, hash))!, order.token_value), 201);
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

  app.get('/payment-requests/:hash', async (c) => {
    const customerId = await requireCustomer(c, deps);
    const hash = tokenParam(c, 'hash');
    const attempt = await attemptOfCustomer(deps.db, hash, customerId);
    if (!attempt) throw notFound();
    const order = (await findOrderById(deps.db, attempt.order_id))!;
    if (attempt.state !== 'processing' || !attempt.provider_payment_id) return ld(c, requestJson(attempt, order.token_value));
    // Back from a hosted page: the provider knows more than we do, ask it again.
    const lang = c.get('lang');
    const outcome = await askingProvider(lang, () => provider().getPayment(attempt.provider_payment_id!));
    await askingProvider(lang, () => settleAttempt(money, attempt, outcome));
    return ld(c, requestJson((await attemptByHash(deps.db, hash))!, order.token_value));
  });

  app.post('/payments/webhook', async (c) => {
    const raw = await c.req.text();
    const signature = c.req.header('x-mollie-signature');
    if (!provider().verifyWebhookSignature(raw, signature)) return c.body(null, 401);
    const providerId = provider().paymentIdFromWebhook(raw, signature);
    if (!providerId) throw badRequest('Invalid webhook body');
    // The provider calls again on any answer but 200: a provider we cannot reach now answers 502.
    await askingProvider('fr', () => receiveProviderPayment(money, providerId));
    return c.body(null, 200);
  });

  return app;
}
