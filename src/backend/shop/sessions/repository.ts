/**
 * The SQL of sessions: each login is a row of shop.sessions, the family of the refresh tokens descended
 * from it (shop.refresh_tokens, stored as digests).
 */
import type { Queryable } from '../../db/database.ts';

export const insertSession = (q: Queryable, session: { id: string; customerId: number; now: Date; expiresAt: Date }) =>
  q.query('INSERT INTO shop.sessions (id, customer_id, created_at, expires_at) VALUES ($1, $2, $3::timestamptz, $4::timestamptz)', [
    session.id,
    session.customerId,
    session.now.toISOString(),
    session.expiresAt.toISOString(),
  ]);

export async function isSessionAlive(q: Queryable, sessionId: string, customerId: number, now: Date): Promise<boolean> {
  const [row] = await q.query<{ alive: boolean }>(`SELECT ${sessionAlive('$1', '$2', '$3')} AS alive`, [
    sessionId,
    customerId,
    now.toISOString(),
  ]);
  return row!.alive;
}

/**
 * Whether the session `id` of customer `customerId` is alive at `now` (parameters or columns of the statement):
 * not revoked, not expired. Also read by a statement that checks it with its own work (carts/repository.ts lockCartForAdd).
 */
export const sessionAlive = (id: string, customerId: string, now: string) =>
  `EXISTS (SELECT 1 FROM shop.sessions WHERE id = ${id} AND customer_id = ${customerId} AND revoked_at IS NULL AND expires_at > ${now}::timestamptz)`;

export const insertRefreshToken = (
  q: Queryable,
  token: { hash: string; customerId: number; sessionId: string; parentHash: string | null; now: Date; expiresAt: Date },
) =>
  q.query(
    `INSERT INTO shop.refresh_tokens (token_hash, customer_id, family_id, parent_hash, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5::timestamptz, $6::timestamptz)`,
    [token.hash, token.customerId, token.sessionId, token.parentHash, token.now.toISOString(), token.expiresAt.toISOString()],
  );

export interface RefreshTokenState {
  customer_id: number;
  customer_email: string | null;
  family_id: string;
  session_expires_at: string;
  expired: boolean;
  rotated: boolean;
  revoked: boolean;
  in_grace: boolean;
  grace_sealed: string | null;
}

/** The presented refresh token, its session and its customer's e-mail (null: gone), its row locked for the rest of the transaction. */
export async function lockRefreshToken(q: Queryable, hash: string, now: Date): Promise<RefreshTokenState | null> {
  const [row] = await q.query<RefreshTokenState>(
    `SELECT r.customer_id, c.email AS customer_email, r.family_id, to_char(s.expires_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS session_expires_at,
       (r.expires_at <= $2::timestamptz OR s.expires_at <= $2::timestamptz) AS expired,
       r.rotated_at IS NOT NULL AS rotated, (r.revoked_at IS NOT NULL OR s.revoked_at IS NOT NULL) AS revoked,
       coalesce(r.grace_until > $2::timestamptz, false) AS in_grace, r.grace_sealed
     FROM shop.refresh_tokens r JOIN shop.sessions s ON s.id = r.family_id LEFT JOIN shop.customers c ON c.id = r.customer_id
     WHERE r.token_hash = $1 FOR UPDATE OF r`,
    [hash, now.toISOString()],
  );
  return row ?? null;
}

/** The token is used up; the pair it gave stays sealed on its row until `graceUntil`. */
export const markRotated = (q: Queryable, hash: string, now: Date, graceUntil: Date, sealed: string) =>
  q.query(
    'UPDATE shop.refresh_tokens SET rotated_at = $2::timestamptz, grace_until = $3::timestamptz, grace_sealed = $4 WHERE token_hash = $1',
    [hash, now.toISOString(), graceUntil.toISOString(), sealed],
  );

/**
 * Pairs whose window has passed are dropped, whoever they belong to. SKIP LOCKED: rows another
 * rotation or revocation holds are left for later rather than waited for (no lock-order deadlock).
 */
export const dropPassedGracePairs = (q: Queryable, now: Date) =>
  q.query(
    `UPDATE shop.refresh_tokens SET grace_until = NULL, grace_sealed = NULL WHERE token_hash IN (
     SELECT token_hash FROM shop.refresh_tokens WHERE grace_sealed IS NOT NULL AND grace_until <= $1::timestamptz
     LIMIT 100 FOR UPDATE SKIP LOCKED)`,
    [now.toISOString()],
  );

/** Ends one session: its access tokens are refused from now on and its refresh tokens no longer rotate. */
export async function revokeSession(q: Queryable, sessionId: string, now: Date): Promise<void> {
  await q.query('UPDATE shop.sessions SET revoked_at = $2::timestamptz WHERE id = $1 AND revoked_at IS NULL', [
    sessionId,
    now.toISOString(),
  ]);
  await q.query(
    'UPDATE shop.refresh_tokens SET revoked_at = $2::timestamptz, grace_until = NULL, grace_sealed = NULL WHERE family_id = $1 AND revoked_at IS NULL',
    [sessionId, now.toISOString()],
  );
}

/** Ends every session of a customer but `except` (the one that asked, after a password change). */
export async function revokeSessions(q: Queryable, customerId: number, now: Date, except: string | null = null): Promise<void> {
  await q.query(
    'UPDATE shop.sessions SET revoked_at = $2::timestamptz WHERE customer_id = $1 AND revoked_at IS NULL AND ($3::text IS NULL OR id <> $3::text)',
    [customerId, now.toISOString(), except],
  );
  await q.query(
    `UPDATE shop.refresh_tokens SET revoked_at = $2::timestamptz, grace_until = NULL, grace_sealed = NULL
     WHERE customer_id = $1 AND revoked_at IS NULL AND ($3::text IS NULL OR family_id <> $3::text)`,
    [customerId, now.toISOString(), except],
  );
}
