/** A cart's coupon: applied (PATCH /shop/orders/{token}/apply-coupon) and removed (DELETE …/coupon/{code}). */
import { Hono } from 'hono';
import { notFound, refuse, tooManyRequests } from '../shared/errors.ts';
import { ld, noContent, parseBody } from '../shared/request.ts';
import { tokenParam } from '../shared/ids.ts';
import type { ShopDeps, ShopEnv } from '../shared/deps.ts';
import { applyCouponRequest } from '../../../lib/shop-api/requests/carts.ts';
import { tooManyRequestsMessage } from '../shared/messages.ts';
import { countAll } from '../limits/store.ts';
import { answerView } from '../orders/view.ts';
import { couponRefusal, findCoupon, setCoupon } from '../orders/discounts.ts';
import { orderJson } from '../orders/answer.ts';
import { withCart } from './cart.ts';
import { couponKey } from '../orders/promotions.ts';
import { itemsTotal } from '../orders/repository.ts';
import { welcomeCouponOf } from '../newsletter/repository.ts';

export function couponRoutes(deps: ShopDeps): Hono<ShopEnv> {
  const app = new Hono<ShopEnv>();

  app.patch('/orders/:token/apply-coupon', async (c) => {
    const body = await parseBody(c, applyCouponRequest);
    // Codes are short words: refused ones are counted per address and per cart (a new cart costs nothing),
    // before the code is looked up; an applied code gives its count back.
    const attempt = await countAll([
      [deps.limits.couponAddress, c.get('clientAddress')],
      [deps.limits.couponCart, tokenParam(c)],
    ]);
    if (!attempt.allowed)
      throw tooManyRequests(tooManyRequestsMessage(c.get('lang'), 'coupon', attempt.retryAfterSeconds), attempt.retryAfterSeconds);
    const applied = await withCart(c, deps, async (tx, order) => {
      const now = deps.clock();
      let coupon = await findCoupon(tx, body.couponCode);
      // The plain BIENVENUE5 typed by the owner of an unused personal code (promotions.ts) applies that code.
      const own = coupon?.reserved && order.customer_id !== null ? await welcomeCouponOf(tx, order.customer_id) : null;
      if (own) coupon = await findCoupon(tx, own);
      const refusal = await couponRefusal(tx, order, coupon, await itemsTotal(tx, order.id), now);
      if (refusal) throw refuse(c.get('lang'), { path: 'couponCode', code: refusal, params: { amount: coupon?.minimumItemsTotal } });
      await setCoupon(tx, order.id, coupon!.code, now);
      return orderJson(tx, { ...order, coupon_code: coupon!.code }, now, answerView(c, deps, order));
    });
    await attempt.refund();
    return ld(c, applied);
  });

  app.delete('/orders/:token/coupon/:code', async (c) => {
    const code = c.req.param('code');
    await withCart(c, deps, async (tx, order) => {
      if (!order.coupon_code || code.length > 64 || couponKey(code) !== order.coupon_code) throw notFound();
      await setCoupon(tx, order.id, null, deps.clock());
    });
    return noContent(c);
  });

  return app;
}
