/**
 * What changed about the cart's discount code from one answer of the shop API to the next, so the cart
 * page can tell the shopper (in codes: the islands write the words). The code's state itself comes with
 * every answer (Order.coupon, recomputed from the totals), so a code that stops applying when the cart
 * drops under its minimum, or applies again when the cart reaches it, is noticed whatever changed the cart.
 * One code per order: a new code replaces the one on the cart, and the shopper is told which it replaced.
 */
import type { Order } from '../../lib/shop-api/orders.ts';
import type { Violation } from '../../lib/shop-api/errors.ts';

export type CouponChange =
  | { kind: 'applied'; code: string; amount: number }
  | { kind: 'replaced'; code: string; previous: string; amount: number }
  | { kind: 'lapsed'; code: string; refusal: Violation | null; missing: number }
  | { kind: 'restored'; code: string; amount: number }
  | { kind: 'removed'; code: string };

/** What the items total lacks for the code's minimum (0 when it is reached or there is none). */
export const missingForCoupon = (cart: Pick<Order, 'itemsTotal' | 'coupon'>): number =>
  cart.coupon ? Math.max(0, cart.coupon.minimumItemsTotal - cart.itemsTotal) : 0;

/**
 * The change between two states of one cart, or null when there is none to tell. A cart that is gone
 * (null: its last line removed) says nothing about its code. `amount` is the reduction, a positive amount.
 */
export function couponChange(before: Order | null, after: Order | null): CouponChange | null {
  if (!after) return null;
  const was = before?.tokenValue === after.tokenValue ? before.coupon : null;
  const now = after.coupon;
  if (!now) return was ? { kind: 'removed', code: was.code } : null;
  const amount = -now.amount;
  if (!now.applicable) {
    // A new code is only taken when it applies; one that no longer does lapsed (or arrived so, from another tab).
    if (was?.code === now.code && !was.applicable) return null;
    return { kind: 'lapsed', code: now.code, refusal: now.refusal, missing: missingForCoupon(after) };
  }
  if (!was) return { kind: 'applied', code: now.code, amount };
  if (was.code !== now.code) return { kind: 'replaced', code: now.code, previous: was.code, amount };
  return was.applicable ? null : { kind: 'restored', code: now.code, amount };
}
