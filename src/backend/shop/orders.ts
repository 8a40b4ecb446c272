/**
 * Carts and orders: created without any session (the token is the key), assigned to a customer, priced
 * on every answer from their items and coupon. A cart of a customer is theirs alone: with any other
 * session, or none, it is a 404 as if it did not exist. An anonymous cart is usable by whoever holds its
 * token, which is unguessable.
 */
import { Hono } from 'hono';
import type { Queryable } from '../db/database.ts';
import { iri, SHOP_API_PREFIX, type Order, type OrderItem } from '../../lib/shop/wire.ts';
import { channelOf, channels, languageOf, type ChannelCode, type LocaleCode } from '../../lib/channels.ts';
import { notFound, refuse, tooManyRequests } from './errors.ts';
import { idFromIri, ld, noContent, parseBody, tokenParam, type ShopContext, type ShopDeps, type ShopEnv } from './http.ts';
import { hasCompletedOrder } from './customers.ts';
import { couponKey, discountOf, findCoupon, refusalOf } from './promotions.ts';
import { countAll } from './limits/store.ts';
import { tooManyRequestsMessage } from './messages.ts';
import { cartTotals } from './totals.ts';
import { optionalCustomer, randomToken, requireCustomer } from './tokens.ts';
import { applyCouponBody, assignCustomerBody, createCartBody } from './validation.ts';

export interface OrderRow {
  id: number; token_value: string; customer_id: number | null; channel_code: ChannelCode; locale_code: LocaleCode;
  state: Order['state']; checkout_state: Order['checkoutState']; payment_state: Order['paymentState'];
  shipping_state: Order['shippingState']; coupon_code: string | null;
}

interface ItemRow {
  id: number; variant_code: string; product_name: string; variant_name: string; quantity: number; unit_price: number;
  original_unit_price: number; subscription_interval: number; source_item_list: string | null; upsell: boolean;
}

export async function findOrder(q: Queryable, token: string, forUpdate = false): Promise<OrderRow | null> {
  const [row] = await q.query<OrderRow>(
    `SELECT id, token_value, customer_id, channel_code, locale_code, state, checkout_state, payment_state, shipping_state, coupon_code
     FROM shop.orders WHERE token_value = $1${forUpdate ? ' FOR UPDATE' : ''}`, [token]);
  return row ?? null;
}

/**
 * The order of the path as the caller may see it: an order of a customer needs that customer's
 * session; `cartOnly` refuses orders past the cart state (they cannot change any more).
 */
export async function accessibleOrder(q: Queryable, token: string, customerId: number | null, { cartOnly = true, forUpdate = false } = {}): Promise<OrderRow> {
  const order = await findOrder(q, token, forUpdate);
  if (!order || (order.customer_id !== null && order.customer_id !== customerId) || (cartOnly && order.state !== 'cart')) throw notFound();
  return order;
}

export const touch = (q: Queryable, order: OrderRow, now: Date) =>
  q.query('UPDATE shop.orders SET updated_at = $2::timestamptz WHERE id = $1', [order.id, now.toISOString()]);

const itemJson = (order: OrderRow, r: ItemRow): OrderItem => ({
  '@id': iri.orderItem(order.token_value, r.id), '@type': 'OrderItem', id: r.id, variant: iri.variant(r.variant_code),
  variantCode: r.variant_code, productName: r.product_name, variantName: r.variant_name, quantity: r.quantity,
  unitPrice: r.unit_price, originalUnitPrice: r.original_unit_price, total: r.unit_price * r.quantity,
  subscriptionInterval: r.subscription_interval, sourceItemList: r.source_item_list, upsell: r.upsell,
});

/** The order as the API answers it, priced now from its items and coupon. */
export async function orderJson(q: Queryable, order: OrderRow, now: Date): Promise<Order & { '@context': string }> {
  const rows = await q.query<ItemRow>(
    `SELECT id, variant_code, product_name, variant_name, quantity, unit_price, original_unit_price, subscription_interval,
       source_item_list, upsell FROM shop.order_items WHERE order_id = $1 ORDER BY id`, [order.id]);
  const items = rows.map((r) => itemJson(order, r));
  const itemsTotal = items.reduce((sum, item) => sum + item.total, 0);
  const coupon = order.coupon_code ? await findCoupon(q, order.coupon_code) : null;
  const eligible = coupon && !refusalOf(coupon, {
    now, itemsTotal, hasCompletedOrder: coupon.firstOrderOnly && order.customer_id !== null && (await hasCompletedOrder(q, order.customer_id)),
  });
  const discount = eligible ? discountOf(coupon, itemsTotal) : 0;
  return {
    '@context': '/api/v2/contexts/Order',
    '@id': iri.order(order.token_value),
    '@type': 'Order',
    tokenValue: order.token_value,
    state: order.state,
    checkoutState: order.checkout_state,
    paymentState: order.payment_state,
    shippingState: order.shipping_state,
    currencyCode: 'EUR',
    localeCode: order.locale_code,
    channelCode: order.channel_code,
    customer: order.customer_id === null ? null : iri.customer(order.customer_id),
    items,
    freeProducts: [],
    couponCode: order.coupon_code,
    promotions: eligible ? [{ code: coupon.code, label: coupon.label[languageOf(order.locale_code)], amount: -discount }] : [],
    ...cartTotals(order.channel_code, itemsTotal, discount, items.length > 0),
  };
}

export function orderRoutes(deps: ShopDeps): Hono<ShopEnv> {
  const { db } = deps;
  const app = new Hono<ShopEnv>();

  /** Reads or changes one order in a transaction holding its row, so parallel calls on it queue up. */
  const withOrder = async <T>(c: ShopContext, options: { cartOnly?: boolean }, fn: (tx: Queryable, order: OrderRow) => Promise<T>): Promise<T> => {
    const customerId = await optionalCustomer(c, deps);
    const token = tokenParam(c);
    return db.transaction(async (tx) => fn(tx, await accessibleOrder(tx, token, customerId, { ...options, forUpdate: true })));
  };

  app.post('/orders', async (c) => {
    const customerId = await optionalCustomer(c, deps);
    const body = await parseBody(c, createCartBody);
    const channel = body.channelCode ? channels[body.channelCode] : body.localeCode ? channelOf(body.localeCode) : c.get('channel');
    const locale = body.localeCode ?? (channel.locales.includes(c.get('locale')) ? c.get('locale') : channel.defaultLocale);
    if (!channel.locales.includes(locale)) throw refuse(c.get('lang'), { path: 'localeCode', code: 'LOCALE_CHANNEL_MISMATCH' });
    const now = deps.clock().toISOString();
    // A cart created with a session belongs to that customer from the start.
    const [row] = await db.query<{ token_value: string }>(
      `INSERT INTO shop.orders (token_value, customer_id, channel_code, locale_code, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5::timestamptz, $5::timestamptz) RETURNING token_value`,
      [randomToken(24), customerId, channel.code, locale, now]);
    const order = (await findOrder(db, row!.token_value))!;
    return ld(c, await orderJson(db, order, deps.clock()), 201);
  });

  app.get('/orders/:token', async (c) => {
    const customerId = await optionalCustomer(c, deps);
    const order = await accessibleOrder(db, tokenParam(c), customerId, { cartOnly: false });
    return ld(c, await orderJson(db, order, deps.clock()));
  });

  app.delete('/orders/:token', async (c) => {
    await withOrder(c, {}, (tx, order) => tx.query('DELETE FROM shop.orders WHERE id = $1', [order.id]));
    return noContent(c);
  });

  app.put('/orders/:token', async (c) => {
    const customerId = await requireCustomer(c, deps);
    const body = await parseBody(c, assignCustomerBody);
    if (idFromIri(body.customer, `${SHOP_API_PREFIX}/customers`) !== customerId) {
      throw refuse(c.get('lang'), { path: 'customer', code: 'CUSTOMER_MISMATCH' });
    }
    return ld(c, await withOrder(c, {}, async (tx, order) => {
      await tx.query('UPDATE shop.orders SET customer_id = $2, updated_at = $3::timestamptz WHERE id = $1', [order.id, customerId, deps.clock().toISOString()]);
      // The first-order offer applied anonymously is checked again now the customer is known (promotions.ts).
      if (order.coupon_code) {
        const coupon = await findCoupon(tx, order.coupon_code);
        if (coupon?.firstOrderOnly && (await hasCompletedOrder(tx, customerId))) {
          await tx.query('UPDATE shop.orders SET coupon_code = NULL WHERE id = $1', [order.id]);
        }
      }
      return orderJson(tx, (await findOrder(tx, order.token_value))!, deps.clock());
    }));
  });

  app.patch('/orders/:token/apply-coupon', async (c) => {
    const body = await parseBody(c, applyCouponBody);
    // Codes are short words: refused ones are counted per address and per cart (a new cart costs nothing),
    // before the code is looked up; an applied code gives its count back.
    const attempt = await countAll([[deps.limits.couponAddress, c.get('clientAddress')], [deps.limits.couponCart, tokenParam(c)]]);
    if (!attempt.allowed) throw tooManyRequests(tooManyRequestsMessage(c.get('lang'), 'coupon', attempt.retryAfterSeconds), attempt.retryAfterSeconds);
    const applied = await withOrder(c, {}, async (tx, order) => {
      const now = deps.clock();
      const coupon = await findCoupon(tx, body.couponCode);
      const [{ total }] = await tx.query<{ total: number }>(
        'SELECT coalesce(sum(unit_price * quantity), 0)::int AS total FROM shop.order_items WHERE order_id = $1', [order.id]) as [{ total: number }];
      const refusal = refusalOf(coupon, {
        now, itemsTotal: total, hasCompletedOrder: !!coupon?.firstOrderOnly && order.customer_id !== null && (await hasCompletedOrder(tx, order.customer_id)),
      });
      if (refusal) throw refuse(c.get('lang'), { path: 'couponCode', code: refusal, params: { amount: coupon?.minimumItemsTotal } });
      await tx.query('UPDATE shop.orders SET coupon_code = $2, updated_at = $3::timestamptz WHERE id = $1', [order.id, coupon!.code, now.toISOString()]);
      return orderJson(tx, { ...order, coupon_code: coupon!.code }, now);
    });
    await attempt.refund();
    return ld(c, applied);
  });

  app.delete('/orders/:token/coupon/:code', async (c) => {
    const code = c.req.param('code');
    await withOrder(c, {}, async (tx, order) => {
      if (!order.coupon_code || code.length > 64 || couponKey(code) !== order.coupon_code) throw notFound();
      await tx.query('UPDATE shop.orders SET coupon_code = NULL, updated_at = $2::timestamptz WHERE id = $1', [order.id, deps.clock().toISOString()]);
    });
    return noContent(c);
  });

  return app;
}
