-- A product's former slugs, per language, recorded by the editor API when an editor renames one: the
-- content service answers them with the product, and the build's redirect table sends each old address
-- to the current one (301), so links and search results to the old page keep working.
CREATE TABLE content.product_slug_history (
  sku text NOT NULL,
  language text NOT NULL CHECK (language IN ('fr', 'nl')),
  slug text NOT NULL,
  replaced_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (language, slug)
);
CREATE INDEX product_slug_history_by_product ON content.product_slug_history (sku, language);
