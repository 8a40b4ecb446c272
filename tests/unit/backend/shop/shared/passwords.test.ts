/**
 * Password hashes keep their scrypt parameters: a hash made at the test suites' cheap cost and one made at
 * the real cost both verify, whichever cost the platform now makes new hashes with (config.ts
 * PASSWORD_HASH_COST), and a tampered cost is refused before any work.
 */
import { describe, expect, it } from 'vitest';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../../../../src/backend/shop/shared/passwords.ts';
import { PASSWORD_COST, TEST_PASSWORD_COST } from '../../../../../src/backend/config/passwords.ts';

describe('password hashes', () => {
  it('store the cost they were made with, and verify across costs', async () => {
    const real = await hashPassword('croquettes5', PASSWORD_COST);
    const cheap = await hashPassword('croquettes5', TEST_PASSWORD_COST);
    expect(real).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/]{22}==\$[A-Za-z0-9+/]{43}=$/);
    expect(cheap).toMatch(/^scrypt\$1024\$8\$1\$/);
    for (const stored of [real, cheap]) {
      expect(await verifyPassword('croquettes5', stored)).toBe(true);
      expect(await verifyPassword('croquettes6', stored)).toBe(false);
    }
  });

  it('refuse a stored cost out of bounds without hashing', async () => {
    const cheap = await hashPassword('croquettes5', TEST_PASSWORD_COST);
    const tampered = cheap.replace('$1024$', `$${2 ** 21}$`);
    expect(await verifyPassword('croquettes5', tampered)).toBe(false);
  });

  it('burn an unknown e-mail’s check at the cost asked for', async () => {
    // The fastest of three checks, so that a busy machine's pause does not stand for the cost.
    const fastest = async (cost: typeof PASSWORD_COST) => {
      await burnPasswordCheck('whatever', cost); // the first call makes the dummy hash
      let best = Number.POSITIVE_INFINITY;
      for (let i = 0; i < 3; i += 1) {
        const start = performance.now();
        await burnPasswordCheck('whatever', cost);
        best = Math.min(best, performance.now() - start);
      }
      return best;
    };
    // 32 times the memory and work: the real cost is well above the cheap one.
    expect(await fastest(PASSWORD_COST)).toBeGreaterThan(4 * (await fastest(TEST_PASSWORD_COST)));
  });
});
