/**
 * What the sandbox does with payments: create them (with the outcome of the test card, the mandate of a
 * `first` payment, the charge of a `recurring` one), read and list them, cancel them, and move them through
 * the hosted pages' steps. Every change of status is one guarded UPDATE (`… WHERE status = 'open'`), so two
 * clicks or two instances cannot both move a payment, and each change queues a webhook call.
 */
import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Database, Queryable } from '../db/database.ts';
import { advisoryLock } from '../db/migrate.ts';
import { failureMessages, languageOfLocale } from './messages.ts';
import { AUTHENTICATION_FAILED_CODE, type FailureReason } from './test-cards.ts';
import type { WebhookDispatcher } from './webhooks.ts';
import { mollieError, notFound, type MandateRow, type PaymentRow } from './wire.ts';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** Mollie's identifiers: a type prefix and ten random letters or digits (tr_WDqYK6vllg). */
export const mollieId = (prefix: string) => `${prefix}_${[...randomBytes(10)].map((b) => ALPHABET[b % ALPHABET.length]).join('')}`;

const MINUTE = 60_000;
/** How long each method's hosted step waits for the shopper, as Mollie documents it. */
const EXPIRY_MS: Record<string, number> = {
  creditcard: 30 * MINUTE,
  paypal: 3 * 60 * MINUTE,
  bancontact: 15 * MINUTE,
  banktransfer: 12 * 24 * 60 * MINUTE,
};

/** The sandbox's bank account for transfers (an example IBAN of the Dutch bank Mollie uses). */
const SANDBOX_BANK = { bankName: 'Stichting Mollie Payments', bankAccount: 'NL53ABNA0627535577', bankBic: 'ABNANL2A' } as const;

const url = z
  .string()
  .trim()
  .url()
  .max(2048)
  .refine((value) => /^https?:/.test(value), 'The URL must use http or https');

const createPaymentBody = z.object({
  amount: z.object(
    {
      currency: z.literal('EUR', { message: 'The currency is not supported; the sandbox takes EUR only' }),
      value: z.string().regex(/^\d{1,8}\.\d{2}$/, 'The amount value must be a string with two decimals, such as "10.00"'),
    },
    { message: 'The amount is required' },
  ),
  description: z.string({ message: 'The description is required' }).trim().min(1, 'The description is required').max(255),
  redirectUrl: url.optional(),
  webhookUrl: url.optional(),
  method: z.enum(['creditcard', 'paypal', 'banktransfer', 'bancontact'], { message: 'The payment method is invalid' }).optional(),
  metadata: z
    .unknown()
    .optional()
    .refine((value) => value === undefined || JSON.stringify(value).length <= 1024, 'The metadata may hold at most 1024 bytes of JSON'),
  locale: z
    .string()
    .regex(/^[a-z]{2}_[A-Z]{2}$/, 'The locale is invalid')
    .optional(),
  customerId: z
    .string()
    .regex(/^cst_\w+$/, 'The customer id is invalid')
    .optional(),
  sequenceType: z.enum(['oneoff', 'first', 'recurring'], { message: 'The sequence type is invalid' }).default('oneoff'),
  mandateId: z
    .string()
    .regex(/^mdt_\w+$/, 'The mandate id is invalid')
    .optional(),
  cardToken: z
    .string()
    .regex(/^tkn_\w+$/, 'The card token is invalid')
    .optional(),
});
type CreatePaymentBody = z.infer<typeof createPaymentBody>;

interface TokenRow {
  token: string;
  card_label: string;
  card_number: string;
  card_holder: string;
  card_expiry_date: string;
  outcome: 'paid' | 'refused' | 'three_d_secure';
  failure_reason: FailureReason | null;
  bank_reason_code: string | null;
}

const cardDetails = (
  card: { card_label: string; card_number: string; card_holder: string; card_expiry_date: string },
  secure: boolean,
) => ({
  cardHolder: card.card_holder,
  cardNumber: card.card_number,
  cardLabel: card.card_label,
  cardExpiryDate: card.card_expiry_date,
  cardAudience: 'consumer',
  cardCountryCode: 'FR',
  cardSecurity: secure ? '3dsecure' : 'normal',
  feeRegion: 'intra-eu',
});

/** Mollie's failure details, with the bank's own reason and response code beside the shopper's message. */
const failureDetails = (reason: FailureReason, code: string, locale: string | null) => {
  const messages = failureMessages[reason];
  return { failureReason: reason, failureMessage: messages[languageOfLocale(locale)], bankReasonCode: code, bankReason: messages.bank };
};

const transferReference = () =>
  `RF${[...randomBytes(14)]
    .map((b) => b % 10)
    .join('')
    .replace(/^(\d{2})(\d{4})(\d{4})(\d{4})$/, '$1-$2-$3-$4')}`;

export const requestHash = (body: unknown) => createHash('sha256').update(JSON.stringify(body)).digest('hex');

const LIMIT_MESSAGE = 'The limit must be a whole number from 1 to 250';
/** GET /v2/payments's query, as Mollie pages: `from` is the first payment of the page, included. */
const listQuery = z.object({
  from: z
    .string()
    .regex(/^tr_\w+$/, 'The payment id to start from is invalid')
    .optional(),
  limit: z.coerce.number({ message: LIMIT_MESSAGE }).int(LIMIT_MESSAGE).min(1, LIMIT_MESSAGE).max(250, LIMIT_MESSAGE).default(50),
  // Mollie also lists oldest first (sort=asc); the sandbox does not, and says so rather than ignore it.
  sort: z.literal('desc', { message: 'The sandbox lists payments newest first only (sort=desc)' }).optional(),
});

/** A page of payments, newest first, with the first id of the pages beside it (null at either end). */
interface PaymentPage {
  rows: PaymentRow[];
  limit: number;
  from: string | undefined;
  next: string | null;
  previous: string | null;
}

export interface PaymentService {
  create(body: unknown, idempotencyKey: string | undefined): Promise<PaymentRow>;
  get(id: string): Promise<PaymentRow>;
  /** GET /v2/payments?from=&limit=: newest first (created_at, then id, both descending). */
  list(query: Record<string, string>): Promise<PaymentPage>;
  cancel(id: string): Promise<PaymentRow>;
  /** A hosted page's step: approve or cancel (PayPal, Bancontact), confirm or fail (3-D Secure), settle (transfer). */
  step(id: string, action: 'approve' | 'cancel' | 'confirm' | 'fail' | 'settle'): Promise<PaymentRow>;
}

export function paymentService(db: Database, clock: () => Date, webhooks: WebhookDispatcher): PaymentService {
  const find = async (q: Queryable, id: string) => (await q.query<PaymentRow>('SELECT * FROM payments.payments WHERE id = $1', [id]))[0];

  const validate = (raw: unknown): CreatePaymentBody => {
    const parsed = createPaymentBody.safeParse(raw);
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0]!;
    throw mollieError(422, issue.message, issue.path.join('.') || undefined);
  };

  const mandateFor = async (q: Queryable, customerId: string, mandateId: string | undefined) => {
    const rows = await q.query<MandateRow>(
      `SELECT * FROM payments.mandates WHERE customer_id = $1 AND status = 'valid' AND ($2::text IS NULL OR id = $2) ORDER BY created_at DESC LIMIT 1`,
      [customerId, mandateId ?? null],
    );
    if (!rows[0])
      throw mollieError(
        422,
        mandateId ? 'The mandate is not valid or does not belong to the customer' : 'No suitable mandates found for customer',
        'mandateId',
      );
    return rows[0];
  };

  /** Checks the rules between fields and decides the new payment's status and details. */
  const insert = async (q: Queryable, body: CreatePaymentBody): Promise<PaymentRow> => {
    const now = clock();
    const { sequenceType } = body;
    if (body.customerId && !(await q.query('SELECT 1 FROM payments.customers WHERE id = $1', [body.customerId])).length) {
      throw mollieError(422, 'The customer does not exist', 'customerId');
    }
    if (sequenceType !== 'oneoff' && !body.customerId) throw mollieError(422, `A ${sequenceType} payment needs a customer`, 'customerId');
    if (sequenceType !== 'recurring' && !body.redirectUrl) throw mollieError(422, 'The redirect URL is required', 'redirectUrl');
    if (sequenceType !== 'recurring' && !body.method) throw mollieError(422, 'The payment method is required', 'method');
    if (body.mandateId && sequenceType !== 'recurring') throw mollieError(422, 'A mandate is only used by recurring payments', 'mandateId');
    if (sequenceType === 'first' && body.method !== 'creditcard')
      throw mollieError(422, 'The sandbox takes first payments by card only', 'method');
    if (sequenceType === 'recurring' && body.method && body.method !== 'creditcard')
      throw mollieError(422, 'Recurring payments are charged to a card mandate', 'method');
    if (sequenceType === 'recurring' && body.cardToken)
      throw mollieError(422, 'A recurring payment is charged to its mandate, not to a card token', 'cardToken');
    if (body.cardToken && body.method !== 'creditcard') throw mollieError(422, 'A card token goes with the creditcard method', 'cardToken');

    const id = mollieId('tr');
    const method = body.method ?? 'creditcard';
    let status = 'open';
    let details: Record<string, unknown> = {};
    let mandateId: string | null = null;
    let expiresAt: Date | null = new Date(now.getTime() + EXPIRY_MS[method]!);

    if (sequenceType === 'recurring') {
      // Charged without the shopper: the mandate's card, paid at once, unless the card has expired since the
      // mandate was made: its bank then refuses it (54), as a real subscription's charge would meet.
      const mandate = await mandateFor(q, body.customerId!, body.mandateId);
      mandateId = mandate.id;
      details = cardDetails(mandate, false);
      const expired = mandate.card_expiry_date < now.toISOString().slice(0, 10);
      status = expired ? 'failed' : 'paid';
      if (expired) details = { ...details, ...failureDetails('card_expired', '54', body.locale ?? null) };
    } else if (method === 'creditcard') {
      // The sandbox takes cards through the card form's tokens only: its hosted pages never see a card number.
      if (!body.cardToken)
        throw mollieError(422, 'The sandbox takes card payments with a card token of the card form (Mollie Components)', 'cardToken');
      const token = (
        await q.query<TokenRow>(
          'UPDATE payments.card_tokens SET used_at = $2 WHERE token = $1 AND used_at IS NULL AND expires_at > $2 RETURNING *',
          [body.cardToken, now],
        )
      )[0];
      if (!token) throw mollieError(422, 'The card token is invalid, expired or already used', 'cardToken');
      details = cardDetails(token, token.outcome === 'three_d_secure');
      if (token.outcome === 'refused') {
        status = 'failed';
        details = { ...details, ...failureDetails(token.failure_reason!, token.bank_reason_code!, body.locale ?? null) };
      } else if (token.outcome === 'paid') status = 'paid';
    } else if (method === 'banktransfer') {
      details = { ...SANDBOX_BANK, transferReference: transferReference() };
    }
    if (status !== 'open') expiresAt = null;

    const rows = await q.query<PaymentRow>(
      `INSERT INTO payments.payments (id, amount_value, amount_currency, description, method, status, sequence_type, redirect_url,
         webhook_url, locale, metadata, customer_id, mandate_id, card_token, details, created_at, expires_at, paid_at, failed_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::text::jsonb, $12, $13, $14, $15::text::jsonb, $16, $17,
         CASE WHEN $6 = 'paid' THEN $16::timestamptz END, CASE WHEN $6 = 'failed' THEN $16::timestamptz END)
       RETURNING *`,
      [
        id,
        body.amount.value,
        body.amount.currency,
        body.description,
        method,
        status,
        sequenceType,
        body.redirectUrl ?? null,
        body.webhookUrl ?? null,
        body.locale ?? null,
        body.metadata === undefined ? null : JSON.stringify(body.metadata),
        body.customerId ?? null,
        mandateId,
        body.cardToken ?? null,
        JSON.stringify(details),
        now,
        expiresAt,
      ],
    );
    const payment = rows[0]!;
    if (status === 'paid' && sequenceType === 'first') await createMandate(q, payment);
    if (status !== 'open') await webhooks.enqueue(q, id, payment.webhook_url);
    return (await find(q, id))!;
  };

  /** A paid `first` card payment leaves a valid mandate for later charges without the shopper. */
  const createMandate = async (q: Queryable, payment: PaymentRow) => {
    const card = payment.details as { cardLabel: string; cardNumber: string; cardHolder: string; cardExpiryDate: string };
    const mandateId = mollieId('mdt');
    const now = clock();
    await q.query(
      `INSERT INTO payments.mandates (id, customer_id, method, status, card_label, card_number, card_holder, card_expiry_date, mandate_reference, signature_date, created_at)
       VALUES ($1, $2, 'creditcard', 'valid', $3, $4, $5, $6, $7, $8, $9)`,
      [
        mandateId,
        payment.customer_id,
        card.cardLabel,
        card.cardNumber,
        card.cardHolder,
        card.cardExpiryDate,
        `MG-${payment.id}`,
        now.toISOString().slice(0, 10),
        now,
      ],
    );
    await q.query('UPDATE payments.payments SET mandate_id = $2 WHERE id = $1', [payment.id, mandateId]);
  };

  /** Moves an open payment; a payment that is no longer open is refused (its page then shows its status). */
  const transition = async (id: string, change: (q: Queryable, now: Date) => Promise<PaymentRow | undefined>) => {
    const moved = await db.transaction(async (q) => {
      const row = await change(q, clock());
      if (row) await webhooks.enqueue(q, id, row.webhook_url);
      return row;
    });
    if (moved) webhooks.nudge();
    return moved;
  };

  const setStatus =
    (id: string, status: string, column: string, details: Record<string, unknown> = {}) =>
    async (q: Queryable, now: Date) =>
      (
        await q.query<PaymentRow>(
          `UPDATE payments.payments SET status = $2, ${column} = $3, expires_at = NULL, details = details || $4::text::jsonb
       WHERE id = $1 AND status = 'open' RETURNING *`,
          [id, status, now, JSON.stringify(details)],
        )
      )[0];

  const expireIfDue = async (row: PaymentRow) => {
    if (row.status !== 'open' || !row.expires_at || new Date(row.expires_at as string).getTime() > clock().getTime()) return row;
    await transition(
      row.id,
      async (q) =>
        (
          await q.query<PaymentRow>(
            `UPDATE payments.payments SET status = 'expired', expired_at = expires_at, expires_at = NULL WHERE id = $1 AND status = 'open' RETURNING *`,
            [row.id],
          )
        )[0],
    );
    return (await find(db, row.id))!;
  };

  const get = async (id: string) => {
    const row = await find(db, id);
    if (!row) throw notFound('payment', id);
    return expireIfDue(row);
  };

  return {
    async create(raw, idempotencyKey) {
      const body = validate(raw);
      const created = await db.transaction(async (q) => {
        if (!idempotencyKey) return { row: await insert(q, body), fresh: true };
        // One holder of the key at a time: a retry racing the first call waits and then finds its payment.
        await q.query(advisoryLock(`payments-idempotency:${idempotencyKey}`));
        const hash = requestHash(raw);
        const known = (
          await q.query<{ request_hash: string; payment_id: string }>(
            'SELECT request_hash, payment_id FROM payments.idempotency_keys WHERE idempotency_key = $1',
            [idempotencyKey],
          )
        )[0];
        if (known) {
          if (known.request_hash !== hash)
            throw mollieError(422, 'The Idempotency-Key was already used with a different request', 'Idempotency-Key');
          return { row: (await find(q, known.payment_id))!, fresh: false };
        }
        const row = await insert(q, body);
        await q.query(
          'INSERT INTO payments.idempotency_keys (idempotency_key, request_hash, payment_id, created_at) VALUES ($1, $2, $3, $4)',
          [idempotencyKey, hash, row.id, clock()],
        );
        return { row, fresh: true };
      });
      if (created.fresh && created.row.status !== 'open') webhooks.nudge();
      return created.row;
    },

    get,

    async list(raw) {
      const parsed = listQuery.safeParse(raw);
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        throw mollieError(400, issue.message, issue.path.join('.') || undefined);
      }
      const { from, limit } = parsed.data;
      // An unknown cursor is refused rather than answered with an empty page that would look like the end.
      if (from && !(await find(db, from))) throw mollieError(400, `No payment exists with token ${from}.`, 'from');
      const at = '(SELECT created_at, id FROM payments.payments WHERE id = $1)';
      // One more than the page: whether there is a next page, and its first id.
      const rows = await db.query<PaymentRow>(
        `SELECT * FROM payments.payments WHERE $1::text IS NULL OR (created_at, id) <= ${at}
         ORDER BY created_at DESC, id DESC LIMIT $2`,
        [from ?? null, limit + 1],
      );
      // The page before starts `limit` payments newer than this one's first (or at the newest).
      const newer = from
        ? await db.query<{ id: string }>(
            `SELECT id FROM payments.payments WHERE (created_at, id) > ${at} ORDER BY created_at, id LIMIT $2`,
            [from, limit],
          )
        : [];
      const page: PaymentRow[] = [];
      // As GET /v2/payments/:id does: an open payment whose time is up is shown expired.
      for (const row of rows.slice(0, limit)) page.push(await expireIfDue(row));
      return { rows: page, limit, from, next: rows[limit]?.id ?? null, previous: newer.at(-1)?.id ?? null };
    },

    async cancel(id) {
      const row = await get(id);
      const canceled = await transition(id, setStatus(id, 'canceled', 'canceled_at'));
      if (!canceled) throw mollieError(422, `The payment cannot be canceled (its status is ${row.status})`);
      return canceled;
    },

    async step(id, action) {
      const row = await get(id);
      const refuse = () => mollieError(422, `This step does not apply to the payment (method ${row.method}, status ${row.status})`);
      const redirected = row.method === 'paypal' || row.method === 'bancontact';
      const secure = row.method === 'creditcard' && row.status === 'open';
      let change: ((q: Queryable, now: Date) => Promise<PaymentRow | undefined>) | undefined;
      if (action === 'approve' && redirected) {
        change = setStatus(
          id,
          'paid',
          'paid_at',
          row.method === 'paypal'
            ? {
                consumerName: 'Sandbox PayPal',
                consumerAccount: 'acheteur@sandbox.paypal.test',
                paypalReference: mollieId('PP').slice(3).toUpperCase(),
              }
            : { cardNumber: '0000', consumerName: 'Sandbox Bancontact' },
        );
      } else if (action === 'cancel' && (redirected || row.method === 'banktransfer')) change = setStatus(id, 'canceled', 'canceled_at');
      else if (action === 'confirm' && secure) change = setStatus(id, 'paid', 'paid_at');
      else if (action === 'fail' && secure)
        change = setStatus(id, 'failed', 'failed_at', failureDetails('authentication_failed', AUTHENTICATION_FAILED_CODE, row.locale));
      else if (action === 'settle' && row.method === 'banktransfer') change = setStatus(id, 'paid', 'paid_at');
      if (!change) throw refuse();
      const moved = await transition(id, async (q, now) => {
        const updated = await change(q, now);
        if (updated?.status === 'paid' && updated.sequence_type === 'first') {
          await createMandate(q, updated);
          return find(q, id);
        }
        return updated;
      });
      if (!moved) throw refuse();
      return moved;
    },
  };
}
