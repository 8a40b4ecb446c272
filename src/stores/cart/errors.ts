/**
 * Why a cart operation failed, as a code the islands translate: the store holds no shopper texts, so
 * one store serves both languages and the texts live with the other messages. A refusal the shop API
 * explained (a 4xx with a description) keeps the API's own words, which are already in the shopper's
 * language (a coupon's or a stock refusal's reason); the store never writes such words itself.
 */
import { isShopApiError, NETWORK_ERROR_STATUS, type ShopApiError } from '../../lib/shop-api/http.ts';
import type { Order } from '../../lib/shop-api/orders.ts';
import type { Violation } from '../../lib/shop-api/errors.ts';

/** The text a cart operation on an unknown cart is rejected with (for developers; shoppers see a translation). */
export const CART_NOT_FOUND = 'Cart not found';

/**
 * - `cart_not_found`: the cart is gone (deleted, or not this shopper's); its token was cleared.
 * - `network`: no answer came; the shopper may check their connection and try again.
 * - `failed`: any other failure; `description` holds the API's reason when it gave one.
 */
export type CartErrorCode = 'cart_not_found' | 'network' | 'failed';

export class CartError extends Error {
  readonly code: CartErrorCode;
  /** The cart as reloaded after the failure (null when there is none). */
  readonly cart: Order | null;
  readonly status: number | null;
  /** The API's reason for refusing (4xx), in the shopper's language; null when it gave none. */
  readonly description: string | null;
  /** The server's answer as is (a coupon error body is passed on unchanged). */
  readonly body: unknown;
  readonly violations: Violation[];

  constructor(message: string, init: { code: CartErrorCode; cart: Order | null; cause?: unknown; description?: string | null }) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'CartError';
    this.code = init.code;
    this.cart = init.cart;
    this.description = init.description ?? null;
    const api = isShopApiError(init.cause) ? init.cause : null;
    this.status = api?.status ?? null;
    this.body = api?.body;
    this.violations = api?.violations ?? [];
  }
}
export const isCartError = (error: unknown): error is CartError => error instanceof CartError;

/** The server refused the cart itself (unknown, not yours…); a 401 is about the session, not the cart. */
export const refusedCart = (error: unknown): error is ShopApiError =>
  isShopApiError(error) && error.status >= 400 && error.status < 500 && error.status !== 401;

/** A failure of a cart operation, as the islands get it, with the cart as it is after the failure. */
export function cartErrorOf(error: unknown, cart: Order | null): CartError {
  if (isCartError(error)) return error;
  if (isShopApiError(error) && error.status === NETWORK_ERROR_STATUS && error.code === null) {
    return new CartError(error.description, { code: 'network', cart, cause: error });
  }
  const description = isShopApiError(error) && error.status >= 400 && error.status < 500 && error.description ? error.description : null;
  const message = description ?? (error instanceof Error && error.message ? error.message : 'Cart request failed');
  return new CartError(message, { code: 'failed', cart, cause: error, description });
}

export const cartNotFound = (cause?: unknown): CartError => new CartError(CART_NOT_FOUND, { code: 'cart_not_found', cart: null, cause });
