/**
 * The accounting lines of a cart, integers in minor units (cents). Prices are tax included, so the VAT is the part of the total
 * that the channel's rate contains, and the total excluding tax is what remains.
 */
import { taxFreePrice } from '../../../lib/catalogue/pricing.ts';
import { channels, type ChannelCode } from '../../../lib/channels.ts';
import { FREE_SHIPPING_THRESHOLD, SHIPPING_FEES } from '../../../lib/constants.ts';

export interface Totals {
  itemsTotal: number;
  orderPromotionTotal: number;
  shippingTotal: number;
  serviceFeesTotal: number;
  taxTotal: number;
  total: number;
  totalExcludingTax: number;
  freeShippingThreshold: number;
  amountToFreeShipping: number;
}

/** What the checkout chose so far: the carrier's fee for the shipping country, the payment method's fee. */
export interface ChosenFees {
  /** Before the free-shipping rule; the channel's announced fee until a carrier is chosen. */
  shippingFee?: number | null;
  serviceFee?: number;
}

/**
 * Shipping is free from the threshold, measured on the items total after promotions, and free as well
 * when the items cost nothing (free samples, a 100 % reduction): an order with nothing to pay needs no
 * payment at all. An empty cart ships nothing, so it costs nothing.
 * `discount` is the promotion's reduction, a positive amount at most the items total.
 */
export function cartTotals(channel: ChannelCode, itemsTotal: number, discount: number, hasItems: boolean, fees: ChosenFees = {}): Totals {
  const afterPromotions = itemsTotal - discount;
  const nothingToPay = hasItems && afterPromotions === 0;
  const amountToFreeShipping = nothingToPay ? 0 : Math.max(0, FREE_SHIPPING_THRESHOLD - afterPromotions);
  const free = !hasItems || amountToFreeShipping === 0;
  const shippingTotal = free ? 0 : (fees.shippingFee ?? SHIPPING_FEES[channel]);
  const serviceFeesTotal = hasItems ? (fees.serviceFee ?? 0) : 0;
  const total = afterPromotions + shippingTotal + serviceFeesTotal;
  const totalExcludingTax = taxFreePrice(total, channels[channel].vatRate);
  return {
    itemsTotal,
    orderPromotionTotal: -discount,
    shippingTotal,
    serviceFeesTotal,
    taxTotal: total - totalExcludingTax,
    total,
    totalExcludingTax,
    freeShippingThreshold: FREE_SHIPPING_THRESHOLD,
    amountToFreeShipping,
  };
}

/** What a carrier costs this order: nothing from the threshold (or with nothing to pay), its fee below. */
export const shippingPrice = (channel: ChannelCode, itemsTotal: number, discount: number, fee: number): number =>
  cartTotals(channel, itemsTotal, discount, true, { shippingFee: fee }).shippingTotal;
