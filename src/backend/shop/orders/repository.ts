/**
 * The SQL of orders, a cart being an order not placed yet (shop.orders): reading an order and its lines
 * (shop.order_items), its addresses and checkout steps, its shipment and payments (shop.shipments,
 * shop.payments), the payment methods (shop.payment_methods), and its placement. The checkout's routes, the
 * payment rules (payments.ts), the scheduler and the operator's tools all read and write through here; a
 * cart's own changes (lines added, changed, removed) are carts/repository.ts, its coupon discounts.ts.
 */
import type { Queryable } from '../../db/database.ts';
import type { ChannelCode, Language, LocaleCode } from '../../../lib/channels.ts';
import type { CheckoutState } from '../../../lib/orders/checkout.ts';
import type { OrderState } from '../../../lib/orders/order.ts';
import type { OrderPaymentState, PaymentState } from '../../../lib/orders/payment.ts';
import type { ShippingState } from '../../../lib/orders/shipping.ts';
import type { Order, OrderAddress, RelayPoint } from '../../../lib/shop-api/orders.ts';
import { COMPLETED_ORDER } from '../shared/placed-orders.ts';
import type { Totals } from './totals.ts';
import type { ProviderPayment } from '../payments/provider.ts';
import {
  type SellableVariant,
  sellableVariantOf,
  type SellableVariantRow,
  VARIANT_DISPLAY_COLUMNS,
  type VariantDisplayRow,
} from '../../content/repository.ts';

export interface OrderRow {
  id: number;
  token_value: string;
  customer_id: number | null;
  channel_code: ChannelCode;
  locale_code: LocaleCode;
  state: Order['state'];
  checkout_state: Order['checkoutState'];
  payment_state: Order['paymentState'];
  shipping_state: Order['shippingState'];
  coupon_code: string | null;
  /** Set at completion (checkout/): the number, the notes, when, and the accounting lines as they were then. */
  number: string | null;
  notes: string | null;
  checkout_completed_at: string | null;
  billing_address: OrderAddress | null;
  shipping_address: OrderAddress | null;
  frozen: FrozenTotals | null;
}

/** The accounting lines and promotions of a placed order, as they were at completion (a cart's figures to free shipping aside). */
export type FrozenTotals = Omit<Totals, 'freeShippingThreshold' | 'amountToFreeShipping'> & {
  promotions: Array<{ code: string; label: Record<Language, string>; amount: number }>;
};

export interface ItemRow {
  id: number;
  variant_code: string;
  product_name: string;
  variant_name: string;
  quantity: number;
  unit_price: number;
  original_unit_price: number;
  subscription_interval: number;
  source_item_list: string | null;
  upsell: boolean;
}

export async function hasCompletedOrder(q: Queryable, customerId: number): Promise<boolean> {
  const rows = await q.query(`SELECT 1 FROM shop.orders WHERE customer_id = $1 AND ${COMPLETED_ORDER} LIMIT 1`, [customerId]);
  return rows.length > 0;
}

/**
 * Holds the customer's row until the transaction ends, so that the customer's completions run one after the
 * other: a first-order rule checked by the second then finds the order the first placed (on PostgreSQL, ten
 * carts completed at once would otherwise each be a "first order").
 */
export async function lockCustomerCompletions(q: Queryable, customerId: number): Promise<void> {
  await q.query('SELECT id FROM shop.customers WHERE id = $1 FOR UPDATE', [customerId]);
}

export const ORDER_COLUMNS = `id, token_value, customer_id, channel_code, locale_code, state, checkout_state, payment_state, shipping_state, coupon_code,
  number, notes, to_char(checkout_completed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS checkout_completed_at, billing_address,
  shipping_address, items_total, order_promotion_total, shipping_total, service_fees_total, tax_total, total, total_excluding_tax, promotions`;
const ORDER = `SELECT ${ORDER_COLUMNS} FROM shop.orders`;

export type StoredOrder = Omit<OrderRow, 'frozen'> & {
  items_total: number | null;
  order_promotion_total: number;
  shipping_total: number;
  service_fees_total: number;
  tax_total: number;
  total: number;
  total_excluding_tax: number;
  promotions: FrozenTotals['promotions'] | null;
};
export const orderOf = ({
  items_total,
  order_promotion_total,
  shipping_total,
  service_fees_total,
  tax_total,
  total,
  total_excluding_tax,
  promotions,
  ...row
}: StoredOrder): OrderRow => ({
  ...row,
  frozen:
    items_total === null
      ? null
      : {
          itemsTotal: items_total,
          orderPromotionTotal: order_promotion_total,
          shippingTotal: shipping_total,
          serviceFeesTotal: service_fees_total,
          taxTotal: tax_total,
          total,
          totalExcludingTax: total_excluding_tax,
          promotions: promotions ?? [],
        },
});

export async function findOrder(q: Queryable, token: string, forUpdate = false): Promise<OrderRow | null> {
  const [row] = await q.query<StoredOrder>(`${ORDER} WHERE token_value = $1${forUpdate ? ' FOR UPDATE' : ''}`, [token]);
  return row ? orderOf(row) : null;
}

export async function findOrderById(q: Queryable, id: number, forUpdate = false): Promise<OrderRow | null> {
  const [row] = await q.query<StoredOrder>(`${ORDER} WHERE id = $1${forUpdate ? ' FOR UPDATE' : ''}`, [id]);
  return row ? orderOf(row) : null;
}

/** The customer's placed orders, newest first, a page at a time, with how many there are. */
export async function placedOrdersOf(
  q: Queryable,
  customerId: number,
  page: { offset: number; limit: number },
): Promise<{ rows: OrderRow[]; total: number }> {
  const rows = await q.query<StoredOrder>(
    `${ORDER} WHERE customer_id = $1 AND checkout_state = 'completed' ORDER BY checkout_completed_at DESC, id DESC OFFSET $2 LIMIT $3`,
    [customerId, page.offset, page.limit],
  );
  const [count] = await q.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM shop.orders WHERE customer_id = $1 AND checkout_state = 'completed'`,
    [customerId],
  );
  return { rows: rows.map(orderOf), total: count!.total };
}

export const ITEM_COLUMNS = `id, variant_code, product_name, variant_name, quantity, unit_price, original_unit_price, subscription_interval,
  source_item_list, upsell`;

export const itemsOf = (q: Queryable, orderId: number) =>
  q.query<ItemRow>(`SELECT ${ITEM_COLUMNS} FROM shop.order_items WHERE order_id = $1 ORDER BY id`, [orderId]);

export async function itemsTotal(q: Queryable, orderId: number): Promise<number> {
  const [row] = await q.query<{ total: number }>(
    'SELECT coalesce(sum(unit_price * quantity), 0)::int AS total FROM shop.order_items WHERE order_id = $1',
    [orderId],
  );
  return row!.total;
}

export interface ShipmentRow {
  id: number;
  method_code: string | null;
  state: ShippingState;
  relay_point_id: string | null;
  relay_point: RelayPoint | null;
  carrier: string | null;
  tracking_number: string | null;
  shipped_at: string | null;
}

export interface PaymentRow {
  id: number;
  method_code: string | null;
  state: PaymentState;
  amount: number;
  provider_payment_id: string | null;
  card_brand: string | null;
  card_last4: string | null;
  card_expiry: string | null;
  details: Record<string, unknown>;
}

export interface PaymentMethodRow {
  code: string;
  provider_method: 'creditcard' | 'paypal' | 'banktransfer' | 'bancontact' | null;
  delayed: boolean;
  service_fee: number;
  name: Record<Language, string>;
  instructions: Record<Language, string | null>;
}

const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

/**
 * A subscription's draft order (subscriptions/drafts.ts): made in state draft, addressed, its shipping step
 * done, in one statement; answered as made.
 */
export async function insertDraftOrder(
  q: Queryable,
  d: {
    token: string;
    customerId: number;
    channel: ChannelCode;
    locale: LocaleCode;
    billing: OrderAddress;
    shipping: OrderAddress;
    now: Date;
  },
): Promise<OrderRow> {
  const [row] = await q.query<StoredOrder>(
    `INSERT INTO shop.orders (token_value, customer_id, channel_code, locale_code, state, checkout_state, billing_address, shipping_address,
       created_at, updated_at)
     VALUES ($1, $2, $3, $4, 'draft', 'shipping_selected', $5::text::jsonb, $6::text::jsonb, $7::timestamptz, $7::timestamptz)
     RETURNING ${ORDER_COLUMNS}`,
    [d.token, d.customerId, d.channel, d.locale, JSON.stringify(d.billing), JSON.stringify(d.shipping), d.now.toISOString()],
  );
  return orderOf(row!);
}

/** A draft's lines (subscription lines: no origin, no upsell), in one statement, in their order. */
export const addDraftLines = (
  q: Queryable,
  orderId: number,
  lines: ReadonlyArray<
    Pick<
      ItemRow,
      'variant_code' | 'product_name' | 'variant_name' | 'quantity' | 'original_unit_price' | 'unit_price' | 'subscription_interval'
    >
  >,
  now: Date,
) =>
  q.query(
    `INSERT INTO shop.order_items (order_id, variant_code, product_name, variant_name, quantity, original_unit_price, unit_price,
       subscription_interval, source_item_list, upsell, created_at)
     SELECT $1, l.variant_code, l.product_name, l.variant_name, l.quantity, l.original_unit_price, l.unit_price, l.subscription_interval,
       NULL, false, $3::timestamptz
     FROM ROWS FROM (jsonb_to_recordset($2::text::jsonb) AS (variant_code text, product_name text, variant_name text, quantity int,
       original_unit_price int, unit_price int, subscription_interval int)) WITH ORDINALITY AS l
     ORDER BY l.ordinality`,
    [orderId, JSON.stringify(lines), now.toISOString()],
  );

/** Lines taking new names and prices (their quantities kept), in one statement. */
export const setLinePrices = (
  q: Queryable,
  lines: ReadonlyArray<Pick<ItemRow, 'id' | 'product_name' | 'variant_name' | 'original_unit_price' | 'unit_price'>>,
) =>
  q.query(
    `UPDATE shop.order_items i SET product_name = l.product_name, variant_name = l.variant_name, original_unit_price = l.original_unit_price,
       unit_price = l.unit_price
     FROM jsonb_to_recordset($1::text::jsonb) AS l(id int, product_name text, variant_name text, original_unit_price int, unit_price int)
     WHERE i.id = l.id`,
    [JSON.stringify(lines)],
  );

export const setCheckoutState = (q: Queryable, orderId: number, state: CheckoutState, now: Date) =>
  q.query('UPDATE shop.orders SET checkout_state = $2, updated_at = $3::timestamptz WHERE id = $1', [orderId, state, now.toISOString()]);

export const setAddresses = (q: Queryable, orderId: number, billing: OrderAddress, shipping: OrderAddress) =>
  q.query('UPDATE shop.orders SET billing_address = $2::text::jsonb, shipping_address = $3::text::jsonb WHERE id = $1', [
    orderId,
    JSON.stringify(billing),
    JSON.stringify(shipping),
  ]);

// ── Shipment ────────────────────────────────────────────────────────────────────────────────────

const SHIPMENT = `SELECT id, method_code, state, relay_point_id, relay_point, carrier, tracking_number, ${iso('shipped_at')} AS shipped_at
  FROM shop.shipments`;

export async function shipmentOf(q: Queryable, orderId: number): Promise<ShipmentRow | null> {
  const [row] = await q.query<ShipmentRow>(`${SHIPMENT} WHERE order_id = $1`, [orderId]);
  return row ?? null;
}

/** The order's one shipment, created at its first address step. */
export async function ensureShipment(q: Queryable, orderId: number, now: Date): Promise<void> {
  await q.query('INSERT INTO shop.shipments (order_id, created_at) VALUES ($1, $2::timestamptz) ON CONFLICT (order_id) DO NOTHING', [
    orderId,
    now.toISOString(),
  ]);
}

/** The order's one shipment, made with its carrier (a subscription's draft: its settings say which). */
export const addShipment = (
  q: Queryable,
  orderId: number,
  method: { code: string; carrier: string; relayPoint: RelayPoint | null },
  now: Date,
) =>
  q.query(
    `INSERT INTO shop.shipments (order_id, method_code, carrier, relay_point_id, relay_point, created_at)
     VALUES ($1, $2, $3, $4, $5::text::jsonb, $6::timestamptz)`,
    [
      orderId,
      method.code,
      method.carrier,
      method.relayPoint?.id ?? null,
      method.relayPoint ? JSON.stringify(method.relayPoint) : null,
      now.toISOString(),
    ],
  );

export const setShipmentMethod = (
  q: Queryable,
  shipmentId: number,
  method: { code: string; carrier: string; relayPoint: RelayPoint | null },
) =>
  q.query('UPDATE shop.shipments SET method_code = $2, carrier = $3, relay_point_id = $4, relay_point = $5::text::jsonb WHERE id = $1', [
    shipmentId,
    method.code,
    method.carrier,
    method.relayPoint?.id ?? null,
    method.relayPoint ? JSON.stringify(method.relayPoint) : null,
  ]);

export const setShipmentState = (q: Queryable, shipmentId: number, state: ShippingState) =>
  q.query('UPDATE shop.shipments SET state = $2 WHERE id = $1', [shipmentId, state]);

// ── Payments ────────────────────────────────────────────────────────────────────────────────────

const PAYMENT_COLUMNS = 'id, method_code, state, amount, provider_payment_id, card_brand, card_last4, card_expiry, details';
const PAYMENT = `SELECT ${PAYMENT_COLUMNS} FROM shop.payments`;

/** Every payment of the order, oldest first: the open one (if any) is the last. */
export const paymentsOf = (q: Queryable, orderId: number) => q.query<PaymentRow>(`${PAYMENT} WHERE order_id = $1 ORDER BY id`, [orderId]);

/** What every answer about an order shows besides its lines: its shipment and its payments, oldest first. */
export interface ShipmentAndPayments {
  shipment: ShipmentRow | null;
  payments: PaymentRow[];
}
/** The columns `shipment` and `payments` of a statement that has the order's id in `orderId` (a parameter or a column). */
export const shipmentAndPaymentsColumns = (orderId: string) =>
  `(SELECT row_to_json(s) FROM (${SHIPMENT} WHERE order_id = ${orderId}) s) AS shipment,
   (SELECT coalesce(json_agg(p ORDER BY p.id), '[]') FROM (${PAYMENT} WHERE order_id = ${orderId}) p) AS payments`;

/** The order's shipment and payments in one statement. */
export async function shipmentAndPaymentsOf(q: Queryable, orderId: number): Promise<ShipmentAndPayments> {
  const [row] = await q.query<ShipmentAndPayments>(`SELECT ${shipmentAndPaymentsColumns('$1')}`, [orderId]);
  return row!;
}

/** What an order's answer and its pricing read (view.ts OrderRead), and its lines' variants as the catalogue sells them. */
export interface OrderWithLines {
  order: OrderRow;
  items: ItemRow[];
  displays: VariantDisplayRow[];
  shipment: ShipmentRow | null;
  payments: PaymentRow[];
  /** By code; a variant gone from the catalogue is absent. */
  variants: Map<string, SellableVariant>;
}

/**
 * The order with its lines, their variants in `language` (as an answer shows them and as the catalogue sells
 * them: content/repository.ts findVariantDisplays and findVariant), its shipment and its payments, in one
 * statement; its row held until the transaction ends when `lock`. What the scheduler's placement reads of a draft once.
 */
export async function readOrderWithLines(q: Queryable, orderId: number, language: Language, lock = false): Promise<OrderWithLines | null> {
  type Variant = VariantDisplayRow & SellableVariantRow;
  const [row] = await q.query<StoredOrder & ShipmentAndPayments & { items: ItemRow[]; variants: Variant[] }>(
    `SELECT ${ORDER_COLUMNS},
       (SELECT coalesce(json_agg(i ORDER BY i.id), '[]') FROM (SELECT ${ITEM_COLUMNS} FROM shop.order_items WHERE order_id = o.id) i) AS items,
       (SELECT coalesce(json_agg(d), '[]') FROM (
         SELECT ${VARIANT_DISPLAY_COLUMNS}, v.base_price, (v.show_variant AND p.viewable) AS shown, v.in_stock
         FROM content.product_variants v JOIN content.products p ON p.sku = v.product_sku AND p.language = v.language
         WHERE v.code IN (SELECT variant_code FROM shop.order_items WHERE order_id = o.id) AND v.language = $2
       ) d) AS variants,
       ${shipmentAndPaymentsColumns('o.id')}
     FROM shop.orders o WHERE o.id = $1${lock ? ' FOR UPDATE OF o' : ''}`,
    [orderId, language],
  );
  if (!row) return null;
  const { items, variants, shipment, payments, ...order } = row;
  return {
    order: orderOf(order),
    items,
    displays: variants,
    shipment,
    payments,
    variants: new Map(variants.map((v) => [v.code, sellableVariantOf(v)])),
  };
}

export async function findPayment(q: Queryable, orderId: number, paymentId: number): Promise<PaymentRow | null> {
  const [row] = await q.query<PaymentRow>(`${PAYMENT} WHERE order_id = $1 AND id = $2`, [orderId, paymentId]);
  return row ?? null;
}

const OPEN_PAYMENT_STATES: readonly PaymentState[] = ['cart', 'new', 'processing'];

/** The open payment (cart, new or processing): at most one per order. */
export async function openPayment(q: Queryable, orderId: number): Promise<PaymentRow | null> {
  const [row] = await q.query<PaymentRow>(`${PAYMENT} WHERE order_id = $1 AND state = ANY ($2::text[])`, [orderId, OPEN_PAYMENT_STATES]);
  return row ?? null;
}

/** The open payment among the order's payments, as openPayment finds it. */
export const openPaymentOf = (payments: readonly PaymentRow[]) => payments.find((p) => OPEN_PAYMENT_STATES.includes(p.state)) ?? null;

/** A new payment of the order, in `state`, for `amount`, with the method of the previous one unless told; the payment as made. */
export async function addPayment(
  q: Queryable,
  orderId: number,
  payment: { state: PaymentState; amount: number; methodCode: string | null; now: Date },
): Promise<PaymentRow> {
  const [row] = await q.query<PaymentRow>(
    `INSERT INTO shop.payments (order_id, method_code, state, amount, created_at, updated_at) VALUES ($1, $2, $3, $4, $5::timestamptz, $5::timestamptz)
     RETURNING ${PAYMENT_COLUMNS}`,
    [orderId, payment.methodCode, payment.state, payment.amount, payment.now.toISOString()],
  );
  return row!;
}

export const removeOpenPayments = (q: Queryable, orderId: number) =>
  q.query(`DELETE FROM shop.payments WHERE order_id = $1 AND state = 'cart'`, [orderId]);

export const setPaymentMethod = (q: Queryable, paymentId: number, methodCode: string, now: Date) =>
  q.query('UPDATE shop.payments SET method_code = $2, updated_at = $3::timestamptz WHERE id = $1', [
    paymentId,
    methodCode,
    now.toISOString(),
  ]);

export const setPaymentState = (q: Queryable, paymentId: number, change: { state: PaymentState; amount?: number; now: Date }) =>
  q.query('UPDATE shop.payments SET state = $2, amount = coalesce($3, amount), updated_at = $4::timestamptz WHERE id = $1', [
    paymentId,
    change.state,
    change.amount ?? null,
    change.now.toISOString(),
  ]);

// ── Payment methods ─────────────────────────────────────────────────────────────────────────────

const PAYMENT_METHOD = `SELECT code, provider_method, delayed, service_fee, jsonb_build_object('fr', name_fr, 'nl', name_nl) AS name,
  jsonb_build_object('fr', instructions_fr, 'nl', instructions_nl) AS instructions FROM shop.payment_methods`;

export async function paymentMethodsFor(q: Queryable, channel: ChannelCode): Promise<PaymentMethodRow[]> {
  return await q.query<PaymentMethodRow>(`${PAYMENT_METHOD} WHERE enabled AND $1 = ANY (channels) ORDER BY position`, [channel]);
}

/**
 * Whether the order holds subscription items. Later deliveries are charged on the card mandate its first
 * payment leaves, so such an order is paid by card only: another method would place it and start nothing.
 */
export async function needsCardMandate(q: Queryable, orderId: number): Promise<boolean> {
  const [row] = await q.query<{ needs: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM shop.order_items WHERE order_id = $1 AND subscription_interval > 0) AS needs',
    [orderId],
  );
  return row?.needs ?? false;
}

/** A method by its code, if the channel offers it; `anyState` also finds a disabled one (for placed orders). */
export async function findPaymentMethod(q: Queryable, code: string, channel: ChannelCode | null = null): Promise<PaymentMethodRow | null> {
  const [row] = channel
    ? await q.query<PaymentMethodRow>(`${PAYMENT_METHOD} WHERE enabled AND code = $1 AND $2 = ANY (channels)`, [code, channel])
    : await q.query<PaymentMethodRow>(`${PAYMENT_METHOD} WHERE code = $1`, [code]);
  return row ?? null;
}

// ── Completion ──────────────────────────────────────────────────────────────────────────────────

export interface Placement {
  state: OrderState;
  checkoutState: CheckoutState;
  paymentState: OrderPaymentState;
  shippingState: ShippingState;
  notes: string | null;
  totals: Totals;
  promotions: Array<{ code: string; label: Record<Language, string>; amount: number }>;
  now: Date;
}

/** The cart becomes a new order: its number, its states, its accounting lines frozen. Answers the order as placed. */
export async function placeOrder(q: Queryable, orderId: number, p: Placement): Promise<OrderRow> {
  const t = p.totals;
  const [row] = await q.query<StoredOrder>(
    `UPDATE shop.orders SET state = $13, checkout_state = $14, payment_state = $2, shipping_state = $15,
       number = lpad(nextval('shop.order_numbers')::text, 9, '0'), notes = $3, checkout_completed_at = $4::timestamptz, updated_at = $4::timestamptz,
       items_total = $5, order_promotion_total = $6, shipping_total = $7, service_fees_total = $8, tax_total = $9, total = $10,
       total_excluding_tax = $11, promotions = $12::text::jsonb
     WHERE id = $1 RETURNING ${ORDER_COLUMNS}`,
    [
      orderId,
      p.paymentState,
      p.notes,
      p.now.toISOString(),
      t.itemsTotal,
      t.orderPromotionTotal,
      t.shippingTotal,
      t.serviceFeesTotal,
      t.taxTotal,
      t.total,
      t.totalExcludingTax,
      JSON.stringify(p.promotions),
      p.state,
      p.checkoutState,
      p.shippingState,
    ],
  );
  return orderOf(row!);
}

// ── Paying a placed order ───────────────────────────────────────────────────────────────────────

/** The payment, if it belongs to an order of this customer. */
export async function paymentOfCustomer(
  q: Queryable,
  paymentId: number,
  customerId: number,
): Promise<{ id: number; order_id: number } | null> {
  const [row] = await q.query<{ id: number; order_id: number }>(
    'SELECT p.id, p.order_id FROM shop.payments p JOIN shop.orders o ON o.id = p.order_id WHERE p.id = $1 AND o.customer_id = $2',
    [paymentId, customerId],
  );
  return row ?? null;
}

/** The payment, its row held until the transaction ends (after its order's). */
export async function lockPayment(q: Queryable, paymentId: number): Promise<PaymentRow | null> {
  const [row] = await q.query<PaymentRow>(`${PAYMENT} WHERE id = $1 FOR UPDATE`, [paymentId]);
  return row ?? null;
}

export async function findPaymentByProviderId(q: Queryable, providerId: string): Promise<{ id: number; order_id: number } | null> {
  const [row] = await q.query<{ id: number; order_id: number }>('SELECT id, order_id FROM shop.payments WHERE provider_payment_id = $1', [
    providerId,
  ]);
  return row ?? null;
}

/** What the provider said of the payment: its id, the card (never its number), the mandate, the last answer. */
export const setPaymentOutcome = (q: Queryable, paymentId: number, outcome: ProviderPayment, now: Date) =>
  q.query(
    `UPDATE shop.payments SET provider_payment_id = $2, card_brand = coalesce($3, card_brand), card_last4 = coalesce($4, card_last4),
       card_expiry = coalesce($5, card_expiry), provider_mandate_id = coalesce($6, provider_mandate_id), provider_customer_id = coalesce($7, provider_customer_id),
       details = $8::text::jsonb, updated_at = $9::timestamptz WHERE id = $1`,
    [
      paymentId,
      outcome.id,
      outcome.card?.brand ?? null,
      outcome.card?.last4 ?? null,
      outcome.card?.expiry ?? null,
      outcome.mandateId ?? null,
      outcome.customerId ?? null,
      JSON.stringify({ status: outcome.status, failure: outcome.failure ?? null, bankTransfer: outcome.bankTransfer ?? null }),
      now.toISOString(),
    ],
  );

/** The customer's customer id at the payment provider, from one of their payments, if they paid by card before. */
export async function providerCustomerIdOf(q: Queryable, customerId: number): Promise<string | null> {
  const [row] = await q.query<{ provider_customer_id: string }>(
    `SELECT p.provider_customer_id FROM shop.payments p JOIN shop.orders o ON o.id = p.order_id
     WHERE o.customer_id = $1 AND p.provider_customer_id IS NOT NULL ORDER BY p.id DESC LIMIT 1`,
    [customerId],
  );
  return row?.provider_customer_id ?? null;
}
