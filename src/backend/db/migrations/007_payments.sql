-- The payment sandbox (src/backend/payments): an embedded stand-in for Mollie's REST API v2, so the
-- provider's own Node client runs unchanged against it. Its own schema, like every service; production
-- never mounts the sandbox and talks to Mollie itself, so these tables then stay empty.
--
-- No card number or CVC is ever stored, not even here: the card form posts the card to the sandbox,
-- which decides the test card's outcome at tokenisation and keeps only that outcome with the token,
-- next to the brand, the last four digits and the expiry.
CREATE SCHEMA IF NOT EXISTS payments;

CREATE TABLE payments.customers (
  id text PRIMARY KEY,
  name text,
  email text,
  locale text,
  metadata jsonb,
  created_at timestamptz NOT NULL
);

-- A single-use card token of the card form (Mollie Components): what the payment needs, nothing more.
CREATE TABLE payments.card_tokens (
  token text PRIMARY KEY,
  card_label text NOT NULL CHECK (card_label IN ('Visa', 'Mastercard')),
  card_number text NOT NULL CHECK (card_number ~ '^[0-9]{4}$'),
  card_holder text NOT NULL,
  -- The last day of the expiry month, as Mollie reports it (cardExpiryDate, YYYY-MM-DD).
  card_expiry_date text NOT NULL CHECK (card_expiry_date ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
  -- What the test card does once charged: paid, refused (with the bank's reason) or a 3-D Secure step.
  outcome text NOT NULL CHECK (outcome IN ('paid', 'refused', 'three_d_secure')),
  failure_reason text,
  bank_reason_code text,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);

CREATE TABLE payments.mandates (
  id text PRIMARY KEY,
  customer_id text NOT NULL REFERENCES payments.customers (id) ON DELETE CASCADE,
  method text NOT NULL CHECK (method = 'creditcard'),
  status text NOT NULL CHECK (status IN ('valid', 'pending', 'invalid')),
  card_label text NOT NULL,
  card_number text NOT NULL,
  card_holder text NOT NULL,
  card_expiry_date text NOT NULL,
  mandate_reference text,
  signature_date text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX mandates_by_customer ON payments.mandates (customer_id, created_at);

CREATE TABLE payments.payments (
  id text PRIMARY KEY,
  amount_value text NOT NULL,
  amount_currency text NOT NULL,
  description text NOT NULL,
  method text NOT NULL CHECK (method IN ('creditcard', 'paypal', 'banktransfer', 'bancontact')),
  status text NOT NULL CHECK (status IN ('open', 'pending', 'authorized', 'paid', 'failed', 'canceled', 'expired')),
  sequence_type text NOT NULL CHECK (sequence_type IN ('oneoff', 'first', 'recurring')),
  redirect_url text,
  webhook_url text,
  locale text,
  metadata jsonb,
  customer_id text REFERENCES payments.customers (id),
  mandate_id text REFERENCES payments.mandates (id),
  card_token text REFERENCES payments.card_tokens (token),
  -- Mollie's `details` of the method (card brand and last digits, failure, bank transfer instructions…).
  details jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL,
  expires_at timestamptz,
  paid_at timestamptz,
  failed_at timestamptz,
  canceled_at timestamptz,
  expired_at timestamptz
);

-- Idempotency-Key: the same key with the same body answers the first payment again, never a second charge.
CREATE TABLE payments.idempotency_keys (
  idempotency_key text PRIMARY KEY,
  request_hash text NOT NULL,
  payment_id text NOT NULL REFERENCES payments.payments (id),
  created_at timestamptz NOT NULL
);

-- Webhook calls to the shop, retried with backoff until one is answered with a 2xx.
CREATE TABLE payments.webhook_deliveries (
  id bigserial PRIMARY KEY,
  payment_id text NOT NULL REFERENCES payments.payments (id),
  url text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz,
  delivered_at timestamptz,
  last_error text,
  created_at timestamptz NOT NULL
);
CREATE INDEX webhook_deliveries_due ON payments.webhook_deliveries (next_attempt_at) WHERE delivered_at IS NULL AND next_attempt_at IS NOT NULL;
