/**
 * What an order not placed yet costs now: its lines, its coupon's discount (discounts.ts), its carrier's fee
 * and its payment method's service fee (totals.ts adds them up). A placed order keeps the figures it was
 * placed with (answer.ts); the checkout's completion prices the cart once more and freezes that.
 */
import type { Queryable } from '../../db/database.ts';
import { languageOf } from '../../../lib/channels.ts';
import { shippingMethodFor } from '../shipping/repository.ts';
import { couponRefusal, couponStateOf, findCoupon } from './discounts.ts';
import { discountOf } from './promotions.ts';
import { findPaymentMethod, openPayment, openPaymentOf, type OrderRow, shipmentOf } from './repository.ts';
import { cartTotals, type ChosenFees } from './totals.ts';
import { type AnswerOptions, itemsJson, type OrderRead, viewOf } from './view.ts';

/**
 * What an order in its checkout costs now: its items, its coupon, its carrier and its payment method.
 * Names, labels and the coupon's reason are in the view's language (the order's by default).
 */
export async function priceOrder(q: Queryable, order: OrderRow, now: Date, answer: AnswerOptions = {}, read?: OrderRead) {
  const view = viewOf(order, answer);
  const lang = languageOf(view.locale);
  const items = await itemsJson(q, order, view, read);
  const itemsTotal = items.reduce((sum, item) => sum + item.total, 0);
  const coupon = order.coupon_code ? await findCoupon(q, order.coupon_code) : null;
  // A code whose coupon was deleted is refused like an unknown one.
  const refusal = order.coupon_code ? await couponRefusal(q, order, coupon, itemsTotal, now) : null;
  const eligible = coupon && !refusal ? coupon : null;
  const discount = eligible ? discountOf(eligible, itemsTotal) : 0;
  const promotions = eligible ? [{ code: eligible.code, label: eligible.label, amount: -discount }] : [];
  const totals = cartTotals(order.channel_code, itemsTotal, discount, items.length > 0, await chosenFees(q, order, read));
  const couponState = order.coupon_code ? couponStateOf(order.coupon_code, coupon, { discount, refusal }, lang) : null;
  return { items, discount, promotions, totals, coupon: couponState };
}

/** The fees of the carrier and the payment method chosen so far (none before the checkout); from what the call read when it did. */
async function chosenFees(q: Queryable, order: OrderRow, read?: OrderRead): Promise<ChosenFees> {
  if (order.checkout_state === 'cart' || !order.shipping_address) return {};
  const shipment = read ? read.shipment : await shipmentOf(q, order.id);
  const method =
    read?.shippingMethod !== undefined
      ? read.shippingMethod
      : shipment?.method_code
        ? await shippingMethodFor(q, shipment.method_code, order.channel_code, order.shipping_address.countryCode)
        : null;
  const payment = order.checkout_state === 'payment_skipped' ? null : read ? openPaymentOf(read.payments) : await openPayment(q, order.id);
  const paymentMethod = payment?.method_code ? await findPaymentMethod(q, payment.method_code) : null;
  return { shippingFee: method?.fee ?? null, serviceFee: paymentMethod?.service_fee ?? 0 };
}
