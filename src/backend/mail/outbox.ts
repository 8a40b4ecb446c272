/**
 * The platform's mails. Every mail is first written to mail.outbox in the caller's transaction (so a mail
 * exists exactly when the change that caused it was committed), then delivered by SMTP when a server is
 * configured (./delivery.ts). Without one, the embedded platform's outbox page lists them instead.
 */
import type { Queryable } from '../db/database.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}
export interface StoredMail extends Mail {
  id: number;
  createdAt: string;
  sentAt: string | null;
}

/**
 * What the outbox tells once a mail is committed (Queryable.notify): the delivery (./delivery.ts) sends it at
 * once rather than at its next poll, whichever call, job or command wrote it.
 */
export const MAIL_COMMITTED = 'mail.outbox';

export async function sendMail(db: Queryable, mail: Mail, now: Date): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    'INSERT INTO mail.outbox ("to", subject, text, html, created_at) VALUES ($1, $2, $3, $4, $5::timestamptz) RETURNING id',
    [mail.to, mail.subject, mail.text, mail.html, now.toISOString()],
  );
  db.notify(MAIL_COMMITTED);
  return row!.id;
}

export interface OutboxQuery {
  to?: string;
  limit?: number;
}

const isoMs = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Newest first. */
export async function listMails(db: Queryable, { to, limit = 50 }: OutboxQuery = {}): Promise<StoredMail[]> {
  const rows = await db.query<{
    id: number;
    to: string;
    subject: string;
    text: string;
    html: string;
    created_at: string;
    sent_at: string | null;
  }>(
    `SELECT id, "to", subject, text, html, ${isoMs('created_at')} AS created_at, ${isoMs('sent_at')} AS sent_at
     FROM mail.outbox WHERE ($1::text IS NULL OR lower("to") = lower($1::text)) ORDER BY id DESC LIMIT $2::int`,
    [to ?? null, limit],
  );
  return rows.map((r) => ({
    id: r.id,
    to: r.to,
    subject: r.subject,
    text: r.text,
    html: r.html,
    createdAt: r.created_at,
    sentAt: r.sent_at,
  }));
}

/** Escapes text for HTML. */
export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

/**
 * The links the platform itself wrote into a mail's HTML. Customer text is escaped before it reaches the
 * HTML, so it can never form an anchor: what is listed here is ours (reset links, the site).
 */
export const linksOf = (html: string): string[] => [...html.matchAll(/<a href="([^"]+)"/g)].map((m) => m[1]!.replaceAll('&amp;', '&'));
