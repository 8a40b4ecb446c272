/**
 * The draft next order of a subscription: an order in state draft, made from the subscription's settings
 * (its products at today's subscription price, its address, its carrier or relay point), priced and
 * promoted by the order's own pricing (orders/pricing.ts priceOrder) every time it is read.
 */
import type { Queryable } from '../../db/database.ts';
import { languageOf } from '../../../lib/channels.ts';
import { subscriptionPrice } from '../../../lib/catalogue/pricing.ts';
import { isLocked } from '../../../lib/subscriptions/schedule.ts';
import { isFailure } from '../../../lib/subscriptions/status.ts';
import { findVariant, type SellableVariant } from '../../content/repository.ts';
import { addItem, createOrder } from '../carts/repository.ts';
import {
  findOrderById,
  type ItemRow,
  itemsOf,
  type OrderRow,
  ensureShipment,
  setAddresses,
  setCheckoutState,
  setShipmentMethod,
  shipmentOf,
} from '../orders/repository.ts';
import { shippingMethodFor } from '../shipping/repository.ts';
import type { RelayPointLookup } from '../shipping/relay-points.ts';
import { randomToken } from '../shared/random.ts';
import { recordSubscriptionOrder, subscriptionItemsOf, type SubscriptionRow, updateSubscription } from './repository.ts';

/** Makes the draft of the shipment on `shipment` and makes it the subscription's next order. */
export async function createDraft(q: Queryable, sub: SubscriptionRow, shipment: string, now: Date): Promise<OrderRow> {
  const order = await createOrder(q, {
    token: randomToken(24),
    customerId: sub.customer_id,
    channel: sub.channel_code,
    locale: sub.locale_code,
    now,
  });
  await q.query(`UPDATE shop.orders SET state = 'draft' WHERE id = $1`, [order.id]);
  const lang = languageOf(sub.locale_code);
  for (const item of await subscriptionItemsOf(q, sub.id)) {
    // A variant gone from the catalogue keeps the name and price it was last sold at: the alert says so.
    const variant = await findVariant(q, item.variant_code, lang);
    const originalUnitPrice = variant?.basePrice ?? item.original_unit_price;
    await addItem(q, order.id, {
      variantCode: item.variant_code,
      productName: variant?.productName ?? item.product_name,
      variantName: variant?.variantName ?? item.variant_name,
      originalUnitPrice,
      unitPrice: subscriptionPrice(originalUnitPrice),
      quantity: item.quantity,
      interval: sub.frequency_days,
      sourceItemList: null,
      upsell: false,
      now,
    });
  }
  await setAddresses(q, order.id, sub.billing_address, sub.shipping_address);
  await ensureShipment(q, order.id, now);
  await setDraftShipping(q, order.id, sub);
  // Priced with its carrier's fee, as an order whose shipping step is done.
  await setCheckoutState(q, order.id, 'shipping_selected', now);
  await recordSubscriptionOrder(q, sub.id, order.id, shipment, now, false);
  await updateSubscription(q, sub.id, { draft_order_id: order.id, next_shipment_date: shipment }, now);
  return (await findOrderById(q, order.id))!;
}

/** The draft's carrier and relay point, as the subscription's settings say. */
export async function setDraftShipping(
  q: Queryable,
  orderId: number,
  s: Pick<SubscriptionRow, 'shipping_method_code' | 'relay_point' | 'channel_code' | 'shipping_address'>,
) {
  const shipment = (await shipmentOf(q, orderId))!;
  const method = await shippingMethodFor(q, s.shipping_method_code, s.channel_code, s.shipping_address.countryCode);
  await setShipmentMethod(q, shipment.id, {
    code: s.shipping_method_code,
    carrier: method?.carrier ?? 'Colissimo',
    relayPoint: s.relay_point,
  });
}

/**
 * What could stop the draft from shipping now: its products (withdrawn, hidden or out of stock), its relay
 * point, its carrier. The lines still sold come with their variant as the catalogue has it today, so the
 * scheduler prices them again from it.
 */
export async function draftProblems(q: Queryable, draft: OrderRow, sub: SubscriptionRow, relayPoints: RelayPointLookup) {
  const lang = languageOf(sub.locale_code);
  const unavailable: ItemRow[] = [];
  const available: Array<{ item: ItemRow; variant: SellableVariant }> = [];
  for (const item of await itemsOf(q, draft.id)) {
    const variant = await findVariant(q, item.variant_code, lang);
    if (variant?.shown && variant.inStock) available.push({ item, variant });
    else unavailable.push(item);
  }
  const shipment = await shipmentOf(q, draft.id);
  const relayPointUnavailable = !!shipment?.relay_point_id && !(await relayPoints(shipment.relay_point_id, q))?.active;
  const country = draft.shipping_address?.countryCode ?? sub.shipping_address.countryCode;
  const carrierInvalid = !(await shippingMethodFor(q, shipment?.method_code ?? '', sub.channel_code, country));
  return { unavailableProducts: unavailable.length, unavailable, available, relayPointUnavailable, carrierInvalid };
}

/**
 * Whether the draft can no longer change ("draft in progress", 4 days before its shipment). A due draft the
 * scheduler held back (a product, the relay point or the carrier no longer available) is not being
 * prepared: the shopper may still change it, so that it can leave. A refused card holds only the placed
 * delivery, not the draft after it.
 */
export const draftLocked = (sub: Pick<SubscriptionRow, 'state'>, shipment: string, now: Date) =>
  isLocked(shipment, now) && !(isFailure(sub.state) && sub.state !== 'payment_failure');
