import { describe, expect, it } from 'vitest';

describe('locale cookie', () => {
  it('lasts 365 days on every path, SameSite lax', async () => {
    const { localeCookie } = await import('../../../src/lib/constants.ts');
    expect(localeCookie('nl_BE')).toBe('locale=nl_BE; Max-Age=31536000; Path=/; SameSite=lax');
  });
});
