/**
 * Cart items. Names and prices come from the catalogue (the content service's tables) in the cart's
 * language and are copied onto the item: the order keeps what was sold even if the catalogue changes.
 * A line is one variant at one interval: adding the same again adds to its quantity.
 */
import { Hono } from 'hono';
import type { Queryable } from '../db/database.ts';
import { subscriptionPrice } from '../../lib/catalogue/pricing.ts';
import { VARIANT_CODE } from '../../lib/constants.ts';
import { languageOf } from '../../lib/channels.ts';
import { SHOP_API_PREFIX } from '../../lib/shop/wire.ts';
import { notFound, refuse } from './errors.ts';
import { idParam, ld, noContent, parseBody, tokenParam, type ShopContext, type ShopDeps, type ShopEnv } from './http.ts';
import { accessibleOrder, orderJson, touch, type OrderRow } from './orders.ts';
import { optionalCustomer } from './tokens.ts';
import { addItemBody, QUANTITY, updateItemBody } from './validation.ts';

/** Distinct lines a cart may hold: bounds the work of pricing one. */
export const MAX_CART_LINES = 50;

interface CatalogueVariant { code: string; variant_name: string; product_name: string; base_price: number; show_variant: boolean; in_stock: boolean; viewable: boolean }

/** A variant code from a code or an IRI (`/api/v2/shop/product-variants/12345678`). */
function variantCodeOf(reference: string): string | null {
  const prefix = `${SHOP_API_PREFIX}/product-variants/`;
  const code = reference.startsWith(prefix) ? reference.slice(prefix.length) : reference;
  return VARIANT_CODE.test(code) ? code : null;
}

async function findVariant(q: Queryable, code: string, language: 'fr' | 'nl'): Promise<CatalogueVariant | null> {
  const [row] = await q.query<CatalogueVariant>(
    `SELECT v.code, v.name AS variant_name, p.name AS product_name, v.base_price, v.show_variant, v.in_stock, p.viewable
     FROM content.product_variants v JOIN content.products p ON p.sku = v.product_sku AND p.language = v.language
     WHERE v.code = $1 AND v.language = $2`, [code, language]);
  return row ?? null;
}

const unitPriceOf = (originalPrice: number, interval: number) => (interval > 0 ? subscriptionPrice(originalPrice) : originalPrice);

export function itemRoutes(deps: ShopDeps): Hono<ShopEnv> {
  const { db } = deps;
  const app = new Hono<ShopEnv>();

  const inCart = async <T>(c: ShopContext, fn: (tx: Queryable, order: OrderRow) => Promise<T>): Promise<T> => {
    const customerId = await optionalCustomer(c, deps);
    const token = tokenParam(c);
    // The order row is locked first by every item call: parallel adds to one cart queue up on it.
    return db.transaction(async (tx) => fn(tx, await accessibleOrder(tx, token, customerId, { forUpdate: true })));
  };
  const tooMany = (c: ShopContext) => refuse(c.get('lang'), { path: 'quantity', code: 'OUT_OF_RANGE', params: QUANTITY });

  app.patch('/orders/:token/items', async (c) => {
    const lang = c.get('lang');
    const body = await parseBody(c, addItemBody);
    const code = variantCodeOf(body.productVariant);
    return ld(c, await inCart(c, async (tx, order) => {
      const variant = code ? await findVariant(tx, code, languageOf(order.locale_code)) : null;
      if (!variant) throw refuse(lang, { path: 'productVariant', code: 'VARIANT_NOT_FOUND' });
      if (!variant.show_variant || !variant.viewable) throw refuse(lang, { path: 'productVariant', code: 'VARIANT_NOT_AVAILABLE' });
      if (!variant.in_stock) throw refuse(lang, { path: 'productVariant', code: 'VARIANT_OUT_OF_STOCK' });
      const unitPrice = unitPriceOf(variant.base_price, body.subscriptionInterval);
      const [line] = await tx.query<{ id: number; quantity: number }>(
        'SELECT id, quantity FROM shop.order_items WHERE order_id = $1 AND variant_code = $2 AND subscription_interval = $3',
        [order.id, variant.code, body.subscriptionInterval]);
      if (line) {
        if (line.quantity + body.quantity > QUANTITY.max) throw tooMany(c);
        // The line takes today's name and price: the shopper sees what they will pay.
        await tx.query(
          `UPDATE shop.order_items SET quantity = quantity + $2, original_unit_price = $3, unit_price = $4, product_name = $5, variant_name = $6
           WHERE id = $1`, [line.id, body.quantity, variant.base_price, unitPrice, variant.product_name, variant.variant_name]);
      } else {
        const [{ lines }] = await tx.query<{ lines: number }>('SELECT count(*)::int AS lines FROM shop.order_items WHERE order_id = $1', [order.id]) as [{ lines: number }];
        if (lines >= MAX_CART_LINES) throw refuse(lang, { path: 'productVariant', code: 'CART_FULL', params: { max: MAX_CART_LINES } });
        await tx.query(
          `INSERT INTO shop.order_items (order_id, variant_code, product_name, variant_name, quantity, original_unit_price, unit_price,
             subscription_interval, source_item_list, upsell, created_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::timestamptz)`,
          [order.id, variant.code, variant.product_name, variant.variant_name, body.quantity, variant.base_price, unitPrice,
            body.subscriptionInterval, body.sourceItemList, body.upsell, deps.clock().toISOString()]);
      }
      await touch(tx, order, deps.clock());
      return orderJson(tx, order, deps.clock());
    }));
  });

  app.patch('/orders/:token/items/:id', async (c) => {
    const id = idParam(c);
    const body = await parseBody(c, updateItemBody);
    return ld(c, await inCart(c, async (tx, order) => {
      const [item] = await tx.query<{ id: number; variant_code: string; quantity: number; original_unit_price: number; subscription_interval: number }>(
        'SELECT id, variant_code, quantity, original_unit_price, subscription_interval FROM shop.order_items WHERE id = $1 AND order_id = $2',
        [id, order.id]);
      if (!item) throw notFound();
      const quantity = body.quantity ?? item.quantity;
      const interval = body.subscriptionInterval ?? item.subscription_interval;
      const [twin] = interval === item.subscription_interval ? [] : await tx.query<{ id: number; quantity: number }>(
        'SELECT id, quantity FROM shop.order_items WHERE order_id = $1 AND variant_code = $2 AND subscription_interval = $3',
        [order.id, item.variant_code, interval]);
      if (twin) {
        // Moving a line to an interval the variant already has there: the two lines become one.
        if (twin.quantity + quantity > QUANTITY.max) throw tooMany(c);
        await tx.query('DELETE FROM shop.order_items WHERE id = $1', [item.id]);
        await tx.query('UPDATE shop.order_items SET quantity = $2 WHERE id = $1', [twin.id, twin.quantity + quantity]);
      } else {
        await tx.query('UPDATE shop.order_items SET quantity = $2, subscription_interval = $3, unit_price = $4 WHERE id = $1',
          [item.id, quantity, interval, unitPriceOf(item.original_unit_price, interval)]);
      }
      await touch(tx, order, deps.clock());
      return orderJson(tx, order, deps.clock());
    }));
  });

  app.delete('/orders/:token/items/:id', async (c) => {
    const id = idParam(c);
    await inCart(c, async (tx, order) => {
      const deleted = await tx.query('DELETE FROM shop.order_items WHERE id = $1 AND order_id = $2 RETURNING id', [id, order.id]);
      if (!deleted.length) throw notFound();
      await touch(tx, order, deps.clock());
    });
    return noContent(c);
  });

  return app;
}
