import { describe, expect, it } from 'vitest';
import { defaultPurchaseChoice, purchaseChoiceOf, withPurchaseChoice } from '../../../../src/lib/catalogue/purchase-choice.ts';

const both = { buyOnce: true, subscribe: true };

describe('the purchase choice a product page carries in its address', () => {
  it('is read value by value: a frequency, buying once, a quantity', () => {
    expect(purchaseChoiceOf('?interval=42&quantity=3', both)).toEqual({ interval: 42, quantity: 3 });
    expect(purchaseChoiceOf('?interval=0', both)).toEqual({ interval: 0 });
    expect(purchaseChoiceOf('?quantity=99', both)).toEqual({ quantity: 99 });
    expect(purchaseChoiceOf('', both)).toEqual({});
  });
  it('leaves out what the product cannot take, so the page keeps its own default for it', () => {
    // Not one of the ten frequencies, a sample (no subscription), a product sold by subscription only.
    expect(purchaseChoiceOf('?interval=30', both)).toEqual({});
    expect(purchaseChoiceOf('?interval=31', { buyOnce: true, subscribe: false })).toEqual({});
    expect(purchaseChoiceOf('?interval=0', { buyOnce: false, subscribe: true })).toEqual({});
    // No cart line holds 0, 150 or 2.5 bags.
    for (const quantity of ['0', '150', '2.5', '-2', 'abc', '1e2'])
      expect(purchaseChoiceOf(`?quantity=${quantity}`, both), quantity).toEqual({});
  });
  it('is written to a format link, and a choice equal to the page default leaves the address clean', () => {
    const defaults = defaultPurchaseChoice(both);
    expect(defaults).toEqual({ interval: 0, quantity: 1 });
    expect(withPurchaseChoice('/produits/x/2kg/', { interval: 31, quantity: 2 }, defaults)).toBe('/produits/x/2kg/?interval=31&quantity=2');
    expect(withPurchaseChoice('/produits/x/2kg/?interval=31&quantity=2#avis', { interval: 0, quantity: 1 }, defaults)).toBe(
      '/produits/x/2kg/#avis',
    );
    expect(withPurchaseChoice('/produits/x/2kg/?utm_source=mail', { interval: 0, quantity: 4 }, defaults)).toBe(
      '/produits/x/2kg/?utm_source=mail&quantity=4',
    );
  });
  it('defaults to a monthly delivery for a product sold by subscription only', () => {
    expect(defaultPurchaseChoice({ buyOnce: false, subscribe: true })).toEqual({ interval: 31, quantity: 1 });
  });
});
