/** The 1–99 limit of a cart line is one fact: the shop API's cart requests and the islands' fields read CART_QUANTITY. */
import { describe, expect, it } from 'vitest';
import { CART_QUANTITY } from '../../../src/lib/constants.ts';
import { QUANTITY } from '../../../src/lib/shop-api/requests/carts.ts';

describe('cart quantity', () => {
  it('is the same object for the server and the islands', () => {
    expect(CART_QUANTITY).toEqual({ min: 1, max: 99 });
    expect(QUANTITY).toBe(CART_QUANTITY);
  });
});
