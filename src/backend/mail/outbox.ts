/**
 * The embedded e-mail service: mails are written to mail.outbox instead of being sent. In production a
 * transactional mail service takes their place behind the same `sendMail`.
 */
import type { Queryable } from '../db/database.ts';

export interface Mail { to: string; subject: string; text: string; html: string }
export interface StoredMail extends Mail { id: number; createdAt: string }

export async function sendMail(db: Queryable, mail: Mail, now: Date): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    'INSERT INTO mail.outbox ("to", subject, text, html, created_at) VALUES ($1, $2, $3, $4, $5::timestamptz) RETURNING id',
    [mail.to, mail.subject, mail.text, mail.html, now.toISOString()],
  );
  return row!.id;
}

export interface OutboxQuery { to?: string; limit?: number }

/** Newest first. */
export async function listMails(db: Queryable, { to, limit = 50 }: OutboxQuery = {}): Promise<StoredMail[]> {
  const rows = await db.query<{ id: number; to: string; subject: string; text: string; html: string; created_at: string }>(
    `SELECT id, "to", subject, text, html,
       to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at
     FROM mail.outbox WHERE ($1::text IS NULL OR lower("to") = lower($1::text)) ORDER BY id DESC LIMIT $2::int`,
    [to ?? null, limit],
  );
  return rows.map((r) => ({ id: r.id, to: r.to, subject: r.subject, text: r.text, html: r.html, createdAt: r.created_at }));
}

/** Escapes text for HTML. */
export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

/** Escaped text with its http(s) addresses made clickable. */
export const linkify = (text: string): string =>
  escapeHtml(text).replace(/https?:\/\/[^\s<>"']+/g, (url) => `<a href="${url}">${url}</a>`);
