-- Editors publish and unpublish entries (the content service's editor API, content/editor/). A product's
-- publication is its existing `viewable` flag (its pages 404 and it leaves the listings); the other
-- entries shown on their own pages get the time they were taken off the site, null while they are
-- published (so the seed's rows, written without it, are published). The content service's reads skip
-- the others. Menus are single types the site cannot do without: they are edited, never unpublished.
ALTER TABLE content.categories ADD COLUMN unpublished_at timestamptz;
ALTER TABLE content.pages ADD COLUMN unpublished_at timestamptz;
ALTER TABLE content.faq_entries ADD COLUMN unpublished_at timestamptz;
ALTER TABLE content.shops ADD COLUMN unpublished_at timestamptz;
