/**
 * The rows of the order's money (migrations 010 and 029): payment attempts (Sylius's payment requests, one
 * per call to the provider) and the refunds of charges the shop does not keep. The rules are in payments.ts.
 */
import type { Queryable } from '../../db/database.ts';
import type { PaymentMethodRow } from './repository.ts';

export type AttemptState = 'new' | 'processing' | 'completed' | 'failed' | 'cancelled' | 'refunded';
/** An attempt the provider may still charge: asked and not answered yet (new), or open at the provider (processing). */
export const LIVE: readonly AttemptState[] = ['new', 'processing'];

export interface AttemptRow {
  hash: string;
  payment_id: number;
  order_id: number;
  order_number: string | null;
  method_code: string;
  /** The method's code at the provider; null for a cheque, which no provider handles. */
  provider_method: PaymentMethodRow['provider_method'];
  action: 'capture';
  state: AttemptState;
  provider_payment_id: string | null;
  response_data: Record<string, unknown>;
  created_at: Date;
}

const ATTEMPT = `SELECT r.hash, r.payment_id, p.order_id, o.number AS order_number, r.method_code, m.provider_method, r.action, r.state,
    r.provider_payment_id, r.response_data, r.created_at
  FROM shop.payment_requests r JOIN shop.payments p ON p.id = r.payment_id JOIN shop.orders o ON o.id = p.order_id
  JOIN shop.payment_methods m ON m.code = r.method_code`;

const one = async (q: Queryable, where: string, params: unknown[]): Promise<AttemptRow | null> =>
  (await q.query<AttemptRow>(`${ATTEMPT} WHERE ${where}`, params))[0] ?? null;

export async function recordAttempt(
  q: Queryable,
  a: { hash: string; paymentId: number; methodCode: string; state: AttemptState; responseData: object; now: Date },
): Promise<AttemptRow> {
  await q.query(
    `INSERT INTO shop.payment_requests (hash, payment_id, method_code, action, state, response_data, created_at, updated_at)
     VALUES ($1, $2, $3, 'capture', $4, $5::text::jsonb, $6::timestamptz, $6::timestamptz)`,
    [a.hash, a.paymentId, a.methodCode, a.state, JSON.stringify(a.responseData), a.now.toISOString()],
  );
  return (await attemptByHash(q, a.hash))!;
}

export const attemptByHash = (q: Queryable, hash: string) => one(q, 'r.hash = $1', [hash]);

/** An attempt of an order of this customer. */
export const attemptOfCustomer = (q: Queryable, hash: string, customerId: number) =>
  one(q, 'r.hash = $1 AND o.customer_id = $2', [hash, customerId]);

export const attemptByProviderId = (q: Queryable, providerId: string) => one(q, 'r.provider_payment_id = $1', [providerId]);

/** The payment's live attempt, if any (at most one: a unique index). */
export const liveAttemptOf = (q: Queryable, paymentId: number) =>
  one(q, `r.payment_id = $1 AND r.state IN ('new', 'processing')`, [paymentId]);

/** The attempt's row held until the transaction ends (after its order's and its payment's). */
export const lockAttempt = (q: Queryable, hash: string) =>
  q.query<{ state: AttemptState }>('SELECT state FROM shop.payment_requests WHERE hash = $1 FOR UPDATE', [hash]).then((r) => r[0]!);

/** Live attempts as old as `before` or older: the platform asks the provider about them after a restart. */
export const liveAttemptsSince = (q: Queryable, before: Date) =>
  q.query<AttemptRow>(`${ATTEMPT} WHERE r.state IN ('new', 'processing') AND r.created_at <= $1::timestamptz ORDER BY r.created_at`, [
    before.toISOString(),
  ]);

export async function setAttempt(
  q: Queryable,
  hash: string,
  change: { state: AttemptState; responseData?: object; providerPaymentId?: string; now: Date },
): Promise<void> {
  await q.query(
    `UPDATE shop.payment_requests SET state = $2, response_data = coalesce($3::text::jsonb, response_data),
       provider_payment_id = coalesce(provider_payment_id, $4), updated_at = $5::timestamptz WHERE hash = $1`,
    [
      hash,
      change.state,
      change.responseData ? JSON.stringify(change.responseData) : null,
      change.providerPaymentId ?? null,
      change.now.toISOString(),
    ],
  );
}

export interface RefundRow {
  provider_payment_id: string;
  order_id: number;
  amount: number;
  reason: 'order_already_paid' | 'attempt_closed';
  state: 'pending' | 'refunded';
  provider_refund_id: string | null;
  created_at: Date;
  refunded_at: Date | null;
}

/** A charge to refund; once per charge, whoever finds it first (a webhook, the shopper's return, a restart). */
export async function recordRefund(
  q: Queryable,
  r: { providerPaymentId: string; orderId: number; amount: number; reason: RefundRow['reason']; now: Date },
): Promise<RefundRow | null> {
  const [row] = await q.query<RefundRow>(
    `INSERT INTO shop.refunds (provider_payment_id, order_id, amount, reason, state, created_at)
     VALUES ($1, $2, $3, $4, 'pending', $5::timestamptz) ON CONFLICT (provider_payment_id) DO NOTHING RETURNING *`,
    [r.providerPaymentId, r.orderId, r.amount, r.reason, r.now.toISOString()],
  );
  return row ?? null;
}

/** Marks the refund made; false when another caller already did (its mail is then written once). */
export async function setRefunded(q: Queryable, providerPaymentId: string, providerRefundId: string, now: Date): Promise<boolean> {
  const rows = await q.query(
    `UPDATE shop.refunds SET state = 'refunded', provider_refund_id = $2, refunded_at = $3::timestamptz
     WHERE provider_payment_id = $1 AND state = 'pending' RETURNING 1`,
    [providerPaymentId, providerRefundId, now.toISOString()],
  );
  return rows.length > 0;
}

export const pendingRefunds = (q: Queryable) =>
  q.query<RefundRow>(`SELECT * FROM shop.refunds WHERE state = 'pending' ORDER BY created_at`);
