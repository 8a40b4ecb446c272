/**
 * Password hashing with scrypt (memory-hard, so guessing costs memory as well as time), a random salt per
 * password and a timing-safe comparison. The parameters are stored with the hash: raising the cost later
 * keeps old hashes verifiable, and a hash made at the tests' cost verifies on a platform using the real one.
 * The cost new hashes are made with is the platform's setting (config/passwords.ts readPasswordCost): PASSWORD_COST,
 * or TEST_PASSWORD_COST for test suites, which production refuses.
 *
 * Every hash of the process goes through one bounded semaphore (PASSWORD_HASHING in limits/policy.ts):
 * a flood of logins cannot run more hashes at once than there are cores, nor queue more than a few, so a
 * real sign-in waits a bounded time; past that the caller gets PasswordHashingBusy (answered 503).
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { PASSWORD_HASHING } from '../limits/policy.ts';
import { QueueFull, Semaphore, type Priority } from '../limits/semaphore.ts';
import type { PasswordCost } from '../../config/passwords.ts';

const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
/** Upper bounds for stored parameters, so a tampered row cannot make one login eat the machine. */
const MAX_N = 1 << 20;

/** Too many hashes running and waiting in this process: try again in `retryAfterSeconds`. */
export class PasswordHashingBusy extends Error {
  readonly retryAfterSeconds = PASSWORD_HASHING.busyRetryAfterSeconds;
  constructor() {
    super('Password hashing is saturated');
    this.name = 'PasswordHashingBusy';
  }
}

const hashing = new Semaphore(PASSWORD_HASHING.concurrency, PASSWORD_HASHING.maxQueue, PASSWORD_HASHING.lowConcurrency);
/** Whether a hash of that priority would be refused now (PasswordHashingBusy): lets a caller refuse before costly work. */
export const passwordHashingWouldRefuse = (priority: Priority = 'normal'): boolean => hashing.wouldRefuse(priority);
/** The process's hashing slots, exported for tests: holding them stands in for a flood. */
export const passwordHashingSlots: Pick<Semaphore, 'acquire' | 'concurrency' | 'maxQueue' | 'running' | 'waiting'> = hashing;
/** Hashes running now and the most that ever ran at once since the last reset (tests, benchmarks). */
const load = { running: 0, peak: 0 };
export const passwordHashingLoad = {
  get running() {
    return load.running;
  },
  get waiting() {
    return hashing.waiting;
  },
  get peak() {
    return load.peak;
  },
  resetPeak() {
    load.peak = load.running;
  },
};

const scryptKey = (password: string, salt: Buffer, options: ScryptOptions, keyLength: number) =>
  new Promise<Buffer>((resolve, reject) => {
    const maxmem = 128 * (options.N ?? 0) * (options.r ?? 0) * 2 + 1024 * 1024;
    scrypt(password.normalize('NFC'), salt, keyLength, { ...options, maxmem }, (error, key) => (error ? reject(error) : resolve(key)));
  });

async function derive(
  password: string,
  salt: Buffer,
  options: ScryptOptions,
  keyLength: number,
  priority: Priority = 'normal',
): Promise<Buffer> {
  let release: () => void;
  try {
    release = await hashing.acquire(priority);
  } catch (error) {
    if (error instanceof QueueFull) throw new PasswordHashingBusy();
    throw error;
  }
  load.running += 1;
  load.peak = Math.max(load.peak, load.running);
  try {
    return await scryptKey(password, salt, options, keyLength);
  } finally {
    load.running -= 1;
    release();
  }
}

/** `cost`: the platform's (ShopDeps.passwordCost); it is stored with the hash. */
export async function hashPassword(password: string, cost: PasswordCost): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, cost, KEY_LENGTH);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64'), key.toString('base64')].join('$');
}

/** `priority` low: a login that probably guesses (its address already failed); see Semaphore. */
export async function verifyPassword(password: string, stored: string, priority: Priority = 'normal'): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  const N = Number(n),
    R = Number(r),
    P = Number(p);
  if (scheme !== 'scrypt' || !salt || !key || !(N > 1 && N <= MAX_N && R >= 1 && R <= 32 && P >= 1 && P <= 16)) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), { N, r: R, p: P }, expected.length, priority);
  return timingSafeEqual(actual, expected);
}

/**
 * Unknown e-mails still pay for one hash, so the answer time does not tell which accounts exist: at the
 * platform's cost, the one its accounts' hashes were made with (one dummy hash per cost, for a process
 * running platforms of both costs: the tests).
 */
const dummyHashes = new Map<string, Promise<string>>();
export async function burnPasswordCheck(password: string, cost: PasswordCost, priority: Priority = 'normal'): Promise<void> {
  const key = `${cost.N}$${cost.r}$${cost.p}`;
  let dummy = dummyHashes.get(key);
  if (!dummy) {
    // A failed first hash (hashing busy) must not be remembered: the next call tries again.
    dummy = hashPassword(randomBytes(16).toString('hex'), cost).catch((error: unknown) => {
      dummyHashes.delete(key);
      throw error;
    });
    dummyHashes.set(key, dummy);
  }
  await verifyPassword(password, await dummy, priority);
}
