-- Pets: the breeds per species (a seed list of real breeds with their French and Dutch names and a
-- typical adult weight, which tells a puppy's growth stage), the customers' animals (or a guest's, tied to
-- the token the shopper's browser keeps until they sign in), the reasons given when one is deleted, and the
-- media service's files (the pets' photos, uploaded the ImageKit way).

CREATE TABLE shop.animal_breeds (
  id integer PRIMARY KEY,
  species text NOT NULL CHECK (species IN ('dog', 'cat')),
  code text NOT NULL UNIQUE,
  name_fr text NOT NULL,
  name_nl text NOT NULL,
  -- A typical adult weight (kg) of the breed, the middle of its standard.
  adult_weight_kg numeric(5, 1) NOT NULL CHECK (adult_weight_kg > 0),
  position integer NOT NULL
);

INSERT INTO shop.animal_breeds (id, species, code, name_fr, name_nl, adult_weight_kg, position) VALUES
  (1, 'dog', 'labrador-retriever', 'Labrador Retriever', 'Labrador Retriever', 32, 1),
  (2, 'dog', 'golden-retriever', 'Golden Retriever', 'Golden Retriever', 32, 2),
  (3, 'dog', 'german-shepherd', 'Berger Allemand', 'Duitse Herder', 34, 3),
  (4, 'dog', 'belgian-malinois', 'Berger Belge Malinois', 'Mechelse Herder', 27, 4),
  (5, 'dog', 'australian-shepherd', 'Berger Australien', 'Australische Herder', 23, 5),
  (6, 'dog', 'border-collie', 'Border Collie', 'Border Collie', 18, 6),
  (7, 'dog', 'french-bulldog', 'Bouledogue Français', 'Franse Bulldog', 11, 7),
  (8, 'dog', 'english-bulldog', 'Bouledogue Anglais', 'Engelse Bulldog', 23, 8),
  (9, 'dog', 'chihuahua', 'Chihuahua', 'Chihuahua', 2, 9),
  (10, 'dog', 'yorkshire-terrier', 'Yorkshire Terrier', 'Yorkshire Terriër', 3, 10),
  (11, 'dog', 'jack-russell-terrier', 'Jack Russell Terrier', 'Jack Russell Terriër', 6, 11),
  (12, 'dog', 'cavalier-king-charles', 'Cavalier King Charles', 'Cavalier King Charles Spaniël', 7, 12),
  (13, 'dog', 'shih-tzu', 'Shih Tzu', 'Shih Tzu', 6, 13),
  (14, 'dog', 'dachshund', 'Teckel', 'Teckel', 9, 14),
  (15, 'dog', 'beagle', 'Beagle', 'Beagle', 12, 15),
  (16, 'dog', 'cocker-spaniel', 'Cocker Spaniel Anglais', 'Engelse Cocker Spaniël', 14, 16),
  (17, 'dog', 'staffordshire-bull-terrier', 'Staffordshire Bull Terrier', 'Staffordshire Bull Terriër', 15, 17),
  (18, 'dog', 'poodle-toy', 'Caniche Toy', 'Toypoedel', 3, 18),
  (19, 'dog', 'poodle-standard', 'Caniche Royal', 'Grote Poedel', 25, 19),
  (20, 'dog', 'brittany-spaniel', 'Épagneul Breton', 'Bretonse Spaniël', 16, 20),
  (21, 'dog', 'bernese-mountain-dog', 'Bouvier Bernois', 'Berner Sennenhond', 45, 21),
  (22, 'dog', 'bouvier-des-flandres', 'Bouvier des Flandres', 'Vlaamse Koehond', 35, 22),
  (23, 'dog', 'rottweiler', 'Rottweiler', 'Rottweiler', 48, 23),
  (24, 'dog', 'great-dane', 'Dogue Allemand', 'Duitse Dog', 65, 24),
  (25, 'dog', 'siberian-husky', 'Husky Sibérien', 'Siberische Husky', 22, 25),
  (26, 'dog', 'shiba-inu', 'Shiba Inu', 'Shiba Inu', 9, 26),
  (27, 'dog', 'bichon-frise', 'Bichon Frisé', 'Bichon Frisé', 5, 27),
  (28, 'dog', 'boxer', 'Boxer', 'Boxer', 30, 28),
  (101, 'cat', 'european-shorthair', 'Européen', 'Europese Korthaar', 4.5, 1),
  (102, 'cat', 'maine-coon', 'Maine Coon', 'Maine Coon', 7, 2),
  (103, 'cat', 'british-shorthair', 'British Shorthair', 'Britse Korthaar', 5.5, 3),
  (104, 'cat', 'persian', 'Persan', 'Pers', 4.5, 4),
  (105, 'cat', 'siamese', 'Siamois', 'Siamees', 4, 5),
  (106, 'cat', 'ragdoll', 'Ragdoll', 'Ragdoll', 6.5, 6),
  (107, 'cat', 'bengal', 'Bengal', 'Bengaal', 5, 7),
  (108, 'cat', 'sacred-birman', 'Sacré de Birmanie', 'Heilige Birmaan', 4.5, 8),
  (109, 'cat', 'norwegian-forest', 'Chat des Forêts Norvégiennes', 'Noorse Boskat', 6, 9),
  (110, 'cat', 'sphynx', 'Sphynx', 'Sphynx', 4, 10),
  (111, 'cat', 'chartreux', 'Chartreux', 'Chartreux', 5, 11),
  (112, 'cat', 'scottish-fold', 'Scottish Fold', 'Scottish Fold', 4.5, 12),
  (113, 'cat', 'russian-blue', 'Bleu Russe', 'Russisch Blauw', 4.5, 13),
  (114, 'cat', 'abyssinian', 'Abyssin', 'Abessijn', 4, 14);

CREATE TABLE shop.animals (
  id serial PRIMARY KEY,
  -- A customer's pet, or a guest's (customer_id null) until the guest signs in.
  customer_id integer REFERENCES shop.customers (id) ON DELETE CASCADE,
  guest_token text,
  species text NOT NULL CHECK (species IN ('dog', 'cat')),
  gender text NOT NULL CHECK (gender IN ('male', 'female')),
  name text NOT NULL,
  breed_id integer REFERENCES shop.animal_breeds (id),
  crossbreed boolean NOT NULL DEFAULT false,
  birthday date NOT NULL,
  -- Whether the birthday was typed as a date (else as an age in years and months).
  birthday_in_date boolean NOT NULL,
  weight_kg numeric(6, 2) NOT NULL CHECK (weight_kg > 0),
  sterilized boolean NOT NULL,
  condition text NOT NULL,
  activity text NOT NULL,
  has_feature boolean NOT NULL,
  feature text,
  feeds text[] NOT NULL,
  kibble_brand text NOT NULL,
  old_kibble_brand text,
  only_our_food boolean NOT NULL DEFAULT false,
  photo text,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  CONSTRAINT animals_owner CHECK ((customer_id IS NULL) <> (guest_token IS NULL))
);
CREATE INDEX animals_by_customer ON shop.animals (customer_id);
CREATE INDEX animals_by_guest ON shop.animals (guest_token) WHERE guest_token IS NOT NULL;

-- Why pets were deleted (the question asked before deleting one): kept without the pet's data.
CREATE TABLE shop.animal_deletions (
  id serial PRIMARY KEY,
  customer_id integer REFERENCES shop.customers (id) ON DELETE SET NULL,
  species text NOT NULL,
  reason text NOT NULL,
  message text,
  deleted_at timestamptz NOT NULL
);

-- The media service's files: stored in the database, so every platform instance serves every file.
CREATE SCHEMA IF NOT EXISTS media;
CREATE TABLE media.files (
  id text PRIMARY KEY,
  name text NOT NULL,
  mime text NOT NULL,
  size integer NOT NULL,
  width integer,
  height integer,
  data bytea NOT NULL,
  -- A rotation makes a new version: the URL carries it, so caches never serve the old picture.
  version integer NOT NULL DEFAULT 1,
  tags text[] NOT NULL DEFAULT '{}',
  custom_metadata jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL
);
-- Signatures already used by an upload: ImageKit refuses a signature twice.
CREATE TABLE media.used_signatures (
  signature text PRIMARY KEY,
  expire_at timestamptz NOT NULL
);
