import { describe, expect, it } from 'vitest';
import { analyticsItem, beginCheckout, DEFAULT_LIST_NAME, purchase, pushCheckoutEvent } from '../../../../src/lib/analytics/items.ts';
import { iri } from '../../../../src/lib/shop-api/iri.ts';
import type { Order, OrderItem } from '../../../../src/lib/shop-api/orders.ts';
import { fakeShop } from '../../stores/cart/fakes.ts';

const line = (change: Partial<OrderItem> = {}): OrderItem => ({
  '@id': iri.orderItem('t', 1),
  '@type': 'OrderItem',
  id: 1,
  variant: iri.variant('10000001'),
  variantCode: '10000001',
  productName: 'Croquettes chien adulte poulet',
  variantName: '12 kg',
  quantity: 2,
  unitPrice: 5391,
  originalUnitPrice: 5990,
  total: 10782,
  subscriptionInterval: 31,
  sourceItemList: 'cross_sell_produit_dog',
  upsell: false,
  productPath: '/produits/croquettes-chien-adulte-poulet/12-kg/',
  image: null,
  animal: 'dog',
  sample: false,
  ...change,
});

const order = (): Order => ({
  ...fakeShop().newCart('t'),
  state: 'new',
  number: '000001001',
  items: [
    line(),
    line({
      id: 2,
      variantCode: '10000002',
      subscriptionInterval: 0,
      unitPrice: 990,
      originalUnitPrice: 990,
      sourceItemList: null,
      quantity: 1,
    }),
  ],
  couponCode: 'BIENVENUE10',
  total: 11196,
  taxTotal: 1018,
  shippingTotal: 0,
});

describe('analytics items', () => {
  it('maps an order line to the item fields, amounts in euros, the subscription discount as the discount', () => {
    expect(analyticsItem(line(), { category: 'Chien', category2: 'Croquettes', rating: 4.7, notices: 120 })).toEqual({
      item_id: '10000001',
      item_name: 'Croquettes chien adulte poulet',
      item_variant: '12 kg',
      item_category: 'Chien',
      item_category2: 'Croquettes',
      item_rating: 4.7,
      item_notices: 120,
      item_subscribed: true,
      price: 53.91,
      quantity: 2,
      discount: 5.99,
      item_brand: 'Maison Gamelle',
      item_list_id: 'cross_sell_produit_dog',
      item_list_name: 'cross_sell_produit_dog',
    });
  });

  it('a line from no list is in the list "Other"; a one-off purchase is not subscribed and has no discount', () => {
    const item = analyticsItem(line({ sourceItemList: null, subscriptionInterval: 0, unitPrice: 990, originalUnitPrice: 990 }));
    expect(item).toMatchObject({ item_list_name: DEFAULT_LIST_NAME, item_list_id: 'other', item_subscribed: false, discount: 0 });
    expect(item).not.toHaveProperty('item_category');
  });

  it('begin_checkout and purchase carry the order’s value, coupon, and for a purchase its number, tax and shipping', () => {
    expect(beginCheckout(order())).toMatchObject({
      event: 'begin_checkout',
      ecommerce: { currency: 'EUR', value: 111.96, coupon: 'BIENVENUE10' },
    });
    expect(beginCheckout(order()).ecommerce.items).toHaveLength(2);
    expect(purchase(order())).toMatchObject({
      event: 'purchase',
      ecommerce: { transaction_id: '000001001', value: 111.96, tax: 10.18, shipping: 0, currency: 'EUR' },
    });
  });

  it('pushes nothing without consent (there is no consent yet), and clears the last ecommerce object first with it', () => {
    const layer: unknown[] = [];
    expect(pushCheckoutEvent(layer, purchase(order()))).toBe(false);
    expect(layer).toEqual([]);
    expect(pushCheckoutEvent(layer, purchase(order()), () => true)).toBe(true);
    expect(layer).toEqual([{ ecommerce: null }, { ...purchase(order()), user_connection: 'Non-connected', user_type: 'Guest' }]);
    // With the shopper's classes, as every page event.
    pushCheckoutEvent(
      layer,
      beginCheckout(order()),
      () => true,
      () => ({ signedIn: true, newCustomer: false }),
    );
    expect(layer.at(-1)).toMatchObject({ event: 'begin_checkout', user_connection: 'Connected', user_type: 'Old client' });
    expect(pushCheckoutEvent(undefined, purchase(order()), () => true)).toBe(false);
  });
});
