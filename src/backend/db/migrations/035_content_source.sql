-- The platform's copy of a content service of record (CONTENT_SOURCE_URL: Strapi in production), which the carts,
-- the subscriptions, the search and the guides read (content/mirror.ts).
-- source_stamp: the entry's updatedAt at the source when it was last copied (null: written here, or to read again),
-- so a mirror run reads in full only the entries changed since.
-- image_source: its picture as the source describes it (Strapi's media fields, absolute URLs), the files staying
-- where the source keeps them; null for a picture uploaded here (image_file).
ALTER TABLE content.products ADD COLUMN source_stamp text;
ALTER TABLE content.products ADD COLUMN image_source jsonb;
ALTER TABLE content.categories ADD COLUMN image_source jsonb;
