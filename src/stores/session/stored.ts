/**
 * The session as the browser keeps it: the token, the refresh token and the customer IRI in
 * localStorage under STORAGE_KEYS, shared by every tab. What is read back is checked (a JWT with the
 * claims the shop API issues); anything else is dropped, never a crash.
 */
import { STORAGE_KEYS, TOKEN_REFRESH_BEFORE_MS } from '../../lib/constants.ts';
import { decodeTokenPayload } from '../../lib/session-token.ts';
import { tokenClaims } from '../../lib/shop-api/authentication.ts';
import type { StorageLike } from '../browser.ts';

type TokenClaims = ReturnType<typeof tokenClaims.parse>;

export interface Session {
  token: string;
  refreshToken: string | null;
  customerIri: string;
  username: string;
  /** Expiry of the token, in seconds since the epoch (the JWT's `exp`). */
  exp: number;
}

/** The claims of a JWT (its payload, validated), or null for anything that is not one. */
export function decodeTokenClaims(token: unknown): TokenClaims | null {
  const parsed = tokenClaims.safeParse(decodeTokenPayload(token));
  return parsed.success ? parsed.data : null;
}

/** Milliseconds until the refresh of a token expiring at `exp` (seconds): 10 minutes before, 0 when already inside. */
export function refreshDelay(exp: number, now: number): number {
  return Math.max(0, exp * 1000 - TOKEN_REFRESH_BEFORE_MS - now);
}

export const isExpired = (exp: number, now: number): boolean => exp * 1000 <= now;

/** Reads the stored session; anything invalid is dropped (null), never a crash. */
export function readStoredSession(storage: StorageLike): Session | null {
  const token = storage.getItem(STORAGE_KEYS.token);
  const claims = decodeTokenClaims(token);
  if (token === null || claims === null) return null;
  const refreshToken = storage.getItem(STORAGE_KEYS.refreshToken);
  const customerIri = storage.getItem(STORAGE_KEYS.customerUri) || claims.customer;
  return { token, refreshToken: refreshToken || null, customerIri, username: claims.username, exp: claims.exp };
}

export function writeStoredSession(storage: StorageLike, session: Session | null): void {
  if (session === null) {
    for (const key of [STORAGE_KEYS.token, STORAGE_KEYS.refreshToken, STORAGE_KEYS.customerUri]) storage.removeItem(key);
    return;
  }
  if (session.refreshToken) storage.setItem(STORAGE_KEYS.refreshToken, session.refreshToken);
  else storage.removeItem(STORAGE_KEYS.refreshToken);
  storage.setItem(STORAGE_KEYS.customerUri, session.customerIri);
  // The token last: other tabs react to its storage event and read the rest.
  storage.setItem(STORAGE_KEYS.token, session.token);
}

/** A session from a token pair the server just issued; null when the token is not one of ours. */
export function sessionOf(token: string, refreshToken: string | null, customerIri: string): Session | null {
  const claims = decodeTokenClaims(token);
  return claims ? { token, refreshToken, customerIri, username: claims.username, exp: claims.exp } : null;
}
