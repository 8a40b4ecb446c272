/**
 * An order's discount: its coupon as stored (shop.coupons), whether it gives anything to this order now
 * (promotions.ts holds the rules; this reads what they need: the customer's canonical e-mail, their previous
 * orders, the code's other uses, the sponsor's household) and how an answer tells it. The cart's coupon
 * routes, the checkout's pricing and completion, and the subscriptions' renewals all ask here.
 */
import type { Queryable } from '../../db/database.ts';
import type { Language } from '../../../lib/channels.ts';
import type { CouponState } from '../../../lib/shop-api/orders.ts';
import { canonicalEmailOf } from '../customers/repository.ts';
import { violation } from '../shared/errors.ts';
import { COMPLETED_ORDER } from '../shared/placed-orders.ts';
import { shipsToSponsor } from '../sponsorships/household.ts';
import { type Coupon, type CouponRefusal, couponKey, isPersonal, refusalOf } from './promotions.ts';
import { hasCompletedOrder, type OrderRow } from './repository.ts';

/** Applies a coupon code, or removes it (null); `now` is given when the shopper changed it (updated_at). */
export const setCoupon = (q: Queryable, orderId: number, code: string | null, now?: Date) =>
  now
    ? q.query('UPDATE shop.orders SET coupon_code = $2, updated_at = $3::timestamptz WHERE id = $1', [orderId, code, now.toISOString()])
    : q.query('UPDATE shop.orders SET coupon_code = $2 WHERE id = $1', [orderId, code]);

export async function findCoupon(q: Queryable, code: string): Promise<Coupon | null> {
  const [row] = await q.query<{
    code: string;
    kind: 'percentage' | 'fixed';
    value: number;
    minimum_items_total: number;
    starts_at: number | null;
    expires_at: number | null;
    first_order_only: boolean;
    label_fr: string;
    label_nl: string;
    owner_customer_id: number | null;
    owner_email: string | null;
    single_use: boolean;
    reserved: boolean;
    sponsor_customer_id: number | null;
  }>(
    `SELECT code, kind, value, minimum_items_total, extract(epoch FROM starts_at) * 1000 AS starts_at,
       extract(epoch FROM expires_at) * 1000 AS expires_at, first_order_only, label_fr, label_nl,
       owner_customer_id, owner_email, single_use, reserved, sponsor_customer_id
     FROM shop.coupons WHERE code = $1`,
    [couponKey(code)],
  );
  if (!row) return null;
  return {
    code: row.code,
    kind: row.kind,
    value: row.value,
    minimumItemsTotal: row.minimum_items_total,
    startsAt: row.starts_at === null ? null : Number(row.starts_at),
    expiresAt: row.expires_at === null ? null : Number(row.expires_at),
    firstOrderOnly: row.first_order_only,
    label: { fr: row.label_fr, nl: row.label_nl },
    ownerCustomerId: row.owner_customer_id,
    ownerEmail: row.owner_email,
    singleUse: row.single_use,
    reserved: row.reserved,
    sponsorCustomerId: row.sponsor_customer_id,
  };
}

/**
 * Whether a completed order other than this one used the code. The coupon's row is locked until the
 * caller's transaction ends, so two carts completing with one single-use code at the same moment are
 * checked one after the other and the second finds the first.
 */
async function couponUsedElsewhere(q: Queryable, code: string, orderId: number): Promise<boolean> {
  await q.query('SELECT code FROM shop.coupons WHERE code = $1 FOR UPDATE', [code]);
  const rows = await q.query(`SELECT 1 FROM shop.orders WHERE coupon_code = $1 AND id <> $2 AND ${COMPLETED_ORDER} LIMIT 1`, [
    code,
    orderId,
  ]);
  return rows.length > 0;
}

/** Why the coupon gives nothing to this order now, or null when it applies. */
export async function couponRefusal(
  q: Queryable,
  order: OrderRow,
  coupon: Coupon | null,
  itemsTotal: number,
  now: Date,
): Promise<CouponRefusal | null> {
  const firstOrderChecked = !!coupon?.firstOrderOnly && order.customer_id !== null;
  const email = coupon && isPersonal(coupon) && order.customer_id !== null ? await canonicalEmailOf(q, order.customer_id) : null;
  const ordered = firstOrderChecked && (await hasCompletedOrder(q, order.customer_id!));
  // A friend's cart only (not the sponsor's own, not a customer who ordered before: refused anyway).
  const sponsorId = coupon?.sponsorCustomerId ?? null;
  const friendsCart = sponsorId !== null && order.customer_id !== null && order.customer_id !== sponsorId && !ordered;
  return refusalOf(coupon, {
    now,
    itemsTotal,
    hasCompletedOrder: ordered,
    customer: order.customer_id === null ? null : { id: order.customer_id, email: email ?? '' },
    usedElsewhere: !!coupon?.singleUse && (await couponUsedElsewhere(q, coupon.code, order.id)),
    shipsToSponsor: friendsCart && (await shipsToSponsor(q, sponsorId, order)),
  });
}

/** The coupon's state for the answer: its reason in the view's language when it gives nothing now. */
export function couponStateOf(
  code: string,
  coupon: Coupon | null,
  state: { discount: number; refusal: CouponRefusal | null },
  lang: Language,
): CouponState {
  const minimumItemsTotal = coupon?.minimumItemsTotal ?? 0;
  return {
    code,
    applicable: state.refusal === null,
    amount: -state.discount,
    minimumItemsTotal,
    refusal: state.refusal && violation(lang, { path: 'couponCode', code: state.refusal, params: { amount: minimumItemsTotal } }),
  };
}
