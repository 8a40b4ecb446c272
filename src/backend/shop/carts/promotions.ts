/**
 * Coupons: percentage or fixed reductions on the items total, with an optional minimum, validity dates,
 * and the first-order rule of the exit-intent offer (BIENVENUE5, EXIT_INTENT_DISCOUNT).
 *
 * Eligibility is checked when the coupon is applied and again every time the cart is priced: a coupon
 * whose rule stops holding (items removed below the minimum, expiry passed) stays on the cart as
 * `couponCode` but gives no reduction and is absent from `promotions` until the rule holds again.
 * The first-order rule is checked against the cart's customer: an anonymous cart may apply the offer,
 * and when the cart is later assigned to a customer who already completed an order the coupon is
 * removed from the cart (carts/routes.ts), since that customer can never become eligible again.
 */
import type { Language } from '../../../lib/channels.ts';

export interface Coupon {
  code: string;
  kind: 'percentage' | 'fixed';
  value: number;
  minimumItemsTotal: number;
  startsAt: number | null;
  expiresAt: number | null;
  firstOrderOnly: boolean;
  label: Record<Language, string>;
}

export type CouponRefusal = 'COUPON_INVALID' | 'COUPON_EXPIRED' | 'COUPON_MINIMUM' | 'COUPON_FIRST_ORDER';

/** Codes are matched without regard to case or surrounding spaces. */
export const couponKey = (code: string): string => code.trim().toUpperCase();

export interface CouponContext {
  now: Date;
  itemsTotal: number;
  hasCompletedOrder: boolean;
}

export function refusalOf(coupon: Coupon | null, { now, itemsTotal, hasCompletedOrder }: CouponContext): CouponRefusal | null {
  if (!coupon || (coupon.startsAt !== null && now.getTime() < coupon.startsAt)) return 'COUPON_INVALID';
  if (coupon.expiresAt !== null && now.getTime() > coupon.expiresAt) return 'COUPON_EXPIRED';
  if (coupon.firstOrderOnly && hasCompletedOrder) return 'COUPON_FIRST_ORDER';
  if (itemsTotal < coupon.minimumItemsTotal) return 'COUPON_MINIMUM';
  return null;
}

/** The reduction, never more than the items total. */
export function discountOf(coupon: Coupon, itemsTotal: number): number {
  const amount = coupon.kind === 'percentage' ? Math.round((itemsTotal * coupon.value) / 100) : coupon.value;
  return Math.min(amount, itemsTotal);
}
