/**
 * Comparing a secret a caller sends (a bearer token, an account's password) with the one the platform
 * holds, for every service of the platform. timingSafeEqual refuses (throws) buffers of different byte
 * lengths, and a text of the right number of characters is not one of the right number of bytes once a
 * character is not ASCII: comparing the texts' bytes answered 500 there, and told the secret's length.
 * Both texts are hashed first, so the digests always have the same 32 bytes: any input is a plain "no",
 * and neither the answer nor the time it takes depends on how long the secret is.
 */
import { createHash, timingSafeEqual } from 'node:crypto';

const digestOf = (text: string): Buffer => createHash('sha256').update(text, 'utf8').digest();

/** Whether `given` is `expected`, compared in constant time whatever either holds. */
export function sameSecret(given: string, expected: string): boolean {
  return timingSafeEqual(digestOf(given), digestOf(expected));
}
