-- The key of the demonstrations' clock endpoint (operator/clock.ts, outside production only): random, made
-- by the first platform that starts on this database (scheduler/clock.ts). `npm run clock` reads it from
-- the database it is pointed at and sends it, so it moves the clock of a platform on that database only,
-- and no web page or other process that cannot read the database can move any. One row.
CREATE TABLE shop.clock_key (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  key text NOT NULL
);
