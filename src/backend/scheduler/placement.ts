/**
 * A due draft becomes an order, checked and priced again as a cart is at its completion:
 * - a product withdrawn, hidden or out of stock, a relay point closed, a carrier no longer offered hold the
 *   delivery back: the subscription takes the matching status (product_unavailable, pickuppoint_unavailable,
 *   error) and the shopper is told once; the next runs look again, so the delivery leaves once the cause is
 *   fixed (the shopper chose another point or carrier, the product came back);
 * - the lines take today's catalogue price (the subscription price, an upsell its one-off price);
 * - a coupon no longer eligible is removed, and the shopper told: the delivery still leaves;
 * - the order is placed (its number, its accounting lines frozen) with a payment for its total and a charge
 *   job, all in the one transaction: an order is never placed without its charge, nor charged unplaced;
 * - the next draft is made at the subscription's frequency, unless the subscription stops after this one
 *   (a cancellation handled before its second delivery).
 */
import { transition } from '../../lib/orders/machine.ts';
import { checkoutMachine } from '../../lib/orders/checkout.ts';
import { languageOf } from '../../lib/channels.ts';
import { subscriptionPrice } from '../../lib/catalogue/pricing.ts';
import { dayOf, nextShipment } from '../../lib/subscriptions/schedule.ts';
import { isFailure, type SubscriptionState } from '../../lib/subscriptions/status.ts';
import type { Queryable } from '../db/database.ts';
import { priceOrder } from '../shop/orders/pricing.ts';
import { addPayment, type ItemRow, type OrderRow, readOrderWithLines, setLinePrices } from '../shop/orders/repository.ts';
import { setCoupon } from '../shop/orders/discounts.ts';
import { enterOrderGraph } from '../shop/orders/placement.ts';
import { queueOrderMail } from '../shop/orders/mails.ts';
import type { OrderRead } from '../shop/orders/view.ts';
import type { RelayPointLookup } from '../shop/shipping/relay-points.ts';
import { createDraft, draftProblems } from '../shop/subscriptions/drafts.ts';
import type { SubscriptionMailKind } from '../mail/templates/subscriptions.ts';
import { queueSubscriptionMail } from '../shop/subscriptions/mails.ts';
import {
  findSubscriptionById,
  type SubscriptionRow,
  updateSubscription,
  updateSubscriptionOrder,
} from '../shop/subscriptions/repository.ts';
import { type DueDraft, insertChargeJob } from './repository.ts';

interface PlacementContext {
  relayPoints: RelayPointLookup;
  /** SITE_URL_FR and SITE_URL_BE, for the mails' links. */
  env: Record<string, string | undefined>;
}

type Placement = { placed: true; number: string } | { placed: false; state: SubscriptionState | null };

/** The alert mail of each status that holds a delivery back. */
const ALERT_OF: Partial<Record<SubscriptionState, SubscriptionMailKind>> = {
  product_unavailable: 'productUnavailable',
  pickuppoint_unavailable: 'relayPointUnavailable',
  error: 'carrierInvalid',
};

/** The card brands the shop takes are its card payment methods (shop.payment_methods). */
const cardMethodOf = (brand: string | null) => (brand === 'Mastercard' ? 'mastercard' : 'visa');

/** The line at today's catalogue name and price: the subscription price, an upsell its one-off price. */
const repriced = (item: ItemRow, variant: { productName: string; variantName: string; basePrice: number }): ItemRow => ({
  ...item,
  product_name: variant.productName,
  variant_name: variant.variantName,
  original_unit_price: variant.basePrice,
  unit_price: item.upsell ? variant.basePrice : subscriptionPrice(variant.basePrice),
});

const samePrice = (a: ItemRow, b: ItemRow) =>
  a.product_name === b.product_name &&
  a.variant_name === b.variant_name &&
  a.original_unit_price === b.original_unit_price &&
  a.unit_price === b.unit_price;

/**
 * Places the due draft of the subscription, whose row the caller holds (repository.ts claimDueDraft). The draft
 * is read once, with its lines, their variants, its shipment and payments (readOrderWithLines), and what the
 * placement changes of it is carried along to its pricing and its confirmation, which read none of it again:
 * about twenty statements a delivery (tests/api/scheduler-statements.test.ts).
 */
export async function placeDueDraft(tx: Queryable, ctx: PlacementContext, claimed: DueDraft, now: Date): Promise<Placement> {
  const sub = (await findSubscriptionById(tx, claimed.subscription_id))!;
  const draft = await readOrderWithLines(tx, claimed.order_id, languageOf(sub.locale_code), true);
  if (draft?.order.state !== 'draft') return { placed: false, state: null };

  const problems = await draftProblems(tx, draft, sub, ctx.relayPoints);
  const names = problems.unavailable.map((item) => item.product_name);
  const hold: SubscriptionState | null = names.length
    ? 'product_unavailable'
    : problems.relayPointUnavailable
      ? 'pickuppoint_unavailable'
      : problems.carrierInvalid
        ? 'error'
        : null;
  const read: OrderRead = { ...draft, shippingMethod: problems.carrier };
  if (hold) {
    // Told once: the runs that find the same cause again leave the subscription as it is.
    if (sub.state !== hold) {
      await updateSubscription(tx, sub.id, { state: hold, last_error: hold }, now);
      const { totals } = await priceOrder(tx, draft.order, now, {}, read);
      const facts = { shipment: claimed.shipment_date, total: totals.total, products: names };
      await queueSubscriptionMail(tx, ALERT_OF[hold]!, sub, facts, { now, env: ctx.env });
    }
    return { placed: false, state: hold };
  }

  // Every line is still sold (else it is held back): each takes today's name and price, written when they changed.
  const items = problems.available.map(({ item, variant }) => repriced(item, variant));
  const changed = items.filter((item, n) => !samePrice(item, problems.available[n]!.item));
  if (changed.length > 0) await setLinePrices(tx, changed);
  let order: OrderRow = draft.order;
  let priced = await priceOrder(tx, order, now, {}, { ...read, items });
  const removedCoupon = priced.coupon && !priced.coupon.applicable ? order.coupon_code : null;
  if (removedCoupon) {
    await setCoupon(tx, order.id, null, now);
    order = { ...order, coupon_code: null };
    priced = await priceOrder(tx, order, now, {}, { ...read, items });
  }
  const { totals, promotions } = priced;

  const free = totals.total === 0;
  const payment = free
    ? null
    : await addPayment(tx, order.id, { state: 'new', amount: totals.total, methodCode: cardMethodOf(sub.card_brand), now });
  const placed = await enterOrderGraph(tx, order, {
    checkoutState: transition(
      checkoutMachine,
      transition(checkoutMachine, order.checkout_state, free ? 'skip_payment' : 'select_payment'),
      'complete',
    ),
    notes: null,
    totals,
    promotions,
    now,
    ...(draft.shipment ? { shipment: draft.shipment } : {}),
  });
  await updateSubscriptionOrder(tx, order.id, { placed_at: now.toISOString() });
  if (payment)
    await insertChargeJob(tx, {
      subscriptionId: sub.id,
      orderId: order.id,
      paymentId: payment.id,
      customerId: sub.provider_customer_id,
      mandateId: sub.provider_mandate_id,
      now,
    });
  await queueOrderMail(tx, 'confirmation', placed.order, {
    now,
    env: ctx.env,
    read: { items, displays: draft.displays, shipment: placed.shipment, payments: payment ? [...draft.payments, payment] : draft.payments },
  });
  if (removedCoupon)
    await queueSubscriptionMail(
      tx,
      'couponRemoved',
      sub,
      { shipment: claimed.shipment_date, total: totals.total, coupon: removedCoupon },
      { now, env: ctx.env },
    );
  // Counted from the day it leaves, today (its own day, or later when it was held back): a delivery held back
  // for a while does not bring the next one closer.
  await continueAfter(tx, ctx, sub, dayOf(now), now);
  return { placed: true, number: placed.order.number! };
}

/** After a placed delivery: the next draft at the frequency, or the end once the last delivery asked for left. */
async function continueAfter(tx: Queryable, ctx: PlacementContext, sub: SubscriptionRow, shipped: string, now: Date) {
  const cleared = { last_shipment_date: shipped, last_error: null, ...(isFailure(sub.state) ? { state: 'active' } : {}) };
  if (sub.stop_after_next) {
    await updateSubscription(tx, sub.id, { ...cleared, state: 'stopped', stopped_at: now.toISOString(), draft_order_id: null }, now);
    await queueSubscriptionMail(tx, 'stopped', sub, { shipment: shipped, total: 0 }, { now, env: ctx.env });
    return;
  }
  // The subscription's row written once, with the new draft.
  await createDraft(tx, sub, nextShipment(shipped, sub.frequency_days), now, cleared);
}
