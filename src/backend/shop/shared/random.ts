/** Unguessable tokens (cart, refresh, reset) and the digests they are stored as. */
import { createHash, randomBytes, randomInt } from 'node:crypto';

export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');
export const digest = (token: string): string => createHash('sha256').update(token).digest('hex');

/** Letters and digits that cannot be mistaken for one another when copied from a mail (no 0/O, 1/I/L). */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/** A code a person reads and types (a personal coupon, a contact request's reference): `PREFIX-XXXXXX`. */
export const readableCode = (prefix: string, length = 6): string =>
  `${prefix}-${Array.from({ length }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('')}`;
