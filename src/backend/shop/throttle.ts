/**
 * Login throttling per e-mail: after MAX_FAILURES failed logins within WINDOW, the e-mail is locked until
 * the oldest of those failures leaves the window, whatever the password. Counting by e-mail (not by IP)
 * stops password guessing on one account from many machines; unknown e-mails are counted alike so the
 * lock tells nothing about which accounts exist.
 */
import type { Queryable } from '../db/database.ts';

export const LOGIN_THROTTLE = { maxFailures: 5, windowMs: 15 * 60 * 1000 } as const;

export type Attempt = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Records the attempt as a failure before the password is checked, then counts: parallel guesses each
 * see the ones recorded before them, so no burst gets more than MAX_FAILURES tries. A refused attempt
 * is not kept, so hammering a locked e-mail does not extend the lock.
 */
export async function beginAttempt(q: Queryable, email: string, now: Date): Promise<Attempt> {
  const since = new Date(now.getTime() - LOGIN_THROTTLE.windowMs).toISOString();
  await q.query('DELETE FROM shop.login_attempts WHERE email_canonical = $1 AND attempted_at <= $2::timestamptz', [email, since]);
  const [own] = await q.query<{ id: string }>(
    'INSERT INTO shop.login_attempts (email_canonical, attempted_at) VALUES ($1, $2::timestamptz) RETURNING id::text AS id', [email, now.toISOString()]);
  const rows = await q.query<{ id: string; at: number }>(
    `SELECT id::text AS id, extract(epoch FROM attempted_at) * 1000 AS at FROM shop.login_attempts
     WHERE email_canonical = $1 AND attempted_at > $2::timestamptz ORDER BY id`,
    [email, since],
  );
  const before = rows.filter((r) => BigInt(r.id) < BigInt(own!.id));
  if (before.length < LOGIN_THROTTLE.maxFailures) return { allowed: true };
  await q.query('DELETE FROM shop.login_attempts WHERE id = $1::bigint', [own!.id]);
  const counted = before.slice(-LOGIN_THROTTLE.maxFailures);
  const oldest = Math.min(...counted.map((r) => Number(r.at)));
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((oldest + LOGIN_THROTTLE.windowMs - now.getTime()) / 1000)) };
}

/** A successful login forgets the failures. */
export async function clearFailures(q: Queryable, email: string): Promise<void> {
  await q.query('DELETE FROM shop.login_attempts WHERE email_canonical = $1', [email]);
}
