/**
 * Carts and orders: created without any session (the token is the key), assigned to a customer, priced
 * on every answer from their items and coupon. A cart of a customer is theirs alone: with any other
 * session, or none, it is a 404 as if it did not exist. An anonymous cart is usable by whoever holds its
 * token, which is unguessable.
 */
import type { Queryable } from '../../db/database.ts';
import { FREE_SHIPPING_THRESHOLD, iri, type Order, type OrderItem, type Payment, type Shipment } from '../../../lib/shop-api/wire.ts';
import { languageOf } from '../../../lib/channels.ts';
import { displayGroupOf, displayLabelOf, orderDisplayStatus } from '../../../lib/orders/display-status.ts';
import { notFound } from '../shared/errors.ts';
import { tokenParam } from '../shared/ids.ts';
import type { ShopContext, ShopDeps } from '../shared/deps.ts';
import { optionalCustomer } from '../sessions/access.ts';
import { discountOf, refusalOf, type Coupon, type CouponRefusal } from './promotions.ts';
import { findCoupon, findOrder, hasCompletedOrder, itemsOf, type FrozenTotals, type ItemRow, type OrderRow } from './repository.ts';
import { cartTotals, type ChosenFees, type Totals } from './totals.ts';
import { findPaymentMethod, openPayment, paymentsOf, shipmentOf, type PaymentRow, type ShipmentRow } from '../checkout/repository.ts';
import { shippingMethodFor } from '../shipping/repository.ts';

/**
 * The order of the path as the caller may see it: an order of a customer needs that customer's
 * session; `cartOnly` refuses orders past the cart state (they cannot change any more).
 */
export async function accessibleOrder(
  q: Queryable,
  token: string,
  customerId: number | null,
  { cartOnly = true, forUpdate = false } = {},
): Promise<OrderRow> {
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
export async function couponRefusal(
  q: Queryable,
  order: OrderRow,
  coupon: Coupon | null,
  itemsTotal: number,
  now: Date,
): Promise<CouponRefusal | null> {
  const firstOrderChecked = !!coupon?.firstOrderOnly && order.customer_id !== null;
  return refusalOf(coupon, { now, itemsTotal, hasCompletedOrder: firstOrderChecked && (await hasCompletedOrder(q, order.customer_id!)) });
}

const itemJson = (order: OrderRow, r: ItemRow): OrderItem => ({
  '@id': iri.orderItem(order.token_value, r.id),
  '@type': 'OrderItem',
  id: r.id,
  variant: iri.variant(r.variant_code),
  variantCode: r.variant_code,
  productName: r.product_name,
  variantName: r.variant_name,
  quantity: r.quantity,
  unitPrice: r.unit_price,
  originalUnitPrice: r.original_unit_price,
  total: r.unit_price * r.quantity,
  subscriptionInterval: r.subscription_interval,
  sourceItemList: r.source_item_list,
  upsell: r.upsell,
});

/** What an order in its checkout costs now: its items, its coupon, its carrier and its payment method. */
export async function priceOrder(q: Queryable, order: OrderRow, now: Date) {
  const items = (await itemsOf(q, order.id)).map((r) => itemJson(order, r));
  const itemsTotal = items.reduce((sum, item) => sum + item.total, 0);
  const coupon = order.coupon_code ? await findCoupon(q, order.coupon_code) : null;
  const eligible = coupon && !(await couponRefusal(q, order, coupon, itemsTotal, now));
  const discount = eligible ? discountOf(coupon, itemsTotal) : 0;
  const promotions = eligible ? [{ code: coupon.code, label: coupon.label, amount: -discount }] : [];
  const totals = cartTotals(order.channel_code, itemsTotal, discount, items.length > 0, await chosenFees(q, order));
  return { items, discount, promotions, totals };
}

/** The fees of the carrier and the payment method chosen so far (none before the checkout). */
async function chosenFees(q: Queryable, order: OrderRow): Promise<ChosenFees> {
  if (order.checkout_state === 'cart' || !order.shipping_address) return {};
  const shipment = await shipmentOf(q, order.id);
  const method = shipment?.method_code
    ? await shippingMethodFor(q, shipment.method_code, order.channel_code, order.shipping_address.countryCode)
    : null;
  const payment = order.checkout_state === 'payment_skipped' ? null : await openPayment(q, order.id);
  const paymentMethod = payment?.method_code ? await findPaymentMethod(q, payment.method_code) : null;
  return { shippingFee: method?.fee ?? null, serviceFee: paymentMethod?.service_fee ?? 0 };
}

const shipmentJson = (order: OrderRow, s: ShipmentRow): Shipment => ({
  '@id': iri.shipment(order.token_value, s.id),
  '@type': 'Shipment',
  id: s.id,
  state: s.state,
  method: s.method_code && iri.shippingMethod(s.method_code),
  carrier: s.carrier,
  relayPoint: s.relay_point,
  trackingNumber: s.tracking_number,
  shippedAt: s.shipped_at,
});

const paymentJson = (order: OrderRow, p: PaymentRow): Payment => ({
  '@id': iri.payment(order.token_value, p.id),
  '@type': 'Payment',
  id: p.id,
  state: p.state,
  method: p.method_code && iri.paymentMethod(p.method_code),
  amount: p.amount,
  currencyCode: 'EUR',
  card: p.card_brand && p.card_last4 ? { brand: p.card_brand, last4: p.card_last4, expiry: p.card_expiry } : null,
});

/** The order as the API answers it: a cart priced now, a placed order with the figures it was placed with. */
export async function orderJson(q: Queryable, order: OrderRow, now: Date): Promise<Order & { '@context': string }> {
  const lang = languageOf(order.locale_code);
  const priced = order.frozen ? null : await priceOrder(q, order, now);
  const items = priced?.items ?? (await itemsOf(q, order.id)).map((r) => itemJson(order, r));
  const { promotions, ...totals } = order.frozen ?? { ...priced!.totals, promotions: priced!.promotions };
  const shipment = await shipmentOf(q, order.id);
  const payments = await paymentsOf(q, order.id);
  const status = orderDisplayStatus({
    state: order.state,
    checkoutState: order.checkout_state,
    paymentState: order.payment_state,
    shippingState: order.shipping_state,
    paymentFailed: payments.some((p) => p.state === 'failed'),
  });
  return {
    '@context': '/api/v2/contexts/Order',
    '@id': iri.order(order.token_value),
    '@type': 'Order',
    tokenValue: order.token_value,
    number: order.number,
    state: order.state,
    checkoutState: order.checkout_state,
    paymentState: order.payment_state,
    shippingState: order.shipping_state,
    checkoutCompletedAt: order.checkout_completed_at,
    currencyCode: 'EUR',
    localeCode: order.locale_code,
    channelCode: order.channel_code,
    customer: order.customer_id === null ? null : iri.customer(order.customer_id),
    items,
    freeProducts: [],
    couponCode: order.coupon_code,
    promotions: promotions.map((p) => ({ code: p.code, label: p.label[lang], amount: p.amount })),
    ...totalsOf(totals),
    notes: order.notes,
    billingAddress: order.billing_address,
    shippingAddress: order.shipping_address,
    shipments: shipment ? [shipmentJson(order, shipment)] : [],
    payments: payments.map((p) => paymentJson(order, p)),
    status: { code: status, group: displayGroupOf(status), label: displayLabelOf(status, lang) },
  };
}

/** A placed order's lines with the free-shipping figures a cart shows (nothing left to reach once placed). */
function totalsOf(totals: Omit<FrozenTotals, 'promotions'> | Totals): Totals {
  if ('freeShippingThreshold' in totals) return totals;
  return { ...totals, freeShippingThreshold: FREE_SHIPPING_THRESHOLD, amountToFreeShipping: 0 };
}
