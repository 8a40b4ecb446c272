/** The cart itself: created, read, dropped and assigned to the signed-in customer (/shop/orders/{token}); its items and coupon are items.ts and coupons.ts. */
import { Hono } from 'hono';
import { SHOP_API_PREFIX } from '../../../lib/shop-api/iri.ts';
import { channelOf, channels } from '../../../lib/channels.ts';
import { refuse } from '../shared/errors.ts';
import { ld, noContent, parseBody } from '../shared/request.ts';
import { idFromIri, tokenParam } from '../shared/ids.ts';
import type { ShopDeps, ShopEnv } from '../shared/deps.ts';
import { assignCustomerRequest, createCartRequest } from '../../../lib/shop-api/requests/carts.ts';
import { optionalCustomer, requireCustomer } from '../sessions/access.ts';
import { randomToken } from '../shared/random.ts';
import { accessibleOrder, withCart } from './cart.ts';
import { answerView } from '../orders/view.ts';
import { orderJson } from '../orders/answer.ts';
import type { Queryable } from '../../db/database.ts';
import { referralCouponFor } from '../sponsorships/repository.ts';
import { assignCustomer, createOrder, deleteOrder } from './repository.ts';
import { findCoupon, setCoupon } from '../orders/discounts.ts';
import { findOrder, hasCompletedOrder, type OrderRow } from '../orders/repository.ts';

/**
 * A friend who came through a sponsor's link finds the sponsor's code on their cart (lib/shop-api/sponsorships.ts),
 * unless the cart holds another code: the shopper's choice stays.
 */
async function withSponsorCode(q: Queryable, order: OrderRow, customerId: number, now: Date): Promise<OrderRow> {
  if (order.coupon_code) return order;
  const code = await referralCouponFor(q, customerId);
  if (!code) return order;
  await setCoupon(q, order.id, code, now);
  return { ...order, coupon_code: code };
}

export function cartRoutes(deps: ShopDeps): Hono<ShopEnv> {
  const { db } = deps;
  const app = new Hono<ShopEnv>();

  app.post('/orders', async (c) => {
    const customerId = await optionalCustomer(c, deps);
    const body = await parseBody(c, createCartRequest);
    const channel = body.channelCode ? channels[body.channelCode] : body.localeCode ? channelOf(body.localeCode) : c.get('channel');
    const locale = body.localeCode ?? (channel.locales.includes(c.get('locale')) ? c.get('locale') : channel.defaultLocale);
    if (!channel.locales.includes(locale)) throw refuse(c.get('lang'), { path: 'localeCode', code: 'LOCALE_CHANNEL_MISMATCH' });
    // A cart created with a session belongs to that customer from the start.
    const created = await createOrder(db, { token: randomToken(24), customerId, channel: channel.code, locale, now: deps.clock() });
    const order = customerId === null ? created : await withSponsorCode(db, created, customerId, deps.clock());
    return ld(c, await orderJson(db, order, deps.clock(), answerView(c, deps, order)), 201);
  });

  app.get('/orders/:token', async (c) => {
    const customerId = await optionalCustomer(c, deps);
    const order = await accessibleOrder(db, tokenParam(c), customerId, { cartOnly: false });
    return ld(c, await orderJson(db, order, deps.clock(), answerView(c, deps, order)));
  });

  app.delete('/orders/:token', async (c) => {
    await withCart(c, deps, (tx, order) => deleteOrder(tx, order.id));
    return noContent(c);
  });

  app.put('/orders/:token', async (c) => {
    const customerId = await requireCustomer(c, deps);
    const body = await parseBody(c, assignCustomerRequest);
    if (idFromIri(body.customer, `${SHOP_API_PREFIX}/customers`) !== customerId) {
      throw refuse(c.get('lang'), { path: 'customer', code: 'CUSTOMER_MISMATCH' });
    }
    return ld(
      c,
      await withCart(c, deps, async (tx, order) => {
        await assignCustomer(tx, order.id, customerId, deps.clock());
        // The first-order offer applied anonymously is checked again now the customer is known (promotions.ts).
        if (order.coupon_code) {
          const coupon = await findCoupon(tx, order.coupon_code);
          if (coupon?.firstOrderOnly && (await hasCompletedOrder(tx, customerId))) await setCoupon(tx, order.id, null);
        }
        const assigned = await withSponsorCode(tx, (await findOrder(tx, order.token_value))!, customerId, deps.clock());
        return orderJson(tx, assigned, deps.clock(), answerView(c, deps, order));
      }),
    );
  });

  return app;
}
