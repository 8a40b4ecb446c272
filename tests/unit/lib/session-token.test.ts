import { describe, expect, it } from 'vitest';
import { decodeTokenPayload, tokenExpiresAt } from '../../../src/lib/session-token.ts';

/** base64url without padding, of UTF-8 text, as the shop API writes JWTs. */
const base64url = (text: string) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(text)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
const jwt = (payload: unknown) => `${base64url('{"alg":"RS256"}')}.${base64url(JSON.stringify(payload))}.signature`;
const EXP = Date.UTC(2026, 5, 15, 11, 0, 0) / 1000;

describe('session token', () => {
  it('reads the payload of a JWT, UTF-8 and unpadded base64url included', () => {
    const payload = { exp: EXP, username: 'chloé.ähm@example.fr', customer: '/api/v2/shop/customers/7', n: '??>>' };
    expect(decodeTokenPayload(jwt(payload))).toEqual(payload);
  });
  it('gives the expiry in milliseconds, 0 for anything else', () => {
    expect(tokenExpiresAt(jwt({ exp: EXP }))).toBe(EXP * 1000);
    for (const token of [null, '', 'a.b', 'a.b.c', jwt({ exp: '1' }), jwt({}), jwt(null), `x.${base64url('not json')}.y`]) {
      expect(tokenExpiresAt(token)).toBe(0);
    }
    expect(decodeTokenPayload(42)).toBeNull();
  });
});
