/**
 * The scheduler's SQL. Every claim is `FOR UPDATE SKIP LOCKED`: an instance takes rows no other instance
 * holds and passes over the others, so several platform instances run the scheduler side by side without
 * waiting for each other or doing anything twice.
 */
import type { Queryable } from '../db/database.ts';
import type { Day } from '../../lib/subscriptions/schedule.ts';
import type { SubscriptionState } from '../../lib/subscriptions/status.ts';

/** The states whose due draft the scheduler takes: active, or held by a failure the shopper may have fixed since. */
const PLACEABLE_STATES: readonly SubscriptionState[] = [
  'active',
  'product_unavailable',
  'pickuppoint_unavailable',
  'promotion_unavailable',
  'error',
];

interface DraftReminder {
  subscription_id: number;
  order_id: number;
  shipment_date: Day;
  reminded_7: boolean;
  reminded_4: boolean;
}

/**
 * Drafts a reminder may be due for (shipping within a week, after today; the 4-day one not sent yet), their
 * rows held until the caller's transaction ends. Which reminder is due is the schedule's rule (dueReminder).
 */
export const claimReminders = (tx: Queryable, today: Day, limit: number, skip: number[]) =>
  tx.query<DraftReminder>(
    `SELECT so.subscription_id, so.order_id, to_char(so.shipment_date, 'YYYY-MM-DD') AS shipment_date,
       so.reminded_7_at IS NOT NULL AS reminded_7, so.reminded_4_at IS NOT NULL AS reminded_4
     FROM shop.subscription_orders so JOIN shop.subscriptions s ON s.id = so.subscription_id AND s.draft_order_id = so.order_id
     WHERE so.placed_at IS NULL AND so.shipment_date > $1::date AND so.shipment_date <= $1::date + 7 AND so.reminded_4_at IS NULL
       AND (so.reminded_7_at IS NULL OR so.shipment_date <= $1::date + 4) AND s.state NOT IN ('stopped', 'paused')
       AND NOT (so.order_id = ANY ($3::int[]))
     ORDER BY so.shipment_date, so.order_id LIMIT $2 FOR UPDATE OF so SKIP LOCKED`,
    [today, limit, skip],
  );

export const markReminded = (tx: Queryable, orderId: number, days: 7 | 4, now: Date) =>
  tx.query(`UPDATE shop.subscription_orders SET ${days === 7 ? 'reminded_7_at' : 'reminded_4_at'} = $2::timestamptz WHERE order_id = $1`, [
    orderId,
    now.toISOString(),
  ]);

/** A due draft as claimDueDraft answers it: its subscription, its order and the day it ships. */
export interface DueDraft {
  subscription_id: number;
  order_id: number;
  shipment_date: Day;
}

/**
 * One due draft (its shipment day has come) of a subscription that takes deliveries, its subscription's row
 * held: the shopper's calls, which hold that row too, wait for the placement, and another instance skips it.
 * `skip`: the drafts this run already looked at and held back.
 */
export async function claimDueDraft(tx: Queryable, today: Day, skip: number[]): Promise<DueDraft | null> {
  const [row] = await tx.query<DueDraft>(
    `SELECT so.subscription_id, so.order_id, to_char(so.shipment_date, 'YYYY-MM-DD') AS shipment_date
     FROM shop.subscription_orders so JOIN shop.subscriptions s ON s.id = so.subscription_id AND s.draft_order_id = so.order_id
     WHERE so.placed_at IS NULL AND so.shipment_date <= $1::date AND s.state = ANY ($2::text[]) AND NOT (so.order_id = ANY ($3::int[]))
     ORDER BY so.shipment_date, so.order_id LIMIT 1 FOR UPDATE OF s SKIP LOCKED`,
    [today, PLACEABLE_STATES, skip],
  );
  return row ?? null;
}

interface NewChargeJob {
  subscriptionId: number;
  orderId: number;
  paymentId: number;
  customerId: string;
  mandateId: string;
  now: Date;
}

/** The charge of a placed delivery, due at once; its key names the payment, so it exists once. */
export const insertChargeJob = (tx: Queryable, job: NewChargeJob) =>
  tx.query(
    `INSERT INTO shop.scheduler_jobs (key, kind, subscription_id, order_id, payment_id, due_at, provider_customer_id, provider_mandate_id)
     VALUES ($1, 'charge', $2, $3, $4, $5::timestamptz, $6, $7) ON CONFLICT (key) DO NOTHING`,
    [`charge:${job.paymentId}`, job.subscriptionId, job.orderId, job.paymentId, job.now.toISOString(), job.customerId, job.mandateId],
  );

export interface ChargeJob {
  id: number;
  subscription_id: number;
  order_id: number;
  payment_id: number;
  attempts: number;
  provider_customer_id: string;
  provider_mandate_id: string;
  number: string;
  locale_code: string;
  channel_code: string;
  amount: number;
  /** Known once an earlier attempt's answer was recorded: then the provider is asked about it, not asked again. */
  provider_payment_id: string | null;
}

/**
 * Due charge jobs nobody holds, leased until `leaseUntil`: an instance that dies mid-charge leaves its
 * jobs to be claimed again once the lease runs out.
 */
export const claimChargeJobs = (db: Queryable, now: Date, leaseUntil: Date, limit: number) =>
  db.query<ChargeJob>(
    `WITH claimed AS (
       UPDATE shop.scheduler_jobs SET locked_until = $2::timestamptz, attempts = attempts + 1
       WHERE id IN (SELECT id FROM shop.scheduler_jobs WHERE done_at IS NULL AND due_at <= $1::timestamptz
                      AND (locked_until IS NULL OR locked_until <= $1::timestamptz)
                    ORDER BY due_at, id LIMIT $3 FOR UPDATE SKIP LOCKED)
       RETURNING id, subscription_id, order_id, payment_id, attempts, provider_customer_id, provider_mandate_id)
     SELECT c.id::int AS id, c.subscription_id, c.order_id, c.payment_id, c.attempts, c.provider_customer_id, c.provider_mandate_id,
       o.number, o.locale_code, o.channel_code, p.amount, p.provider_payment_id
     FROM claimed c JOIN shop.orders o ON o.id = c.order_id JOIN shop.payments p ON p.id = c.payment_id ORDER BY c.id`,
    [now.toISOString(), leaseUntil.toISOString(), limit],
  );

/** The job, its row held: a job another attempt already finished is not applied twice. */
export async function lockJob(tx: Queryable, id: number): Promise<{ done: boolean } | null> {
  const [row] = await tx.query<{ done: boolean }>('SELECT done_at IS NOT NULL AS done FROM shop.scheduler_jobs WHERE id = $1 FOR UPDATE', [
    id,
  ]);
  return row ?? null;
}

export const finishJob = (tx: Queryable, id: number, now: Date, error: string | null = null) =>
  tx.query('UPDATE shop.scheduler_jobs SET done_at = $2::timestamptz, locked_until = NULL, last_error = $3 WHERE id = $1', [
    id,
    now.toISOString(),
    error,
  ]);

/** Tries the job again at `at` (the provider was unreachable, or the payment is still open). */
export const retryJob = (db: Queryable, id: number, at: Date, error: string | null) =>
  db.query('UPDATE shop.scheduler_jobs SET due_at = $2::timestamptz, locked_until = NULL, last_error = $3 WHERE id = $1', [
    id,
    at.toISOString(),
    error,
  ]);
