/**
 * Price rules: tax-free prices, the subscription discount, what can be bought and how. Prices are integers in minor units (euro cents) until displayed.
 */
import { SUBSCRIPTION_DISCOUNT } from '../constants.ts';

/** Price excluding VAT from a price including it, rounded to the cent. */
export const taxFreePrice = (taxIncluded: number, vatRate: number): number => Math.round(taxIncluded / (1 + vatRate));

/** Subscription price: the subscription discount off the one-off price, rounded to the cent. */
export const subscriptionPrice = (basePrice: number): number => Math.round(basePrice * (1 - SUBSCRIPTION_DISCOUNT));

interface PricedVariant {
  show_variant: boolean;
  in_stock: boolean;
  base_price?: number | null;
  base_price_subscription?: number | null;
}

const visible = <T extends PricedVariant>(variants: readonly T[]) => variants.filter((v) => v.show_variant);
const isIntegerPrice = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n);

/** The smallest integer price over visible variants; NaN when there is none (shown as dashes). */
export function lowestPrice(variants: readonly PricedVariant[], kind: 'base_price' | 'base_price_subscription' = 'base_price'): number {
  const prices = visible(variants)
    .map((v) => v[kind])
    .filter(isIntegerPrice);
  return prices.length ? Math.min(...prices) : Number.NaN;
}

/** Regular purchase is available if a visible variant has a base price. */
export const canBuyOnce = (variants: readonly PricedVariant[]): boolean => visible(variants).some((v) => isIntegerPrice(v.base_price));
/** Subscription is available if a visible variant has a subscription price. */
export const canSubscribe = (variants: readonly PricedVariant[]): boolean =>
  visible(variants).some((v) => isIntegerPrice(v.base_price_subscription));
/** In stock if at least one visible variant is in stock. */
export const isInStock = (variants: readonly PricedVariant[]): boolean => visible(variants).some((v) => v.in_stock);
