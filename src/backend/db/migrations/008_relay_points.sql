-- The embedded relay-point service (src/backend/relay/): the carrier's pick-up points in France, and the
-- places (town, postcode, coordinates) a search starts from. Its own schema, like the carrier it stands in
-- for: in production the shop asks the carrier's API and these tables are not read.
CREATE SCHEMA IF NOT EXISTS relay;

-- A search by postcode or town starts from a place's coordinates. A town with several postcodes (Paris,
-- Lyon, Marseille…) has a row for each; `position` orders the rows so that the first row of a town stands
-- for the whole town, and the first row of a postcode area (its two first digits) for the area.
CREATE TABLE relay.places (
  position integer PRIMARY KEY,
  name text NOT NULL,
  -- The name without accents, case, punctuation or "saint"/"st" differences: what a search compares.
  name_key text NOT NULL,
  postcode text NOT NULL CHECK (postcode ~ '^[0-9]{5}$'),
  latitude double precision NOT NULL CHECK (latitude BETWEEN -90 AND 90),
  longitude double precision NOT NULL CHECK (longitude BETWEEN -180 AND 180)
);
CREATE INDEX places_by_name ON relay.places (name_key, position);
CREATE INDEX places_by_postcode ON relay.places (postcode, position);

CREATE TABLE relay.points (
  -- The carrier's six-character point id.
  id text PRIMARY KEY CHECK (id ~ '^[0-9A-Z]{6}$'),
  -- A2P: a shop keeping parcels; BPR: a post office.
  type text NOT NULL CHECK (type IN ('A2P', 'BPR')),
  name text NOT NULL,
  street text NOT NULL,
  postcode text NOT NULL,
  city text NOT NULL,
  country_code text NOT NULL DEFAULT 'FR',
  latitude double precision NOT NULL CHECK (latitude BETWEEN -90 AND 90),
  longitude double precision NOT NULL CHECK (longitude BETWEEN -180 AND 180),
  -- {"monday": [["09:00","12:30"],["14:00","19:00"]], …, "sunday": []}: at most two ranges a day.
  opening_hours jsonb NOT NULL,
  -- A closed point (holidays, end of contract) is kept so an order that names it can still be checked.
  active boolean NOT NULL DEFAULT true,
  accessible boolean NOT NULL DEFAULT false,
  parking boolean NOT NULL DEFAULT false,
  max_weight_kg integer NOT NULL DEFAULT 20
);
-- The search reads the active points inside a box around the place, then sorts them by distance.
CREATE INDEX points_by_position ON relay.points (latitude, longitude) WHERE active;
