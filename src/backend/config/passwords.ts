/** How costly new password hashes are. */
import { PASSWORD_COST, TEST_PASSWORD_COST, type PasswordCost } from '../shop/shared/passwords.ts';
import { type Env, readAlone } from './checks.ts';

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
