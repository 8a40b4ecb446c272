/** The coupon rules (src/backend/shop/orders/promotions.ts) at their edges, without a database. */
import { describe, expect, it } from 'vitest';
import { couponKey, discountOf, refusalOf, type Coupon } from '../../../../../src/backend/shop/orders/promotions.ts';

const coupon = (overrides: Partial<Coupon> = {}): Coupon => ({
  code: 'TEST',
  kind: 'fixed',
  value: 500,
  minimumItemsTotal: 3000,
  startsAt: null,
  expiresAt: null,
  firstOrderOnly: false,
  label: { fr: 'Test', nl: 'Test' },
  ...overrides,
});
const at = (iso: string) => new Date(iso);
const context = { now: at('2026-06-15T10:00:00Z'), itemsTotal: 3000, hasCompletedOrder: false };

describe('refusalOf', () => {
  it('accepts a minimum from exactly its amount, not one cent under', () => {
    expect(refusalOf(coupon(), context)).toBeNull();
    expect(refusalOf(coupon(), { ...context, itemsTotal: 2999 })).toBe('COUPON_MINIMUM');
    expect(refusalOf(coupon({ minimumItemsTotal: 0 }), { ...context, itemsTotal: 0 })).toBeNull();
  });

  it('is valid from its first millisecond to its last, inclusive', () => {
    const dated = coupon({ startsAt: at('2025-12-01T00:00:00Z').getTime(), expiresAt: at('2025-12-31T23:59:59Z').getTime() });
    expect(refusalOf(dated, { ...context, now: at('2025-11-30T23:59:59.999Z') })).toBe('COUPON_INVALID');
    expect(refusalOf(dated, { ...context, now: at('2025-12-01T00:00:00.000Z') })).toBeNull();
    expect(refusalOf(dated, { ...context, now: at('2025-12-31T23:59:59.000Z') })).toBeNull();
    expect(refusalOf(dated, { ...context, now: at('2025-12-31T23:59:59.001Z') })).toBe('COUPON_EXPIRED');
  });

  it('refuses an unknown code, and a first-order code to a customer who completed an order, before the minimum', () => {
    expect(refusalOf(null, context)).toBe('COUPON_INVALID');
    const firstOrder = coupon({ firstOrderOnly: true });
    expect(refusalOf(firstOrder, context)).toBeNull();
    expect(refusalOf(firstOrder, { ...context, hasCompletedOrder: true })).toBe('COUPON_FIRST_ORDER');
    expect(refusalOf(firstOrder, { ...context, hasCompletedOrder: true, itemsTotal: 10 })).toBe('COUPON_FIRST_ORDER');
    // An expired first-order code says it expired: that is what the shopper can do nothing about.
    expect(refusalOf(coupon({ firstOrderOnly: true, expiresAt: 0 }), { ...context, hasCompletedOrder: true })).toBe('COUPON_EXPIRED');
  });
});

describe('discountOf', () => {
  it('rounds a percentage to the cent and never reduces more than the items total', () => {
    expect(discountOf(coupon({ kind: 'percentage', value: 10 }), 1995)).toBe(200);
    expect(discountOf(coupon({ kind: 'percentage', value: 10 }), 1994)).toBe(199);
    expect(discountOf(coupon({ kind: 'percentage', value: 15 }), 3333)).toBe(500);
    expect(discountOf(coupon({ value: 500 }), 3000)).toBe(500);
    expect(discountOf(coupon({ value: 500 }), 300)).toBe(300);
    expect(discountOf(coupon({ kind: 'percentage', value: 100 }), 4990)).toBe(4990);
  });
});

describe('couponKey', () => {
  it('ignores case and surrounding spaces only', () => {
    expect(couponKey('  bienvenue10 ')).toBe('BIENVENUE10');
    expect(couponKey('BIEN VENUE10')).toBe('BIEN VENUE10');
  });
});

describe('refusalOf: personal codes, codes used once, reserved names and referral codes', () => {
  const customer = { id: 7, email: 'anne@example.com' };
  it('refuses a reserved name to everyone, signed in or not', () => {
    expect(refusalOf(coupon({ reserved: true, minimumItemsTotal: 0 }), context)).toBe('COUPON_RESERVED');
    expect(refusalOf(coupon({ reserved: true, minimumItemsTotal: 0 }), { ...context, customer })).toBe('COUPON_RESERVED');
  });
  it('takes a personal code only on its owner’s signed-in cart, by account or by e-mail', () => {
    const byAccount = coupon({ ownerCustomerId: 7 });
    const byEmail = coupon({ ownerEmail: 'anne@example.com' });
    expect(refusalOf(byAccount, context)).toBe('COUPON_SIGN_IN');
    expect(refusalOf(byAccount, { ...context, customer })).toBeNull();
    expect(refusalOf(byAccount, { ...context, customer: { id: 8, email: 'anne@example.com' } })).toBe('COUPON_PERSONAL');
    expect(refusalOf(byEmail, { ...context, customer: { id: 8, email: 'anne@example.com' } })).toBeNull();
    expect(refusalOf(byEmail, { ...context, customer: { id: 7, email: 'bob@example.com' } })).toBe('COUPON_PERSONAL');
  });
  it('refuses a single-use code another completed order used, and only then', () => {
    expect(refusalOf(coupon({ singleUse: true }), { ...context, usedElsewhere: true })).toBe('COUPON_USED');
    expect(refusalOf(coupon({ singleUse: true }), { ...context, usedElsewhere: false })).toBeNull();
    expect(refusalOf(coupon(), { ...context, usedElsewhere: true })).toBeNull();
  });
  it('refuses a referral code to its sponsor only', () => {
    expect(refusalOf(coupon({ sponsorCustomerId: 7 }), { ...context, customer })).toBe('COUPON_OWN_REFERRAL');
    expect(refusalOf(coupon({ sponsorCustomerId: 7 }), { ...context, customer: { id: 9, email: 'x@example.com' } })).toBeNull();
    expect(refusalOf(coupon({ sponsorCustomerId: 7 }), context)).toBeNull();
  });
  it('refuses a referral code on a cart going to its sponsor’s address, after the first-order rule and before the minimum', () => {
    const friend = { id: 9, email: 'x@example.com' };
    const referral = coupon({ sponsorCustomerId: 7, firstOrderOnly: true });
    expect(refusalOf(referral, { ...context, customer: friend, shipsToSponsor: true })).toBe('COUPON_REFERRAL_SAME_HOUSEHOLD');
    expect(refusalOf(referral, { ...context, customer: friend, shipsToSponsor: false })).toBeNull();
    expect(refusalOf(referral, { ...context, customer: friend, shipsToSponsor: true, itemsTotal: 10 })).toBe(
      'COUPON_REFERRAL_SAME_HOUSEHOLD',
    );
    expect(refusalOf(referral, { ...context, customer: friend, shipsToSponsor: true, hasCompletedOrder: true })).toBe('COUPON_FIRST_ORDER');
    // Only a referral code knows of a sponsor.
    expect(refusalOf(coupon(), { ...context, customer: friend, shipsToSponsor: true })).toBeNull();
  });
});
