import { describe, expect, it } from 'vitest';
import { treeTranslator } from '../../../../src/lib/translator.ts';
import frCart from '../../../../src/i18n/messages/fr/cart.ts';
import nlCart from '../../../../src/i18n/messages/nl/cart.ts';
import { cartErrorText } from '../../../../src/islands/cart/errors.ts';
import { STORAGE_KEYS } from '../../../../src/lib/constants.ts';
import { ShopApiError } from '../../../../src/lib/shop-api/http.ts';
import { CART_NOT_FOUND, CartError, cartCount, createCartStore } from '../../../../src/stores/cart/index.ts';
import { bindCartBadge } from '../../../../src/stores/cart/badge.ts';
import { memoryStorage } from '../../../../src/stores/browser.ts';
import { fakeChannels, fakeShop, settle, sharedStorage } from './fakes.ts';

/** The translator of a cart island of the page, in one language. */
const cartTexts = (language: 'fr' | 'nl') => treeTranslator(language, { cart: language === 'fr' ? frCart : nlCart });

/** A new store whose cart (cart-1) holds one line. */
async function cartWithOneLine() {
  const shop = fakeShop();
  const storage = memoryStorage();
  const store = createCartStore({ client: shop.client, storage });
  await store.add({ variantCode: '12345678', quantity: 1, interval: 0 });
  const [only] = store.$cart.get()!.items;
  return { shop, storage, store, only };
}

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
    await Promise.all([
      store.add({ variantCode: '12345678', quantity: 1, interval: 0 }),
      store.add({ variantCode: '12345678', quantity: 1, interval: 0 }),
    ]);
    expect(shop.calls.filter((call) => call === 'createCart')).toHaveLength(1);
    expect(storage.getItem(STORAGE_KEYS.cartToken)).toBe('cart-1');
    expect(store.$cart.get()?.items.map((item) => item.quantity)).toEqual([2]);
    expect(shop.calls).toContain('addItem cart-1 12345678 x1 /0');
  });
  it('deletes the cart and clears its token when its last item is removed', async () => {
    const { shop, storage, store, only } = await cartWithOneLine();
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
    expect(store.$cart.get()!.items.map((item) => [item.quantity, item.subscriptionInterval])).toEqual([
      [4, 62],
      [1, 31],
    ]);
    await store.setQuantity(second!.id, 0);
    expect(shop.calls).toContain(`removeItem cart-1 ${second!.id}`);
    expect(store.$count.get()).toBe(4);
  });
  it('rejects a failed add with the server description and the reloaded cart', async () => {
    const shop = fakeShop();
    const store = createCartStore({ client: shop.client });
    await store.add({ variantCode: '12345678', quantity: 1, interval: 0 });
    shop.failures.set(
      'addItem',
      new ShopApiError({ status: 422, description: 'productVariant: Ce produit est en rupture de stock.', method: 'PATCH', path: '/x' }),
    );
    const error = await store.add({ variantCode: '87654321', quantity: 1, interval: 0 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CartError);
    expect(error).toMatchObject({ message: 'productVariant: Ce produit est en rupture de stock.', code: 'failed', status: 422 });
    expect((error as CartError).cart?.items).toHaveLength(1);
    expect(shop.calls.at(-1)).toBe('getCart cart-1');
    expect(store.$cart.get()?.items).toHaveLength(1);
  });
  it('rejects with the generic error when the server gave no usable description', async () => {
    // The store gives the code; the islands say it in the page's language (src/islands/cart/errors.ts).
    for (const [language, text] of [
      ['fr', 'Une erreur est survenue'],
      ['nl', 'Er is een fout opgetreden'],
    ] as const) {
      const shop = fakeShop();
      const store = createCartStore({ client: shop.client });
      await store.add({ variantCode: '12345678', quantity: 1, interval: 0 });
      shop.failures.set('addItem', new ShopApiError({ status: 500, description: 'Internal Server Error', method: 'PATCH', path: '/x' }));
      const error = await store.add({ variantCode: '87654321', quantity: 1, interval: 0 }).catch((e: unknown) => e);
      expect(error).toMatchObject({ code: 'failed', description: null });
      expect(cartErrorText(error, cartTexts(language))).toBe(text);
    }
  });
  it('rejects with "Cart not found" and clears the token when the cart is unknown', async () => {
    const { shop, storage, store, only } = await cartWithOneLine();
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
    expect(error.body).toMatchObject({
      '@type': 'ConstraintViolationList',
      violations: [{ propertyPath: 'couponCode', code: 'coupon_invalid' }],
    });
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
      ['12345678', 2, 0],
      ['87654321', 3, 31],
      ['11112222', 4, 0],
    ]);
  });
  it('leaves out a cart link’s lines with a value it cannot apply, adds the others and returns both', async () => {
    const shop = fakeShop();
    const store = createCartStore({ client: shop.client });
    const refused = {
      variantCode: '12345678',
      quantity: 1,
      targetQuantity: null,
      interval: 0,
      refused: [{ parameter: 'interval' as const, value: 30 }],
    };
    const added = { variantCode: '87654321', quantity: 2, targetQuantity: null, interval: 31 };
    const result = await store.applyLink([refused, added]);
    expect(result.refused).toEqual([refused]);
    expect(result.applied).toEqual([added]);
    expect(result.failures).toEqual([]);
    expect(shop.calls.filter((call) => call.startsWith('addItem'))).toEqual([expect.stringContaining('87654321 x2 /31')]);
    expect(store.$cart.get()!.items.map((item) => item.variantCode)).toEqual(['87654321']);
  });
});

describe('cart store: login', () => {
  const customer = '/api/v2/shop/customers/7';
  /** The customer's open cart 'mine' (its line is added by the test), and a store with no cart yet. */
  const customerCart = () => {
    const shop = fakeShop();
    shop.carts.set('mine', shop.newCart('mine', customer));
    const storage = memoryStorage();
    return { shop, storage, store: createCartStore({ client: shop.client, storage }) };
  };
  it('merges an anonymous cart into the customer’s open cart, then deletes it', async () => {
    const { shop, storage, store } = customerCart();
    await shop.addDirect('mine', { productVariant: '11112222', quantity: 1, subscriptionInterval: 0 });
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
    const { shop, storage, store } = customerCart();
    await shop.addDirect('mine', { productVariant: '11112222', quantity: 3, subscriptionInterval: 0 });
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
  it('after a logout in another tab, forgets its copy but leaves the stored token to that tab', async () => {
    const shop = fakeShop();
    const storage = memoryStorage();
    const store = createCartStore({ client: shop.client, storage });
    await store.add({ variantCode: '12345678', quantity: 1, interval: 0 });
    // A newer sign-in in a third tab stored the customer's cart before this tab heard of the logout.
    storage.setItem(STORAGE_KEYS.cartToken, 'customer-cart');
    store.clear({ loggedOutElsewhere: true });
    expect(store.$cart.get()).toBeNull();
    expect(storage.getItem(STORAGE_KEYS.cartToken)).toBe('customer-cart');
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
  it('has a tab of the other language read the cart again in its own, rather than take the sender’s', async () => {
    const shop = fakeShop();
    const browser = sharedStorage();
    const channels = fakeChannels();
    const make = (locale: 'fr_BE' | 'nl_BE') => {
      const tab = browser.tab();
      return createCartStore({
        client: shop.client,
        storage: tab.storage,
        storageEvents: tab.storageEvents,
        channel: channels.open(),
        locale,
      });
    };
    const french = make('fr_BE');
    const dutch = make('nl_BE');
    const sameLanguage = make('fr_BE');
    for (const store of [french, dutch, sameLanguage]) store.start();
    await settle();
    await french.add({ variantCode: '12345678', quantity: 1, interval: 0 });
    await settle();
    const getsBefore = shop.calls.filter((call) => call.startsWith('getCart')).length;
    await french.add({ variantCode: '12345678', quantity: 1, interval: 0 });
    await settle();
    expect(dutch.$count.get()).toBe(2);
    expect(sameLanguage.$count.get()).toBe(2);
    // The Dutch tab alone asked the shop API again (in its own language).
    expect(shop.calls.filter((call) => call.startsWith('getCart')).length).toBe(getsBefore + 1);
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
        await new Promise<void>((resolve) => {
          releaseGet = resolve;
        });
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
    expect(browser.data.has(STORAGE_KEYS.cartSync)).toBe(true);
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
