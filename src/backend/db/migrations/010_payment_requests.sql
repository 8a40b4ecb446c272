-- Payment requests (Sylius 2's payment request API): each asks the payment provider to act on a payment
-- of a placed order (capture: take the money) and keeps what it answered, so the shopper's page can read
-- the outcome again by its hash, after a hosted page (PayPal, 3-D Secure) too.
CREATE TABLE shop.payment_requests (
  hash text PRIMARY KEY,
  payment_id integer NOT NULL REFERENCES shop.payments (id) ON DELETE CASCADE,
  method_code text NOT NULL REFERENCES shop.payment_methods (code),
  action text NOT NULL CHECK (action IN ('capture')),
  state text NOT NULL CHECK (state IN ('new', 'processing', 'completed', 'failed', 'cancelled')),
  -- The provider's outcome as the shop reads it: status, where to send the shopper, the bank's refusal.
  response_data jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX payment_requests_by_payment ON shop.payment_requests (payment_id);
