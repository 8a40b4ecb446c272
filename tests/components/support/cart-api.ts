/**
 * The shop API's cart calls on the fake API: the in-memory carts of the cart store's unit tests
 * (tests/unit/stores/cart/fakes.ts) behind their HTTP paths, so an island's add goes through the real
 * client and store and gets the answers in the wire format.
 */
import { fakeShop } from '../../unit/stores/cart/fakes.ts';
import type { AddItemInput } from '../../../src/lib/shop-api/carts.ts';
import type { FakeShopApi } from './shop-api.ts';

export const cartPaths = {
  orders: /\/orders$/,
  cart: /\/orders\/[^/]+$/,
  items: /\/orders\/[^/]+\/items$/,
};
const tokenOf = (url: URL) => url.pathname.split('/')[5]!;

export function answerCarts(api: FakeShopApi) {
  const shop = fakeShop();
  api.answer('POST', cartPaths.orders, async () => ({ status: 201, body: await shop.client.createCart() }));
  api.answer('GET', cartPaths.cart, async ({ url }) => ({ status: 200, body: await shop.client.getCart(tokenOf(url)) }));
  api.answer('PATCH', cartPaths.items, async ({ url, body }) => ({
    status: 200,
    body: await shop.client.addItem(tokenOf(url), body as AddItemInput),
  }));
  return shop;
}
