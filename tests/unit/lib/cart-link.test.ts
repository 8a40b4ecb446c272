import { describe, expect, it } from 'vitest';
import { cleanCartLink, hasCartLink, isCartQuantity, parseCartLink } from '../../../src/lib/cart-link.ts';
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

describe('cart link values the shop cannot apply', () => {
  it('refuses a numeric interval that is not one of the frequencies, instead of a one-off purchase at full price', () => {
    const [line] = parseCartLink('variantId=10000001&interval=30');
    expect(line!.refused).toEqual([{ parameter: 'interval', value: 30 }]);
    // 0 is a one-off purchase, a value of its own.
    expect(parseCartLink('variantId=10000001&interval=0')[0]!.refused).toBeUndefined();
  });
  it('refuses a quantity outside 1 to 99 instead of making it 1 or 99', () => {
    for (const quantity of [0, 100, 150])
      expect(parseCartLink(`variantId=10000001&quantity=${quantity}`)[0]!.refused, String(quantity)).toEqual([
        { parameter: 'quantity', value: quantity },
      ]);
    for (const quantity of [1, 42, 99]) expect(parseCartLink(`variantId=10000001&quantity=${quantity}`)[0]!.refused).toBeUndefined();
  });
  it('refuses a target quantity above 99; 0 empties the line', () => {
    expect(parseCartLink('variantId=10000001&targetQuantity=150')[0]!.refused).toEqual([{ parameter: 'targetQuantity', value: 150 }]);
    expect(parseCartLink('variantId=10000001&targetQuantity=0')[0]!.refused).toBeUndefined();
  });
  it('defaults only missing or non-numeric values, silently', () => {
    for (const search of [
      'variantId=10000001',
      'variantId=10000001&quantity=abc&interval=monthly',
      'variantId=10000001&quantity=&interval=',
    ])
      expect(parseCartLink(search)[0], search).toEqual({ variantCode: '10000001', quantity: 1, targetQuantity: null, interval: 0 });
  });
  it('lists every refused value of a line, and leaves the other lines of the link alone', () => {
    expect(parseCartLink('variantId=10000001,10000002&quantity=0,2&interval=30,31')).toEqual([
      {
        variantCode: '10000001',
        quantity: 1,
        targetQuantity: null,
        interval: 0,
        refused: [
          { parameter: 'quantity', value: 0 },
          { parameter: 'interval', value: 30 },
        ],
      },
      { variantCode: '10000002', quantity: 2, targetQuantity: null, interval: 31 },
    ]);
  });
});

describe('cart quantity rule', () => {
  it('takes whole numbers from 1 to 99 only', () => {
    for (const ok of [1, 2, 98, 99]) expect(isCartQuantity(ok), String(ok)).toBe(true);
    for (const bad of [0, -2, 100, 150, 2.5, Number.NaN]) expect(isCartQuantity(bad), String(bad)).toBe(false);
  });
});
