/**
 * ImageKit's upload authentication: a random token and an expiry (seconds since the epoch), signed with
 * HMAC-SHA1 of token + expire under the private key. The shop API hands these out to signed-in customers;
 * the embedded media service (and ImageKit itself) checks them.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { UPLOAD_AUTH_TIMEOUT_MS } from '../../lib/pets/photo.ts';

export const signatureOf = (privateKey: string, token: string, expire: number | string) =>
  createHmac('sha1', privateKey).update(`${token}${expire}`).digest('hex');

/** A fresh triple, good for as long as the upload helper waits for it (60 seconds). */
export function uploadAuthentication(privateKey: string, now: Date): { token: string; expire: number; signature: string } {
  const token = randomUUID();
  const expire = Math.floor(now.getTime() / 1000) + UPLOAD_AUTH_TIMEOUT_MS / 1000;
  return { token, expire, signature: signatureOf(privateKey, token, expire) };
}
