import { atom } from 'nanostores';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../../src/lib/constants.ts';
import type { Customer } from '../../../src/lib/shop-api/customers.ts';
import type { Order } from '../../../src/lib/shop-api/orders.ts';
import { rememberClientType, trackAddToCart, trackViewCart } from '../../../src/stores/analytics.ts';
import { memoryStorage } from '../../../src/stores/browser.ts';
import { createCartStore } from '../../../src/stores/cart/index.ts';
import { emptyCustomer } from '../../../src/stores/customer.ts';
import { fakeShop } from './cart/fakes.ts';

const CAMILLE = '/api/v2/shop/customers/7';

describe('the old-client flag', () => {
  const customer = (newCustomer: boolean): Customer => ({ ...emptyCustomer(CAMILLE), newCustomer });

  it('is the IRI of an old client the shop API answered, and nothing for a new one', () => {
    const storage = memoryStorage();
    const $customer = atom<Customer | null>(null);
    const $status = atom('anonymous');
    const $signedIn = atom(true);
    rememberClientType({ $customer, $status }, $signedIn, storage);
    $status.set('loading');
    $customer.set(customer(false));
    expect(storage.getItem(STORAGE_KEYS.oldClient)).toBeNull();
    $status.set('ready');
    expect(storage.getItem(STORAGE_KEYS.oldClient)).toBe(CAMILLE);
    $customer.set(customer(true));
    expect(storage.getItem(STORAGE_KEYS.oldClient)).toBeNull();
  });

  it('survives a failed load (the empty default says nothing) and ends with the session', () => {
    const storage = memoryStorage({ [STORAGE_KEYS.oldClient]: CAMILLE });
    const $customer = atom<Customer | null>(null);
    const $status = atom('loading');
    const $signedIn = atom(true);
    rememberClientType({ $customer, $status }, $signedIn, storage);
    $customer.set(emptyCustomer(CAMILLE));
    $status.set('failed');
    expect(storage.getItem(STORAGE_KEYS.oldClient)).toBe(CAMILLE);
    $signedIn.set(false);
    expect(storage.getItem(STORAGE_KEYS.oldClient)).toBeNull();
  });
});

describe('the cart store’s adds, for add_to_cart', () => {
  it('tells of each add the shop API accepted, once, with the cart it answered; not of a refused one', async () => {
    const shop = fakeShop();
    const added: Array<[string, number, number | undefined]> = [];
    const store = createCartStore({
      client: shop.client,
      onAdded: (input, cart) => added.push([input.variantCode, input.quantity, cart?.items.length]),
    });
    await store.add({ variantCode: '12345678', quantity: 2, interval: 0, sourceItemList: 'product_page' });
    await store.applyLink([{ variantCode: '87654321', quantity: 1, interval: 0, targetQuantity: null }]);
    expect(added).toEqual([
      ['12345678', 2, 1],
      ['87654321', 1, 2],
    ]);
    shop.failures.set('addItem', new Error('refused'));
    await expect(store.add({ variantCode: '12345678', quantity: 1, interval: 0 })).rejects.toBeTruthy();
    expect(added).toHaveLength(2);
  });

  it('never fails an accepted add for its listener’s sake', async () => {
    const shop = fakeShop();
    const store = createCartStore({
      client: shop.client,
      onAdded: () => {
        throw new Error('analytics broke');
      },
    });
    expect((await store.add({ variantCode: '12345678', quantity: 1, interval: 0 }))?.items).toHaveLength(1);
  });
});

describe('add_to_cart and view_cart in a page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  /** A page whose shopper answered the consent banner, with a product card of the first variant. */
  function page(analytics: boolean) {
    const storage = memoryStorage({
      [STORAGE_KEYS.consent]: JSON.stringify({ analytics, marketing: false, at: '2026-11-27T08:00:00.000Z' }),
    });
    const card = {
      dataset: {
        item: JSON.stringify({ item_id: '12345678', item_name: 'Croquettes', item_variant: '3 kg', item_category: 'Chien', price: 24.9 }),
      },
    };
    const layer: { dataLayer?: unknown[] } = {};
    vi.stubGlobal('window', layer);
    vi.stubGlobal('document', { querySelectorAll: () => [card] });
    vi.stubGlobal('localStorage', storage);
    vi.stubGlobal('dataLayer', undefined);
    return () => (globalThis as { dataLayer?: Array<{ event?: string }> }).dataLayer ?? [];
  }

  async function filledCart(): Promise<Order> {
    const shop = fakeShop();
    const store = createCartStore({ client: shop.client });
    return (await store.add({ variantCode: '12345678', quantity: 2, interval: 0 }))!;
  }

  it('pushes nothing after a refusal', async () => {
    const layer = page(false);
    const cart = await filledCart();
    trackAddToCart({ variantCode: '12345678', quantity: 2, interval: 0 }, cart);
    expect(layer()).toEqual([]);
  });

  it('pushes each add with what the page knows of its product, and one view_cart per page whatever comes after', async () => {
    const layer = page(true);
    const cart = await filledCart();
    trackAddToCart({ variantCode: '12345678', quantity: 2, interval: 0, sourceItemList: 'product_page' }, cart);
    expect(layer().filter((e) => e.event)).toEqual([
      expect.objectContaining({
        event: 'add_to_cart',
        user_type: 'Guest',
        ecommerce: expect.objectContaining({ items: [expect.objectContaining({ item_category: 'Chien', quantity: 2 })] }),
      }),
    ]);
    trackViewCart(null);
    trackViewCart({ ...cart, items: [] });
    trackViewCart(cart);
    trackViewCart(cart);
    expect(layer().filter((e) => e.event === 'view_cart')).toHaveLength(1);
  });

  it('names the categories a product page showed earlier in the visit when this page has none of them', async () => {
    const layer = page(true);
    vi.stubGlobal('document', { querySelectorAll: () => [] });
    const remembered = [{ item_id: '12345678', item_name: 'Croquettes', item_variant: '3 kg', item_category: 'Chat', price: 24.9 }];
    vi.stubGlobal('sessionStorage', memoryStorage({ [STORAGE_KEYS.analyticsItems]: JSON.stringify(remembered) }));
    trackAddToCart({ variantCode: '12345678', quantity: 1, interval: 0 }, await filledCart());
    expect(layer().at(-1)).toMatchObject({ ecommerce: { items: [{ item_category: 'Chat' }] } });
    // Without anything remembered (or a storage refused), the event goes without them.
    vi.stubGlobal('sessionStorage', undefined);
    trackAddToCart({ variantCode: '12345678', quantity: 1, interval: 0 }, await filledCart());
    expect(layer().at(-1)).toMatchObject({ event: 'add_to_cart' });
    expect((layer().at(-1) as { ecommerce: { items: object[] } }).ecommerce.items[0]).not.toHaveProperty('item_category');
  });
});
