/** Fakes for the cart store's tests: the shop API's cart calls, BroadcastChannel and localStorage between tabs. */
import { ShopApiError } from '../../../../src/lib/shop-api/http.ts';
import type { AddItemInput } from '../../../../src/lib/shop-api/carts.ts';
import { iri } from '../../../../src/lib/shop-api/iri.ts';
import type { Order, OrderItem } from '../../../../src/lib/shop-api/orders.ts';
import type { CartDeps } from '../../../../src/stores/cart/index.ts';
import type { ChannelLike, StorageEvents, StorageLike } from '../../../../src/stores/browser.ts';
import { cartCheckoutFields } from '../../../support/cart-checkout-fields.ts';

const notFound = (path: string) =>
  new ShopApiError({
    status: 404,
    description: 'Not Found',
    method: 'GET',
    path,
    body: { '@type': 'hydra:Error', 'hydra:description': 'Not Found' },
  });

/** An in-memory shop API for carts, recording the calls it gets. */
export function fakeShop() {
  const carts = new Map<string, Order>();
  const calls: string[] = [];
  const failures = new Map<string, unknown>();
  let nextToken = 1;
  let nextItem = 1;
  const fail = (name: string) => {
    const error = failures.get(name);
    if (error !== undefined) {
      failures.delete(name);
      throw error;
    }
  };
  const get = (token: string) => {
    const cart = carts.get(token);
    if (!cart) throw notFound(iri.order(token));
    return cart;
  };
  const totals = (cart: Order): Order => ({ ...cart, itemsTotal: cart.items.reduce((sum, item) => sum + item.total, 0) });
  const item = (input: AddItemInput, token: string): OrderItem => {
    const code = input.productVariant.split('/').pop()!;
    const id = nextItem++;
    return {
      '@id': iri.orderItem(token, id),
      '@type': 'OrderItem',
      id,
      variant: iri.variant(code),
      variantCode: code,
      productName: `Croquettes ${code}`,
      variantName: '2 kg',
      quantity: input.quantity,
      unitPrice: 1000,
      originalUnitPrice: 1000,
      total: 1000 * input.quantity,
      subscriptionInterval: input.subscriptionInterval,
      sourceItemList: input.sourceItemList ?? null,
      upsell: input.upsell ?? false,
      productPath: `/produits/croquettes-${code}/2-kg/`,
      image: null,
      animal: 'dog',
      sample: false,
    };
  };
  const newCart = (token: string, customer: string | null = null): Order => ({
    '@id': iri.order(token),
    '@type': 'Order',
    tokenValue: token,
    state: 'cart',
    checkoutState: 'cart',
    paymentState: 'cart',
    shippingState: 'cart',
    ...cartCheckoutFields,
    currencyCode: 'EUR',
    localeCode: 'fr_FR',
    channelCode: 'FR',
    customer,
    items: [],
    freeProducts: [],
    couponCode: null,
    coupon: null,
    promotions: [],
    itemsTotal: 0,
    orderPromotionTotal: 0,
    shippingTotal: 0,
    serviceFeesTotal: 0,
    taxTotal: 0,
    total: 0,
    totalExcludingTax: 0,
    freeShippingThreshold: 4900,
    amountToFreeShipping: 4900,
  });

  const client: CartDeps['client'] = {
    async createCart() {
      calls.push('createCart');
      fail('createCart');
      const token = `cart-${nextToken++}`;
      carts.set(token, newCart(token));
      return get(token);
    },
    async getCart(token) {
      calls.push(`getCart ${token}`);
      fail('getCart');
      return structuredClone(get(token));
    },
    async deleteCart(token) {
      calls.push(`deleteCart ${token}`);
      get(token);
      carts.delete(token);
    },
    async assignCustomer(token, customer) {
      calls.push(`assignCustomer ${token} ${customer}`);
      fail('assignCustomer');
      carts.set(token, { ...get(token), customer });
      return get(token);
    },
    async addItem(token, input) {
      calls.push(`addItem ${token} ${input.productVariant} x${input.quantity} /${input.subscriptionInterval}`);
      const cart = get(token);
      fail('addItem');
      const code = input.productVariant.split('/').pop()!;
      const same = cart.items.find((line) => line.variantCode === code && line.subscriptionInterval === input.subscriptionInterval);
      const items = same
        ? cart.items.map((line) =>
            line === same ? { ...line, quantity: line.quantity + input.quantity, total: (line.quantity + input.quantity) * 1000 } : line,
          )
        : [...cart.items, item(input, token)];
      carts.set(token, totals({ ...cart, items }));
      return structuredClone(get(token));
    },
    async changeItem(token, itemId, change) {
      calls.push(`changeItem ${token} ${itemId} ${JSON.stringify(change)}`);
      const cart = get(token);
      fail('changeItem');
      carts.set(
        token,
        totals({
          ...cart,
          items: cart.items.map((line) =>
            line.id === itemId ? { ...line, ...change, total: (change.quantity ?? line.quantity) * 1000 } : line,
          ),
        }),
      );
      return structuredClone(get(token));
    },
    async removeItem(token, itemId) {
      calls.push(`removeItem ${token} ${itemId}`);
      const cart = get(token);
      fail('removeItem');
      carts.set(token, totals({ ...cart, items: cart.items.filter((line) => line.id !== itemId) }));
      return undefined;
    },
    async applyCoupon(token, code) {
      calls.push(`applyCoupon ${token} ${code}`);
      const cart = get(token);
      if (code !== 'WELCOME5') {
        const violations = [{ propertyPath: 'couponCode', message: 'Ce code promo n’est pas valide.', code: 'coupon_invalid' }];
        throw new ShopApiError({
          status: 422,
          description: 'couponCode: Ce code promo n’est pas valide.',
          violations,
          method: 'PATCH',
          path: `${iri.order(token)}/apply-coupon`,
          body: {
            '@type': 'ConstraintViolationList',
            'hydra:title': 'An error occurred',
            'hydra:description': 'couponCode: Ce code promo n’est pas valide.',
            violations,
          },
        });
      }
      carts.set(token, { ...cart, couponCode: code });
      return structuredClone(get(token));
    },
    async removeCoupon(token, code) {
      calls.push(`removeCoupon ${token} ${code}`);
      carts.set(token, { ...get(token), couponCode: null });
      return undefined;
    },
  };
  return { client, carts, calls, failures, newCart, addDirect: (token: string, input: AddItemInput) => client.addItem(token, input) };
}

/** BroadcastChannel('cart') between tabs of one fake browser. */
export function fakeChannels() {
  const members = new Set<{ listeners: Set<(event: { data: unknown }) => void> }>();
  const open = (): ChannelLike => {
    const self = { listeners: new Set<(event: { data: unknown }) => void>() };
    members.add(self);
    return {
      postMessage: (data) => {
        for (const member of members)
          if (member !== self) for (const listener of member.listeners) listener({ data: structuredClone(data) });
      },
      addEventListener: (_type, listener) => void self.listeners.add(listener),
      removeEventListener: (_type, listener) => void self.listeners.delete(listener),
      close: () => void members.delete(self),
    };
  };
  return { open };
}

/** localStorage shared by tabs, with storage events in the other tabs. */
export function sharedStorage() {
  const data = new Map<string, string>();
  const listeners: Array<{ tab: number; listener: (key: string | null, value: string | null) => void }> = [];
  let tabs = 0;
  return {
    data,
    tab(): { storage: StorageLike; storageEvents: StorageEvents } {
      const tab = tabs++;
      const emit = (key: string, value: string | null) => {
        for (const l of listeners.filter((other) => other.tab !== tab)) l.listener(key, value);
      };
      return {
        storage: {
          getItem: (key) => data.get(key) ?? null,
          setItem: (key, value) => {
            data.set(key, value);
            emit(key, value);
          },
          removeItem: (key) => {
            data.delete(key);
            emit(key, null);
          },
        },
        storageEvents: (listener) => {
          const entry = { tab, listener };
          listeners.push(entry);
          return () => void listeners.splice(listeners.indexOf(entry), 1);
        },
      };
    },
  };
}

/** Lets the promises and zero-delay timers queued so far run. */
export const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
