/**
 * The invoice's lines excluding tax add up to the order's total excluding tax, which is rounded once on the
 * whole order: rounding each line on its own would drift from it by a cent or more.
 */
import { describe, expect, it } from 'vitest';
import { taxFreePrice } from '../../../../../src/lib/catalogue/pricing.ts';
import { linesExcludingTax } from '../../../../../src/backend/shop/invoices/pdf.ts';

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);
/** A line of `quantity` units at `unitPrice`, tax included. */
const item = (unitPrice: number, quantity = 1) => ({ unitPrice, quantity, total: unitPrice * quantity });
/** Shipping, service fees or a discount: an amount without a unit price. */
const extra = (total: number) => ({ unitPrice: null, quantity: null, total });

describe('linesExcludingTax', () => {
  it('gives the cent the lines’ roundings lose to the one without a unit price, so one unit keeps reading its price', () => {
    // 4,90 € at 20 %: 4,0833 € excl. → 4,08 € for the item and for shipping, 8,16 € together; the order's 9,80 € → 8,17 €.
    const lines = [item(490), extra(490)];
    expect(sum(lines.map((line) => taxFreePrice(line.total, 0.2)))).toBe(816);
    expect(linesExcludingTax(lines, 0.2, 980, taxFreePrice(980, 0.2))).toEqual([408, 409]);
  });

  it('moves the cents onto the closest calls, up or down, discounts and free lines included', () => {
    for (const [lines, rate] of [
      [[item(5), item(5), item(5)], 0.2],
      [[item(1000, 3), item(1), extra(490)], 0.2],
      [[item(2599), item(1299), extra(490), extra(-520)], 0.2],
      [[item(1234), item(5678), extra(0), item(133, 3), extra(-200)], 0.21],
      [[item(7), item(7), item(7), item(7), item(7), item(7)], 0.21],
    ] as const) {
      const total = sum(lines.map((line) => line.total));
      const excl = linesExcludingTax(lines, rate, total, taxFreePrice(total, rate));
      expect(sum(excl), `${JSON.stringify(lines)} at ${rate}`).toBe(taxFreePrice(total, rate));
      // Never further than a cent from the line's own rounding.
      for (const [i, amount] of excl.entries()) expect(Math.abs(amount - taxFreePrice(lines[i]!.total, rate))).toBeLessThanOrEqual(1);
    }
  });

  it('never gives a cent to a free line', () => {
    // 3 × 4,08 € + 4,17 € = 16,41 €, the order's 19,70 € is 16,42 € excluding tax: free shipping stays at 0,00 €,
    // the items of one unit keep their 4,08 €, the fees take the cent.
    expect(linesExcludingTax([extra(0), item(490), item(490), item(490), extra(500)], 0.2, 1970, 1642)).toEqual([0, 408, 408, 408, 418]);
  });

  it('rounds each line on its own when the lines do not make the order’s total, or drift further than rounding can', () => {
    expect(linesExcludingTax([item(5), item(5), item(5)], 0.2, 20, 17)).toEqual([4, 4, 4]);
    expect(linesExcludingTax([item(490), extra(0), extra(490)], 0.21, 980, 817)).toEqual([405, 0, 405]);
  });
});
