-- The shop service (Sylius-style): customers and their credentials, sessions, addresses, carts and
-- orders, coupons. Its own schema, so it could move to a database of its own. Variants are referenced
-- by code only: the catalogue belongs to the content service and is re-seeded independently, so an order
-- item keeps a copy of the name and price it was sold with.
CREATE SCHEMA IF NOT EXISTS shop;

CREATE TABLE shop.customers (
  id serial PRIMARY KEY,
  email text NOT NULL,
  -- Lower-cased e-mail: the login and the uniqueness check ignore case.
  email_canonical text NOT NULL UNIQUE,
  first_name text NOT NULL,
  last_name text NOT NULL,
  gender text CHECK (gender IN ('m', 'f')),
  birthday date,
  subscribed_to_newsletter boolean NOT NULL DEFAULT false,
  preferred_language text NOT NULL CHECK (preferred_language IN ('fr', 'nl')),
  default_address_id integer,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);

-- Credentials apart from the personal data: only the authentication code reads them.
CREATE TABLE shop.shop_users (
  customer_id integer PRIMARY KEY REFERENCES shop.customers (id) ON DELETE CASCADE,
  -- scrypt$N$r$p$salt$hash: the parameters travel with the hash so the cost can be raised later.
  password_hash text NOT NULL,
  -- Set once the customer proved they read the mailbox (a password reset through the e-mailed link).
  verified boolean NOT NULL DEFAULT false,
  password_changed_at timestamptz NOT NULL
);

-- Refresh tokens are stored as SHA-256 digests: a leaked table does not leak sessions. Every rotation
-- adds a child to the family of the first login; replaying a rotated token revokes the whole family.
CREATE TABLE shop.refresh_tokens (
  token_hash text PRIMARY KEY,
  customer_id integer NOT NULL REFERENCES shop.customers (id) ON DELETE CASCADE,
  family_id text NOT NULL,
  parent_hash text,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  rotated_at timestamptz,
  revoked_at timestamptz
);
CREATE INDEX refresh_tokens_by_family ON shop.refresh_tokens (family_id);
CREATE INDEX refresh_tokens_by_customer ON shop.refresh_tokens (customer_id);

-- Failed logins per e-mail (known or not, so the throttle says nothing about which accounts exist).
CREATE TABLE shop.login_attempts (
  id bigserial PRIMARY KEY,
  email_canonical text NOT NULL,
  attempted_at timestamptz NOT NULL
);
CREATE INDEX login_attempts_by_email ON shop.login_attempts (email_canonical, attempted_at);

CREATE TABLE shop.reset_password_requests (
  token_hash text PRIMARY KEY,
  customer_id integer NOT NULL REFERENCES shop.customers (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX reset_password_requests_by_customer ON shop.reset_password_requests (customer_id);

CREATE TABLE shop.addresses (
  id serial PRIMARY KEY,
  customer_id integer NOT NULL REFERENCES shop.customers (id) ON DELETE CASCADE,
  company text,
  first_name text NOT NULL,
  last_name text NOT NULL,
  country_code text NOT NULL,
  province_code text,
  province_name text,
  street text NOT NULL,
  street2 text,
  city text NOT NULL,
  postcode text NOT NULL,
  phone_number text NOT NULL,
  phone_number2 text,
  alias text,
  delivery_instructions text,
  created_at timestamptz NOT NULL
);
CREATE INDEX addresses_by_customer ON shop.addresses (customer_id);
ALTER TABLE shop.customers ADD CONSTRAINT customers_default_address
  FOREIGN KEY (default_address_id) REFERENCES shop.addresses (id) ON DELETE SET NULL;

-- Coupons of the cart page. value: percent for 'percentage', minor units for 'fixed'.
CREATE TABLE shop.coupons (
  code text PRIMARY KEY CHECK (code = upper(code)),
  kind text NOT NULL CHECK (kind IN ('percentage', 'fixed')),
  value integer NOT NULL CHECK (value > 0),
  -- Items total (after the subscription discount, before this coupon) from which it applies.
  minimum_items_total integer NOT NULL DEFAULT 0,
  starts_at timestamptz,
  expires_at timestamptz,
  -- Only for a customer with no completed order yet (the exit-intent newsletter offer).
  first_order_only boolean NOT NULL DEFAULT false,
  label_fr text NOT NULL,
  label_nl text NOT NULL
);

CREATE TABLE shop.orders (
  id serial PRIMARY KEY,
  token_value text NOT NULL UNIQUE,
  customer_id integer REFERENCES shop.customers (id) ON DELETE SET NULL,
  channel_code text NOT NULL CHECK (channel_code IN ('FR', 'BE')),
  locale_code text NOT NULL CHECK (locale_code IN ('fr_FR', 'fr_BE', 'nl_BE')),
  state text NOT NULL DEFAULT 'cart',
  checkout_state text NOT NULL DEFAULT 'cart',
  payment_state text NOT NULL DEFAULT 'cart',
  shipping_state text NOT NULL DEFAULT 'cart',
  coupon_code text REFERENCES shop.coupons (code) ON DELETE SET NULL,
  checkout_completed_at timestamptz,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX orders_by_customer ON shop.orders (customer_id, state, updated_at);

CREATE TABLE shop.order_items (
  id serial PRIMARY KEY,
  order_id integer NOT NULL REFERENCES shop.orders (id) ON DELETE CASCADE,
  variant_code text NOT NULL,
  product_name text NOT NULL,
  variant_name text NOT NULL,
  quantity integer NOT NULL CHECK (quantity BETWEEN 1 AND 99),
  original_unit_price integer NOT NULL CHECK (original_unit_price >= 0),
  unit_price integer NOT NULL CHECK (unit_price >= 0),
  -- Days between deliveries, 0 for a one-off purchase.
  subscription_interval integer NOT NULL DEFAULT 0,
  source_item_list text,
  upsell boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL,
  -- Adding the same variant at the same interval adds to the quantity of the existing line.
  UNIQUE (order_id, variant_code, subscription_interval)
);

-- The seeded coupons. BIENVENUE5 is the exit-intent offer: its value is EXIT_INTENT_DISCOUNT of
-- src/lib/constants.ts (a test checks they agree).
INSERT INTO shop.coupons (code, kind, value, minimum_items_total, starts_at, expires_at, first_order_only, label_fr, label_nl) VALUES
  ('BIENVENUE10', 'percentage', 10, 0, NULL, NULL, false, 'Bienvenue : 10 % de réduction', 'Welkom: 10% korting'),
  ('CROQ5', 'fixed', 500, 3000, NULL, NULL, false, '5 € de réduction dès 30 € d’achat', '€ 5 korting vanaf € 30 aankoop'),
  ('NOEL2025', 'percentage', 15, 0, '2025-12-01T00:00:00+01:00', '2025-12-31T23:59:59+01:00', false, 'Noël 2025 : 15 % de réduction', 'Kerstmis 2025: 15% korting'),
  ('BIENVENUE5', 'fixed', 500, 0, NULL, NULL, true, 'Première commande : 5 € offerts', 'Eerste bestelling: € 5 korting');
