-- The content service (Strapi-style): one row per entry and language, like Strapi's i18n entries.
-- Texts a shopper reads are per language; prices are channel-independent and stored tax included.
CREATE SCHEMA IF NOT EXISTS content;

CREATE TABLE content.categories (
  key text NOT NULL,
  language text NOT NULL CHECK (language IN ('fr', 'nl')),
  parent_key text,
  animal text NOT NULL CHECK (animal IN ('dog', 'cat')),
  position integer NOT NULL DEFAULT 0,
  slug text NOT NULL,
  -- Full path of slugs from the root, e.g. 'chien/croquettes': the catch-all category route.
  path text NOT NULL,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (key, language),
  UNIQUE (language, path)
);

CREATE TABLE content.products (
  sku text NOT NULL,
  language text NOT NULL CHECK (language IN ('fr', 'nl')),
  slug text NOT NULL,
  name text NOT NULL,
  animal text NOT NULL CHECK (animal IN ('dog', 'cat')),
  kind text NOT NULL CHECK (kind IN ('dry', 'wet', 'treat')),
  is_sample boolean NOT NULL DEFAULT false,
  viewable boolean NOT NULL DEFAULT true,
  old_product boolean NOT NULL DEFAULT false,
  position integer NOT NULL,
  best_seller_rank integer NOT NULL,
  first_sell_at date NOT NULL,
  colour text NOT NULL,
  rating numeric(3, 2) NOT NULL,
  review_count integer NOT NULL,
  energy_kcal_per_kg integer NOT NULL,
  filters jsonb NOT NULL,
  short_description text NOT NULL,
  -- The full render (render=2): description, composition, additives, analytical constituents,
  -- feeding table, reviews. Kept together because it is only ever read whole.
  details jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (sku, language),
  UNIQUE (language, slug)
);

CREATE TABLE content.product_variants (
  code char(8) NOT NULL CHECK (code ~ '^[0-9]{8}$'),
  language text NOT NULL CHECK (language IN ('fr', 'nl')),
  product_sku text NOT NULL,
  position integer NOT NULL,
  name text NOT NULL,
  slug text NOT NULL,
  unit text NOT NULL CHECK (unit IN ('kg', 'g', 'l')),
  net_quantity numeric NOT NULL CHECK (net_quantity > 0),
  base_price integer NOT NULL CHECK (base_price >= 0),
  show_variant boolean NOT NULL,
  in_stock boolean NOT NULL,
  PRIMARY KEY (code, language),
  UNIQUE (product_sku, language, slug),
  FOREIGN KEY (product_sku, language) REFERENCES content.products (sku, language) ON DELETE CASCADE
);

CREATE TABLE content.product_categories (
  product_sku text NOT NULL,
  category_key text NOT NULL,
  -- 0 for the main category (breadcrumb), then the others.
  rank integer NOT NULL,
  PRIMARY KEY (product_sku, category_key)
);
CREATE INDEX product_categories_by_category ON content.product_categories (category_key);

CREATE TABLE content.pages (
  key text NOT NULL,
  language text NOT NULL CHECK (language IN ('fr', 'nl')),
  kind text NOT NULL CHECK (kind IN ('page', 'landing')),
  slug text NOT NULL,
  title text NOT NULL,
  description text NOT NULL,
  body text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (key, language),
  UNIQUE (language, kind, slug)
);

CREATE TABLE content.faq_categories (
  key text NOT NULL,
  language text NOT NULL CHECK (language IN ('fr', 'nl')),
  slug text NOT NULL,
  name text NOT NULL,
  position integer NOT NULL,
  PRIMARY KEY (key, language),
  UNIQUE (language, slug)
);

CREATE TABLE content.faq_entries (
  key text NOT NULL,
  language text NOT NULL CHECK (language IN ('fr', 'nl')),
  category_key text NOT NULL,
  position integer NOT NULL,
  question text NOT NULL,
  answer text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (key, language)
);

CREATE TABLE content.shops (
  key text NOT NULL,
  language text NOT NULL CHECK (language IN ('fr', 'nl')),
  slug text NOT NULL,
  name text NOT NULL,
  country char(2) NOT NULL,
  street text NOT NULL,
  postcode text NOT NULL,
  city text NOT NULL,
  latitude double precision NOT NULL,
  longitude double precision NOT NULL,
  phone text NOT NULL,
  email text NOT NULL,
  description text NOT NULL,
  -- openingHours, specialOpenings, specialClosures, closedPeriods (src/lib/shops/opening-hours.ts).
  schedule jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (key, language),
  UNIQUE (language, slug)
);

CREATE TABLE content.cross_sells (
  key text PRIMARY KEY,
  main_product text,
  products text[] NOT NULL
);

CREATE TABLE content.menus (
  key text NOT NULL CHECK (key IN ('header', 'footer')),
  language text NOT NULL CHECK (language IN ('fr', 'nl')),
  items jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (key, language)
);
