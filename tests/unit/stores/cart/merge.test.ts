import { describe, expect, it } from 'vitest';
import { ShopApiError } from '../../../../src/lib/shop-api/http.ts';
import type { Order } from '../../../../src/lib/shop-api/orders.ts';
import type { CartError } from '../../../../src/stores/cart/errors.ts';
import { cartAtLogin } from '../../../../src/stores/cart/merge.ts';
import { fakeShop } from './fakes.ts';

const customer = '/api/v2/shop/customers/7';

function setup(anonymous: string | null) {
  const shop = fakeShop();
  const state = { token: anonymous, shown: [] as Array<Order | null>, errors: [] as CartError[] };
  const deps = {
    client: shop.client,
    token: {
      get: () => state.token,
      set: (value: string | null) => {
        state.token = value;
      },
    },
    fetchCart: async () => ({ cart: state.token ? await shop.client.getCart(state.token) : null }),
    show: (cart: Order | null) => void state.shown.push(cart),
    recordError: (error: CartError) => void state.errors.push(error),
  };
  return { shop, state, deps };
}

describe('cart at login', () => {
  it('keeps every line it could merge and records the first refusal, in the API’s words', async () => {
    const { shop, state, deps } = setup('anon');
    shop.carts.set('anon', shop.newCart('anon'));
    shop.carts.set('mine', shop.newCart('mine', customer));
    await shop.addDirect('anon', { productVariant: '12345678', quantity: 1, subscriptionInterval: 0 });
    shop.failures.set('addItem', new ShopApiError({ status: 422, description: 'Rupture de stock', method: 'PATCH', path: '/x' }));
    await cartAtLogin(deps, { customer, cart: 'mine' });
    expect(state.token).toBe('mine');
    expect(shop.carts.has('anon')).toBe(false);
    expect(state.errors.map((error) => [error.code, error.description])).toEqual([['failed', 'Rupture de stock']]);
  });
  it('assigns the anonymous cart when the customer has none, and records a refused assignment', async () => {
    const { shop, state, deps } = setup('anon');
    shop.carts.set('anon', shop.newCart('anon'));
    await cartAtLogin(deps, { customer, cart: null });
    expect(state.shown.map((cart) => cart?.customer)).toEqual([customer]);

    const failing = setup('anon');
    failing.shop.carts.set('anon', failing.shop.newCart('anon'));
    failing.shop.failures.set(
      'assignCustomer',
      new ShopApiError({ status: 0, description: 'Network request failed', method: 'PUT', path: '/x' }),
    );
    await cartAtLogin(failing.deps, { customer, cart: null });
    expect(failing.state.errors.map((error) => error.code)).toEqual(['network']);
  });
  it('does nothing without any cart', async () => {
    const { shop, state, deps } = setup(null);
    await cartAtLogin(deps, { customer, cart: null });
    expect(shop.calls).toEqual([]);
    expect(state).toMatchObject({ token: null, shown: [], errors: [] });
  });
});
