-- Newsletter sign-ups (double opt-in), the personal codes of the 5 € first-order offer, and the contact
-- requests with their attachments.

-- One row per e-mail. A sign-up is pending until the mailed link is followed; the link's token is stored
-- as a digest, works once and expires. The 5 € code is given once per e-mail, whatever happens later
-- (unsubscribing and signing up again gives no second code).
CREATE TABLE shop.newsletter_subscribers (
  id serial PRIMARY KEY,
  email text NOT NULL,
  email_canonical text NOT NULL UNIQUE,
  locale_code text NOT NULL CHECK (locale_code IN ('fr_FR', 'fr_BE', 'nl_BE')),
  confirmed_at timestamptz,
  token_hash text UNIQUE,
  token_expires_at timestamptz,
  requested_at timestamptz NOT NULL,
  welcome_coupon_code text
);

-- Personal coupons: a code that only its owner may use (by account, or by e-mail for a subscriber who
-- has no account yet), codes that work once, and names kept only to explain that they are not public.
ALTER TABLE shop.coupons
  ADD COLUMN owner_customer_id integer REFERENCES shop.customers (id) ON DELETE CASCADE,
  ADD COLUMN owner_email text,
  ADD COLUMN single_use boolean NOT NULL DEFAULT false,
  -- A name that never applies: typing it says where the real (personal) codes come from.
  ADD COLUMN reserved boolean NOT NULL DEFAULT false,
  ADD COLUMN created_at timestamptz;
CREATE INDEX coupons_by_owner_customer ON shop.coupons (owner_customer_id) WHERE owner_customer_id IS NOT NULL;
CREATE INDEX coupons_by_owner_email ON shop.coupons (owner_email) WHERE owner_email IS NOT NULL;
ALTER TABLE shop.newsletter_subscribers
  ADD CONSTRAINT newsletter_welcome_coupon FOREIGN KEY (welcome_coupon_code) REFERENCES shop.coupons (code) ON DELETE SET NULL;

-- BIENVENUE5 was a public code anyone could type: it becomes the model of the personal codes (their value
-- and labels are copied from it) and is refused when typed.
UPDATE shop.coupons SET reserved = true WHERE code = 'BIENVENUE5';

-- Contact requests: what the shopper wrote, who they are (the customer when signed in, else the e-mail and
-- name they gave), and their files, kept in the database (never in the web root), read only by staff.
CREATE TABLE shop.contact_requests (
  id serial PRIMARY KEY,
  reference text NOT NULL UNIQUE,
  customer_id integer REFERENCES shop.customers (id) ON DELETE SET NULL,
  email text NOT NULL,
  name text,
  order_number text,
  product_name text,
  message text NOT NULL,
  locale_code text NOT NULL CHECK (locale_code IN ('fr_FR', 'fr_BE', 'nl_BE')),
  created_at timestamptz NOT NULL
);
CREATE INDEX contact_requests_by_date ON shop.contact_requests (created_at DESC);

CREATE TABLE shop.contact_files (
  id serial PRIMARY KEY,
  request_id integer NOT NULL REFERENCES shop.contact_requests (id) ON DELETE CASCADE,
  position integer NOT NULL,
  file_name text NOT NULL,
  media_type text NOT NULL,
  size integer NOT NULL CHECK (size > 0),
  content bytea NOT NULL,
  UNIQUE (request_id, position)
);
