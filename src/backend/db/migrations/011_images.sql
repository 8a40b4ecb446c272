-- Images of the content service, Strapi-style: an upload is a file (its bytes, its sha256, its size in
-- pixels) served at /content/uploads/{name}; products, categories, content pages and landing pages name
-- theirs, with the alternative text in the row's language. Files live in the database, not on a disk,
-- so every instance of the platform serves every file.
CREATE TABLE content.uploads (
  -- The file's name in its URL, with its hash in it ("dog-dry-puppy-chicken-fr-1a2b3c4d5e6f.png"):
  -- a new file is a new URL, so a file may be cached for ever.
  name text PRIMARY KEY CHECK (name ~ '^[a-z0-9][a-z0-9-]*\.(png|jpg|webp)$'),
  -- sha256 of the bytes, hexadecimal: the wire's fileHash and the HTTP ETag.
  hash text NOT NULL CHECK (hash ~ '^[0-9a-f]{64}$'),
  mime text NOT NULL CHECK (mime IN ('image/png', 'image/jpeg', 'image/webp')),
  width integer NOT NULL CHECK (width > 0),
  height integer NOT NULL CHECK (height > 0),
  data bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

ALTER TABLE content.products ADD COLUMN image_file text REFERENCES content.uploads (name);
ALTER TABLE content.products ADD COLUMN image_alt text;
ALTER TABLE content.categories ADD COLUMN image_file text REFERENCES content.uploads (name);
ALTER TABLE content.categories ADD COLUMN image_alt text;
ALTER TABLE content.pages ADD COLUMN image_file text REFERENCES content.uploads (name);
ALTER TABLE content.pages ADD COLUMN image_alt text;
