/**
 * The order as the API answers it (and its mails and invoices read it): a cart priced now (pricing.ts), a
 * placed order with the figures it was placed with; names, labels and statuses in the view's language.
 */
import type { Queryable } from '../../db/database.ts';
import { FREE_SHIPPING_THRESHOLD } from '../../../lib/constants.ts';
import { iri } from '../../../lib/shop-api/iri.ts';
import type { CouponState, Order, Payment, Shipment } from '../../../lib/shop-api/orders.ts';
import { languageOf, type Language } from '../../../lib/channels.ts';
import { displayGroupOf, displayLabelOf, orderDisplayStatus } from '../../../lib/orders/display-status.ts';
import { couponStateOf, findCoupon } from './discounts.ts';
import { priceOrder } from './pricing.ts';
import { type FrozenTotals, type OrderRow, type PaymentRow, type ShipmentRow, shipmentAndPaymentsOf } from './repository.ts';
import type { Totals } from './totals.ts';
import { type AnswerOptions, itemsJson, type OrderRead, viewOf } from './view.ts';

/** A placed order's coupon: applied if it reduced the order when it was placed. */
async function placedCouponState(q: Queryable, order: OrderRow, frozen: FrozenTotals, lang: Language): Promise<CouponState | null> {
  if (!order.coupon_code) return null;
  const applied = frozen.promotions.find((p) => p.code === order.coupon_code);
  const coupon = await findCoupon(q, order.coupon_code);
  return { ...couponStateOf(order.coupon_code, coupon, { discount: -(applied?.amount ?? 0), refusal: null }, lang), applicable: !!applied };
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

/**
 * The order as the API answers it: a cart priced now, a placed order with the figures it was placed with;
 * names, labels and statuses in the view's language (answerView; the order's by default).
 */
export async function orderJson(
  q: Queryable,
  order: OrderRow,
  now: Date,
  answer: AnswerOptions = {},
  read?: OrderRead,
): Promise<Order & { '@context': string }> {
  const view = viewOf(order, answer);
  const lang = languageOf(view.locale);
  const priced = order.frozen ? null : await priceOrder(q, order, now, view, read);
  const items = priced?.items ?? (await itemsJson(q, order, view, read));
  const coupon = priced ? priced.coupon : await placedCouponState(q, order, order.frozen!, lang);
  const { promotions, ...totals } = order.frozen ?? { ...priced!.totals, promotions: priced!.promotions };
  const { shipment, payments } = read ?? (await shipmentAndPaymentsOf(q, order.id));
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
    coupon,
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
