/**
 * ImageKit's upload authentication: a random token and an expiry (seconds since the epoch), signed with
 * HMAC-SHA1 of token + expire under the private key. The shop API hands these out to signed-in customers;
 * the embedded media service (and ImageKit itself) checks them.
 *
 * The token also names the customer it was handed to (`{uuid}.{customer id}`): the HMAC covers the token,
 * so no one can change whose it is without the private key, and the embedded service records that owner
 * with an uploaded file and lets only the same customer's signatures rotate or delete it (issue 43). ImageKit
 * asks only that a token be unique ("a V4 UUID or another random string"), so it takes these as they are.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { UPLOAD_AUTH_TIMEOUT_MS } from '../../lib/pets/photo.ts';

export const signatureOf = (privateKey: string, token: string, expire: number | string) =>
  createHmac('sha1', privateKey).update(`${token}${expire}`).digest('hex');

/** A token the shop signed: a random UUID, a dot, the customer's id. */
const OWNED_TOKEN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.([1-9]\d{0,14})$/;

/** Whose a (signature-checked) token is: the customer id as text, or null for a token that names no one. */
export const ownerOfToken = (token: string): string | null => OWNED_TOKEN.exec(token)?.[1] ?? null;

/** A fresh triple for one customer, good for as long as the upload helper waits for it (60 seconds). */
export function uploadAuthentication(
  privateKey: string,
  now: Date,
  customerId: number,
): { token: string; expire: number; signature: string } {
  const token = `${randomUUID()}.${customerId}`;
  const expire = Math.floor(now.getTime() / 1000) + UPLOAD_AUTH_TIMEOUT_MS / 1000;
  return { token, expire, signature: signatureOf(privateKey, token, expire) };
}
