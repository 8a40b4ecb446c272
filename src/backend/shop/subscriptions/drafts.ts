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
import type { SellableVariant } from '../../content/repository.ts';
import {
  addDraftLines,
  addShipment,
  type ItemRow,
  insertDraftOrder,
  type OrderRow,
  type OrderWithLines,
  setShipmentMethod,
  shipmentOf,
} from '../orders/repository.ts';
import { shippingMethodFor } from '../shipping/repository.ts';
import type { RelayPointLookup } from '../shipping/relay-points.ts';
import { randomToken } from '../shared/random.ts';
import { recordSubscriptionOrder, subscriptionItemsWithVariants, type SubscriptionRow, updateSubscription } from './repository.ts';

type DraftShipping = Pick<SubscriptionRow, 'shipping_method_code' | 'relay_point' | 'channel_code' | 'shipping_address'>;

/** The carrier of the subscription's settings: the method's own, or Colissimo when the channel no longer offers it there. */
const carrierOf = async (q: Queryable, s: DraftShipping) =>
  (await shippingMethodFor(q, s.shipping_method_code, s.channel_code, s.shipping_address.countryCode))?.carrier ?? 'Colissimo';

/**
 * Makes the draft of the shipment on `shipment` and makes it the subscription's next order; `changes`, more
 * columns of the subscription set with it (the scheduler's after a delivery). A handful of statements whatever
 * the number of lines: the scheduler makes one per delivery.
 */
export async function createDraft(
  q: Queryable,
  sub: SubscriptionRow,
  shipment: string,
  now: Date,
  changes: Record<string, unknown> = {},
): Promise<OrderRow> {
  // Priced with its carrier's fee, as an order whose shipping step is done.
  const order = await insertDraftOrder(q, {
    token: randomToken(24),
    customerId: sub.customer_id,
    channel: sub.channel_code,
    locale: sub.locale_code,
    billing: sub.billing_address,
    shipping: sub.shipping_address,
    now,
  });
  const items = await subscriptionItemsWithVariants(q, sub.id, languageOf(sub.locale_code));
  await addDraftLines(
    q,
    order.id,
    // A variant gone from the catalogue keeps the name and price it was last sold at: the alert says so.
    items.map(({ variant, ...item }) => {
      const originalUnitPrice = variant?.basePrice ?? item.original_unit_price;
      return {
        variant_code: item.variant_code,
        product_name: variant?.productName ?? item.product_name,
        variant_name: variant?.variantName ?? item.variant_name,
        quantity: item.quantity,
        original_unit_price: originalUnitPrice,
        unit_price: subscriptionPrice(originalUnitPrice),
        subscription_interval: sub.frequency_days,
      };
    }),
    now,
  );
  await addShipment(q, order.id, { code: sub.shipping_method_code, carrier: await carrierOf(q, sub), relayPoint: sub.relay_point }, now);
  await recordSubscriptionOrder(q, sub.id, order.id, shipment, now, false);
  await updateSubscription(q, sub.id, { ...changes, draft_order_id: order.id, next_shipment_date: shipment }, now);
  return order;
}

/** The draft's carrier and relay point, as the subscription's settings say. */
export async function setDraftShipping(q: Queryable, orderId: number, s: DraftShipping) {
  const shipment = (await shipmentOf(q, orderId))!;
  await setShipmentMethod(q, shipment.id, { code: s.shipping_method_code, carrier: await carrierOf(q, s), relayPoint: s.relay_point });
}

/**
 * What could stop the draft (as readOrderWithLines read it, in the subscription's language) from shipping now:
 * its products (withdrawn, hidden or out of stock), its relay point, its carrier. The lines still sold come with
 * their variant as the catalogue has it today, so the scheduler prices them again from it; the carrier comes as
 * the channel offers it (null: no longer), so that the pricing does not read it again.
 */
export async function draftProblems(q: Queryable, draft: OrderWithLines, sub: SubscriptionRow, relayPoints: RelayPointLookup) {
  const unavailable: ItemRow[] = [];
  const available: Array<{ item: ItemRow; variant: SellableVariant }> = [];
  for (const item of draft.items) {
    const variant = draft.variants.get(item.variant_code);
    if (variant?.shown && variant.inStock) available.push({ item, variant });
    else unavailable.push(item);
  }
  const { shipment } = draft;
  const relayPointUnavailable = !!shipment?.relay_point_id && !(await relayPoints(shipment.relay_point_id, q))?.active;
  const country = draft.order.shipping_address?.countryCode ?? sub.shipping_address.countryCode;
  const carrier = await shippingMethodFor(q, shipment?.method_code ?? '', sub.channel_code, country);
  return { unavailableProducts: unavailable.length, unavailable, available, relayPointUnavailable, carrierInvalid: !carrier, carrier };
}

/**
 * Whether the draft can no longer change ("draft in progress", 4 days before its shipment). A due draft the
 * scheduler held back (a product, the relay point or the carrier no longer available) is not being
 * prepared: the shopper may still change it, so that it can leave. A refused card holds only the placed
 * delivery, not the draft after it.
 */
export const draftLocked = (sub: Pick<SubscriptionRow, 'state'>, shipment: string, now: Date) =>
  isLocked(shipment, now) && !(isFailure(sub.state) && sub.state !== 'payment_failure');
