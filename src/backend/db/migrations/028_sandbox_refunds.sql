-- The payment sandbox's refunds (src/backend/payments/refunds.ts), as Mollie's Refunds API makes them:
-- any number of refunds of a paid payment, each for part of what is left of it.
--
-- The payment keeps the sum refunded so far, in Mollie's decimal string like its amount: a refund adds to
-- it in one guarded UPDATE (`… WHERE amount_refunded + refund <= amount_value`), so two refunds at once
-- can never take back more than was paid, and every read of the payment shows its amountRefunded.
ALTER TABLE payments.payments ADD COLUMN amount_refunded text NOT NULL DEFAULT '0.00' CHECK (amount_refunded ~ '^\d+\.\d{2}$');

-- Mollie's statuses; the sandbox settles a refund at once, so it only ever writes `refunded`.
CREATE TABLE payments.refunds (
  id text PRIMARY KEY,
  payment_id text NOT NULL REFERENCES payments.payments (id),
  amount_value text NOT NULL,
  amount_currency text NOT NULL,
  status text NOT NULL CHECK (status IN ('queued', 'pending', 'processing', 'refunded', 'failed', 'canceled')),
  description text NOT NULL,
  metadata jsonb,
  created_at timestamptz NOT NULL
);
CREATE INDEX refunds_by_payment ON payments.refunds (payment_id, created_at, id);

-- Idempotency-Key of a refund: the same key with the same payment and body answers the first refund again,
-- never a second one. Kept apart from payments.idempotency_keys, whose rows point at the payment made.
CREATE TABLE payments.refund_idempotency_keys (
  idempotency_key text PRIMARY KEY,
  request_hash text NOT NULL,
  refund_id text NOT NULL REFERENCES payments.refunds (id),
  created_at timestamptz NOT NULL
);

-- GET /v2/payments lists newest first, a page at a time from a given payment (Mollie's cursor paging).
CREATE INDEX payments_newest_first ON payments.payments (created_at DESC, id DESC);
