/**
 * Sessions: a short-lived signed JWT (HS256) for every call, and a long-lived opaque refresh token that
 * rotates on each use. Replaying a rotated refresh token means it was stolen (or the client raced
 * itself): its whole family, every token descended from the same login, is revoked.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { sign, verify } from 'hono/jwt';
import type { Context } from 'hono';
import type { Queryable } from '../db/database.ts';
import { iri, SHOP_API_PREFIX, tokenClaims } from '../../lib/shop/wire.ts';
import { jwtExpired, jwtInvalid, jwtNotFound } from './errors.ts';
import { idFromIri, type ShopDeps } from './http.ts';

export const ACCESS_TOKEN_TTL_SECONDS = 60 * 60;
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** JWT_SECRET, or a random one for this process: fine for one local platform, not for several behind a balancer. */
export function jwtSecretFrom(env: Record<string, string | undefined>): string {
  if (env.JWT_SECRET) return env.JWT_SECRET;
  console.warn('JWT_SECRET is not set: signing shop sessions with a random per-process secret (sessions end when the platform restarts).');
  return randomBytes(32).toString('base64url');
}

export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');
export const digest = (token: string): string => createHash('sha256').update(token).digest('hex');

export async function issueAccessToken(deps: ShopDeps, customer: { id: number; email: string }): Promise<string> {
  const iat = Math.floor(deps.clock().getTime() / 1000);
  // jti: two tokens issued in the same second still differ.
  return sign({ iat, exp: iat + ACCESS_TOKEN_TTL_SECONDS, username: customer.email, customer: iri.customer(customer.id), jti: randomToken(12) }, deps.jwtSecret, 'HS256');
}

/** The customer id a bearer token stands for. Expiry is checked against the injected clock. Never call it inside a transaction: it reads through deps.db. */
export async function verifyAccessToken(deps: ShopDeps, token: string): Promise<number> {
  let payload: unknown;
  try {
    payload = await verify(token, deps.jwtSecret, { alg: 'HS256', exp: false, iat: false, nbf: false });
  } catch {
    throw jwtInvalid();
  }
  const claims = tokenClaims.safeParse(payload);
  if (!claims.success) throw jwtInvalid();
  if (claims.data.exp * 1000 <= deps.clock().getTime()) throw jwtExpired();
  const id = idFromIri(claims.data.customer, `${SHOP_API_PREFIX}/customers`);
  if (id === null || !claims.data.customer.startsWith(`${SHOP_API_PREFIX}/customers/`)) throw jwtInvalid();
  // A well-signed token of a customer who no longer exists (or of another database) is no session.
  if (!(await deps.db.query('SELECT 1 FROM shop.customers WHERE id = $1', [id])).length) throw jwtInvalid();
  return id;
}

/**
 * The authenticated customer, or null when no token was sent. A token that is sent but invalid is a 401
 * even where anonymous access is allowed (as LexikJWT does), so a stale session is noticed at once.
 */
export async function optionalCustomer(c: Context, deps: ShopDeps): Promise<number | null> {
  const header = c.req.header('authorization');
  if (header === undefined) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) throw jwtNotFound();
  return verifyAccessToken(deps, match[1]!);
}

export async function requireCustomer(c: Context, deps: ShopDeps): Promise<number> {
  const id = await optionalCustomer(c, deps);
  if (id === null) throw jwtNotFound();
  return id;
}

export async function issueRefreshToken(q: Queryable, deps: ShopDeps, customerId: number, family?: { id: string; parentHash: string }): Promise<string> {
  const token = randomToken(48);
  const now = deps.clock();
  await q.query(
    `INSERT INTO shop.refresh_tokens (token_hash, customer_id, family_id, parent_hash, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5::timestamptz, $6::timestamptz)`,
    [digest(token), customerId, family?.id ?? randomUUID(), family?.parentHash ?? null, now.toISOString(), new Date(now.getTime() + REFRESH_TOKEN_TTL_MS).toISOString()],
  );
  return token;
}

export type Rotation = { ok: true; customerId: number; refreshToken: string } | { ok: false; reason: 'unknown' | 'revoked' | 'expired' | 'reused' };

/**
 * Exchanges a refresh token for a new one of the same family. Runs in its own transaction and commits a
 * family revocation before reporting the reuse, so the revocation holds although the call fails.
 */
export async function rotateRefreshToken(deps: ShopDeps, token: string): Promise<Rotation> {
  return deps.db.transaction(async (tx) => {
    const now = deps.clock();
    const hash = digest(token);
    const [row] = await tx.query<{ customer_id: number; family_id: string; expired: boolean; rotated: boolean; revoked: boolean }>(
      `SELECT customer_id, family_id, expires_at <= $2::timestamptz AS expired, rotated_at IS NOT NULL AS rotated, revoked_at IS NOT NULL AS revoked
       FROM shop.refresh_tokens WHERE token_hash = $1 FOR UPDATE`,
      [hash, now.toISOString()],
    );
    if (!row) return { ok: false, reason: 'unknown' } as const;
    if (row.revoked) return { ok: false, reason: 'revoked' } as const;
    if (row.rotated) {
      await tx.query('UPDATE shop.refresh_tokens SET revoked_at = $2::timestamptz WHERE family_id = $1 AND revoked_at IS NULL', [row.family_id, now.toISOString()]);
      return { ok: false, reason: 'reused' } as const;
    }
    if (row.expired) return { ok: false, reason: 'expired' } as const;
    await tx.query('UPDATE shop.refresh_tokens SET rotated_at = $2::timestamptz WHERE token_hash = $1', [hash, now.toISOString()]);
    const refreshToken = await issueRefreshToken(tx, deps, row.customer_id, { id: row.family_id, parentHash: hash });
    return { ok: true, customerId: row.customer_id, refreshToken } as const;
  });
}

/** After a password reset every session of the customer ends. */
export async function revokeAllRefreshTokens(q: Queryable, customerId: number, now: Date): Promise<void> {
  await q.query('UPDATE shop.refresh_tokens SET revoked_at = $2::timestamptz WHERE customer_id = $1 AND revoked_at IS NULL', [customerId, now.toISOString()]);
}
