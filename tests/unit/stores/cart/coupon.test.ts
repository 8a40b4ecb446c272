/** The discount code's state from one answer to the next: what the cart page tells the shopper. */
import { describe, expect, it } from 'vitest';
import type { CouponState, Order } from '../../../../src/lib/shop-api/orders.ts';
import { couponChange, missingForCoupon } from '../../../../src/stores/cart/coupon.ts';
import { fakeShop } from './fakes.ts';

const minimum = { propertyPath: 'couponCode', code: 'COUPON_MINIMUM', message: 'Ce code promo est valable à partir de 30,00 € d’achat.' };
const croq5 = (applicable: boolean): CouponState => ({
  code: 'CROQ5',
  applicable,
  amount: applicable ? -500 : 0,
  minimumItemsTotal: 3000,
  refusal: applicable ? null : minimum,
});
const welcome: CouponState = { code: 'BIENVENUE10', applicable: true, amount: -478, minimumItemsTotal: 0, refusal: null };
const cart = (itemsTotal: number, coupon: CouponState | null, token = 'tok'): Order => ({
  ...fakeShop().newCart(token),
  itemsTotal,
  couponCode: coupon?.code ?? null,
  coupon,
});

describe('coupon changes', () => {
  it('tells a code applied, with its reduction', () => {
    expect(couponChange(cart(3590, null), cart(3590, croq5(true)))).toEqual({ kind: 'applied', code: 'CROQ5', amount: 500 });
    // The first answer of a page already holding a code is no change the shopper made.
    expect(couponChange(null, cart(3590, croq5(true)))).toEqual({ kind: 'applied', code: 'CROQ5', amount: 500 });
  });
  it('tells CROQ5 no longer applies once the cart drops under 30 EUR, with the reason and what is missing', () => {
    expect(couponChange(cart(4780, croq5(true)), cart(2390, croq5(false)))).toEqual({
      kind: 'lapsed',
      code: 'CROQ5',
      refusal: minimum,
      missing: 610,
    });
  });
  it('tells it applies again once the cart is back over the minimum', () => {
    expect(couponChange(cart(2390, croq5(false)), cart(4780, croq5(true)))).toEqual({ kind: 'restored', code: 'CROQ5', amount: 500 });
  });
  it('says nothing while the state stays the same', () => {
    expect(couponChange(cart(4780, croq5(true)), cart(7170, croq5(true)))).toBeNull();
    expect(couponChange(cart(1000, croq5(false)), cart(2390, croq5(false)))).toBeNull();
    expect(couponChange(cart(1000, null), cart(2000, null))).toBeNull();
  });
  it('tells a second code replacing the first', () => {
    expect(couponChange(cart(4780, welcome), cart(4780, croq5(true)))).toEqual({
      kind: 'replaced',
      code: 'CROQ5',
      previous: 'BIENVENUE10',
      amount: 500,
    });
  });
  it('tells a code removed, but nothing about a cart that is gone', () => {
    expect(couponChange(cart(4780, croq5(true)), cart(4780, null))).toEqual({ kind: 'removed', code: 'CROQ5' });
    expect(couponChange(cart(4780, croq5(true)), null)).toBeNull();
  });
  it('reads another cart (a login took the customer’s) as a new one', () => {
    expect(couponChange(cart(4780, welcome, 'anonymous'), cart(4780, croq5(true), 'customer'))).toEqual({
      kind: 'applied',
      code: 'CROQ5',
      amount: 500,
    });
  });
  it('counts what is missing for the minimum', () => {
    expect(missingForCoupon(cart(2390, croq5(false)))).toBe(610);
    expect(missingForCoupon(cart(3000, croq5(true)))).toBe(0);
    expect(missingForCoupon(cart(100, null))).toBe(0);
  });
});
