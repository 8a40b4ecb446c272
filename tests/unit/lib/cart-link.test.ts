import { describe, expect, it } from 'vitest';
import { cleanCartLink, hasCartLink, parseCartLink } from '../../../src/lib/cart-link.ts';
import { DELIVERY_FREQUENCIES } from '../../../src/lib/constants.ts';

describe('cart link parsing', () => {
  it('reads one variant with its quantity and interval', () => {
    expect(parseCartLink('?variantId=12345678&quantity=3&interval=31')).toEqual([
      { variantCode: '12345678', quantity: 3, targetQuantity: null, interval: 31 },
    ]);
  });
  it('defaults quantity to 1 and interval to 0 when missing or not numeric', () => {
    expect(parseCartLink('variantId=12345678')).toEqual([{ variantCode: '12345678', quantity: 1, targetQuantity: null, interval: 0 }]);
    expect(parseCartLink('variantId=12345678&quantity=abc&interval=monthly')).toEqual([
      { variantCode: '12345678', quantity: 1, targetQuantity: null, interval: 0 },
    ]);
    expect(parseCartLink('variantId=12345678&quantity=2.5&interval=-31')).toEqual([
      { variantCode: '12345678', quantity: 1, targetQuantity: null, interval: 0 },
    ]);
    expect(parseCartLink('variantId=12345678&quantity=0')[0]!.quantity).toBe(1);
  });
  it('accepts only the 10 delivery frequencies as interval, else 0', () => {
    for (const { days } of DELIVERY_FREQUENCIES)
      expect(parseCartLink(`variantId=12345678&interval=${days}`)[0]!.interval, String(days)).toBe(days);
    for (const days of [1, 30, 60, 90, 365])
      expect(parseCartLink(`variantId=12345678&interval=${days}`)[0]!.interval, String(days)).toBe(0);
  });
  it('takes only variant ids of exactly 8 digits, ignoring the others', () => {
    for (const bad of ['1234567', '123456789', '1234567a', '', ' ', 'abcdefgh', '1234-5678'])
      expect(parseCartLink(`variantId=${encodeURIComponent(bad)}`), bad).toEqual([]);
    expect(parseCartLink('')).toEqual([]);
    expect(parseCartLink('quantity=2')).toEqual([]);
  });
  it('reads lists: repeated parameters or comma-separated, with values by position or one for all', () => {
    expect(parseCartLink('variantId=12345678&variantId=87654321').map((l) => l.variantCode)).toEqual(['12345678', '87654321']);
    expect(parseCartLink('variantId=12345678,87654321,bad,11112222&quantity=2,3,9,4&interval=31,0,0,62')).toEqual([
      { variantCode: '12345678', quantity: 2, targetQuantity: null, interval: 31 },
      { variantCode: '87654321', quantity: 3, targetQuantity: null, interval: 0 },
      { variantCode: '11112222', quantity: 4, targetQuantity: null, interval: 62 },
    ]);
    expect(parseCartLink('variantId=12345678,87654321&quantity=2').map((l) => l.quantity)).toEqual([2, 2]);
    expect(parseCartLink('variantId=12345678,87654321&quantity=2,x').map((l) => l.quantity)).toEqual([2, 1]);
    expect(parseCartLink('variantId=12345678%2C87654321').map((l) => l.variantCode)).toEqual(['12345678', '87654321']);
  });
  it('reads targetQuantity: set the line to it instead of adding', () => {
    expect(parseCartLink('variantId=12345678&targetQuantity=4')[0]).toEqual({
      variantCode: '12345678',
      quantity: 1,
      targetQuantity: 4,
      interval: 0,
    });
    expect(parseCartLink('variantId=12345678&targetQuantity=0')[0]!.targetQuantity).toBe(0);
    expect(parseCartLink('variantId=12345678&targetQuantity=many')[0]!.targetQuantity).toBeNull();
  });
  it('accepts URLSearchParams too', () => {
    expect(parseCartLink(new URLSearchParams({ variantId: '12345678', quantity: '2' }))[0]!.quantity).toBe(2);
  });
});

describe('cart link clean-up', () => {
  it('removes the cart-link parameters from the address and keeps the rest', () => {
    expect(cleanCartLink('/panier/?variantId=12345678&quantity=2&targetQuantity=3&interval=31&utm_source=mail#top')).toBe(
      '/panier/?utm_source=mail#top',
    );
    expect(cleanCartLink('https://shop.example/nl/winkelmand/?variantId=12345678&variantId=87654321')).toBe(
      'https://shop.example/nl/winkelmand/',
    );
    expect(cleanCartLink(new URL('http://localhost:4321/panier/?interval=31&x=1'))).toBe('http://localhost:4321/panier/?x=1');
    expect(cleanCartLink('/panier/')).toBe('/panier/');
  });
  it('tells whether an address carries a cart link', () => {
    expect(hasCartLink('?variantId=12345678')).toBe(true);
    expect(hasCartLink('?utm_source=mail')).toBe(false);
  });
});
