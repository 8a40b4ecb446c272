-- Payment attempts and the charges the shop does not keep (src/backend/shop/orders/payments.ts).
--
-- A payment request is one attempt at the provider. It is recorded before the provider is called, and the
-- provider's payment carries the attempt's hash in its metadata, so a charge made just before a crash is
-- found again. Its provider id is kept on the attempt itself: a second attempt (another method) never
-- hides the first one's charge.
ALTER TABLE shop.payment_requests ADD COLUMN provider_payment_id text UNIQUE;
ALTER TABLE shop.payment_requests DROP CONSTRAINT payment_requests_state_check;
ALTER TABLE shop.payment_requests
  ADD CONSTRAINT payment_requests_state_check CHECK (state IN ('new', 'processing', 'completed', 'failed', 'cancelled', 'refunded'));
-- At most one attempt is live per payment: another one is refused until the live one is settled or cancelled.
CREATE UNIQUE INDEX payment_requests_one_live ON shop.payment_requests (payment_id) WHERE state IN ('new', 'processing');

-- A charge the order cannot keep (its order was already paid, or its attempt had been cancelled): refunded
-- at once. `pending` until the provider took the refund, so a crash in between is retried on restart.
CREATE TABLE shop.refunds (
  provider_payment_id text PRIMARY KEY,
  order_id integer NOT NULL REFERENCES shop.orders (id) ON DELETE CASCADE,
  amount integer NOT NULL CHECK (amount > 0),
  reason text NOT NULL CHECK (reason IN ('order_already_paid', 'attempt_closed')),
  state text NOT NULL CHECK (state IN ('pending', 'refunded')),
  provider_refund_id text,
  created_at timestamptz NOT NULL,
  refunded_at timestamptz
);
CREATE INDEX refunds_pending ON shop.refunds (created_at) WHERE state = 'pending';
