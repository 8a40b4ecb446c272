import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../../../src/lib/constants.ts';
import { memoryStorage } from '../../../../src/stores/browser.ts';
import { readStoredSession, sessionOf, writeStoredSession } from '../../../../src/stores/session/stored.ts';

const b64 = (value: unknown) => btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const EXP = Date.UTC(2026, 5, 15, 11, 0, 0) / 1000;
const token = `${b64({ alg: 'RS256' })}.${b64({ iat: EXP - 3600, exp: EXP, username: 'camille@example.fr', customer: '/api/v2/shop/customers/7' })}.sig`;

describe('stored session', () => {
  it('writes the token last and reads the session back from STORAGE_KEYS', () => {
    const writes: string[] = [];
    const storage = memoryStorage();
    const spy = {
      ...storage,
      setItem: (key: string, value: string) => {
        writes.push(key);
        storage.setItem(key, value);
      },
    };
    writeStoredSession(spy, sessionOf(token, 'refresh', '/api/v2/shop/customers/7'));
    expect(writes).toEqual([STORAGE_KEYS.refreshToken, STORAGE_KEYS.customerUri, STORAGE_KEYS.token]);
    expect(readStoredSession(storage)).toEqual({
      token,
      refreshToken: 'refresh',
      customerIri: '/api/v2/shop/customers/7',
      username: 'camille@example.fr',
      exp: EXP,
    });
    writeStoredSession(storage, null);
    expect(storage.data.size).toBe(0);
  });
  it('drops what is not a token of ours', () => {
    expect(sessionOf('not-a-jwt', null, '/c')).toBeNull();
    expect(sessionOf(`${b64({})}.${b64({ exp: EXP })}.sig`, null, '/c')).toBeNull(); // no username nor customer
    expect(readStoredSession(memoryStorage({ [STORAGE_KEYS.token]: 'garbage' }))).toBeNull();
  });
});
