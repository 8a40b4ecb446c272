/**
 * Refresh tokens: long-lived and opaque, rotating on each use (the access tokens are access.ts). Each
 * login is a session (shop.sessions), the family of all the refresh tokens descended from it.
 *
 * Replaying a rotated refresh token means it was stolen: its whole session is revoked. Except within
 * REFRESH_GRACE_MS of the rotation, where it is two tabs (or a retried request) refreshing together: they
 * get the very pair the first one got. Sessions end SESSION_MAX_LIFETIME_MS after the login, however
 * often they are refreshed.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes, randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Queryable } from '../../db/database.ts';
import type { ShopDeps } from '../shared/deps.ts';
import { digest, randomToken } from '../shared/random.ts';
import { issueAccessToken, type SessionInfo } from './access.ts';
import { dropPassedGracePairs, insertRefreshToken, insertSession, lockRefreshToken, markRotated, revokeSession } from './repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A refresh token unused for this long is dead; each rotation starts it again (up to the session's end). */
const REFRESH_TOKEN_TTL_MS = 30 * DAY_MS;
/** A session ends this long after its login, refreshed or not (migration 004 writes the same 90 days). */
export const SESSION_MAX_LIFETIME_MS = 90 * DAY_MS;
/**
 * A rotated refresh token presented again within this window gets the pair its first use got: tabs
 * refreshing at the same moment (the browser's lock is not everywhere) or a retried request. Short, so
 * a thief replaying a token later still revokes the session.
 */
export const REFRESH_GRACE_MS = 10 * 1000;
/** A refresh token just issued, with its session. `accessToken` is set when the pair was issued (or replayed) as a whole. */
export interface IssuedRefreshToken {
  refreshToken: string;
  session: SessionInfo;
  accessToken?: string;
}

/**
 * A refresh token: of a new session (a login) when no family is given, else the child of `family`'s
 * parent. It lives REFRESH_TOKEN_TTL_MS, never past the session's end.
 */
export async function issueRefreshToken(
  q: Queryable,
  deps: ShopDeps,
  customerId: number,
  family?: { session: SessionInfo; parentHash: string },
): Promise<IssuedRefreshToken> {
  const token = randomToken(48);
  const now = deps.clock();
  let session = family?.session;
  if (!session) {
    session = { id: randomUUID(), expiresAt: new Date(now.getTime() + SESSION_MAX_LIFETIME_MS) };
    await insertSession(q, { id: session.id, customerId, now, expiresAt: session.expiresAt });
  }
  const expiresAt = Math.min(now.getTime() + REFRESH_TOKEN_TTL_MS, session.expiresAt.getTime());
  await insertRefreshToken(q, {
    hash: digest(token),
    customerId,
    sessionId: session.id,
    parentHash: family?.parentHash ?? null,
    now,
    expiresAt: new Date(expiresAt),
  });
  return { refreshToken: token, session };
}

// ── The grace window's sealed pair ──────────────────────────────────────────────────────────────
// The key comes from the parent token itself, which only its holders have: the table keeps its SHA-256
// digest, and HKDF (with its own salt and label) is a different function of the token, so the digest
// does not open the pair. The digest is the additional data: a sealed pair opens on its own row only.

const GRACE_KEY_SALT = 'maison-gamelle/shop/refresh-grace';
const GRACE_KEY_INFO = 'aes-256-gcm key of the pair issued for this refresh token, v1';
const sealedPair = z.object({ token: z.string().min(1), refresh_token: z.string().min(1) });
type SealedPair = z.infer<typeof sealedPair>;

const graceKey = (parentToken: string) => Buffer.from(hkdfSync('sha256', parentToken, GRACE_KEY_SALT, GRACE_KEY_INFO, 32));

function seal(parentToken: string, parentHash: string, pair: SealedPair): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', graceKey(parentToken), iv);
  cipher.setAAD(Buffer.from(parentHash));
  const ciphertext = Buffer.concat([cipher.update(JSON.stringify(pair), 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString('base64url')).join('.');
}

function open(parentToken: string, parentHash: string, sealed: string): SealedPair | null {
  const [iv, tag, ciphertext] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !ciphertext) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', graceKey(parentToken), iv);
    decipher.setAAD(Buffer.from(parentHash));
    decipher.setAuthTag(tag);
    const text = Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
    const parsed = sealedPair.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export type Rotation =
  | { ok: true; customerId: number; refreshToken: string; accessToken: string; session: SessionInfo; replayed: boolean }
  | { ok: false; reason: 'unknown' | 'revoked' | 'expired' | 'reused' };

/**
 * Exchanges a refresh token for a new pair of the same session. Runs in its own transaction, locking the
 * presented token's row, so parallel refreshes of one token take turns: the first rotates, the others
 * (within REFRESH_GRACE_MS) get its pair. A replay after the window commits the session's revocation
 * before reporting the reuse, so the revocation holds although the call fails.
 */
export async function rotateRefreshToken(deps: ShopDeps, token: string): Promise<Rotation> {
  return deps.db.transaction(async (tx) => {
    const now = deps.clock();
    const hash = digest(token);
    const row = await lockRefreshToken(tx, hash, now);
    if (!row) return { ok: false, reason: 'unknown' } as const;
    if (row.revoked) return { ok: false, reason: 'revoked' } as const;
    const session: SessionInfo = { id: row.family_id, expiresAt: new Date(row.session_expires_at) };
    if (row.rotated) {
      const pair = row.in_grace && row.grace_sealed ? open(token, hash, row.grace_sealed) : null;
      if (pair)
        return {
          ok: true,
          customerId: row.customer_id,
          refreshToken: pair.refresh_token,
          accessToken: pair.token,
          session,
          replayed: true,
        } as const;
      await revokeSession(tx, row.family_id, now);
      return { ok: false, reason: 'reused' } as const;
    }
    if (row.expired) return { ok: false, reason: 'expired' } as const;
    if (row.customer_email === null) return { ok: false, reason: 'unknown' } as const;
    const child = await issueRefreshToken(tx, deps, row.customer_id, { session, parentHash: hash });
    const accessToken = await issueAccessToken(deps, { id: row.customer_id, email: row.customer_email }, session);
    await markRotated(
      tx,
      hash,
      now,
      new Date(now.getTime() + REFRESH_GRACE_MS),
      seal(token, hash, { token: accessToken, refresh_token: child.refreshToken }),
    );
    await dropPassedGracePairs(tx, now);
    return { ok: true, customerId: row.customer_id, refreshToken: child.refreshToken, accessToken, session, replayed: false } as const;
  });
}
