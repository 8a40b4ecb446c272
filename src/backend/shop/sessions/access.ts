/**
 * Access tokens: a short-lived signed JWT (HS256) for every call, naming its session in the `sid` claim
 * and checked against it on every call, so a revoked session ends its access tokens at once. Also who is
 * calling, where a handler needs a session or accepts one.
 */
import { randomBytes } from 'node:crypto';
import { sign, verify } from 'hono/jwt';
import type { Context } from 'hono';
import { accessTokenClaims } from '../../../lib/shop-api/authentication.ts';
import { iri, SHOP_API_PREFIX } from '../../../lib/shop-api/iri.ts';
import { jwtExpired, jwtInvalid, jwtNotFound } from '../shared/errors.ts';
import { idFromIri } from '../shared/ids.ts';
import type { ShopDeps } from '../shared/deps.ts';
import { randomToken } from '../shared/random.ts';
import { isSessionAlive } from './repository.ts';

const ACCESS_TOKEN_TTL_SECONDS = 60 * 60;

/** JWT_SECRET, or a random one for this process: fine for one local platform, not for several behind a balancer. */
export function jwtSecretFrom(env: Record<string, string | undefined>): string {
  if (env.JWT_SECRET) return env.JWT_SECRET;
  console.warn('JWT_SECRET is not set: signing shop sessions with a random per-process secret (sessions end when the platform restarts).');
  return randomBytes(32).toString('base64url');
}

/** The session a token pair belongs to. */
export interface SessionInfo {
  id: string;
  expiresAt: Date;
}
/** Who an access token stands for. */
export interface SessionRef {
  customerId: number;
  sessionId: string;
}

/** An access token of the session, expiring after an hour or at the session's end, whichever comes first. */
export async function issueAccessToken(deps: ShopDeps, customer: { id: number; email: string }, session: SessionInfo): Promise<string> {
  const iat = Math.floor(deps.clock().getTime() / 1000);
  const exp = Math.min(iat + ACCESS_TOKEN_TTL_SECONDS, Math.floor(session.expiresAt.getTime() / 1000));
  // jti: two tokens issued in the same second still differ.
  return sign(
    { iat, exp, username: customer.email, customer: iri.customer(customer.id), sid: session.id, jti: randomToken(12) },
    deps.jwtSecret,
    'HS256',
  );
}

/**
 * The customer and session a bearer token stands for, as its signature and claims say: expiry is checked
 * against the injected clock; whether the session is still alive is not (verifySession).
 */
async function verifyClaims(deps: ShopDeps, token: string): Promise<SessionRef> {
  let payload: unknown;
  try {
    payload = await verify(token, deps.jwtSecret, { alg: 'HS256', exp: false, iat: false, nbf: false });
  } catch {
    throw jwtInvalid();
  }
  // Tokens without `sid` (signed before sessions existed) cannot be revoked, so they are not accepted.
  const claims = accessTokenClaims.safeParse(payload);
  if (!claims.success) throw jwtInvalid();
  const now = deps.clock();
  if (claims.data.exp * 1000 <= now.getTime()) throw jwtExpired();
  const id = idFromIri(claims.data.customer, `${SHOP_API_PREFIX}/customers`);
  if (id === null || !claims.data.customer.startsWith(`${SHOP_API_PREFIX}/customers/`)) throw jwtInvalid();
  return { customerId: id, sessionId: claims.data.sid };
}

/**
 * The customer and session a bearer token stands for (verifyClaims), and the session must be alive: one
 * query, which also tells a token of a deleted customer (or of another database) from a live one. Never
 * call it inside a transaction: it reads through deps.db.
 */
async function verifySession(deps: ShopDeps, token: string): Promise<SessionRef> {
  const session = await verifyClaims(deps, token);
  if (!(await isSessionAlive(deps.db, session.sessionId, session.customerId, deps.clock()))) throw jwtInvalid();
  return session;
}

/**
 * The authenticated session, or null when no token was sent. A token that is sent but invalid is a 401
 * even where anonymous access is allowed (as LexikJWT does), so a stale session is noticed at once.
 */
async function optionalSession(c: Context, deps: ShopDeps): Promise<SessionRef | null> {
  const token = bearerToken(c);
  return token === null ? null : verifySession(deps, token);
}

/** The bearer token of the call, null when none was sent; a malformed header is a 401. */
function bearerToken(c: Context): string | null {
  const header = c.req.header('authorization');
  if (header === undefined) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) throw jwtNotFound();
  return match[1]!;
}

/**
 * As optionalSession, but the session's liveness is left to the caller, who must check it in its transaction's
 * first statement (SESSION_ALIVE) and refuse with jwtInvalid() a session that is not: the add to cart checks
 * it with the cart's lock, one statement fewer, and a revoked session still ends access at once.
 */
export async function claimedSession(c: Context, deps: ShopDeps): Promise<SessionRef | null> {
  const token = bearerToken(c);
  return token === null ? null : verifyClaims(deps, token);
}

export async function requireSession(c: Context, deps: ShopDeps): Promise<SessionRef> {
  const session = await optionalSession(c, deps);
  if (session === null) throw jwtNotFound();
  return session;
}

export async function optionalCustomer(c: Context, deps: ShopDeps): Promise<number | null> {
  return (await optionalSession(c, deps))?.customerId ?? null;
}

export async function requireCustomer(c: Context, deps: ShopDeps): Promise<number> {
  return (await requireSession(c, deps)).customerId;
}
