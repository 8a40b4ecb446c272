/** How costly new password hashes are (the shop hashes with it: shop/shared/passwords.ts). */
import { type Env, readAlone } from './checks.ts';

/** scrypt's cost parameters, stored with each hash. */
export interface PasswordCost {
  readonly N: number;
  readonly r: number;
  readonly p: number;
}
/** Every real password: 2^15 × 8 × 128 bytes = 32 MiB of memory per hash, about 50–100 ms on one core. */
export const PASSWORD_COST: PasswordCost = { N: 32768, r: 8, p: 1 };
/**
 * Test suites only (PASSWORD_HASH_COST=test): 2^10 × 8 × 128 bytes = 1 MiB, a millisecond or two. They
 * register hundreds of customers, each paying a full hash at the real cost; a hash this cheap is 32 times
 * cheaper to guess, so production refuses the setting.
 */
export const TEST_PASSWORD_COST: PasswordCost = { N: 1024, r: 8, p: 1 };

/**
 * PASSWORD_HASH_COST: `test` makes new password hashes cheap (TEST_PASSWORD_COST, scrypt N=1024), for test
 * suites that register hundreds of customers; unset or `standard` is the real cost (PASSWORD_COST, N=32768).
 * Production refuses `test`: a stolen hash would be 32 times cheaper to guess. Hashes keep their own
 * parameters, so a change of setting leaves every stored password verifiable.
 */
export function readPasswordCost(env: Env, production: boolean, problems: string[]): PasswordCost {
  const setting = env.PASSWORD_HASH_COST?.trim() || 'standard';
  if (setting === 'standard') return PASSWORD_COST;
  if (setting !== 'test') {
    problems.push(`PASSWORD_HASH_COST must be standard or test (it is ${setting}).`);
    return PASSWORD_COST;
  }
  if (production) {
    problems.push(
      `PASSWORD_HASH_COST=test cannot be used in production: its hashes (scrypt N=${TEST_PASSWORD_COST.N}) are ${PASSWORD_COST.N / TEST_PASSWORD_COST.N} times cheaper to guess; it is for test suites only.`,
    );
    return PASSWORD_COST;
  }
  return TEST_PASSWORD_COST;
}

/** The password hashing cost alone, for the shop's registrations, logins and password changes. */
export const readPasswordCostSetting = (env: Env): PasswordCost => readAlone(env, readPasswordCost);
