/**
 * What the browser reads of a shop session token (a JWT): its payload, without checking the signature
 * (the shop API checks it on every call; the browser only needs to know who is logged in and until
 * when). No library and no framework: the header's script runs on every page and must stay tiny.
 */

/** The decoded JSON payload of a JWT, or null for anything that is not one. */
export function decodeTokenPayload(token: unknown): unknown {
  if (typeof token !== 'string') return null;
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    // base64url without padding → base64, then UTF-8 (a name in the payload may hold accents).
    const base64 = parts[1]
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(parts[1].length / 4) * 4, '=');
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    return JSON.parse(new TextDecoder().decode(bytes)) as unknown;
  } catch {
    return null;
  }
}

/** When the token expires, in milliseconds since the epoch (its `exp` is in seconds); 0 when it has none. */
export function tokenExpiresAt(token: unknown): number {
  const payload = decodeTokenPayload(token);
  const exp = payload !== null && typeof payload === 'object' ? (payload as { exp?: unknown }).exp : undefined;
  return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : 0;
}
