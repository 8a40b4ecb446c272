/**
 * The accounting lines of a cart, integers in minor units (cents). Prices are tax included, so the VAT is the part of the total
 * that the channel's rate contains, and the total excluding tax is what remains.
 */
import { taxFreePrice } from '../../../lib/catalogue/pricing.ts';
import { channels, type ChannelCode } from '../../../lib/channels.ts';
import { FREE_SHIPPING_THRESHOLD, SHIPPING_FEES } from '../../../lib/shop-api/wire.ts';

export interface Totals {
  itemsTotal: number; orderPromotionTotal: number; shippingTotal: number; serviceFeesTotal: number;
  taxTotal: number; total: number; totalExcludingTax: number; freeShippingThreshold: number; amountToFreeShipping: number;
}

/** `discount` is the promotion's reduction, a positive amount at most the items total. */
export function cartTotals(channel: ChannelCode, itemsTotal: number, discount: number, hasItems: boolean): Totals {
  const afterPromotions = itemsTotal - discount;
  const amountToFreeShipping = Math.max(0, FREE_SHIPPING_THRESHOLD - afterPromotions);
  // An empty cart ships nothing, so it costs nothing.
  const shippingTotal = hasItems && amountToFreeShipping > 0 ? SHIPPING_FEES[channel] : 0;
  const serviceFeesTotal = 0;
  const total = afterPromotions + shippingTotal + serviceFeesTotal;
  const totalExcludingTax = taxFreePrice(total, channels[channel].vatRate);
  return {
    itemsTotal, orderPromotionTotal: -discount, shippingTotal, serviceFeesTotal,
    taxTotal: total - totalExcludingTax, total, totalExcludingTax, freeShippingThreshold: FREE_SHIPPING_THRESHOLD, amountToFreeShipping,
  };
}
