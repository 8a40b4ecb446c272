/**
 * A paid order's subscription items become subscriptions, one per frequency, each with its first draft.
 * Only a card payment starts one: the scheduler charges later deliveries on the card's mandate without the
 * shopper, which a cheque, a bank transfer, PayPal or Bancontact cannot give. An order with subscription
 * items paid another way is an order like any other (its items keep their subscription price) and starts
 * nothing.
 */
import type { Queryable } from '../../db/database.ts';
import { dayOf, nextShipment } from '../../../lib/subscriptions/schedule.ts';
import { priceOrder } from '../orders/pricing.ts';
import { itemsOf, type OrderRow, shipmentOf } from '../orders/repository.ts';
import type { ProviderPayment } from '../payments/provider.ts';
import { randomToken } from '../shared/random.ts';
import { createDraft } from './drafts.ts';
import { queueSubscriptionTerms } from './terms-mail.ts';
import {
  addSubscriptionItem,
  findSubscriptionById,
  insertSubscription,
  recordSubscriptionOrder,
  updateSubscription,
} from './repository.ts';

/** A subscription's code: short enough for a path, random enough that it cannot be guessed. */
const subscriptionCode = () => `S${randomToken(9).replace(/[-_]/g, 'x')}`;

/**
 * Runs in the transaction that records the card payment as paid; answers the codes of the subscriptions made.
 * Each is mailed its terms (terms-mail.ts) in that transaction too: a subscription is started once (the
 * payment is settled once, and an order that started subscriptions starts no more), so its mail goes once,
 * whether the webhook or the shopper's return settles the payment.
 * A subscription's own delivery starts nothing (its items are that subscription's): paid again by the shopper
 * with a new card after a refused charge, it gives the subscription that card's mandate and lets it go on.
 */
export async function startSubscriptions(
  q: Queryable,
  order: OrderRow,
  paid: ProviderPayment,
  options: { now: Date; env: Record<string, string | undefined> },
): Promise<string[]> {
  const { now } = options;
  const [delivery] = await q.query<{ subscription_id: number }>(
    `SELECT so.subscription_id FROM shop.subscription_orders so JOIN shop.subscriptions s ON s.id = so.subscription_id
     WHERE so.order_id = $1 AND s.created_from_order_id IS DISTINCT FROM so.order_id`,
    [order.id],
  );
  if (delivery) {
    await resumeAfterPayment(q, delivery.subscription_id, paid, now);
    return [];
  }
  if (!paid.mandateId || !paid.customerId || order.customer_id === null || !order.shipping_address) return [];
  const items = (await itemsOf(q, order.id)).filter((i) => i.subscription_interval > 0);
  const already = await q.query('SELECT 1 FROM shop.subscriptions WHERE created_from_order_id = $1 LIMIT 1', [order.id]);
  if (items.length === 0 || already.length > 0) return [];
  const shipment = (await shipmentOf(q, order.id))!;
  const today = dayOf(now);
  const codes: string[] = [];
  for (const frequency of [...new Set(items.map((i) => i.subscription_interval))]) {
    const code = subscriptionCode();
    const id = await insertSubscription(q, {
      code,
      customerId: order.customer_id,
      channel: order.channel_code,
      locale: order.locale_code,
      frequency,
      firstShipment: today,
      card: {
        customerId: paid.customerId,
        mandateId: paid.mandateId,
        brand: paid.card?.brand ?? null,
        last4: paid.card?.last4 ?? null,
        expiry: paid.card?.expiry ?? null,
      },
      shippingMethod: shipment.method_code!,
      relayPoint: shipment.relay_point,
      shippingAddress: order.shipping_address,
      billingAddress: order.billing_address ?? order.shipping_address,
      orderId: order.id,
      now,
    });
    for (const item of items.filter((i) => i.subscription_interval === frequency)) {
      await addSubscriptionItem(q, id, {
        variant_code: item.variant_code,
        quantity: item.quantity,
        product_name: item.product_name,
        variant_name: item.variant_name,
        original_unit_price: item.original_unit_price,
      });
    }
    // The order that started it is its first delivery; the draft is the second.
    await recordSubscriptionOrder(q, id, order.id, today, now, true);
    const subscription = (await findSubscriptionById(q, id))!;
    const next = nextShipment(today, frequency);
    const { totals } = await priceOrder(q, await createDraft(q, subscription, next, now), now);
    await queueSubscriptionTerms(q, subscription, order.number ?? '', { shipment: next, total: totals.total }, options);
    codes.push(code);
  }
  return codes;
}

/** A refused delivery paid with a new card (a `first` payment, which leaves a new mandate): the card charged from now on. */
async function resumeAfterPayment(q: Queryable, subscriptionId: number, paid: ProviderPayment, now: Date): Promise<void> {
  // Read without holding the row first: the scheduler's own charges (paid, on the same mandate) change nothing.
  const seen = await findSubscriptionById(q, subscriptionId);
  if (seen?.state !== 'payment_failure' || !paid.mandateId || paid.mandateId === seen.provider_mandate_id) return;
  const sub = (await findSubscriptionById(q, subscriptionId, true))!;
  if (sub.state !== 'payment_failure') return;
  await updateSubscription(
    q,
    sub.id,
    {
      state: 'active',
      last_error: null,
      provider_mandate_id: paid.mandateId,
      ...(paid.customerId ? { provider_customer_id: paid.customerId } : {}),
      ...(paid.card ? { card_brand: paid.card.brand, card_last4: paid.card.last4, card_expiry: paid.card.expiry ?? null } : {}),
    },
    now,
  );
}
