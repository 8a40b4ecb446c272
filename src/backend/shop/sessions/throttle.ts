/**
 * Login throttling, by account *and* client address, so a stranger cannot lock the owner out:
 * - failures on one account from one address (RATE_LIMITS.loginAccountAddress, 5 per 15 min): a guesser
 *   locks only their own address out of that account, the owner signs in from theirs;
 * - failures from one address across accounts (RATE_LIMITS.loginAddress, 10 per 15 min): one machine
 *   cannot try a common password on many accounts;
 * - at most one password hash in flight per address in this process (LOGIN_HASHING_PER_ADDRESS), so
 *   parallel attempts from one address cannot take every hashing slot;
 * - an address that already failed in the window, or an e-mail without an account, hashes at low
 *   priority (limits/semaphore.ts), so many failing addresses at once cannot keep a shopper whose address
 *   has not failed out of the hashing line;
 * - refusals are answered after a short pause (LOGIN_REFUSAL_DELAY), so a flood that waits for its
 *   answers costs a few requests a second.
 * Unknown e-mails are counted alike, so a 429 tells nothing about which accounts exist. Attempts are
 * counted before the password is hashed and refused ones never hash.
 */
import type { Queryable } from '../../db/database.ts';
import { LOGIN_HASHING_PER_ADDRESS, LOGIN_REFUSAL_DELAY } from '../limits/policy.ts';
import { KeyedSemaphore, QueueFull, type Priority } from '../limits/semaphore.ts';
import { emailKey, RATE_LIMITS_TABLE, type ShopLimits } from '../limits/store.ts';

export type LoginAttempt =
  | { allowed: true; priority: Priority; succeeded(): Promise<void>; cancelled(): Promise<void> }
  | { allowed: false; retryAfterSeconds: number };

const hashingPerAddress = new KeyedSemaphore(LOGIN_HASHING_PER_ADDRESS.concurrency, LOGIN_HASHING_PER_ADDRESS.maxQueue);

/**
 * The address's login slot, waiting behind at most two others; null when that line is full (answer 429
 * without any query). Hold it until the password is checked, then release it.
 */
export async function takeLoginSlot(address: string): Promise<(() => void) | null> {
  try {
    return await hashingPerAddress.acquire(address);
  } catch (error) {
    if (error instanceof QueueFull) return null;
    throw error;
  }
}

let refusalsHeld = 0;
/** The pause before a refused login's answer (LOGIN_REFUSAL_DELAY), holding no slot and no connection to the database. */
export async function slowDownRefusal(): Promise<void> {
  if (refusalsHeld >= LOGIN_REFUSAL_DELAY.maxHeld) return;
  refusalsHeld += 1;
  try {
    await new Promise((resolve) => setTimeout(resolve, LOGIN_REFUSAL_DELAY.delayMs));
  } finally {
    refusalsHeld -= 1;
  }
}

const pairKey = (email: string, address: string) => `${emailKey(email)}:${address}`;

/**
 * Counts the attempt as a failure of the address and of the pair, before the password is checked; the
 * caller then says how it went: `succeeded` clears the pair and gives the address its try back,
 * `cancelled` gives both back (the password was not checked), and a failure keeps both.
 */
export async function countLoginAttempt(limits: ShopLimits, email: string, address: string): Promise<LoginAttempt> {
  const pair = pairKey(email, address);
  const byAddress = await limits.loginAddress.consume(address);
  if (!byAddress.allowed) return byAddress;
  const byPair = await limits.loginAccountAddress.consume(pair);
  if (!byPair.allowed) {
    // Refused before any password check: it is not a failure of this address.
    await limits.loginAddress.refund(address);
    return byPair;
  }
  return {
    allowed: true,
    // An address that already failed in this window waits behind everyone else for a hashing slot.
    priority: byAddress.used > 1 || byPair.used > 1 ? 'low' : 'normal',
    succeeded: async () => {
      await Promise.all([limits.loginAccountAddress.forget(pair), limits.loginAddress.refund(address)]);
    },
    cancelled: async () => {
      await Promise.all([limits.loginAccountAddress.refund(pair), limits.loginAddress.refund(address)]);
    },
  };
}

/**
 * Following a mailed reset link proves the mailbox is the customer's: their failures from every address
 * are forgotten. Runs in the reset's transaction, on the counters' table directly (the keys are
 * `<limit>:<e-mail digest>:<address>`).
 */
export async function clearFailures(q: Queryable, email: string): Promise<void> {
  const prefix = `loginAccountAddress:${emailKey(email)}:`;
  await q.query(`DELETE FROM ${RATE_LIMITS_TABLE.schemaName}.${RATE_LIMITS_TABLE.tableName} WHERE key LIKE $1`, [
    `${prefix.replace(/[\\%_]/g, '\\$&')}%`,
  ]);
}
