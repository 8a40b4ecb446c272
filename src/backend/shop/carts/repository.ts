/** The SQL of a cart's changes: made, assigned, its lines added, changed and removed (shop.orders, shop.order_items). */
import type { Queryable, Transaction } from '../../db/database.ts';
import type { ChannelCode, Language, LocaleCode } from '../../../lib/channels.ts';
import { type SellableVariant, VARIANT_DISPLAY_COLUMNS, type VariantDisplayRow } from '../../content/repository.ts';
import {
  findOrder,
  ITEM_COLUMNS,
  type ItemRow,
  ORDER_COLUMNS,
  type OrderRow,
  orderOf,
  shipmentAndPaymentsColumns,
  type ShipmentAndPayments,
  type StoredOrder,
} from '../orders/repository.ts';
import { sessionAlive } from '../sessions/repository.ts';

/** What a line copies from the catalogue: the order keeps what was sold even if the catalogue changes. */
export interface LineContent {
  variantCode: string;
  productName: string;
  variantName: string;
  originalUnitPrice: number;
  unitPrice: number;
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

/**
 * The customer's open cart: the most recently changed order still in state cart, on `channel` when named. A
 * sign-in on one site must not hand the shopper their cart of the other (its prices, carriers and products
 * are that site's), or the site's lines would be merged into it.
 */
export async function openCartOf(q: Queryable, customerId: number, channel?: ChannelCode): Promise<string | null> {
  const [row] = await q.query<{ token_value: string }>(
    `SELECT token_value FROM shop.orders WHERE customer_id = $1 AND state = 'cart' AND ($2::text IS NULL OR channel_code = $2)
     ORDER BY updated_at DESC, id DESC LIMIT 1`,
    [customerId, channel ?? null],
  );
  return row?.token_value ?? null;
}

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
 * each language the cart may be read in (the same reading as content/repository.ts findVariant), and whether the
 * caller's session is alive (sessions/access.ts claimedSession; true without one): one statement. `order` is null
 * when there is no cart of that token.
 */
export async function lockCartForAdd(
  q: Queryable,
  token: string,
  variantCode: string,
  session: { sessionId: string; customerId: number; now: Date } | null,
): Promise<{ sessionAlive: boolean; order: OrderRow | null; variants: Partial<Record<Language, SellableVariant>> }> {
  const [row] = await q.query<StoredOrder & { session_alive: boolean; variants: Partial<Record<Language, SellableVariant>> | null }>(
    `SELECT s.session_alive, o.* FROM (SELECT $3::text IS NULL OR ${sessionAlive('$3', '$4', '$5')} AS session_alive) s
     LEFT JOIN LATERAL (
       SELECT ${ORDER_COLUMNS}, v.variants FROM shop.orders o, LATERAL (
         SELECT json_object_agg(v.language, json_build_object('code', v.code, 'variantName', v.name, 'productName', p.name,
           'basePrice', v.base_price, 'shown', v.show_variant AND p.viewable, 'inStock', v.in_stock, 'isSample', p.is_sample)) AS variants
         FROM content.product_variants v JOIN content.products p ON p.sku = v.product_sku AND p.language = v.language
         WHERE v.code = $2
       ) v
       WHERE o.token_value = $1 FOR UPDATE OF o
     ) o ON true`,
    [token, variantCode, session?.sessionId ?? null, session?.customerId ?? null, session?.now.toISOString() ?? null],
  );
  const { session_alive: alive, variants, ...order } = row!;
  return { sessionAlive: alive, order: order.id === null ? null : orderOf(order), variants: variants ?? {} };
}

/**
 * Adds to the cart's line of that variant at that interval, or makes one, and touches the order, in one
 * statement that answers every line of the cart as it now is, with the order's shipment and payments. The caller holds the order's row lock, so
 * the lines it reads here are the latest. The limits are part of the write: a line is not grown past
 * `maxQuantity` (it comes back with `written` false) and a new line is not made in a cart that has
 * `maxLines` already (no line of the variant comes back); the caller refuses those. A refused add writes nothing, the
 * order's `updated_at` included, so the statement is the transaction's last and commits with it (one round trip).
 * A line grown takes today's name and price, so the shopper sees what they will pay; it keeps its origin.
 * The lines' variants come back too as the answer shows them in `language` (names, pages and pictures,
 * content/repository.ts findVariantDisplays), so the answer reads only what the write does not change after it
 * (a coupon, a checkout's fees), from what is committed.
 */
export const addToCart = async (
  q: Transaction,
  orderId: number,
  item: NewLine,
  limits: { maxQuantity: number; maxLines: number },
  language: Language,
) =>
  q
    .queryAndCommit<{ items: AddedItemRow[]; displays: VariantDisplayRow[] | null } & ShipmentAndPayments>(
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
     ), touched AS (UPDATE shop.orders SET updated_at = $11::timestamptz WHERE id = $1 AND EXISTS (SELECT 1 FROM written)),
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
