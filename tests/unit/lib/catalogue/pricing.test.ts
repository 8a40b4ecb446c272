import { describe, expect, it } from 'vitest';
import {
  canBuyOnce,
  canSubscribe,
  isInStock,
  lowestPrice,
  subscriptionPrice,
  taxFreePrice,
} from '../../../../src/lib/catalogue/pricing.ts';
import { formatPrice, NOT_A_PRICE, pricePerUnit } from '../../../../src/lib/catalogue/money.ts';

const variant = (
  over: Partial<{ show_variant: boolean; in_stock: boolean; base_price: number | null; base_price_subscription: number | null }> = {},
) => ({ show_variant: true, in_stock: true, base_price: 2490, base_price_subscription: 2241, ...over });

describe('price display', () => {
  it('divides minor units by 100 in the shopper’s language', () => {
    expect(formatPrice(2490, 'fr-FR', 'Gratuit')).toBe('24,90\u00a0€');
    expect(formatPrice(2490, 'nl-BE', 'Gratis')).toBe('€\u00a024,90');
  });
  it('shows the word for free at zero', () => {
    expect(formatPrice(0, 'fr-FR', 'Gratuit')).toBe('Gratuit');
  });
  it('shows dashes for anything that is not an integer', () => {
    for (const bad of [12.5, Number.NaN, '1200', null, undefined, Infinity]) expect(formatPrice(bad, 'fr-FR', 'Gratuit')).toBe(NOT_A_PRICE);
  });
  it('gives the price per kilogram of a format', () => {
    expect(pricePerUnit(2490, 2, 'kg')).toEqual({ minor: 1245, unit: 'kg' });
    expect(pricePerUnit(1490, 1020, 'g')).toEqual({ minor: 1461, unit: 'kg' });
  });
});

describe('derived prices', () => {
  it('takes 10% off for a subscription and the channel’s VAT off for tax free', () => {
    expect(subscriptionPrice(2490)).toBe(2241);
    expect(taxFreePrice(2400, 0.2)).toBe(2000);
    expect(taxFreePrice(2420, 0.21)).toBe(2000);
  });
});

describe('availability rules', () => {
  it('lowest price is the smallest integer price over visible variants', () => {
    expect(
      lowestPrice([variant({ base_price: 5990 }), variant({ base_price: 1990 }), variant({ base_price: 990, show_variant: false })]),
    ).toBe(1990);
  });
  it('lowest price is NaN when no visible variant has a price', () => {
    expect(lowestPrice([variant({ show_variant: false })])).toBeNaN();
    expect(lowestPrice([variant({ base_price: null })])).toBeNaN();
    expect(lowestPrice([])).toBeNaN();
  });
  it('regular purchase and subscription need a visible variant with that price', () => {
    expect(canBuyOnce([variant({ base_price: null }), variant({ show_variant: false })])).toBe(false);
    expect(canBuyOnce([variant()])).toBe(true);
    expect(canSubscribe([variant({ base_price_subscription: null })])).toBe(false);
    expect(canSubscribe([variant({ base_price: null })])).toBe(true);
  });
  it('in stock when at least one visible variant is', () => {
    expect(isInStock([variant({ in_stock: false }), variant({ in_stock: true, show_variant: false })])).toBe(false);
    expect(isInStock([variant({ in_stock: false }), variant()])).toBe(true);
  });
});
