-- Subscriptions: a completed order's subscription items, paid by card, become one subscription per
-- frequency. Each next delivery is a draft order (shop.orders in state draft, priced like a cart), turned
-- into an order and charged on the stored card mandate by the scheduler when its day comes.

-- A draft is an order no cart call can reach (they take state cart only) and no account list shows
-- (they list completed checkouts): the subscription's next delivery, waiting for its day.
ALTER TABLE shop.orders DROP CONSTRAINT orders_state;
ALTER TABLE shop.orders ADD CONSTRAINT orders_state CHECK (state IN ('cart', 'draft', 'new', 'fulfilled', 'cancelled'));

CREATE TABLE shop.subscriptions (
  id serial PRIMARY KEY,
  -- What the account's paths show: readable, unguessable enough with the customer check behind it.
  code text NOT NULL UNIQUE,
  customer_id integer NOT NULL REFERENCES shop.customers (id) ON DELETE CASCADE,
  channel_code text NOT NULL CHECK (channel_code IN ('FR', 'BE')),
  locale_code text NOT NULL CHECK (locale_code IN ('fr_FR', 'fr_BE', 'nl_BE')),
  state text NOT NULL DEFAULT 'active' CHECK (state IN ('active', 'paused', 'stopped', 'payment_failure', 'product_unavailable',
    'pickuppoint_unavailable', 'promotion_unavailable', 'error')),
  frequency_days integer NOT NULL CHECK (frequency_days BETWEEN 21 AND 155),
  -- The shipment the draft is for, and the last one shipped (the start of a new frequency's count).
  next_shipment_date date NOT NULL,
  last_shipment_date date NOT NULL,
  -- The card the scheduler charges: the provider's customer and mandate, and what the account shows of it.
  provider_customer_id text NOT NULL,
  provider_mandate_id text NOT NULL,
  card_brand text,
  card_last4 text CHECK (card_last4 ~ '^[0-9]{4}$'),
  card_expiry text,
  -- The settings each new draft is made from.
  shipping_method_code text NOT NULL REFERENCES shop.shipping_methods (code),
  relay_point_id text,
  relay_point jsonb,
  shipping_address jsonb NOT NULL,
  billing_address jsonb NOT NULL,
  created_from_order_id integer REFERENCES shop.orders (id) ON DELETE SET NULL,
  -- The draft next order (one at a time).
  draft_order_id integer REFERENCES shop.orders (id) ON DELETE SET NULL,
  -- The scheduler's last failure on a due draft (the provider's message), for the operator.
  last_error text,
  -- An operator handled a cancellation before the second delivery: the draft still ships (minimum 2
  -- deliveries), then the subscription stops.
  stop_after_next boolean NOT NULL DEFAULT false,
  stopped_at timestamptz,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  CHECK ((relay_point_id IS NULL) = (relay_point IS NULL))
);
CREATE INDEX subscriptions_by_customer ON shop.subscriptions (customer_id, id);

-- The products of a subscription (its settings): each draft copies them, upsells excepted.
CREATE TABLE shop.subscription_items (
  id serial PRIMARY KEY,
  subscription_id integer NOT NULL REFERENCES shop.subscriptions (id) ON DELETE CASCADE,
  variant_code text NOT NULL,
  quantity integer NOT NULL CHECK (quantity BETWEEN 1 AND 99),
  -- As sold last: a draft takes the catalogue's names and price, these when the variant left it.
  product_name text NOT NULL,
  variant_name text NOT NULL,
  original_unit_price integer NOT NULL CHECK (original_unit_price >= 0),
  UNIQUE (subscription_id, variant_code)
);

-- Every order of a subscription (the first one, then each draft), with the shipment it was for, and
-- for a draft what the scheduler did of it: reminders sent, ship now asked, placed.
CREATE TABLE shop.subscription_orders (
  order_id integer NOT NULL REFERENCES shop.orders (id) ON DELETE CASCADE,
  subscription_id integer NOT NULL REFERENCES shop.subscriptions (id) ON DELETE CASCADE,
  shipment_date date NOT NULL,
  reminded_7_at timestamptz,
  reminded_4_at timestamptz,
  ship_now_requested_at timestamptz,
  ship_now_deadline timestamptz,
  -- Set when the draft became an order (state new) and its charge was asked.
  placed_at timestamptz,
  created_at timestamptz NOT NULL,
  -- The first order may start several subscriptions (one per frequency); a draft belongs to one.
  PRIMARY KEY (subscription_id, order_id)
);
CREATE INDEX subscription_orders_by_order ON shop.subscription_orders (order_id);
CREATE INDEX subscription_orders_by_subscription ON shop.subscription_orders (subscription_id, shipment_date DESC);

-- Cancellation requests: one open at a time; an operator handles it (npm run operator -- handle-abort).
CREATE TABLE shop.subscription_abort_requests (
  id serial PRIMARY KEY,
  subscription_id integer NOT NULL REFERENCES shop.subscriptions (id) ON DELETE CASCADE,
  reason text NOT NULL,
  message text NOT NULL,
  created_at timestamptz NOT NULL,
  handled_at timestamptz
);
CREATE UNIQUE INDEX subscription_abort_requests_one_open ON shop.subscription_abort_requests (subscription_id) WHERE handled_at IS NULL;

-- The scheduler's charges (reminders and drafts are claimed by locking their own rows): a job per payment. An instance claims a due job with
-- FOR UPDATE SKIP LOCKED and a lease (locked_until); a crashed instance's lease runs out and the job is
-- claimed again. A job is done once; its key (charge:<payment id>) makes it unique.
CREATE TABLE shop.scheduler_jobs (
  id bigserial PRIMARY KEY,
  key text NOT NULL UNIQUE,
  kind text NOT NULL CHECK (kind = 'charge'),
  subscription_id integer NOT NULL REFERENCES shop.subscriptions (id) ON DELETE CASCADE,
  order_id integer NOT NULL REFERENCES shop.orders (id) ON DELETE CASCADE,
  -- The payment the charge is for: the provider's idempotency key is derived from it.
  payment_id integer NOT NULL REFERENCES shop.payments (id) ON DELETE CASCADE,
  due_at timestamptz NOT NULL,
  locked_until timestamptz,
  attempts integer NOT NULL DEFAULT 0,
  done_at timestamptz,
  last_error text
);
CREATE INDEX scheduler_jobs_due ON shop.scheduler_jobs (due_at) WHERE done_at IS NULL;

-- The platform's clock offset for demonstrations (npm run clock -- advance 5d): read outside production only.
CREATE TABLE shop.clock_offset (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  offset_ms bigint NOT NULL
);
