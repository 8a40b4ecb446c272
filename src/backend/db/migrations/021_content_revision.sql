-- The content's revision: a counter that every write to the tables the search reads moves, in the same
-- transaction. Each platform instance's search service reads this one row every few seconds and rebuilds
-- its indices when it moved, so a publish is searchable on every instance without a message between them.
-- Statement-level triggers: a bulk seed of 10,000 products moves it a few times, not once a row.
CREATE TABLE content.revision (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  value bigint NOT NULL
);
INSERT INTO content.revision (id, value) VALUES (true, 0);

CREATE FUNCTION content.bump_revision() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN UPDATE content.revision SET value = value + 1; RETURN NULL; END $$;

CREATE TRIGGER products_revision AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON content.products
  FOR EACH STATEMENT EXECUTE FUNCTION content.bump_revision();
CREATE TRIGGER product_variants_revision AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON content.product_variants
  FOR EACH STATEMENT EXECUTE FUNCTION content.bump_revision();
CREATE TRIGGER product_categories_revision AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON content.product_categories
  FOR EACH STATEMENT EXECUTE FUNCTION content.bump_revision();
CREATE TRIGGER categories_revision AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON content.categories
  FOR EACH STATEMENT EXECUTE FUNCTION content.bump_revision();
CREATE TRIGGER pages_revision AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON content.pages
  FOR EACH STATEMENT EXECUTE FUNCTION content.bump_revision();
CREATE TRIGGER faq_categories_revision AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON content.faq_categories
  FOR EACH STATEMENT EXECUTE FUNCTION content.bump_revision();
CREATE TRIGGER faq_entries_revision AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON content.faq_entries
  FOR EACH STATEMENT EXECUTE FUNCTION content.bump_revision();
