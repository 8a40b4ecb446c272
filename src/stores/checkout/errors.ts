/**
 * The checkout's failures as the islands get them: a code they translate, with the API's or the bank's own
 * words when it gave some. A step throws a CheckoutFailure (an Error, so a stack is kept); the store keeps
 * and rejects with its CheckoutError.
 */
import { isShopApiError, NETWORK_ERROR_STATUS } from '../../lib/shop-api/http.ts';
import type { Violation } from '../../lib/shop-api/errors.ts';

/**
 * - `not_found`: no such order for this shopper (the address was mistyped, or the order is someone else's).
 * - `network`: no answer came; the shopper may try again.
 * - `refused`: the shop refused the step (`violations` and `description` say why, in the shopper's language).
 * - `card_invalid`: the provider refused the card details before any payment (`field` names the detail).
 * - `payment_refused`: the bank refused the payment (`bank` holds its message and code).
 * - `relay_none`: no open relay point near the place searched; `relay_unavailable`: the search failed.
 * - `failed`: anything else (the funnel's generic error).
 */
type CheckoutErrorCode =
  | 'not_found'
  | 'network'
  | 'refused'
  | 'card_invalid'
  | 'payment_refused'
  | 'relay_none'
  | 'relay_unavailable'
  | 'failed';

export interface CheckoutError {
  code: CheckoutErrorCode;
  /** The API's or the provider's reason, when it gave one. */
  description: string | null;
  violations: Violation[];
  /** The bank's detailed message and response code of a refused payment. */
  bank?: { message: string; code: string | null };
  /** The card detail the provider refused (cardNumber, expiryDate, verificationCode, cardHolder). */
  field?: string;
}

export const failure = (code: CheckoutErrorCode, init: Partial<CheckoutError> = {}): CheckoutError => ({
  code,
  description: null,
  violations: [],
  ...init,
});

export class CheckoutFailure extends Error {
  readonly error: CheckoutError;
  constructor(error: CheckoutError) {
    super(error.code);
    this.error = error;
  }
}
const isCheckoutError = (value: unknown): value is CheckoutError =>
  typeof value === 'object' && value !== null && 'code' in value && 'violations' in value && !(value instanceof Error);

/** A failed call as the islands get it. */
export function checkoutErrorOf(error: unknown): CheckoutError {
  if (isCheckoutError(error)) return error;
  if (!isShopApiError(error)) return failure('failed');
  if (error.status === NETWORK_ERROR_STATUS) return failure('network');
  if (error.status === 404) return failure('not_found');
  if (error.status === 422 || error.status === 400)
    return failure('refused', { description: error.description, violations: error.violations });
  return failure('failed');
}
