/**
 * Refunds, as Mollie's Refunds API makes them: any number of refunds of a paid payment, each for at most
 * what is left of it. The payment keeps the sum refunded (payments.amount_refunded), raised by one guarded
 * UPDATE that also checks the payment is paid and the sum stays within its amount, so two refunds at once
 * (two instances, or a retry racing the first call) can never take back more than was paid.
 *
 * A real refund waits a while (`pending`, then `processing`) before it is `refunded`; the sandbox settles
 * it at once, so the shop reads the final status in the answer to its call. Mollie calls the payment's
 * webhook when a refund settles or fails; the sandbox queues no call for it: its refunds neither wait nor
 * fail, and the shop already has the answer.
 */
import { z } from 'zod';
import type { Database, Queryable } from '../db/database.ts';
import { advisoryLock } from '../db/migrate.ts';
import { mollieId, requestHash } from './payments.ts';
import { fromCents, mollieError, notFound, toCents, type PaymentRow, type RefundRow } from './wire.ts';

const createRefundBody = z.object({
  amount: z.object(
    {
      currency: z.literal('EUR', { message: 'The currency is not supported; the sandbox takes EUR only' }),
      value: z.string().regex(/^\d{1,8}\.\d{2}$/, 'The amount value must be a string with two decimals, such as "10.00"'),
    },
    { message: 'The amount is required' },
  ),
  // Mollie passes it to the shopper's bank or card issuer where it can, hence its short limit.
  description: z.string().trim().max(140, 'The description may hold at most 140 characters').optional(),
  metadata: z
    .unknown()
    .optional()
    .refine((value) => value === undefined || JSON.stringify(value).length <= 1024, 'The metadata may hold at most 1024 bytes of JSON'),
});
type CreateRefundBody = z.infer<typeof createRefundBody>;

export interface RefundService {
  create(paymentId: string, body: unknown, idempotencyKey: string | undefined): Promise<RefundRow>;
  /** A payment's refunds, newest first. */
  list(paymentId: string): Promise<RefundRow[]>;
  get(paymentId: string, refundId: string): Promise<RefundRow>;
}

export function refundService(db: Database, clock: () => Date): RefundService {
  const payment = async (q: Queryable, id: string) => {
    const row = (await q.query<PaymentRow>('SELECT * FROM payments.payments WHERE id = $1', [id]))[0];
    if (!row) throw notFound('payment', id);
    return row;
  };

  const validate = (raw: unknown): CreateRefundBody => {
    const parsed = createRefundBody.safeParse(raw);
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0]!;
    throw mollieError(422, issue.message, issue.path.join('.') || undefined);
  };

  const insert = async (q: Queryable, paymentId: string, body: CreateRefundBody): Promise<RefundRow> => {
    const paid = await payment(q, paymentId);
    if (paid.status !== 'paid') throw mollieError(422, `The payment cannot be refunded (its status is ${paid.status})`);
    const remaining = fromCents(toCents(paid.amount_value) - toCents(paid.amount_refunded));
    if (toCents(body.amount.value) <= 0) throw mollieError(422, 'The amount to refund must be above zero', 'amount');
    // Checked again in the UPDATE itself: another refund may have been made since the read above.
    const raised = await q.query<PaymentRow>(
      `UPDATE payments.payments SET amount_refunded = (amount_refunded::numeric + $2::numeric)::text
       WHERE id = $1 AND status = 'paid' AND amount_refunded::numeric + $2::numeric <= amount_value::numeric RETURNING id`,
      [paymentId, body.amount.value],
    );
    if (!raised.length)
      throw mollieError(422, `The amount to refund (${body.amount.value}) is higher than the amount remaining (${remaining})`, 'amount');
    const rows = await q.query<RefundRow>(
      `INSERT INTO payments.refunds (id, payment_id, amount_value, amount_currency, status, description, metadata, created_at)
       VALUES ($1, $2, $3, $4, 'refunded', $5, $6::text::jsonb, $7) RETURNING *`,
      [
        mollieId('re'),
        paymentId,
        body.amount.value,
        body.amount.currency,
        body.description ?? '',
        body.metadata === undefined ? null : JSON.stringify(body.metadata),
        clock(),
      ],
    );
    return rows[0]!;
  };

  return {
    async create(paymentId, raw, idempotencyKey) {
      const body = validate(raw);
      return db.transaction(async (q) => {
        if (!idempotencyKey) return insert(q, paymentId, body);
        // As for payments: one holder of the key at a time, and the key stays with the payment and body it was first sent with.
        await q.query(advisoryLock(`refunds-idempotency:${idempotencyKey}`));
        const hash = requestHash({ paymentId, body: raw });
        const known = (
          await q.query<{ request_hash: string; refund_id: string }>(
            'SELECT request_hash, refund_id FROM payments.refund_idempotency_keys WHERE idempotency_key = $1',
            [idempotencyKey],
          )
        )[0];
        if (known) {
          if (known.request_hash !== hash)
            throw mollieError(422, 'The Idempotency-Key was already used with a different request', 'Idempotency-Key');
          return (await q.query<RefundRow>('SELECT * FROM payments.refunds WHERE id = $1', [known.refund_id]))[0]!;
        }
        const row = await insert(q, paymentId, body);
        await q.query(
          'INSERT INTO payments.refund_idempotency_keys (idempotency_key, request_hash, refund_id, created_at) VALUES ($1, $2, $3, $4)',
          [idempotencyKey, hash, row.id, clock()],
        );
        return row;
      });
    },

    async list(paymentId) {
      await payment(db, paymentId);
      return db.query<RefundRow>('SELECT * FROM payments.refunds WHERE payment_id = $1 ORDER BY created_at DESC, id DESC', [paymentId]);
    },

    async get(paymentId, refundId) {
      const row = (await db.query<RefundRow>('SELECT * FROM payments.refunds WHERE id = $1 AND payment_id = $2', [refundId, paymentId]))[0];
      if (!row) throw notFound('refund', refundId);
      return row;
    },
  };
}
