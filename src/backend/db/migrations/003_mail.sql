-- The e-mail service's embedded stand-in: every mail the platform sends is written here and listed on
-- the local /outbox page, where developers and tests read it.
CREATE SCHEMA IF NOT EXISTS mail;

CREATE TABLE mail.outbox (
  id serial PRIMARY KEY,
  "to" text NOT NULL,
  subject text NOT NULL,
  text text NOT NULL,
  html text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX outbox_by_recipient ON mail.outbox ("to", id);
