/** The SQL of password-reset links (shop.reset_password_requests), stored as digests of their tokens. */
import type { Queryable } from '../../db/database.ts';

/** Only the latest link works: an older mail lying in the inbox is worth nothing. */
export async function replaceResetRequest(
  q: Queryable,
  request: { tokenHash: string; customerId: number; now: Date; expiresAt: Date },
): Promise<void> {
  await q.query('DELETE FROM shop.reset_password_requests WHERE customer_id = $1 AND used_at IS NULL', [request.customerId]);
  await q.query(
    `INSERT INTO shop.reset_password_requests (token_hash, customer_id, created_at, expires_at)
     VALUES ($1, $2, $3::timestamptz, $4::timestamptz)`,
    [request.tokenHash, request.customerId, request.now.toISOString(), request.expiresAt.toISOString()],
  );
}

/** An unused link: whether it has expired; null when there is none. */
export async function findResetRequest(q: Queryable, tokenHash: string, now: Date): Promise<{ expired: boolean } | null> {
  const [row] = await q.query<{ expired: boolean }>(
    'SELECT expires_at <= $2::timestamptz AS expired FROM shop.reset_password_requests WHERE token_hash = $1 AND used_at IS NULL',
    [tokenHash, now.toISOString()],
  );
  return row ?? null;
}

/** Claimed atomically: two submissions of one link cannot both succeed. The customer of the link, or null. */
export async function claimResetRequest(q: Queryable, tokenHash: string, now: Date): Promise<number | null> {
  const [row] = await q.query<{ customer_id: number }>(
    `UPDATE shop.reset_password_requests SET used_at = $2::timestamptz
     WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2::timestamptz RETURNING customer_id`,
    [tokenHash, now.toISOString()],
  );
  return row?.customer_id ?? null;
}
