/** Who is calling: the session of the bearer token, where a handler needs one or accepts one. */
import type { Context } from 'hono';
import { jwtNotFound } from '../shared/errors.ts';
import type { ShopDeps } from '../shared/deps.ts';
import { verifySession, type SessionRef } from './tokens.ts';

/**
 * The authenticated session, or null when no token was sent. A token that is sent but invalid is a 401
 * even where anonymous access is allowed (as LexikJWT does), so a stale session is noticed at once.
 */
export async function optionalSession(c: Context, deps: ShopDeps): Promise<SessionRef | null> {
  const header = c.req.header('authorization');
  if (header === undefined) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) throw jwtNotFound();
  return verifySession(deps, match[1]!);
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
