/**
 * The order's money in one place: the attempts at the payment provider, what their answers do to the
 * payment and the order, and the charges the shop does not keep. The checkout's payment requests, the
 * provider's webhook, the platform's start, the scheduler's charges (applyOutcome) and the operator's
 * report call it; it calls none of them.
 *
 * The rules it keeps, whatever the shopper, the network or a crash does:
 * - **No charge the shop does not know of.** An attempt is recorded (shop.payment_requests, `new`) before
 *   the provider is called; the provider gets an idempotency key made of it and keeps the attempt's hash in
 *   the payment's metadata. A process that dies between the charge and its recording leaves an attempt in
 *   flight, which the webhook, the shopper's next try or the next start finds at the provider by that hash.
 * - **One live attempt per payment** (a unique index). Another method first cancels the live attempt at the
 *   provider; one that cannot be cancelled and may still complete makes the shop refuse the new one.
 * - **One kept charge per order.** A charge arriving for an order already paid, or for an attempt already
 *   closed, is refunded at once (shop.refunds, retried after a crash), the shopper told by mail, and the
 *   operator's report lists it.
 */
import type { Database, Queryable } from '../../db/database.ts';
import { transition } from '../../../lib/orders/machine.ts';
import { orderPaymentMachine, type PaymentState, paymentMachine } from '../../../lib/orders/payment.ts';
import type { Language } from '../../../lib/channels.ts';
import {
  findOrderById,
  type OrderRow,
  addPayment,
  findPaymentByProviderId,
  findPaymentMethod,
  lockPayment,
  type PaymentRow,
  setPaymentMethod,
  setPaymentOutcome,
  setPaymentState,
} from './repository.ts';
import { type QueueOptions, queueOrderMail } from './mails.ts';
import type { OrderMailKind } from '../../mail/templates/orders.ts';
import { PaymentProviderError, type PaymentProvider, type ProviderPayment } from '../payments/provider.ts';
import { refuse } from '../shared/errors.ts';
import {
  type AttemptRow,
  attemptByHash,
  attemptByProviderId,
  LIVE,
  liveAttemptOf,
  liveAttemptsSince,
  lockAttempt,
  pendingRefunds,
  type RefundRow,
  recordRefund,
  setAttempt,
  setRefunded,
} from './attempts.ts';

/** Where a test makes the process "die" on the payment path (it throws there; what was committed stays). */
export type PaymentStep = 'before-provider' | 'after-provider' | 'after-recording' | 'in-webhook';
export type PaymentFaults = (step: PaymentStep) => void | Promise<void>;

/**
 * What else a paid order sets going, in the transaction that records its payment (shop/paid-order.ts lists
 * them: the subscriptions its items start, a sponsor's reward). The order's module runs them without knowing
 * them, so subscriptions and sponsorships build on orders, never the other way round.
 */
export type PaidOrderEffect = (tx: Queryable, order: OrderRow, paid: ProviderPayment, options: QueueOptions) => Promise<unknown>;

/** How an outcome is recorded: when, the sites' addresses for the mails, and what a paid order sets going. */
export interface OutcomeOptions extends QueueOptions {
  afterPaid: readonly PaidOrderEffect[];
}

export interface PaymentContext {
  db: Database;
  clock: () => Date;
  /** SITE_URL_FR and SITE_URL_BE, for the mails' links. */
  env: Record<string, string | undefined>;
  provider: () => PaymentProvider;
  afterPaid: readonly PaidOrderEffect[];
  /** Tests only: fault injection at each step of the payment path. */
  faults?: PaymentFaults;
}

/**
 * How long an attempt may wait for the provider's first answer. The call times out at 15 s
 * (payments/provider.ts), so an attempt still `new` after this was asked by a process that died: the
 * provider is then asked what became of it.
 */
export const ANSWER_WAIT_MS = 30_000;
/** How far before an attempt the provider's list of payments is read when looking for its charge (clocks differ). */
const LIST_MARGIN_MS = 10 * 60_000;
/** The provider's list is read at most this many pages back (250 payments each). */
const LIST_MAX_PAGES = 20;

const FINAL: readonly PaymentState[] = ['completed', 'failed', 'cancelled', 'refunded'];
const STILL_OPEN: readonly ProviderPayment['status'][] = ['open', 'pending'];

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
  { now, env, afterPaid }: OutcomeOptions,
): Promise<void> {
  if (FINAL.includes(payment.state)) return;
  const mail = (kind: OrderMailKind) => queueOrderMail(tx, kind, order.token_value, { now, env });
  const firstBankDetails = outcome.bankTransfer && !payment.details.bankTransfer;
  await setPaymentOutcome(tx, payment.id, outcome, now);
  await nameTheCard(tx, payment, outcome, now);
  if (firstBankDetails) await mail('confirmation');
  const setOrderPayment = (state: OrderRow['payment_state']) =>
    tx.query('UPDATE shop.orders SET payment_state = $2, updated_at = $3::timestamptz WHERE id = $1', [order.id, state, now.toISOString()]);
  switch (outcome.status) {
    case 'paid':
      await setPaymentState(tx, payment.id, { state: transition(paymentMachine, payment.state, 'complete'), now });
      await setOrderPayment(transition(orderPaymentMachine, order.payment_state, 'pay'));
      // Paid online, the order is confirmed now (with what paid it); confirmed before (a transfer's bank
      // details, a cheque), the payment is acknowledged.
      if ((await mail('confirmation')) === null) await mail('paymentReceived');
      for (const effect of afterPaid) await effect(tx, order, outcome, { now, env });
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

/**
 * The method a card payment shows is the card that paid: a Visa card typed in the Mastercard form is a Visa
 * payment (the shopper picks a brand, the card decides), when the shop offers that brand at the same fee.
 */
async function nameTheCard(tx: Queryable, payment: PaymentRow, outcome: ProviderPayment, now: Date): Promise<void> {
  const code = outcome.method === 'creditcard' ? outcome.card?.brand.toLowerCase() : undefined;
  if (!code || code === payment.method_code || !payment.method_code) return;
  const [chosen, paid] = await Promise.all([findPaymentMethod(tx, payment.method_code), findPaymentMethod(tx, code)]);
  if (chosen?.provider_method === 'creditcard' && paid?.provider_method === 'creditcard' && paid.service_fee === chosen.service_fee)
    await setPaymentMethod(tx, payment.id, code, now);
}

/** What an attempt answers of the provider's outcome (the funnel's card form and confirmation read it). */
const responseDataOf = (outcome: ProviderPayment) => ({
  status: outcome.status,
  checkoutUrl: outcome.checkoutUrl ?? null,
  failure: outcome.failure ?? null,
  ...(outcome.bankTransfer ? { bankTransfer: outcome.bankTransfer } : {}),
  ...(outcome.card ? { card: outcome.card } : {}),
});

const attemptStateOf = (outcome: ProviderPayment) =>
  outcome.status === 'paid' || outcome.status === 'authorized'
    ? 'completed'
    : STILL_OPEN.includes(outcome.status)
      ? 'processing'
      : 'failed';

/**
 * Applies what the provider says of an attempt's payment, in one transaction, then refunds a charge the
 * order cannot keep. `closing`: the attempt is being closed for another one (the shopper chose another
 * method), so its failure or cancellation closes it alone: the payment waits for the next attempt, and no
 * "payment failed" mail goes out.
 */
export async function settleAttempt(
  ctx: PaymentContext,
  attempt: Pick<AttemptRow, 'hash' | 'order_id' | 'payment_id'>,
  outcome: ProviderPayment,
  { closing = false } = {},
): Promise<void> {
  const refund = await ctx.db.transaction(async (tx): Promise<RefundRow | null> => {
    const now = ctx.clock();
    const order = (await findOrderById(tx, attempt.order_id, true))!;
    const payment = (await lockPayment(tx, attempt.payment_id))!;
    const live = LIVE.includes((await lockAttempt(tx, attempt.hash)).state);
    const set = (state: AttemptRow['state']) =>
      setAttempt(tx, attempt.hash, { state, responseData: responseDataOf(outcome), providerPaymentId: outcome.id, now });
    if (outcome.status === 'paid') {
      const kept = payment.provider_payment_id === outcome.id && payment.state === 'completed';
      if (kept || (live && order.payment_state === 'awaiting_payment' && !FINAL.includes(payment.state))) {
        if (!kept) await applyOutcome(tx, order, payment, outcome, { now, env: ctx.env, afterPaid: ctx.afterPaid });
        if (live) await set('completed');
        return null;
      }
      // A second charge of a paid order, or the charge of an attempt already closed: not kept.
      await set('refunded');
      return chargeNotKept(tx, order, outcome, now);
    }
    if (!live) return null;
    if (closing) {
      if (STILL_OPEN.includes(outcome.status)) {
        await setAttempt(tx, attempt.hash, { state: 'processing', providerPaymentId: outcome.id, now });
      } else await set(outcome.status === 'failed' ? 'failed' : 'cancelled');
      return null;
    }
    await applyOutcome(tx, order, payment, outcome, { now, env: ctx.env, afterPaid: ctx.afterPaid });
    await set(attemptStateOf(outcome));
    return null;
  });
  if (refund) await refundCharge(ctx, refund);
}

/** Records the refund of a charge the order does not keep (once per charge); null when nothing is left to refund. */
function chargeNotKept(tx: Queryable, order: OrderRow, outcome: ProviderPayment, now: Date): Promise<RefundRow | null> {
  const amount = outcome.amountMinor - outcome.amountRefundedMinor;
  if (amount <= 0) return Promise.resolve(null);
  return recordRefund(tx, {
    providerPaymentId: outcome.id,
    orderId: order.id,
    amount,
    reason: order.payment_state === 'paid' ? 'order_already_paid' : 'attempt_closed',
    now,
  });
}

/**
 * Asks the provider to refund the charge (its idempotency key: the charge, so a retry never refunds twice),
 * then marks it refunded and mails the shopper. A provider that cannot be reached leaves it pending: the next
 * start retries it. True once refunded.
 */
async function refundCharge(ctx: PaymentContext, refund: RefundRow): Promise<boolean> {
  const order = (await findOrderById(ctx.db, refund.order_id))!;
  let made: { id: string };
  try {
    made = await ctx.provider().refundPayment(refund.provider_payment_id, {
      amountMinor: refund.amount,
      description: `Remboursement / Terugbetaling ${order.number}`,
      idempotencyKey: `refund-${refund.provider_payment_id}`,
    });
  } catch (error) {
    console.error(
      `Refund of ${refund.provider_payment_id} (order ${order.number}) not made yet, retried at the next start:`,
      (error as Error).message,
    );
    return false;
  }
  await ctx.db.transaction(async (tx) => {
    const now = ctx.clock();
    if (await setRefunded(tx, refund.provider_payment_id, made.id, now))
      await queueOrderMail(tx, 'chargeRefunded', order, { now, env: ctx.env, refundedAmount: refund.amount });
  });
  return true;
}

/**
 * The provider's payment of the attempt: by its id once recorded, else found in the provider's list by the
 * attempt's hash (its metadata); null when the provider has none, so nothing was charged.
 */
async function chargeOfAttempt(ctx: PaymentContext, attempt: AttemptRow): Promise<ProviderPayment | null> {
  if (attempt.provider_payment_id) return ctx.provider().getPayment(attempt.provider_payment_id);
  const oldest = new Date(attempt.created_at).getTime() - LIST_MARGIN_MS;
  let from: string | undefined;
  for (let page = 0; page < LIST_MAX_PAGES; page += 1) {
    const { payments, next } = await ctx.provider().listPayments({ limit: 250, ...(from ? { from } : {}) });
    const found = payments.find((p) => p.attempt === attempt.hash);
    if (found) return found;
    if (!next || payments.some((p) => Date.parse(p.createdAt) < oldest)) return null;
    from = next;
  }
  throw new Error(`The provider's list is too long to find attempt ${attempt.hash}`);
}

/**
 * Settles an attempt whose process may have died (or whose page the shopper left): asks the provider and
 * applies its answer. An attempt the provider never received is closed as failed: nothing was charged.
 * Call it only for an attempt no live process is waiting on (older than ANSWER_WAIT_MS, or processing).
 */
async function reconcileAttempt(ctx: PaymentContext, attempt: AttemptRow, { closing = false } = {}): Promise<ProviderPayment | null> {
  if (!attempt.provider_method) return null;
  const outcome = await chargeOfAttempt(ctx, attempt);
  if (outcome) {
    await settleAttempt(ctx, attempt, outcome, { closing });
    return outcome;
  }
  await ctx.db.query(
    `UPDATE shop.payment_requests SET state = 'failed', updated_at = $2::timestamptz WHERE hash = $1 AND state = 'new' AND provider_payment_id IS NULL`,
    [attempt.hash, ctx.clock().toISOString()],
  );
  return null;
}

/**
 * Before a new attempt on the payment: its live attempt is settled, or cancelled at the provider, so that
 * two can never both complete. Refused (a Problem) while the live one may still complete: just asked
 * (PAYMENT_IN_PROGRESS), or open and not cancellable at the provider (PAYMENT_STILL_OPEN). A provider that
 * cannot be reached throws its PaymentProviderError.
 */
export async function makeWayForAttempt(ctx: PaymentContext, paymentId: number, lang: Language): Promise<void> {
  const live = await liveAttemptOf(ctx.db, paymentId);
  if (!live) return;
  if (live.state === 'new' && ctx.clock().getTime() - new Date(live.created_at).getTime() < ANSWER_WAIT_MS)
    throw refuse(lang, { path: 'paymentId', code: 'PAYMENT_IN_PROGRESS' });
  if (!live.provider_method) {
    // A cheque asks no one: the shopper chose to pay otherwise.
    await setAttempt(ctx.db, live.hash, { state: 'cancelled', now: ctx.clock() });
    return;
  }
  const outcome = await reconcileAttempt(ctx, live, { closing: true });
  if (!outcome || !STILL_OPEN.includes(outcome.status)) return;
  let after: ProviderPayment;
  try {
    after = await ctx.provider().cancelPayment(outcome.id);
  } catch (error) {
    if (!(error instanceof PaymentProviderError && error.status === 422)) throw error;
    // Not cancellable (it moved on in between, or the method does not allow it): what is it now?
    after = await ctx.provider().getPayment(outcome.id);
  }
  await settleAttempt(ctx, live, after, { closing: true });
  if (STILL_OPEN.includes(after.status)) throw refuse(lang, { path: 'paymentId', code: 'PAYMENT_STILL_OPEN' });
}

/**
 * The provider's webhook, its signature checked: the payment is fetched again (the call's body is never
 * trusted) and applied to the attempt that made it (by its id, or by the attempt's hash in its metadata
 * when the process died before recording the id), else to the payment that holds it (the scheduler's
 * charges). A charge on an order already paid that no attempt of ours made is refunded.
 */
export async function receiveProviderPayment(ctx: PaymentContext, providerId: string): Promise<void> {
  let outcome: ProviderPayment;
  try {
    outcome = await ctx.provider().getPayment(providerId);
  } catch (error) {
    // A payment the provider does not know: nothing to do, answered like the others (the caller learns nothing).
    if (error instanceof PaymentProviderError && error.status === 404) return;
    throw error;
  }
  const attempt =
    (await attemptByProviderId(ctx.db, providerId)) ?? (outcome.attempt ? await attemptByHash(ctx.db, outcome.attempt) : null);
  await ctx.faults?.('in-webhook');
  if (attempt && (!outcome.orderNumber || attempt.order_number === outcome.orderNumber)) return settleAttempt(ctx, attempt, outcome);
  const held = await findPaymentByProviderId(ctx.db, providerId);
  if (held) {
    await ctx.db.transaction(async (tx) => {
      const order = (await findOrderById(tx, held.order_id, true))!;
      await applyOutcome(tx, order, (await lockPayment(tx, held.id))!, outcome, {
        now: ctx.clock(),
        env: ctx.env,
        afterPaid: ctx.afterPaid,
      });
    });
    return;
  }
  if (outcome.status !== 'paid' || !outcome.orderNumber) return;
  const refund = await ctx.db.transaction(async (tx) => {
    const [row] = await tx.query<{ id: number }>('SELECT id FROM shop.orders WHERE number = $1', [outcome.orderNumber]);
    const order = row && (await findOrderById(tx, row.id, true));
    // An order still awaiting payment keeps the charge its scheduler or attempt records in a moment.
    return order?.payment_state === 'paid' ? chargeNotKept(tx, order, outcome, ctx.clock()) : null;
  });
  if (refund) await refundCharge(ctx, refund);
}

/**
 * After a start (a crash may have cut any step): every attempt still in flight is asked about and settled,
 * and every refund not yet made is made. Counts what it settled.
 */
export async function reconcilePayments(ctx: PaymentContext): Promise<{ attempts: number; refunds: number }> {
  let attempts = 0;
  let refunds = 0;
  for (const attempt of await liveAttemptsSince(ctx.db, new Date(ctx.clock().getTime() - ANSWER_WAIT_MS))) {
    try {
      await reconcileAttempt(ctx, attempt);
      attempts += 1;
    } catch (error) {
      console.error(`Payment attempt ${attempt.hash} of order ${attempt.order_number} not settled yet:`, (error as Error).message);
    }
  }
  for (const refund of await pendingRefunds(ctx.db)) if (await refundCharge(ctx, refund)) refunds += 1;
  return { attempts, refunds };
}
