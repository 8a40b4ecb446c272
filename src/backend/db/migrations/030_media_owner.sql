-- Issue 43: a media file belongs to the customer whose signature uploaded it (the shop's customer id, named
-- by the signed token: media/signature.ts), and only that customer's signatures rotate or delete it.
-- No foreign key: the media service keeps its own schema, as ImageKit keeps its own account.
ALTER TABLE media.files ADD COLUMN owner text;
-- A file stored before this kept the metadata it came with (a phone's GPS position among it): false until
-- the service has made the picture again without it (media/picture.ts), at the file's next reading.
ALTER TABLE media.files ADD COLUMN clean boolean NOT NULL DEFAULT false;
-- The files already there belong to the customer whose pet shows them; one no pet shows stays nobody's
-- (it is served, but no signature rotates or deletes it).
UPDATE media.files AS f SET owner = a.customer_id::text
  FROM shop.animals AS a
  WHERE a.customer_id IS NOT NULL AND a.photo LIKE '%/media/files/' || f.id || '/%';
