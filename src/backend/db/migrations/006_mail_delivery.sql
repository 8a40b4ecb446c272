-- Mails are delivered by SMTP from this table (a transactional outbox): a mail is written in the
-- transaction of the change that caused it, then claimed by one platform instance at a time (a lease),
-- sent, and marked sent; a failed attempt is retried later, with a growing delay.
ALTER TABLE mail.outbox ADD COLUMN sent_at timestamptz;
ALTER TABLE mail.outbox ADD COLUMN failed_at timestamptz;
ALTER TABLE mail.outbox ADD COLUMN attempts integer NOT NULL DEFAULT 0;
ALTER TABLE mail.outbox ADD COLUMN last_error text;
-- Not before this time: the lease of the instance sending it, or the delay before the next attempt.
ALTER TABLE mail.outbox ADD COLUMN not_before timestamptz;
-- Mails written before delivery existed were only ever meant for the local outbox page.
UPDATE mail.outbox SET failed_at = created_at, last_error = 'written before SMTP delivery existed';
CREATE INDEX outbox_due ON mail.outbox (id) WHERE sent_at IS NULL AND failed_at IS NULL;
