/** The SQL of subscriptions: the subscriptions, their items, their orders (drafts and placed), their cancellation requests. */
import type { Queryable } from '../../db/database.ts';
import type { ChannelCode, Language, LocaleCode } from '../../../lib/channels.ts';
import type { OrderAddress, RelayPoint } from '../../../lib/shop-api/orders.ts';
import type { SubscriptionState } from '../../../lib/subscriptions/status.ts';
import { type SellableVariant, SELLABLE_VARIANT_COLUMNS, sellableVariantOf, type SellableVariantRow } from '../../content/repository.ts';

export interface SubscriptionRow {
  id: number;
  code: string;
  customer_id: number;
  channel_code: ChannelCode;
  locale_code: LocaleCode;
  state: SubscriptionState;
  frequency_days: number;
  next_shipment_date: string;
  last_shipment_date: string;
  provider_customer_id: string;
  provider_mandate_id: string;
  card_brand: string | null;
  card_last4: string | null;
  card_expiry: string | null;
  shipping_method_code: string;
  relay_point_id: string | null;
  relay_point: RelayPoint | null;
  shipping_address: OrderAddress;
  billing_address: OrderAddress;
  draft_order_id: number | null;
  stop_after_next: boolean;
  created_at: string;
  /** The token of the order that started it. */
  started_by_order: string | null;
}

const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

const SUBSCRIPTION = `SELECT id, code, customer_id, channel_code, locale_code, state, frequency_days, to_char(next_shipment_date, 'YYYY-MM-DD') AS next_shipment_date,
  to_char(last_shipment_date, 'YYYY-MM-DD') AS last_shipment_date, provider_customer_id, provider_mandate_id, card_brand, card_last4, card_expiry,
  shipping_method_code, relay_point_id, relay_point, shipping_address, billing_address, draft_order_id, stop_after_next, ${iso('created_at')} AS created_at,
  (SELECT o.token_value FROM shop.orders o WHERE o.id = created_from_order_id) AS started_by_order
  FROM shop.subscriptions`;

/** The customer's subscription of that code; another customer's is not found. */
export async function findSubscription(q: Queryable, code: string, customerId: number, forUpdate = false): Promise<SubscriptionRow | null> {
  const [row] = await q.query<SubscriptionRow>(`${SUBSCRIPTION} WHERE code = $1 AND customer_id = $2${forUpdate ? ' FOR UPDATE' : ''}`, [
    code,
    customerId,
  ]);
  return row ?? null;
}

export async function findSubscriptionById(q: Queryable, id: number, forUpdate = false): Promise<SubscriptionRow | null> {
  const [row] = await q.query<SubscriptionRow>(`${SUBSCRIPTION} WHERE id = $1${forUpdate ? ' FOR UPDATE' : ''}`, [id]);
  return row ?? null;
}

export async function findSubscriptionByCode(q: Queryable, code: string, forUpdate = false): Promise<SubscriptionRow | null> {
  const [row] = await q.query<SubscriptionRow>(`${SUBSCRIPTION} WHERE code = $1${forUpdate ? ' FOR UPDATE' : ''}`, [code]);
  return row ?? null;
}

export const subscriptionsOf = (q: Queryable, customerId: number) =>
  q.query<SubscriptionRow>(`${SUBSCRIPTION} WHERE customer_id = $1 ORDER BY id DESC`, [customerId]);

export interface NewSubscription {
  code: string;
  customerId: number;
  channel: ChannelCode;
  locale: LocaleCode;
  frequency: number;
  firstShipment: string;
  card: { customerId: string; mandateId: string; brand: string | null; last4: string | null; expiry: string | null };
  shippingMethod: string;
  relayPoint: RelayPoint | null;
  shippingAddress: OrderAddress;
  billingAddress: OrderAddress;
  /** The order that started it (none for one made otherwise, as the benchmark's copies). */
  orderId: number | null;
  now: Date;
}

export async function insertSubscription(q: Queryable, s: NewSubscription): Promise<number> {
  const [row] = await q.query<{ id: number }>(
    `INSERT INTO shop.subscriptions (code, customer_id, channel_code, locale_code, frequency_days, next_shipment_date, last_shipment_date,
       provider_customer_id, provider_mandate_id, card_brand, card_last4, card_expiry, shipping_method_code, relay_point_id, relay_point,
       shipping_address, billing_address, created_from_order_id, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6::date, $6::date, $7, $8, $9, $10, $11, $12, $13, $14::text::jsonb, $15::text::jsonb, $16::text::jsonb, $17,
       $18::timestamptz, $18::timestamptz) RETURNING id`,
    [
      s.code,
      s.customerId,
      s.channel,
      s.locale,
      s.frequency,
      s.firstShipment,
      s.card.customerId,
      s.card.mandateId,
      s.card.brand,
      s.card.last4,
      s.card.expiry,
      s.shippingMethod,
      s.relayPoint?.id ?? null,
      s.relayPoint ? JSON.stringify(s.relayPoint) : null,
      JSON.stringify(s.shippingAddress),
      JSON.stringify(s.billingAddress),
      s.orderId,
      s.now.toISOString(),
    ],
  );
  return row!.id;
}

/** Sets some columns of the subscription (names are ours, never the caller's input). */
export async function updateSubscription(q: Queryable, id: number, changes: Record<string, unknown>, now: Date): Promise<void> {
  const entries = Object.entries(changes);
  const sets = entries.map(([column, value], i) =>
    value !== null && typeof value === 'object' ? `${column} = $${i + 3}::text::jsonb` : `${column} = $${i + 3}`,
  );
  await q.query(`UPDATE shop.subscriptions SET updated_at = $2::timestamptz, ${sets.join(', ')} WHERE id = $1`, [
    id,
    now.toISOString(),
    ...entries.map(([, value]) => (value !== null && typeof value === 'object' ? JSON.stringify(value) : value)),
  ]);
}

export interface SubscriptionItemRow {
  variant_code: string;
  quantity: number;
  product_name: string;
  variant_name: string;
  original_unit_price: number;
}

export const subscriptionItemsOf = (q: Queryable, subscriptionId: number) =>
  q.query<SubscriptionItemRow>(
    'SELECT variant_code, quantity, product_name, variant_name, original_unit_price FROM shop.subscription_items WHERE subscription_id = $1 ORDER BY id',
    [subscriptionId],
  );

/** The subscription's items, each with its variant in `language` as the catalogue sells it today (null: gone), in one statement. */
export async function subscriptionItemsWithVariants(
  q: Queryable,
  subscriptionId: number,
  language: Language,
): Promise<Array<SubscriptionItemRow & { variant: SellableVariant | null }>> {
  const rows = await q.query<SubscriptionItemRow & { variant: SellableVariantRow | null }>(
    `SELECT si.variant_code, si.quantity, si.product_name, si.variant_name, si.original_unit_price,
       (SELECT row_to_json(x) FROM (
          SELECT ${SELLABLE_VARIANT_COLUMNS}
          FROM content.product_variants v JOIN content.products p ON p.sku = v.product_sku AND p.language = v.language
          WHERE v.code = si.variant_code AND v.language = $2
        ) x) AS variant
     FROM shop.subscription_items si WHERE si.subscription_id = $1 ORDER BY si.id`,
    [subscriptionId, language],
  );
  return rows.map((row) => ({ ...row, variant: row.variant && sellableVariantOf(row.variant) }));
}

export const addSubscriptionItem = (q: Queryable, subscriptionId: number, item: SubscriptionItemRow) =>
  q.query(
    `INSERT INTO shop.subscription_items (subscription_id, variant_code, quantity, product_name, variant_name, original_unit_price)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [subscriptionId, item.variant_code, item.quantity, item.product_name, item.variant_name, item.original_unit_price],
  );

export interface SubscriptionOrderRow {
  order_id: number;
  shipment_date: string;
  reminded_7_at: string | null;
  reminded_4_at: string | null;
  ship_now_requested_at: string | null;
  ship_now_deadline: string | null;
  placed_at: string | null;
}

const SUBSCRIPTION_ORDER = `SELECT order_id, to_char(shipment_date, 'YYYY-MM-DD') AS shipment_date, ${iso('reminded_7_at')} AS reminded_7_at,
  ${iso('reminded_4_at')} AS reminded_4_at, ${iso('ship_now_requested_at')} AS ship_now_requested_at, ${iso('ship_now_deadline')} AS ship_now_deadline,
  ${iso('placed_at')} AS placed_at FROM shop.subscription_orders`;

export async function subscriptionOrderOf(q: Queryable, orderId: number, forUpdate = false): Promise<SubscriptionOrderRow | null> {
  const [row] = await q.query<SubscriptionOrderRow>(`${SUBSCRIPTION_ORDER} WHERE order_id = $1${forUpdate ? ' FOR UPDATE' : ''}`, [
    orderId,
  ]);
  return row ?? null;
}

export const recordSubscriptionOrder = (
  q: Queryable,
  subscriptionId: number,
  orderId: number,
  shipment: string,
  now: Date,
  placed: boolean,
) =>
  q.query(
    `INSERT INTO shop.subscription_orders (order_id, subscription_id, shipment_date, placed_at, created_at)
     VALUES ($1, $2, $3::date, CASE WHEN $5 THEN $4::timestamptz END, $4::timestamptz)`,
    [orderId, subscriptionId, shipment, now.toISOString(), placed],
  );

export const updateSubscriptionOrder = (q: Queryable, orderId: number, changes: Record<string, string | null>) => {
  const entries = Object.entries(changes);
  return q.query(`UPDATE shop.subscription_orders SET ${entries.map(([c], i) => `${c} = $${i + 2}`).join(', ')} WHERE order_id = $1`, [
    orderId,
    ...entries.map(([, v]) => v),
  ]);
};

/** The tokens of the subscription's placed orders, newest first. */
export const placedOrderTokensOf = (q: Queryable, subscriptionId: number) =>
  q.query<{ token_value: string }>(
    `SELECT o.token_value FROM shop.subscription_orders so JOIN shop.orders o ON o.id = so.order_id
     WHERE so.subscription_id = $1 AND o.checkout_state = 'completed' ORDER BY so.shipment_date DESC, o.id DESC`,
    [subscriptionId],
  );

export async function countPlacedOrders(q: Queryable, subscriptionId: number): Promise<number> {
  const [row] = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM shop.subscription_orders so JOIN shop.orders o ON o.id = so.order_id
     WHERE so.subscription_id = $1 AND o.checkout_state = 'completed'`,
    [subscriptionId],
  );
  return row!.n;
}

export interface AbortRequestRow {
  reason: string;
  message: string;
  created_at: string;
}

export async function openAbortRequestOf(q: Queryable, subscriptionId: number): Promise<AbortRequestRow | null> {
  const [row] = await q.query<AbortRequestRow>(
    `SELECT reason, message, ${iso('created_at')} AS created_at FROM shop.subscription_abort_requests WHERE subscription_id = $1 AND handled_at IS NULL`,
    [subscriptionId],
  );
  return row ?? null;
}

export const insertAbortRequest = (q: Queryable, subscriptionId: number, reason: string, message: string, now: Date) =>
  q.query(
    'INSERT INTO shop.subscription_abort_requests (subscription_id, reason, message, created_at) VALUES ($1, $2, $3, $4::timestamptz)',
    [subscriptionId, reason, message, now.toISOString()],
  );
