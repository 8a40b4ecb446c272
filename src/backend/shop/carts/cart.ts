/**
 * Carts and orders: created without any session (the token is the key), assigned to a customer, priced
 * on every answer from their items and coupon. A cart of a customer is theirs alone: with any other
 * session, or none, it is a 404 as if it did not exist. An anonymous cart is usable by whoever holds its
 * token, which is unguessable.
 */
import type { Queryable } from '../../db/database.ts';
import { iri, type Order, type OrderItem } from '../../../lib/shop-api/wire.ts';
import { languageOf } from '../../../lib/channels.ts';
import { notFound } from '../shared/errors.ts';
import { tokenParam } from '../shared/ids.ts';
import type { ShopContext, ShopDeps } from '../shared/deps.ts';
import { optionalCustomer } from '../sessions/access.ts';
import { discountOf, refusalOf, type Coupon, type CouponRefusal } from './promotions.ts';
import { findCoupon, findOrder, hasCompletedOrder, itemsOf, type ItemRow, type OrderRow } from './repository.ts';
import { cartTotals } from './totals.ts';

/**
 * The order of the path as the caller may see it: an order of a customer needs that customer's
 * session; `cartOnly` refuses orders past the cart state (they cannot change any more).
 */
export async function accessibleOrder(q: Queryable, token: string, customerId: number | null, { cartOnly = true, forUpdate = false } = {}): Promise<OrderRow> {
  const order = await findOrder(q, token, forUpdate);
  if (!order || (order.customer_id !== null && order.customer_id !== customerId) || (cartOnly && order.state !== 'cart')) throw notFound();
  return order;
}

/**
 * Reads or changes the order of the path in a transaction holding its row: parallel calls on one cart
 * (adds, coupon, assignment) queue up on it.
 */
export async function withCart<T>(c: ShopContext, deps: ShopDeps, fn: (tx: Queryable, order: OrderRow) => Promise<T>): Promise<T> {
  const customerId = await optionalCustomer(c, deps);
  const token = tokenParam(c);
  return deps.db.transaction(async (tx) => fn(tx, await accessibleOrder(tx, token, customerId, { forUpdate: true })));
}

/** Why the coupon gives nothing to this order now, or null when it applies. */
export async function couponRefusal(q: Queryable, order: OrderRow, coupon: Coupon | null, itemsTotal: number, now: Date): Promise<CouponRefusal | null> {
  const firstOrderChecked = !!coupon?.firstOrderOnly && order.customer_id !== null;
  return refusalOf(coupon, { now, itemsTotal, hasCompletedOrder: firstOrderChecked && (await hasCompletedOrder(q, order.customer_id!)) });
}

const itemJson = (order: OrderRow, r: ItemRow): OrderItem => ({
  '@id': iri.orderItem(order.token_value, r.id), '@type': 'OrderItem', id: r.id, variant: iri.variant(r.variant_code),
  variantCode: r.variant_code, productName: r.product_name, variantName: r.variant_name, quantity: r.quantity,
  unitPrice: r.unit_price, originalUnitPrice: r.original_unit_price, total: r.unit_price * r.quantity,
  subscriptionInterval: r.subscription_interval, sourceItemList: r.source_item_list, upsell: r.upsell,
});

/** The order as the API answers it, priced now from its items and coupon. */
export async function orderJson(q: Queryable, order: OrderRow, now: Date): Promise<Order & { '@context': string }> {
  const items = (await itemsOf(q, order.id)).map((r) => itemJson(order, r));
  const itemsTotal = items.reduce((sum, item) => sum + item.total, 0);
  const coupon = order.coupon_code ? await findCoupon(q, order.coupon_code) : null;
  const eligible = coupon && !(await couponRefusal(q, order, coupon, itemsTotal, now));
  const discount = eligible ? discountOf(coupon, itemsTotal) : 0;
  return {
    '@context': '/api/v2/contexts/Order',
    '@id': iri.order(order.token_value),
    '@type': 'Order',
    tokenValue: order.token_value,
    state: order.state,
    checkoutState: order.checkout_state,
    paymentState: order.payment_state,
    shippingState: order.shipping_state,
    currencyCode: 'EUR',
    localeCode: order.locale_code,
    channelCode: order.channel_code,
    customer: order.customer_id === null ? null : iri.customer(order.customer_id),
    items,
    freeProducts: [],
    couponCode: order.coupon_code,
    promotions: eligible ? [{ code: coupon.code, label: coupon.label[languageOf(order.locale_code)], amount: -discount }] : [],
    ...cartTotals(order.channel_code, itemsTotal, discount, items.length > 0),
  };
}
