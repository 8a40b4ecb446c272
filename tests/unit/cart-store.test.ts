import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../src/lib/constants.ts';
import { ShopApiError } from '../../src/lib/http.ts';
import type { AddItemInput, ShopClient } from '../../src/lib/shop/client.ts';
import { iri, type Order, type OrderItem } from '../../src/lib/shop/wire.ts';
import { CART_NOT_FOUND, CART_SYNC_KEY, CartError, cartCount, createCartStore, type CartDeps } from '../../src/stores/cart.ts';
import { $cartBadgeCount, CART_COUNT_KEY, bindCartBadge, publishCartCount, resetCartBadgeForTests, startCartBadge } from '../../src/stores/cart-badge.ts';
import { memoryStorage, type ChannelLike, type StorageEvents, type StorageLike } from '../../src/stores/platform.ts';

const notFound = (path: string) => new ShopApiError({ status: 404, description: 'Not Found', method: 'GET', path, body: { '@type': 'hydra:Error', 'hydra:description': 'Not Found' } });

/** An in-memory shop API for carts, recording the calls it gets. */
function fakeShop() {
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
      '@id': iri.orderItem(token, id), '@type': 'OrderItem', id, variant: iri.variant(code), variantCode: code, productName: `Croquettes ${code}`, variantName: '2 kg',
      quantity: input.quantity, unitPrice: 1000, originalUnitPrice: 1000, total: 1000 * input.quantity, subscriptionInterval: input.subscriptionInterval,
      sourceItemList: input.sourceItemList ?? null, upsell: input.upsell ?? false,
    };
  };
  const newCart = (token: string, customer: string | null = null): Order => ({
    '@id': iri.order(token), '@type': 'Order', tokenValue: token, state: 'cart', checkoutState: 'cart', paymentState: 'cart', shippingState: 'cart', currencyCode: 'EUR',
    localeCode: 'fr_FR', channelCode: 'FR', customer, items: [], freeProducts: [], couponCode: null, promotions: [], itemsTotal: 0, orderPromotionTotal: 0,
    shippingTotal: 0, serviceFeesTotal: 0, taxTotal: 0, total: 0, totalExcludingTax: 0, freeShippingThreshold: 4900, amountToFreeShipping: 4900,
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
        ? cart.items.map((line) => (line === same ? { ...line, quantity: line.quantity + input.quantity, total: (line.quantity + input.quantity) * 1000 } : line))
        : [...cart.items, item(input, token)];
      carts.set(token, totals({ ...cart, items }));
      return structuredClone(get(token));
    },
    async changeItem(token, itemId, change) {
      calls.push(`changeItem ${token} ${itemId} ${JSON.stringify(change)}`);
      const cart = get(token);
      fail('changeItem');
      carts.set(token, totals({ ...cart, items: cart.items.map((line) => (line.id === itemId ? { ...line, ...change, total: (change.quantity ?? line.quantity) * 1000 } : line)) }));
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
          status: 422, description: 'couponCode: Ce code promo n’est pas valide.', violations, method: 'PATCH', path: `${iri.order(token)}/apply-coupon`,
          body: { '@type': 'ConstraintViolationList', 'hydra:title': 'An error occurred', 'hydra:description': 'couponCode: Ce code promo n’est pas valide.', violations },
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
function fakeChannels() {
  const members = new Set<{ listeners: Set<(event: { data: unknown }) => void> }>();
  const open = (): ChannelLike => {
    const self = { listeners: new Set<(event: { data: unknown }) => void>() };
    members.add(self);
    return {
      postMessage: (data) => {
        for (const member of members) if (member !== self) member.listeners.forEach((listener) => listener({ data: structuredClone(data) }));
      },
      addEventListener: (_type, listener) => void self.listeners.add(listener),
      removeEventListener: (_type, listener) => void self.listeners.delete(listener),
      close: () => void members.delete(self),
    };
  };
  return { open };
}

/** localStorage shared by tabs, with storage events in the other tabs. */
function sharedStorage() {
  const data = new Map<string, string>();
  const listeners: Array<{ tab: number; listener: (key: string | null, value: string | null) => void }> = [];
  let tabs = 0;
  return {
    data,
    tab(): { storage: StorageLike; storageEvents: StorageEvents } {
      const tab = tabs++;
      const emit = (key: string, value: string | null) => listeners.filter((l) => l.tab !== tab).forEach((l) => l.listener(key, value));
      return {
        storage: {
          getItem: (key) => data.get(key) ?? null,
          setItem: (key, value) => (data.set(key, value), emit(key, value)),
          removeItem: (key) => (data.delete(key), emit(key, null)),
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

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const line = (variant: string, quantity = 1, interval = 0) => ({ variantCode: variant, quantity, interval });

describe('cart store: loading', () => {
  it('loads only an order in state cart; otherwise the token is dropped', async () => {
    const shop = fakeShop();
    shop.carts.set('done', { ...shop.newCart('done'), state: 'new' });
    const storage = memoryStorage({ [STORAGE_KEYS.cartToken]: 'done' });
    const store = createCartStore({ client: shop.client, storage });
    expect(await store.load()).toBeNull();
    expect(storage.data.has(STORAGE_KEYS.cartToken)).toBe(false);

    shop.carts.set('open', shop.newCart('open'));
    await shop.addDirect('open', { productVariant: '12345678', quantity: 2, subscriptionInterval: 0 });
    storage.setItem(STORAGE_KEYS.cartToken, 'open');
    expect((await store.load())?.tokenValue).toBe('open');
    expect(store.$count.get()).toBe(2);
  });
  it('drops an unknown token ("Cart not found") but keeps it when the network failed', async () => {
    const shop = fakeShop();
    const storage = memoryStorage({ [STORAGE_KEYS.cartToken]: 'gone' });
    const store = createCartStore({ client: shop.client, storage });
    expect(await store.load()).toBeNull();
    expect(storage.data.has(STORAGE_KEYS.cartToken)).toBe(false);

    shop.carts.set('open', shop.newCart('open'));
    storage.setItem(STORAGE_KEYS.cartToken, 'open');
    shop.failures.set('getCart', new ShopApiError({ status: 0, description: 'Network request failed', method: 'GET', path: '/x' }));
    expect(await store.load()).toBeNull();
    expect(storage.getItem(STORAGE_KEYS.cartToken)).toBe('open');
  });
  it('counts the quantities for the header badge', async () => {
    expect(cartCount(null)).toBe(0);
    const shop = fakeShop();
    const store = createCartStore({ client: shop.client });
    const badge = { textContent: null as string | null, hidden: false };
    const stop = bindCartBadge(badge, store.$count);
    expect(badge).toEqual({ textContent: '0', hidden: true });
    await store.add({ variantCode: '12345678', quantity: 2, interval: 0 });
    await store.add({ variantCode: '87654321', quantity: 3, interval: 31 });
    expect(store.$count.get()).toBe(5);
    expect(badge).toEqual({ textContent: '5', hidden: false });
    stop();
  });
});

describe('cart store: changes', () => {
  it('creates the cart on the first add, once even for two quick adds', async () => {
    const shop = fakeShop();
    const storage = memoryStorage();
    const store = createCartStore({ client: shop.client, storage });
    await Promise.all([store.add({ variantCode: '12345678', quantity: 1, interval: 0 }), store.add({ variantCode: '12345678', quantity: 1, interval: 0 })]);
    expect(shop.calls.filter((call) => call === 'createCart')).toHaveLength(1);
    expect(storage.getItem(STORAGE_KEYS.cartToken)).toBe('cart-1');
    expect(store.$cart.get()?.items.map((item) => item.quantity)).toEqual([2]);
    expect(shop.calls).toContain('addItem cart-1 12345678 x1 /0');
  });
  it('deletes the cart and clears its token when its last item is removed', async () => {
    const shop = fakeShop();
    const storage = memoryStorage();
    const store = createCartStore({ client: shop.client, storage });
    await store.add({ variantCode: '12345678', quantity: 1, interval: 0 });
    const [only] = store.$cart.get()!.items;
    expect(await store.remove(only!.id)).toBeNull();
    expect(shop.calls.slice(-3)).toEqual([`removeItem cart-1 ${only!.id}`, 'getCart cart-1', 'deleteCart cart-1']);
    expect(shop.carts.has('cart-1')).toBe(false);
    expect(storage.data.has(STORAGE_KEYS.cartToken)).toBe(false);
    expect(store.$cart.get()).toBeNull();
    expect(store.$count.get()).toBe(0);
  });
  it('removes a line set to quantity 0, and keeps the interval when changing a quantity', async () => {
    const shop = fakeShop();
    const store = createCartStore({ client: shop.client });
    await store.add({ variantCode: '12345678', quantity: 1, interval: 62 });
    await store.add({ variantCode: '87654321', quantity: 1, interval: 0 });
    const [first, second] = store.$cart.get()!.items;
    await store.setQuantity(first!.id, 4);
    expect(shop.calls.at(-1)).toBe(`changeItem cart-1 ${first!.id} {"quantity":4,"subscriptionInterval":62}`);
    await store.setInterval(second!.id, 31);
    expect(store.$cart.get()!.items.map((item) => [item.quantity, item.subscriptionInterval])).toEqual([[4, 62], [1, 31]]);
    await store.setQuantity(second!.id, 0);
    expect(shop.calls).toContain(`removeItem cart-1 ${second!.id}`);
    expect(store.$count.get()).toBe(4);
  });
  it('rejects a failed add with the server description and the reloaded cart', async () => {
    const shop = fakeShop();
    const store = createCartStore({ client: shop.client });
    await store.add({ variantCode: '12345678', quantity: 1, interval: 0 });
    shop.failures.set('addItem', new ShopApiError({ status: 422, description: 'productVariant: Ce produit est en rupture de stock.', method: 'PATCH', path: '/x' }));
    const error = await store.add({ variantCode: '87654321', quantity: 1, interval: 0 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CartError);
    expect(error).toMatchObject({ message: 'productVariant: Ce produit est en rupture de stock.', code: 'failed', status: 422 });
    expect((error as CartError).cart?.items).toHaveLength(1);
    expect(shop.calls.at(-1)).toBe('getCart cart-1');
    expect(store.$cart.get()?.items).toHaveLength(1);
  });
  it('rejects with the generic error when the server gave no usable description', async () => {
    for (const [language, text] of [['fr', 'Une erreur est survenue'], ['nl', 'Er is een fout opgetreden']] as const) {
      const shop = fakeShop();
      const store = createCartStore({ client: shop.client, language });
      await store.add({ variantCode: '12345678', quantity: 1, interval: 0 });
      shop.failures.set('addItem', new ShopApiError({ status: 500, description: 'Internal Server Error', method: 'PATCH', path: '/x' }));
      await expect(store.add({ variantCode: '87654321', quantity: 1, interval: 0 })).rejects.toMatchObject({ message: text, code: 'failed' });
    }
  });
  it('rejects with "Cart not found" and clears the token when the cart is unknown', async () => {
    const shop = fakeShop();
    const storage = memoryStorage();
    const store = createCartStore({ client: shop.client, storage });
    await store.add({ variantCode: '12345678', quantity: 1, interval: 0 });
    const [only] = store.$cart.get()!.items;
    shop.carts.delete('cart-1');
    await expect(store.setQuantity(only!.id, 3)).rejects.toMatchObject({ message: CART_NOT_FOUND, code: 'cart_not_found', cart: null });
    expect(CART_NOT_FOUND).toBe('Cart not found');
    expect(storage.data.has(STORAGE_KEYS.cartToken)).toBe(false);
    expect(store.$cart.get()).toBeNull();
    await expect(store.applyCoupon('WELCOME5')).rejects.toMatchObject({ message: 'Cart not found' });
    // The next add starts a new cart.
    await store.add({ variantCode: '12345678', quantity: 1, interval: 0 });
    expect(storage.getItem(STORAGE_KEYS.cartToken)).toBe('cart-2');
  });
  it('passes a coupon error body on as is, with the cart reloaded', async () => {
    const shop = fakeShop();
    const store = createCartStore({ client: shop.client });
    await store.add({ variantCode: '12345678', quantity: 1, interval: 0 });
    const error = (await store.applyCoupon('NOPE').catch((e: unknown) => e)) as CartError;
    expect(error.body).toMatchObject({ '@type': 'ConstraintViolationList', violations: [{ propertyPath: 'couponCode', code: 'coupon_invalid' }] });
    expect(error.violations).toEqual([{ propertyPath: 'couponCode', message: 'Ce code promo n’est pas valide.', code: 'coupon_invalid' }]);
    expect(error.cart?.tokenValue).toBe('cart-1');
    expect((await store.applyCoupon(' WELCOME5 '))?.couponCode).toBe('WELCOME5');
    expect((await store.removeCoupon('WELCOME5'))?.couponCode).toBeNull();
  });
  it('applies a cart link: adds lines, sets target quantities', async () => {
    const shop = fakeShop();
    const store = createCartStore({ client: shop.client });
    await store.add({ variantCode: '12345678', quantity: 5, interval: 0 });
    const { failures } = await store.applyLink([
      { variantCode: '12345678', quantity: 1, targetQuantity: 2, interval: 0 },
      { variantCode: '87654321', quantity: 3, targetQuantity: null, interval: 31 },
      { variantCode: '11112222', quantity: 1, targetQuantity: 4, interval: 0 },
    ]);
    expect(failures).toEqual([]);
    expect(store.$cart.get()!.items.map((item) => [item.variantCode, item.quantity, item.subscriptionInterval])).toEqual([
      ['12345678', 2, 0], ['87654321', 3, 31], ['11112222', 4, 0],
    ]);
  });
});

describe('cart store: login', () => {
  const customer = '/api/v2/shop/customers/7';
  it('merges an anonymous cart into the customer’s open cart, then deletes it', async () => {
    const shop = fakeShop();
    shop.carts.set('mine', shop.newCart('mine', customer));
    await shop.addDirect('mine', { productVariant: '11112222', quantity: 1, subscriptionInterval: 0 });
    const storage = memoryStorage();
    const store = createCartStore({ client: shop.client, storage });
    await store.add({ variantCode: '12345678', quantity: 2, interval: 31 });
    await store.add({ variantCode: '87654321', quantity: 1, interval: 0 });
    shop.calls.length = 0;
    await store.onLogin({ customer, cart: 'mine' });
    expect(shop.calls).toEqual([
      'getCart cart-1',
      'addItem mine /api/v2/shop/product-variants/12345678 x2 /31',
      'addItem mine /api/v2/shop/product-variants/87654321 x1 /0',
      'deleteCart cart-1',
      'getCart mine',
    ]);
    expect(storage.getItem(STORAGE_KEYS.cartToken)).toBe('mine');
    expect(store.$cart.get()?.items.map((item) => item.variantCode)).toEqual(['11112222', '12345678', '87654321']);
    expect(store.$count.get()).toBe(4);
    expect(shop.carts.has('cart-1')).toBe(false);
  });
  it('assigns the anonymous cart to the customer when they have no open cart', async () => {
    const shop = fakeShop();
    const store = createCartStore({ client: shop.client });
    await store.add({ variantCode: '12345678', quantity: 1, interval: 0 });
    await store.onLogin({ customer, cart: null });
    expect(shop.calls.at(-1)).toBe(`assignCustomer cart-1 ${customer}`);
    expect(store.$cart.get()?.customer).toBe(customer);
  });
  it('takes the customer’s open cart when there is no anonymous one', async () => {
    const shop = fakeShop();
    shop.carts.set('mine', shop.newCart('mine', customer));
    await shop.addDirect('mine', { productVariant: '11112222', quantity: 3, subscriptionInterval: 0 });
    const storage = memoryStorage();
    const store = createCartStore({ client: shop.client, storage });
    await store.onLogin({ customer, cart: 'mine' });
    expect(storage.getItem(STORAGE_KEYS.cartToken)).toBe('mine');
    expect(store.$count.get()).toBe(3);
  });
  it('records a failed merge without failing the login', async () => {
    const shop = fakeShop();
    shop.carts.set('mine', shop.newCart('mine', customer));
    const store = createCartStore({ client: shop.client });
    await store.add({ variantCode: '12345678', quantity: 1, interval: 0 });
    shop.failures.set('addItem', new ShopApiError({ status: 422, description: 'Rupture de stock', method: 'PATCH', path: '/x' }));
    await expect(store.onLogin({ customer, cart: 'mine' })).resolves.toBeUndefined();
    expect(store.$lastError.get()?.message).toBe('Rupture de stock');
    expect(store.token()).toBe('mine');
  });
  it('forgets the cart on logout', async () => {
    const shop = fakeShop();
    const storage = memoryStorage();
    const store = createCartStore({ client: shop.client, storage });
    await store.add({ variantCode: '12345678', quantity: 1, interval: 0 });
    store.clear();
    expect(store.$cart.get()).toBeNull();
    expect(storage.data.has(STORAGE_KEYS.cartToken)).toBe(false);
    expect(shop.carts.has('cart-1')).toBe(true);
  });
});

describe('cart store: tabs and islands', () => {
  it('shares the cart between tabs through BroadcastChannel, announcing updates', async () => {
    const shop = fakeShop();
    const browser = sharedStorage();
    const channels = fakeChannels();
    const make = () => {
      const tab = browser.tab();
      return createCartStore({ client: shop.client, storage: tab.storage, storageEvents: tab.storageEvents, channel: channels.open() });
    };
    const a = make();
    const b = make();
    a.start();
    b.start();
    await settle();
    const seen: boolean[] = [];
    b.$updatingElsewhere.listen((value) => seen.push(value));
    await a.add({ variantCode: '12345678', quantity: 2, interval: 0 });
    expect(seen).toEqual([true, false]);
    expect(b.$cart.get()?.tokenValue).toBe('cart-1');
    expect(b.$count.get()).toBe(2);
    const getsBefore = shop.calls.filter((call) => call.startsWith('getCart')).length;
    await a.add({ variantCode: '12345678', quantity: 1, interval: 0 });
    await settle();
    expect(b.$count.get()).toBe(3);
    // The broadcast carries the cart: the other tab does not call the API again.
    expect(shop.calls.filter((call) => call.startsWith('getCart')).length).toBe(getsBefore);
    await b.remove(b.$cart.get()!.items[0]!.id);
    await settle();
    expect(a.$cart.get()).toBeNull();
    expect(a.$count.get()).toBe(0);
  });
  it('keeps the newer cart when a slow load of the other tab answers after the broadcast', async () => {
    const shop = fakeShop();
    const browser = sharedStorage();
    const channels = fakeChannels();
    // The other tab's GETs answer late, with the cart as it was when they left.
    let releaseGet: () => void = () => {};
    const slowClient = {
      ...shop.client,
      getCart: async (token: string) => {
        const before = structuredClone(await shop.client.getCart(token));
        await new Promise<void>((resolve) => { releaseGet = resolve; });
        return before;
      },
    };
    const tabA = browser.tab();
    const tabB = browser.tab();
    const a = createCartStore({ client: shop.client, storage: tabA.storage, storageEvents: tabA.storageEvents, channel: channels.open() });
    const b = createCartStore({ client: slowClient, storage: tabB.storage, storageEvents: tabB.storageEvents, channel: channels.open() });
    a.start();
    b.start();
    await settle();
    // A creates the cart (B starts loading it, still empty), then adds to it and broadcasts.
    const token = (await shop.client.createCart()).tokenValue;
    tabA.storage.setItem('store/cart/token', token);
    await settle();
    await a.add({ variantCode: '12345678', quantity: 1, interval: 0 });
    releaseGet();
    await settle();
    await settle();
    expect(b.$count.get()).toBe(1);
  });

  it('falls back on storage events without BroadcastChannel', async () => {
    const shop = fakeShop();
    const browser = sharedStorage();
    const make = () => {
      const tab = browser.tab();
      return createCartStore({ client: shop.client, storage: tab.storage, storageEvents: tab.storageEvents, channel: null });
    };
    const a = make();
    const b = make();
    a.start();
    b.start();
    await a.add({ variantCode: '12345678', quantity: 2, interval: 0 });
    await settle();
    await settle();
    expect(b.$count.get()).toBe(2);
    expect(browser.data.has(CART_SYNC_KEY)).toBe(true);
    await a.add({ variantCode: '12345678', quantity: 1, interval: 0 });
    await settle();
    await settle();
    expect(b.$count.get()).toBe(3);
    a.clear();
    expect(b.$cart.get()).toBeNull();
  });
  it('is one atom for every island of the page', async () => {
    const shop = fakeShop();
    const store = createCartStore({ client: shop.client });
    const miniCart: number[] = [];
    const badge: number[] = [];
    store.$count.subscribe((count) => miniCart.push(count));
    store.$count.subscribe((count) => badge.push(count));
    await store.add({ variantCode: '12345678', quantity: 2, interval: 0 });
    expect(miniCart).toEqual([0, 2]);
    expect(badge).toEqual([0, 2]);
  });
});

describe('header badge', () => {
  it('shows the last published count at once and follows the other tabs, without the cart store', () => {
    resetCartBadgeForTests();
    const browser = sharedStorage();
    browser.data.set(CART_COUNT_KEY, '3');
    const header = browser.tab();
    const other = browser.tab();
    startCartBadge(header);
    const badge = { textContent: null as string | null, hidden: true };
    const stop = bindCartBadge(badge);
    expect(badge).toEqual({ textContent: '3', hidden: false });
    publishCartCount(5, other.storage);
    expect(badge).toEqual({ textContent: '5', hidden: false });
    publishCartCount(0, other.storage);
    expect(badge).toEqual({ textContent: '0', hidden: true });
    expect(browser.data.has(CART_COUNT_KEY)).toBe(false);
    browser.data.set(CART_COUNT_KEY, 'garbage');
    other.storage.setItem(CART_COUNT_KEY, 'garbage');
    expect($cartBadgeCount.get()).toBe(0);
    stop();
    resetCartBadgeForTests();
  });
});
