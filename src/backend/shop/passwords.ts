/**
 * Password hashing with scrypt (memory-hard, so guessing costs memory as well as time), a random salt per
 * password and a timing-safe comparison. The parameters are stored with the hash: raising the cost later
 * keeps old hashes verifiable.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** 2^15 × 8 × 128 bytes = 32 MiB of memory per hash, about 50–100 ms on one core. */
const COST = { N: 32768, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
/** Upper bounds for stored parameters, so a tampered row cannot make one login eat the machine. */
const MAX_N = 1 << 20;

const derive = (password: string, salt: Buffer, options: ScryptOptions, keyLength: number) =>
  new Promise<Buffer>((resolve, reject) => {
    const maxmem = 128 * (options.N ?? 0) * (options.r ?? 0) * 2 + 1024 * 1024;
    scrypt(password.normalize('NFC'), salt, keyLength, { ...options, maxmem }, (error, key) => (error ? reject(error) : resolve(key)));
  });

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, COST, KEY_LENGTH);
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  const N = Number(n), R = Number(r), P = Number(p);
  if (scheme !== 'scrypt' || !salt || !key || !(N > 1 && N <= MAX_N && R >= 1 && R <= 32 && P >= 1 && P <= 16)) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), { N, r: R, p: P }, expected.length);
  return timingSafeEqual(actual, expected);
}

/** Unknown e-mails still pay for one hash, so the answer time does not tell which accounts exist. */
let dummyHash: Promise<string> | undefined;
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  await verifyPassword(password, await dummyHash);
}
