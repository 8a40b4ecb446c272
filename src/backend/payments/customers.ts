/**
 * Customers and their mandates (a mandate is made by a paid `first` card payment, payments.ts), and the
 * card form's tokens: the card goes to the provider, which answers a single-use `tkn_…` that the shop
 * passes as `cardToken`. Only the brand, the last four digits, the holder, the expiry and the test card's
 * outcome are kept; the number and the CVC are dropped here.
 */
import { z } from 'zod';
import { EXPIRY_DATE, expiryEnd, VERIFICATION_CODE } from '../../lib/payments/card-details.ts';
import type { Database } from '../db/database.ts';
import { mollieId } from './payments.ts';
import { classifyCard } from './test-cards.ts';
import { mollieError, notFound, type CustomerRow, type MandateRow } from './wire.ts';

const TOKEN_LIFETIME_MS = 60 * 60_000;

const firstIssue = (error: z.ZodError) => {
  const issue = error.issues[0]!;
  return mollieError(422, issue.message, issue.path.join('.') || undefined);
};

const createCustomerBody = z.object({
  name: z.string().trim().max(255).optional(),
  email: z.string().trim().email('The email address is invalid').max(320).optional(),
  locale: z
    .string()
    .regex(/^[a-z]{2}_[A-Z]{2}$/, 'The locale is invalid')
    .optional(),
  metadata: z.unknown().optional(),
});

const cardTokenBody = z.object({
  cardHolder: z.string({ message: 'The card holder is required' }).trim().min(1, 'The card holder is required').max(100),
  cardNumber: z.string({ message: 'The card number is required' }).max(30),
  expiryDate: z.string({ message: 'The expiry date is required' }).regex(EXPIRY_DATE, 'The expiry date must read MM/YY'),
  verificationCode: z
    .string({ message: 'The verification code is required' })
    .regex(VERIFICATION_CODE, 'The verification code must have 3 or 4 digits'),
});

export function customerService(db: Database, clock: () => Date) {
  const customer = async (id: string) => {
    const row = (await db.query<CustomerRow>('SELECT * FROM payments.customers WHERE id = $1', [id]))[0];
    if (!row) throw notFound('customer', id);
    return row;
  };
  return {
    async create(raw: unknown): Promise<CustomerRow> {
      const parsed = createCustomerBody.safeParse(raw ?? {});
      if (!parsed.success) throw firstIssue(parsed.error);
      const { name, email, locale, metadata } = parsed.data;
      return (
        await db.query<CustomerRow>(
          'INSERT INTO payments.customers (id, name, email, locale, metadata, created_at) VALUES ($1, $2, $3, $4, $5::text::jsonb, $6) RETURNING *',
          [mollieId('cst'), name ?? null, email ?? null, locale ?? null, metadata === undefined ? null : JSON.stringify(metadata), clock()],
        )
      )[0]!;
    },
    customer,
    async mandates(customerId: string): Promise<MandateRow[]> {
      await customer(customerId);
      return db.query<MandateRow>('SELECT * FROM payments.mandates WHERE customer_id = $1 ORDER BY created_at DESC, id', [customerId]);
    },
    async mandate(customerId: string, id: string): Promise<MandateRow> {
      await customer(customerId);
      const row = (await db.query<MandateRow>('SELECT * FROM payments.mandates WHERE customer_id = $1 AND id = $2', [customerId, id]))[0];
      if (!row) throw notFound('mandate', id);
      return row;
    },
    async tokenise(raw: unknown) {
      const parsed = cardTokenBody.safeParse(raw ?? {});
      if (!parsed.success) throw firstIssue(parsed.error);
      const card = classifyCard(parsed.data.cardNumber);
      if (card === 'invalid') throw mollieError(422, 'The card number is invalid', 'cardNumber');
      if (card === 'unsupported') throw mollieError(422, 'The card brand is not supported: Visa or Mastercard only', 'cardNumber');
      const now = clock();
      const expiry = expiryEnd(parsed.data.expiryDate, now);
      if (!expiry) throw mollieError(422, 'The card has expired', 'expiryDate');
      const token = mollieId('tkn');
      const last4 = card.number.slice(-4);
      await db.query(
        `INSERT INTO payments.card_tokens (token, card_label, card_number, card_holder, card_expiry_date, outcome, failure_reason, bank_reason_code, created_at, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [
          token,
          card.label,
          last4,
          parsed.data.cardHolder,
          expiry,
          card.outcome,
          card.failureReason ?? null,
          card.bankReasonCode ?? null,
          now,
          new Date(now.getTime() + TOKEN_LIFETIME_MS),
        ],
      );
      return { resource: 'card-token', token, cardLabel: card.label, cardNumber: last4, cardExpiryDate: expiry };
    },
  };
}
