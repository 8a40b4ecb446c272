-- The checkout of the shop service: what an order needs beyond the cart (its number, its addresses, its
-- frozen accounting lines), its shipment and its payments, and the carriers and payment methods offered.
-- A cart is priced live on every answer; a completed order keeps the figures it was placed with.

-- Order numbers are readable and never reused: 000001001, 000001002… (nine digits, as Sylius pads them).
CREATE SEQUENCE shop.order_numbers START 1001;

ALTER TABLE shop.orders
  ADD COLUMN number text UNIQUE,
  ADD COLUMN notes text,
  -- Snapshots, not references: an address edited or deleted later must not change a placed order.
  ADD COLUMN billing_address jsonb,
  ADD COLUMN shipping_address jsonb,
  -- Accounting lines frozen at completion (minor units, tax included); null while the order is a cart.
  ADD COLUMN items_total integer,
  ADD COLUMN order_promotion_total integer,
  ADD COLUMN shipping_total integer,
  ADD COLUMN service_fees_total integer,
  ADD COLUMN tax_total integer,
  ADD COLUMN total integer,
  ADD COLUMN total_excluding_tax integer,
  -- The promotions applied at completion: [{code, label: {fr, nl}, amount}].
  ADD COLUMN promotions jsonb,
  ADD CONSTRAINT orders_state CHECK (state IN ('cart', 'new', 'fulfilled', 'cancelled')),
  ADD CONSTRAINT orders_checkout_state CHECK (checkout_state IN ('cart', 'addressed', 'shipping_selected', 'shipping_skipped', 'payment_selected', 'payment_skipped', 'completed')),
  ADD CONSTRAINT orders_payment_state CHECK (payment_state IN ('cart', 'awaiting_payment', 'partially_authorized', 'authorized', 'partially_paid', 'cancelled', 'paid', 'partially_refunded', 'refunded')),
  ADD CONSTRAINT orders_shipping_state CHECK (shipping_state IN ('cart', 'ready', 'shipped', 'cancelled'));
-- The account lists a customer's placed orders, newest first.
CREATE INDEX orders_placed_by_customer ON shop.orders (customer_id, checkout_completed_at DESC, id DESC) WHERE checkout_state = 'completed';

-- Carriers: home delivery (FR, BE, LU) and relay points (France only). A method is offered on a channel
-- for the countries that have a rate; the fee is the price below the free-shipping threshold.
CREATE TABLE shop.shipping_methods (
  code text PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('home', 'relay_point')),
  carrier text NOT NULL,
  position integer NOT NULL,
  name_fr text NOT NULL,
  name_nl text NOT NULL,
  description_fr text NOT NULL,
  description_nl text NOT NULL,
  enabled boolean NOT NULL DEFAULT true
);

CREATE TABLE shop.shipping_rates (
  method_code text NOT NULL REFERENCES shop.shipping_methods (code) ON DELETE CASCADE,
  channel_code text NOT NULL CHECK (channel_code IN ('FR', 'BE')),
  country_code text NOT NULL CHECK (country_code ~ '^[A-Z]{2}$'),
  fee integer NOT NULL CHECK (fee >= 0),
  PRIMARY KEY (method_code, channel_code, country_code)
);

-- Payment methods of the shop, with the service fee the method costs the shopper. `provider_method` is the
-- payment provider's method (Mollie's); a cheque has none: it is posted and checked by hand.
-- `delayed`: the order waits for the money and ships on payment.
CREATE TABLE shop.payment_methods (
  code text PRIMARY KEY,
  provider_method text CHECK (provider_method IN ('creditcard', 'paypal', 'banktransfer', 'bancontact')),
  delayed boolean NOT NULL,
  service_fee integer NOT NULL CHECK (service_fee >= 0),
  channels text[] NOT NULL,
  position integer NOT NULL,
  name_fr text NOT NULL,
  name_nl text NOT NULL,
  instructions_fr text,
  instructions_nl text,
  enabled boolean NOT NULL DEFAULT true
);

-- One shipment per order, created at the address step.
CREATE TABLE shop.shipments (
  id serial PRIMARY KEY,
  order_id integer NOT NULL UNIQUE REFERENCES shop.orders (id) ON DELETE CASCADE,
  method_code text REFERENCES shop.shipping_methods (code),
  state text NOT NULL DEFAULT 'cart' CHECK (state IN ('cart', 'ready', 'shipped', 'cancelled')),
  -- The carrier's point id and what the shopper chose (name, address, opening hours), kept as it was.
  relay_point_id text,
  relay_point jsonb,
  carrier text,
  tracking_number text,
  shipped_at timestamptz,
  created_at timestamptz NOT NULL,
  CHECK ((relay_point_id IS NULL) = (relay_point IS NULL))
);

-- Payments of an order: one at a time is open (cart or new); a failed or cancelled one stays, and a new
-- one takes its place, so the shopper can pay again. Never a card number: the provider keeps the card,
-- we keep its token, brand, last four digits and expiry, and the mandate for later recurring charges.
CREATE TABLE shop.payments (
  id serial PRIMARY KEY,
  order_id integer NOT NULL REFERENCES shop.orders (id) ON DELETE CASCADE,
  method_code text REFERENCES shop.payment_methods (code),
  state text NOT NULL DEFAULT 'cart' CHECK (state IN ('cart', 'new', 'processing', 'authorized', 'completed', 'failed', 'cancelled', 'refunded')),
  amount integer NOT NULL CHECK (amount >= 0),
  currency_code text NOT NULL DEFAULT 'EUR',
  provider_payment_id text UNIQUE,
  provider_customer_id text,
  provider_mandate_id text,
  card_brand text,
  card_last4 text CHECK (card_last4 ~ '^[0-9]{4}$'),
  card_expiry text,
  -- The last answer of the provider the shopper may need (a redirect, the bank's refusal, instructions).
  details jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX payments_by_order ON shop.payments (order_id, id);
CREATE UNIQUE INDEX payments_one_open_per_order ON shop.payments (order_id) WHERE state IN ('cart', 'new', 'processing');

INSERT INTO shop.shipping_methods (code, kind, carrier, position, name_fr, name_nl, description_fr, description_nl) VALUES
  ('home_delivery', 'home', 'Colissimo', 1, 'Livraison à domicile', 'Levering aan huis',
   'Livré chez vous en 2 à 4 jours ouvrés, contre signature.', 'Bij u thuis geleverd in 2 tot 4 werkdagen, tegen handtekening.'),
  ('relay_point', 'relay_point', 'Colissimo', 2, 'Livraison en point relais', 'Levering in een afhaalpunt',
   'Retrait en point relais ou bureau de poste en 3 à 5 jours ouvrés.', 'Af te halen in een afhaalpunt of postkantoor in 3 tot 5 werkdagen.');

-- Home delivery costs on each channel what the cart announces for its home country (SHIPPING_FEES of
-- src/lib/constants.ts: a test checks they agree); Luxembourg costs the Belgian fee from both.
INSERT INTO shop.shipping_rates (method_code, channel_code, country_code, fee) VALUES
  ('home_delivery', 'FR', 'FR', 490),
  ('home_delivery', 'FR', 'LU', 590),
  ('home_delivery', 'BE', 'BE', 590),
  ('home_delivery', 'BE', 'LU', 590),
  ('relay_point', 'FR', 'FR', 390);

INSERT INTO shop.payment_methods (code, provider_method, delayed, service_fee, channels, position, name_fr, name_nl, instructions_fr, instructions_nl) VALUES
  ('visa', 'creditcard', false, 0, '{FR,BE}', 1, 'Carte Visa', 'Visa-kaart', NULL, NULL),
  ('mastercard', 'creditcard', false, 0, '{FR,BE}', 2, 'Carte Mastercard', 'Mastercard-kaart', NULL, NULL),
  ('bancontact', 'bancontact', false, 0, '{BE}', 3, 'Bancontact', 'Bancontact', NULL, NULL),
  ('paypal', 'paypal', true, 0, '{FR,BE}', 4, 'PayPal', 'PayPal', NULL, NULL),
  ('bank_transfer', 'banktransfer', true, 0, '{FR,BE}', 5, 'Virement bancaire', 'Bankoverschrijving',
   'Votre commande sera expédiée dès réception de votre virement. Les coordonnées bancaires et la référence à indiquer figurent sur la page de confirmation et dans l’e-mail de confirmation.',
   'Uw bestelling wordt verzonden zodra uw overschrijving ontvangen is. De bankgegevens en de te vermelden referentie staan op de bevestigingspagina en in de bevestigingsmail.'),
  ('cheque', NULL, true, 150, '{FR}', 6, 'Chèque', 'Cheque',
   'Votre commande sera expédiée dès réception de votre chèque. Libellez-le à l’ordre de Maison Gamelle, inscrivez au dos le numéro de commande et envoyez-le à : Maison Gamelle, Service commandes, 12 rue des Tanneurs, 69007 Lyon.',
   'Uw bestelling wordt verzonden zodra uw cheque ontvangen is. Schrijf hem uit op naam van Maison Gamelle, vermeld het bestelnummer op de achterkant en stuur hem naar: Maison Gamelle, Service commandes, 12 rue des Tanneurs, 69007 Lyon, Frankrijk.');
