/** The SQL of carts and orders: the orders, their items and their coupon (shop.orders, shop.order_items, shop.promotions). */
import type { Queryable } from '../../db/database.ts';
import type { ChannelCode, Language, LocaleCode } from '../../../lib/channels.ts';
import { type SellableVariant, VARIANT_DISPLAY_COLUMNS, type VariantDisplayRow } from '../../content/repository.ts';
import { shipmentAndPaymentsColumns, type ShipmentAndPayments } from '../orders/repository.ts';
import type { Order, OrderAddress } from '../../../lib/shop-api/wire.ts';
import { couponKey, type Coupon } from './promotions.ts';

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

/** The accounting lines and promotions of a placed order, as they were at completion. */
export interface FrozenTotals {
  itemsTotal: number;
  orderPromotionTotal: number;
  shippingTotal: number;
  serviceFeesTotal: number;
  taxTotal: number;
  total: number;
  totalExcludingTax: number;
  promotions: Array<{ code: string; label: Record<Language, string>; amount: number }>;
}

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

/** What a line copies from the catalogue: the order keeps what was sold even if the catalogue changes. */
export interface LineContent {
  variantCode: string;
  productName: string;
  variantName: string;
  originalUnitPrice: number;
  unitPrice: number;
}

/** An order counts as a previous order once its checkout completed and it was not cancelled. */
export const COMPLETED_ORDER = `checkout_state = 'completed' AND state IN ('new', 'fulfilled')`;

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

const ORDER_COLUMNS = `id, token_value, customer_id, channel_code, locale_code, state, checkout_state, payment_state, shipping_state, coupon_code,
  number, notes, to_char(checkout_completed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS checkout_completed_at, billing_address,
  shipping_address, items_total, order_promotion_total, shipping_total, service_fees_total, tax_total, total, total_excluding_tax, promotions`;
const ORDER = `SELECT ${ORDER_COLUMNS} FROM shop.orders`;

type StoredOrder = Omit<OrderRow, 'frozen'> & {
  items_total: number | null;
  order_promotion_total: number;
  shipping_total: number;
  service_fees_total: number;
  tax_total: number;
  total: number;
  total_excluding_tax: number;
  promotions: FrozenTotals['promotions'] | null;
};
const orderOf = ({
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

export async function createOrder(
  q: Queryable,
  order: { token: string; customerId: number | null; channel: ChannelCode; locale: LocaleCode; now: Date },
): Promise<OrderRow> {
  await q.query(
    `INSERT INTO shop.orders (token_value, customer_id, channel_code, locale_code, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5::timestamptz, $5::timestamptz)`,
    [order.token, order.customerId, order.channel, order.locale, order.now.toISOString()],
  );
  return (await findOrder(q, order.token))!;
}

export const deleteOrder = (q: Queryable, orderId: number) => q.query('DELETE FROM shop.orders WHERE id = $1', [orderId]);

export const touchOrder = (q: Queryable, orderId: number, now: Date) =>
  q.query('UPDATE shop.orders SET updated_at = $2::timestamptz WHERE id = $1', [orderId, now.toISOString()]);

export const assignCustomer = (q: Queryable, orderId: number, customerId: number, now: Date) =>
  q.query('UPDATE shop.orders SET customer_id = $2, updated_at = $3::timestamptz WHERE id = $1', [orderId, customerId, now.toISOString()]);

/** Applies a coupon code, or removes it (null); `now` is given when the shopper changed it (updated_at). */
export const setCoupon = (q: Queryable, orderId: number, code: string | null, now?: Date) =>
  now
    ? q.query('UPDATE shop.orders SET coupon_code = $2, updated_at = $3::timestamptz WHERE id = $1', [orderId, code, now.toISOString()])
    : q.query('UPDATE shop.orders SET coupon_code = $2 WHERE id = $1', [orderId, code]);

/** The customer's open cart: the most recently changed order still in state cart. */
export async function openCartOf(q: Queryable, customerId: number): Promise<string | null> {
  const [row] = await q.query<{ token_value: string }>(
    `SELECT token_value FROM shop.orders WHERE customer_id = $1 AND state = 'cart' ORDER BY updated_at DESC, id DESC LIMIT 1`,
    [customerId],
  );
  return row?.token_value ?? null;
}

const ITEM_COLUMNS = `id, variant_code, product_name, variant_name, quantity, unit_price, original_unit_price, subscription_interval,
  source_item_list, upsell`;

export const itemsOf = (q: Queryable, orderId: number) =>
  q.query<ItemRow>(`SELECT ${ITEM_COLUMNS} FROM shop.order_items WHERE order_id = $1 ORDER BY id`, [orderId]);

/** A new line's values, $1 to $11 of an INSERT INTO shop.order_items (addItem, addToCart). */
type NewLine = LineContent & { quantity: number; interval: number; sourceItemList: string | null; upsell: boolean; now: Date };
const newLineParams = (orderId: number, item: NewLine) => [
  orderId,
  item.variantCode,
  item.productName,
  item.variantName,
  item.quantity,
  item.originalUnitPrice,
  item.unitPrice,
  item.interval,
  item.sourceItemList,
  item.upsell,
  item.now.toISOString(),
];

/** A cart's line after an add: `written` tells the line the add created or grew from one it left as it was. */
export type AddedItemRow = ItemRow & { written: boolean };

/**
 * The cart of the token locked for an add (see findOrder), with the variant to add as the catalogue sells it in
 * each language the cart may be read in (the same reading as content/repository.ts findVariant): one statement.
 */
export async function lockCartForAdd(
  q: Queryable,
  token: string,
  variantCode: string,
): Promise<{ order: OrderRow; variants: Partial<Record<Language, SellableVariant>> } | null> {
  const [row] = await q.query<StoredOrder & { variants: Partial<Record<Language, SellableVariant>> | null }>(
    `SELECT ${ORDER_COLUMNS}, v.variants FROM shop.orders o, LATERAL (
       SELECT json_object_agg(v.language, json_build_object('code', v.code, 'variantName', v.name, 'productName', p.name,
         'basePrice', v.base_price, 'shown', v.show_variant AND p.viewable, 'inStock', v.in_stock, 'isSample', p.is_sample)) AS variants
       FROM content.product_variants v JOIN content.products p ON p.sku = v.product_sku AND p.language = v.language
       WHERE v.code = $2
     ) v
     WHERE o.token_value = $1 FOR UPDATE OF o`,
    [token, variantCode],
  );
  if (!row) return null;
  const { variants, ...order } = row;
  return { order: orderOf(order), variants: variants ?? {} };
}

/**
 * Adds to the cart's line of that variant at that interval, or makes one, and touches the order, in one
 * statement that answers every line of the cart as it now is, with the order's shipment and payments. The caller holds the order's row lock, so
 * the lines it reads here are the latest. The limits are part of the write: a line is not grown past
 * `maxQuantity` (it comes back with `written` false) and a new line is not made in a cart that has
 * `maxLines` already (no line of the variant comes back); the caller refuses those and rolls back.
 * A line grown takes today's name and price, so the shopper sees what they will pay; it keeps its origin.
 * The lines' variants come back too as the answer shows them in `language` (names, pages and pictures,
 * content/repository.ts findVariantDisplays), so the answer reads nothing after the write.
 */
export const addToCart = async (
  q: Queryable,
  orderId: number,
  item: NewLine,
  limits: { maxQuantity: number; maxLines: number },
  language: Language,
) =>
  q
    .query<{ items: AddedItemRow[]; displays: VariantDisplayRow[] | null } & ShipmentAndPayments>(
      `WITH written AS (
       INSERT INTO shop.order_items AS i (order_id, variant_code, product_name, variant_name, quantity, original_unit_price, unit_price,
         subscription_interval, source_item_list, upsell, created_at)
       SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::timestamptz
       WHERE (SELECT count(*) FROM shop.order_items WHERE order_id = $1) < $13
         OR EXISTS (SELECT 1 FROM shop.order_items WHERE order_id = $1 AND variant_code = $2 AND subscription_interval = $8)
       ON CONFLICT (order_id, variant_code, subscription_interval) DO UPDATE SET quantity = i.quantity + excluded.quantity,
         original_unit_price = excluded.original_unit_price, unit_price = excluded.unit_price, product_name = excluded.product_name,
         variant_name = excluded.variant_name
       WHERE i.quantity + excluded.quantity <= $12
       RETURNING ${ITEM_COLUMNS}
     ), touched AS (UPDATE shop.orders SET updated_at = $11::timestamptz WHERE id = $1),
     lines AS (
       SELECT ${ITEM_COLUMNS}, true AS written FROM written
       UNION ALL
       SELECT ${ITEM_COLUMNS}, false FROM shop.order_items WHERE order_id = $1 AND id NOT IN (SELECT id FROM written)
     )
     SELECT (SELECT json_agg(l ORDER BY l.id) FROM lines l) AS items,
       (SELECT json_agg(d) FROM (
         SELECT ${VARIANT_DISPLAY_COLUMNS}
         FROM content.product_variants v JOIN content.products p ON p.sku = v.product_sku AND p.language = v.language
         WHERE v.code IN (SELECT variant_code FROM lines) AND v.language = $14
       ) d) AS displays,
       ${shipmentAndPaymentsColumns('$1')}`,
      [...newLineParams(orderId, item), limits.maxQuantity, limits.maxLines, language],
    )
    .then(([row]) => row!);

export async function itemsTotal(q: Queryable, orderId: number): Promise<number> {
  const [row] = await q.query<{ total: number }>(
    'SELECT coalesce(sum(unit_price * quantity), 0)::int AS total FROM shop.order_items WHERE order_id = $1',
    [orderId],
  );
  return row!.total;
}

export async function countLines(q: Queryable, orderId: number): Promise<number> {
  const [row] = await q.query<{ lines: number }>('SELECT count(*)::int AS lines FROM shop.order_items WHERE order_id = $1', [orderId]);
  return row!.lines;
}

export async function findItem(q: Queryable, orderId: number, itemId: number) {
  const [row] = await q.query<{
    id: number;
    variant_code: string;
    quantity: number;
    original_unit_price: number;
    subscription_interval: number;
  }>(
    'SELECT id, variant_code, quantity, original_unit_price, subscription_interval FROM shop.order_items WHERE id = $1 AND order_id = $2',
    [itemId, orderId],
  );
  return row ?? null;
}

/** The cart's line of that variant at that interval, if there is one. */
export async function findLine(
  q: Queryable,
  orderId: number,
  variantCode: string,
  interval: number,
): Promise<{ id: number; quantity: number } | null> {
  const [row] = await q.query<{ id: number; quantity: number }>(
    'SELECT id, quantity FROM shop.order_items WHERE order_id = $1 AND variant_code = $2 AND subscription_interval = $3',
    [orderId, variantCode, interval],
  );
  return row ?? null;
}

/** Adds to a line; it takes today's name and price, so the shopper sees what they will pay. */
export const addToLine = (q: Queryable, lineId: number, quantity: number, line: LineContent) =>
  q.query(
    `UPDATE shop.order_items SET quantity = quantity + $2, original_unit_price = $3, unit_price = $4, product_name = $5, variant_name = $6
   WHERE id = $1`,
    [lineId, quantity, line.originalUnitPrice, line.unitPrice, line.productName, line.variantName],
  );

export const addItem = (q: Queryable, orderId: number, item: NewLine) =>
  q.query(
    `INSERT INTO shop.order_items (order_id, variant_code, product_name, variant_name, quantity, original_unit_price, unit_price,
     subscription_interval, source_item_list, upsell, created_at)
   VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::timestamptz)`,
    newLineParams(orderId, item),
  );

export const setItemQuantity = (q: Queryable, itemId: number, quantity: number) =>
  q.query('UPDATE shop.order_items SET quantity = $2 WHERE id = $1', [itemId, quantity]);

export const setItem = (q: Queryable, itemId: number, item: { quantity: number; interval: number; unitPrice: number }) =>
  q.query('UPDATE shop.order_items SET quantity = $2, subscription_interval = $3, unit_price = $4 WHERE id = $1', [
    itemId,
    item.quantity,
    item.interval,
    item.unitPrice,
  ]);

/** Whether the item was there to remove. */
export async function removeItem(q: Queryable, orderId: number, itemId: number): Promise<boolean> {
  return (await q.query('DELETE FROM shop.order_items WHERE id = $1 AND order_id = $2 RETURNING id', [itemId, orderId])).length > 0;
}

export async function findCoupon(q: Queryable, code: string): Promise<Coupon | null> {
  const [row] = await q.query<{
    code: string;
    kind: 'percentage' | 'fixed';
    value: number;
    minimum_items_total: number;
    starts_at: number | null;
    expires_at: number | null;
    first_order_only: boolean;
    label_fr: string;
    label_nl: string;
    owner_customer_id: number | null;
    owner_email: string | null;
    single_use: boolean;
    reserved: boolean;
    sponsor_customer_id: number | null;
  }>(
    `SELECT code, kind, value, minimum_items_total, extract(epoch FROM starts_at) * 1000 AS starts_at,
       extract(epoch FROM expires_at) * 1000 AS expires_at, first_order_only, label_fr, label_nl,
       owner_customer_id, owner_email, single_use, reserved, sponsor_customer_id
     FROM shop.coupons WHERE code = $1`,
    [couponKey(code)],
  );
  if (!row) return null;
  return {
    code: row.code,
    kind: row.kind,
    value: row.value,
    minimumItemsTotal: row.minimum_items_total,
    startsAt: row.starts_at === null ? null : Number(row.starts_at),
    expiresAt: row.expires_at === null ? null : Number(row.expires_at),
    firstOrderOnly: row.first_order_only,
    label: { fr: row.label_fr, nl: row.label_nl },
    ownerCustomerId: row.owner_customer_id,
    ownerEmail: row.owner_email,
    singleUse: row.single_use,
    reserved: row.reserved,
    sponsorCustomerId: row.sponsor_customer_id,
  };
}

/**
 * Whether a completed order other than this one used the code. The coupon's row is locked until the
 * caller's transaction ends, so two carts completing with one single-use code at the same moment are
 * checked one after the other and the second finds the first.
 */
export async function couponUsedElsewhere(q: Queryable, code: string, orderId: number): Promise<boolean> {
  await q.query('SELECT code FROM shop.coupons WHERE code = $1 FOR UPDATE', [code]);
  const rows = await q.query(`SELECT 1 FROM shop.orders WHERE coupon_code = $1 AND id <> $2 AND ${COMPLETED_ORDER} LIMIT 1`, [
    code,
    orderId,
  ]);
  return rows.length > 0;
}
