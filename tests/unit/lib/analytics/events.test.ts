import { describe, expect, it } from 'vitest';
import {
  addToCart,
  MAX_ITEMS_PER_EVENT,
  type PageItem,
  pageItem,
  pageView,
  parsePageItem,
  parseRememberedItems,
  REMEMBERED_ITEMS,
  rememberItem,
  viewCart,
  viewItem,
  viewItemList,
} from '../../../../src/lib/analytics/events.ts';
import { iri } from '../../../../src/lib/shop-api/iri.ts';
import type { Order, OrderItem } from '../../../../src/lib/shop-api/orders.ts';
import { fakeShop } from '../../stores/cart/fakes.ts';

const guest = { signedIn: false };
const oldClient = { signedIn: true, newCustomer: false };

const variant = (code: string, change: Partial<{ show_variant: boolean; in_stock: boolean; base_price: number }> = {}) => ({
  code,
  name: `format ${code}`,
  show_variant: true,
  in_stock: true,
  base_price: 2490,
  ...change,
});
const product = (variants = [variant('10000001'), variant('10000002', { base_price: 5990 })]) => ({
  name: 'Croquettes chien adulte poulet',
  rating: 4.7,
  review_count: 120,
  ProductVariants: variants,
});

const kibble: PageItem = {
  item_id: '10000001',
  item_name: 'Croquettes chien adulte poulet',
  item_variant: '3 kg',
  item_category: 'Chien',
  item_category2: 'Croquettes pour chien',
  item_rating: 4.7,
  item_notices: 120,
  price: 24.9,
};

describe('a product as a page shows it', () => {
  it('is the format shown, its categories from the broadest, its reviews and its one-off price in euros', () => {
    expect(pageItem(product(), ['Chien', 'Croquettes pour chien'], '10000002')).toEqual({
      item_id: '10000002',
      item_name: 'Croquettes chien adulte poulet',
      item_variant: 'format 10000002',
      item_category: 'Chien',
      item_category2: 'Croquettes pour chien',
      item_rating: 4.7,
      item_notices: 120,
      price: 59.9,
    });
  });

  it('without a format, the one its page opens on: the first visible in stock, else the first visible', () => {
    const hidden = variant('10000001', { show_variant: false });
    const sold = variant('10000002', { in_stock: false });
    expect(pageItem(product([hidden, sold, variant('10000003')]), [])?.item_id).toBe('10000003');
    expect(pageItem(product([hidden, sold]), [])?.item_id).toBe('10000002');
    expect(pageItem(product([hidden]), [])).toBeNull();
  });

  it('says no rating for a product without reviews, and one category when the trail has one', () => {
    const item = pageItem({ ...product(), review_count: 0 }, ['Chat']);
    expect(item).toMatchObject({ item_category: 'Chat' });
    expect(item).not.toHaveProperty('item_category2');
    expect(item).not.toHaveProperty('item_rating');
    expect(item).not.toHaveProperty('item_notices');
  });

  it('is read back from the page as written, and anything else is no item', () => {
    expect(parsePageItem(JSON.stringify(kibble))).toEqual(kibble);
    const { item_category: _a, item_category2: _b, item_rating: _c, item_notices: _d, ...bare } = kibble;
    expect(parsePageItem(JSON.stringify(bare))).toEqual(bare);
    for (const raw of [
      null,
      '',
      'not json',
      '[]',
      'null',
      JSON.stringify({ ...kibble, item_id: '123' }),
      JSON.stringify({ ...kibble, item_name: '' }),
      JSON.stringify({ ...kibble, price: -1 }),
      JSON.stringify({ ...kibble, price: '24.90' }),
      JSON.stringify({ ...kibble, item_category: 3 }),
      JSON.stringify({ ...kibble, item_rating: 'good' }),
    ])
      expect(parsePageItem(raw)).toBeNull();
  });
});

describe('the products a visit remembers', () => {
  it('keep the latest first, once each, up to the bound', () => {
    const other = { ...kibble, item_id: '10000009' };
    expect(rememberItem(rememberItem([], kibble), other)).toEqual([other, kibble]);
    expect(rememberItem([other, kibble], kibble)).toEqual([kibble, other]);
    const many = Array.from({ length: REMEMBERED_ITEMS }, (_, i) => ({ ...kibble, item_id: String(20000000 + i) }));
    const kept = rememberItem(many, kibble);
    expect(kept).toHaveLength(REMEMBERED_ITEMS);
    expect(kept[0]).toEqual(kibble);
    expect(kept.at(-1)?.item_id).toBe(String(20000000 + REMEMBERED_ITEMS - 2));
  });

  it('are read back as written, anything unreadable left out', () => {
    expect(parseRememberedItems(JSON.stringify([kibble, { item_id: 'x' }, 3]))).toEqual([kibble]);
    for (const raw of [null, '', '{', '{}', '"text"']) expect(parseRememberedItems(raw)).toEqual([]);
  });
});

describe('page events', () => {
  it('page_view: the path, title and locale, with the shopper’s classes', () => {
    expect(pageView({ path: '/chien/', title: 'Chien | Maison Gamelle', locale: 'fr_FR' }, guest)).toEqual({
      event: 'page_view',
      page_path: '/chien/',
      page_title: 'Chien | Maison Gamelle',
      page_locale: 'fr_FR',
      user_connection: 'Non-connected',
      user_type: 'Guest',
    });
  });

  it('view_item_list: each product of the list in order, bought once, with its list and index', () => {
    const list = { item_list_id: 'category_chien', item_list_name: 'Chien' };
    const other = { ...kibble, item_id: '10000009', price: 9.9 };
    expect(viewItemList(list, [kibble, other], oldClient)).toEqual([
      {
        event: 'view_item_list',
        user_connection: 'Connected',
        user_type: 'Old client',
        ecommerce: {
          ...list,
          items: [
            {
              ...kibble,
              item_subscribed: false,
              quantity: 1,
              discount: 0,
              item_brand: 'Maison Gamelle',
              ...list,
              index: 0,
            },
            expect.objectContaining({ item_id: '10000009', index: 1, ...list }),
          ],
        },
      },
    ]);
  });

  it('view_item_list: a long list in events of at most 200 items, the index running on; none for an empty list', () => {
    const items = Array.from({ length: MAX_ITEMS_PER_EVENT + 5 }, () => kibble);
    const events = viewItemList({ item_list_id: 'category_chien', item_list_name: 'Chien' }, items, guest);
    expect(events.map((e) => e.ecommerce.items.length)).toEqual([200, 5]);
    expect(events[1]!.ecommerce.items[0]!.index).toBe(200);
    expect(viewItemList({ item_list_id: 'x', item_list_name: 'x' }, [], guest)).toEqual([]);
  });

  it('view_item: the format shown, in the list "Other", its price as the value', () => {
    expect(viewItem(kibble, { signedIn: true })).toEqual({
      event: 'view_item',
      user_connection: 'Connected',
      user_type: 'New client',
      ecommerce: {
        currency: 'EUR',
        value: 24.9,
        items: [expect.objectContaining({ item_id: '10000001', item_list_id: 'other', item_list_name: 'Other', quantity: 1 })],
      },
    });
  });
});

const line = (change: Partial<OrderItem> = {}): OrderItem => ({
  '@id': iri.orderItem('t', 1),
  '@type': 'OrderItem',
  id: 1,
  variant: iri.variant('10000001'),
  variantCode: '10000001',
  productName: 'Croquettes chien adulte poulet',
  variantName: '3 kg',
  quantity: 3,
  unitPrice: 2241,
  originalUnitPrice: 2490,
  total: 6723,
  subscriptionInterval: 31,
  sourceItemList: 'cross_sell_produit_dog',
  upsell: false,
  productPath: '/produits/croquettes-chien-adulte-poulet/3-kg/',
  image: null,
  animal: 'dog',
  sample: false,
  ...change,
});
const cart = (items: OrderItem[]): Order => ({ ...fakeShop().newCart('t'), items, itemsTotal: 8213 });

describe('cart events', () => {
  const details = (code: string) => (code === '10000001' ? { category: 'Chien', rating: 4.7, notices: 120 } : undefined);

  it('add_to_cart: the line of that variant and purchase mode, with the quantity added and the list it came from', () => {
    const order = cart([line({ id: 2, subscriptionInterval: 0, unitPrice: 2490, quantity: 1 }), line()]);
    const event = addToCart(
      { variantCode: iri.variant('10000001'), quantity: 2, interval: 31, sourceItemList: 'product_page' },
      order,
      guest,
      details,
    );
    expect(event).toEqual({
      event: 'add_to_cart',
      user_connection: 'Non-connected',
      user_type: 'Guest',
      ecommerce: {
        currency: 'EUR',
        value: 44.82,
        items: [
          expect.objectContaining({
            item_id: '10000001',
            item_category: 'Chien',
            item_rating: 4.7,
            item_subscribed: true,
            price: 22.41,
            discount: 2.49,
            quantity: 2,
            item_list_name: 'product_page',
          }),
        ],
      },
    });
  });

  it('add_to_cart: the line’s list when the add names none; nothing when the answer holds no such line', () => {
    const order = cart([line()]);
    expect(addToCart({ variantCode: '10000001', quantity: 1, interval: 31 }, order, guest)?.ecommerce.items[0]).toMatchObject({
      item_list_name: 'cross_sell_produit_dog',
    });
    expect(addToCart({ variantCode: '10000001', quantity: 1, interval: 0 }, order, guest)).toBeNull();
    expect(addToCart({ variantCode: '10000002', quantity: 1, interval: 31 }, order, guest)).toBeNull();
  });

  it('view_cart: every line, the items’ total as the value', () => {
    const event = viewCart(
      cart([line(), line({ id: 2, variantCode: '10000002', subscriptionInterval: 0, quantity: 1 })]),
      oldClient,
      details,
    );
    expect(event).toMatchObject({ event: 'view_cart', user_type: 'Old client', ecommerce: { currency: 'EUR', value: 82.13 } });
    expect(event.ecommerce.items.map((i) => [i.item_id, i.quantity, i.item_category])).toEqual([
      ['10000001', 3, 'Chien'],
      ['10000002', 1, undefined],
    ]);
  });
});
