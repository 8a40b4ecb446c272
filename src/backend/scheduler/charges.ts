/**
 * Charging placed deliveries on the stored card mandate. A job is claimed with a lease, the provider is asked
 * outside any transaction (the embedded sandbox shares PGlite's one connection, and a charge must not hold
 * rows while the network answers), then its answer is applied in one transaction that finishes the job.
 *
 * The charge carries the idempotency key `subscription-<order number>-<payment id>` and the request the
 * job froze at placement: after a crash between the charge and its recording, the job's lease runs out,
 * the next run asks again with the same key and the same body, and the provider answers the payment it
 * already made. Neither a second charge nor a lost order. Once the provider's payment id is recorded, later
 * attempts ask about that payment instead.
 */
import { languageOf, siteUrlOf, type ChannelCode, type LocaleCode } from '../../lib/channels.ts';
import { platformOrigin } from '../../lib/local-defaults.ts';
import { SHOP_API_PREFIX } from '../../lib/shop-api/iri.ts';
import type { Database, Queryable } from '../db/database.ts';
import { findOrderById, lockPayment } from '../shop/orders/repository.ts';
import { applyOutcome } from '../shop/orders/payments.ts';
import { PAID_ORDER_EFFECTS } from '../shop/paid-order.ts';
import { PaymentProviderError, type PaymentProvider, type ProviderPayment } from '../shop/payments/provider.ts';
import { queueSubscriptionMail } from '../shop/subscriptions/mails.ts';
import { findSubscriptionById, subscriptionOrderOf, updateSubscription } from '../shop/subscriptions/repository.ts';
import { type ChargeJob, claimChargeJobs, finishJob, lockJob, retryJob } from './repository.ts';

const MINUTE = 60_000;

export interface ChargeContext {
  db: Database;
  provider: () => PaymentProvider;
  env: Record<string, string | undefined>;
  /** How long a claimed job is this instance's: longer than one charge can take (the provider's timeout is 15 s). */
  leaseMs: number;
  /** For tests: runs between the provider's answer and its recording, where a crash is the worst. */
  afterCharge?: (job: ChargeJob, outcome: ProviderPayment) => void | Promise<void>;
}

type ChargeResult = 'paid' | 'refused' | 'pending' | 'retry' | 'already';

const FINAL_STATUSES: readonly ProviderPayment['status'][] = ['paid', 'failed', 'canceled', 'expired'];

/** The key of the job's charge: from the order and its payment, never random, so a retry is the same charge. */
export const chargeKey = (job: Pick<ChargeJob, 'number' | 'payment_id'>) => `subscription-${job.number}-${job.payment_id}`;

/** The recurring payment of the job, asked or asked about. */
function askProvider(ctx: ChargeContext, job: ChargeJob): Promise<ProviderPayment> {
  if (job.provider_payment_id) return ctx.provider().getPayment(job.provider_payment_id);
  const channel = job.channel_code as ChannelCode;
  const platform = platformOrigin(ctx.env);
  return ctx.provider().createPayment({
    sequenceType: 'recurring',
    method: 'creditcard',
    customerId: job.provider_customer_id,
    mandateId: job.provider_mandate_id,
    amountMinor: job.amount,
    orderNumber: job.number,
    language: languageOf(job.locale_code as LocaleCode),
    channel,
    // Unused for a recurring charge (no shopper comes back), but part of the adapter's input.
    redirectUrl: siteUrlOf(channel, ctx.env),
    webhookUrl: `${platform}${SHOP_API_PREFIX}/payments/webhook`,
    idempotencyKey: chargeKey(job),
  });
}

/** Charges one claimed job and records the answer. */
async function charge(ctx: ChargeContext, job: ChargeJob, now: Date): Promise<ChargeResult> {
  let outcome: ProviderPayment;
  try {
    // A connection dropped on the way (a kept-alive socket the other end had just closed) is asked again at
    // once: the same key makes it the same charge.
    outcome = await askProvider(ctx, job).catch((error) => {
      if (error instanceof PaymentProviderError && error.status === undefined) return askProvider(ctx, job);
      throw error;
    });
  } catch (error) {
    if (
      error instanceof PaymentProviderError &&
      error.status !== undefined &&
      error.status >= 400 &&
      error.status < 500 &&
      error.status !== 429
    )
      return refusedRequest(ctx, job, error.message, now);
    // Unreachable or overloaded: the same charge again later, waiting longer each time (at most an hour).
    const delay = Math.min(5 * MINUTE * job.attempts, 60 * MINUTE);
    console.warn(`Scheduler: charge of order ${job.number} not asked (attempt ${job.attempts}): ${(error as Error).message}`);
    await retryJob(ctx.db, job.id, new Date(now.getTime() + delay), (error as Error).message.slice(0, 500));
    return 'retry';
  }
  await ctx.afterCharge?.(job, outcome);
  return ctx.db.transaction(async (tx) => {
    const held = await lockJob(tx, job.id);
    if (!held || held.done) return 'already';
    // The order, then its payment, then (on a refusal) the subscription: the order the payment webhook holds them in.
    const order = (await findOrderById(tx, job.order_id, true))!;
    await applyOutcome(tx, order, (await lockPayment(tx, job.payment_id))!, outcome, { now, env: ctx.env, afterPaid: PAID_ORDER_EFFECTS });
    if (!FINAL_STATUSES.includes(outcome.status)) {
      // Open or pending: the provider's webhook settles it, or the next attempt asks about it.
      await retryJob(tx, job.id, new Date(now.getTime() + 10 * MINUTE), `payment ${outcome.status}`);
      return 'pending';
    }
    if (outcome.status === 'paid') {
      await finishJob(tx, job.id, now);
      return 'paid';
    }
    const reason = outcome.failure?.message ?? outcome.status;
    await finishJob(tx, job.id, now, reason);
    await failSubscription(tx, ctx, job.subscription_id, job, reason, now);
    return 'refused';
  });
}

/**
 * The provider refused the request itself (the mandate was revoked, the customer is gone): the delivery's
 * payment stays open, waiting for a new card, as after a refused charge.
 */
async function refusedRequest(ctx: ChargeContext, job: ChargeJob, message: string, now: Date): Promise<ChargeResult> {
  console.warn(`Scheduler: charge of order ${job.number} refused by the provider: ${message}`);
  return ctx.db.transaction(async (tx) => {
    const held = await lockJob(tx, job.id);
    if (!held || held.done) return 'already';
    await finishJob(tx, job.id, now, message.slice(0, 500));
    await failSubscription(tx, ctx, job.subscription_id, job, message, now);
    return 'refused';
  });
}

/** The card could not pay: the subscription waits for a new card (payment_failure), and the shopper is told how. */
async function failSubscription(tx: Queryable, ctx: ChargeContext, subscriptionId: number, job: ChargeJob, reason: string, now: Date) {
  const sub = (await findSubscriptionById(tx, subscriptionId, true))!;
  // A subscription stopped meanwhile stays stopped; its last delivery still waits for its money.
  if (sub.state !== 'stopped') await updateSubscription(tx, sub.id, { state: 'payment_failure', last_error: reason.slice(0, 500) }, now);
  const scheduled = await subscriptionOrderOf(tx, job.order_id);
  await queueSubscriptionMail(
    tx,
    'paymentFailure',
    sub,
    { shipment: scheduled?.shipment_date ?? now.toISOString().slice(0, 10), total: job.amount, failure: reason },
    { now, env: ctx.env },
  );
}

/** Claims and charges due jobs until none is left; a few charges at once, the provider's latency being the cost. */
export async function chargeDueJobs(ctx: ChargeContext, now: Date, { batch = 50, concurrency = 8 } = {}) {
  const counts: Record<ChargeResult, number> = { paid: 0, refused: 0, pending: 0, retry: 0, already: 0 };
  for (;;) {
    const jobs = await claimChargeJobs(ctx.db, now, new Date(now.getTime() + ctx.leaseMs), batch);
    if (jobs.length === 0) return counts;
    const queue = [...jobs];
    const workers = await Promise.allSettled(
      Array.from({ length: Math.min(concurrency, queue.length) }, async () => {
        for (let job = queue.shift(); job; job = queue.shift()) counts[await charge(ctx, job, now)] += 1;
      }),
    );
    // Every worker has stopped before the run ends: a failure leaves its job leased, to be claimed again.
    const failed = workers.find((w) => w.status === 'rejected');
    if (failed) throw failed.reason;
  }
}
