/**
 * The signed-in customer's subscriptions (/shop/subscriptions…): list, detail with the draft next order,
 * history and one order of it; the shopper's changes (frequency, address, carrier or relay point, card),
 * each for the next order only or for all drafts; upsells and a coupon on the draft; ship now; the
 * cancellation request; a message to customer service. Another customer's subscription is a 404.
 */
import { Hono } from 'hono';
import type { Queryable } from '../../db/database.ts';
import { channels, languageOf, siteUrlOf } from '../../../lib/channels.ts';
import { VARIANT_CODE } from '../../../lib/constants.ts';
import { SHOP_API_PREFIX } from '../../../lib/shop-api/iri.ts';
import { applyCouponRequest } from '../../../lib/shop-api/requests/carts.ts';
import {
  abortRequest,
  contactRequest,
  frequencyRequest,
  paymentCardRequest,
  shippingAddressRequest,
  shippingMethodRequest,
  upsellRequest,
} from '../../../lib/shop-api/requests/subscriptions.ts';
import { planChange, type ChangeScope } from '../../../lib/subscriptions/changes.ts';
import { dayOf, rescheduled } from '../../../lib/subscriptions/schedule.ts';
import { isFailure } from '../../../lib/subscriptions/status.ts';
import { shipNowDeadline } from '../../../lib/subscriptions/working-hours.ts';
import { findVariant } from '../../content/repository.ts';
import { sendMail } from '../../mail/outbox.ts';
import { subscriptionMessageMail } from '../../mail/templates/subscriptions.ts';
import { couponRefusal, findCoupon, setCoupon } from '../orders/discounts.ts';
import { orderJson } from '../orders/answer.ts';
import { couponKey } from '../orders/promotions.ts';
import { addItem, addToLine, findLine, removeItem } from '../carts/repository.ts';
import { findOrder, findOrderById, itemsOf, itemsTotal, type OrderRow, setAddresses } from '../orders/repository.ts';
import { orderAddressOf, codeFromIri } from '../checkout/checkout.ts';
import { chosenRelayPoint, type RelayPointLookup } from '../shipping/relay-points.ts';
import { shippingMethodFor } from '../shipping/repository.ts';
import type { ShopContext, ShopDeps, ShopEnv } from '../shared/deps.ts';
import { notFound, refuse } from '../shared/errors.ts';
import { idParam, tokenParam } from '../shared/ids.ts';
import { ld, noContent, parseBody } from '../shared/request.ts';
import { requireCustomer } from '../sessions/access.ts';
import { draftLocked, setDraftShipping } from './drafts.ts';
import { changeCard } from './card.ts';
import {
  findSubscription,
  insertAbortRequest,
  openAbortRequestOf,
  placedOrderTokensOf,
  type SubscriptionRow,
  subscriptionOrderOf,
  subscriptionsOf,
  updateSubscription,
  updateSubscriptionOrder,
} from './repository.ts';
import { subscriptionJson, subscriptionIri } from './view.ts';

const codeParam = (c: ShopContext) => {
  const code = c.req.param('code') ?? '';
  if (!/^S[A-Za-z0-9]{1,40}$/.test(code)) throw notFound();
  return code;
};

export function subscriptionRoutes(deps: ShopDeps, relayPoints: RelayPointLookup): Hono<ShopEnv> {
  const app = new Hono<ShopEnv>();
  const provider = deps.payments;
  const view = (c: ShopContext, q: Queryable, sub: SubscriptionRow, detail = true) =>
    subscriptionJson(q, sub, deps.clock(), { locale: c.get('locale'), detail, relayPoints });

  /** The caller's subscription and its draft, rows held for the call; a stopped one takes no change. */
  const withSubscription = async <T>(
    c: ShopContext,
    fn: (tx: Queryable, sub: SubscriptionRow, draft: OrderRow | null, now: Date) => Promise<T>,
    { changes = true } = {},
  ): Promise<T> => {
    const customerId = await requireCustomer(c, deps);
    const code = codeParam(c);
    return deps.db.transaction(async (tx) => {
      const sub = await findSubscription(tx, code, customerId, true);
      if (!sub) throw notFound();
      if (changes && sub.state === 'stopped') throw refuse(c.get('lang'), { path: '', code: 'SUBSCRIPTION_STOPPED' });
      const draft = sub.draft_order_id ? await findOrderById(tx, sub.draft_order_id, true) : null;
      return fn(tx, sub, draft?.state === 'draft' ? draft : null, deps.clock());
    });
  };

  /** A change for the next order only or for all drafts: what it reaches, refused on a locked draft for the next order only. */
  const plan = async (c: ShopContext, tx: Queryable, sub: SubscriptionRow, draft: OrderRow | null, scope: ChangeScope, now: Date) => {
    const scheduled = draft ? await subscriptionOrderOf(tx, draft.id) : null;
    if (!draft || !scheduled) return { draft: false, settings: true, scheduled: null };
    // A draft held back by the scheduler is not being prepared: the change reaches it as before its lock.
    const reach = planChange(scope, scheduled.shipment_date, draftLocked(sub, scheduled.shipment_date, now) ? now : new Date(0));
    if (reach === 'locked') throw refuse(c.get('lang'), { path: 'scope', code: 'SUBSCRIPTION_DRAFT_LOCKED' });
    return { ...reach, scheduled };
  };
  /** The shopper fixed what stopped the last delivery: the scheduler tries again (a refused card waits for a new card). */
  const clearFailure = (tx: Queryable, sub: SubscriptionRow, now: Date) =>
    isFailure(sub.state) && sub.state !== 'payment_failure' ? updateSubscription(tx, sub.id, { state: 'active' }, now) : Promise.resolve();
  const reread = async (c: ShopContext, tx: Queryable, sub: SubscriptionRow) =>
    view(c, tx, (await findSubscription(tx, sub.code, sub.customer_id))!);
  /**
   * A change of the draft itself (upsell, coupon), refused once it is locked; answers the subscription as it is
   * after the change (the detail, with the draft), which a call answering 204 does not read.
   */
  const changeDraft = (c: ShopContext, fn: (tx: Queryable, draft: OrderRow, sub: SubscriptionRow, now: Date) => Promise<void>) =>
    withSubscription(c, async (tx, sub, draft, now) => {
      const scheduled = draft ? await subscriptionOrderOf(tx, draft.id) : null;
      if (!draft || !scheduled || draftLocked(sub, scheduled.shipment_date, now))
        throw refuse(c.get('lang'), { path: '', code: 'SUBSCRIPTION_DRAFT_LOCKED' });
      await fn(tx, draft, sub, now);
      return reread(c, tx, sub);
    });

  app.get('/subscriptions', async (c) => {
    const customerId = await requireCustomer(c, deps);
    const members = [];
    for (const sub of await subscriptionsOf(deps.db, customerId)) members.push(await view(c, deps.db, sub, false));
    return ld(c, {
      '@context': '/api/v2/contexts/Subscription',
      '@id': `${subscriptionIri('').slice(0, -1)}`,
      '@type': 'hydra:Collection',
      'hydra:member': members,
      'hydra:totalItems': members.length,
    });
  });

  app.get('/subscriptions/:code', async (c) => ld(c, await withSubscription(c, (tx, sub) => view(c, tx, sub), { changes: false })));

  app.get('/subscriptions/:code/orders', async (c) =>
    ld(
      c,
      await withSubscription(
        c,
        async (tx, sub, _draft, now) => {
          const members = [];
          for (const { token_value } of await placedOrderTokensOf(tx, sub.id))
            members.push(await orderJson(tx, (await findOrder(tx, token_value))!, now, c.get('locale')));
          return {
            '@context': '/api/v2/contexts/Order',
            '@id': `${subscriptionIri(sub.code)}/orders`,
            '@type': 'hydra:Collection',
            'hydra:member': members,
            'hydra:totalItems': members.length,
          };
        },
        { changes: false },
      ),
    ),
  );

  app.get('/subscriptions/:code/orders/:token', async (c) => {
    const token = tokenParam(c);
    return ld(
      c,
      await withSubscription(
        c,
        async (tx, sub, _draft, now) => {
          const placed = await placedOrderTokensOf(tx, sub.id);
          if (!placed.some((p) => p.token_value === token)) throw notFound();
          return orderJson(tx, (await findOrder(tx, token))!, now, c.get('locale'));
        },
        { changes: false },
      ),
    );
  });

  app.patch('/subscriptions/:code/frequency', async (c) => {
    const body = await parseBody(c, frequencyRequest);
    return ld(
      c,
      await withSubscription(c, async (tx, sub, draft, now) => {
        const reach = await plan(c, tx, sub, draft, body.scope, now);
        if (reach.settings) await updateSubscription(tx, sub.id, { frequency_days: body.frequency }, now);
        if (reach.draft && draft) {
          const shipment = rescheduled(sub.last_shipment_date, body.frequency, now);
          // A new date is a new shipment to be reminded of, 1 week and 4 days before it.
          const moved = shipment !== reach.scheduled?.shipment_date;
          await updateSubscriptionOrder(tx, draft.id, {
            shipment_date: shipment,
            ...(moved ? { reminded_7_at: null, reminded_4_at: null } : {}),
          });
          await updateSubscription(tx, sub.id, { next_shipment_date: shipment }, now);
          await tx.query('UPDATE shop.order_items SET subscription_interval = $2 WHERE order_id = $1 AND NOT upsell', [
            draft.id,
            body.frequency,
          ]);
        }
        return reread(c, tx, sub);
      }),
    );
  });

  app.patch('/subscriptions/:code/shipping-address', async (c) => {
    const body = await parseBody(c, shippingAddressRequest);
    const lang = c.get('lang');
    return ld(
      c,
      await withSubscription(c, async (tx, sub, draft, now) => {
        const address = orderAddressOf(body.shippingAddress);
        if (!(channels[sub.channel_code].countries as readonly string[]).includes(address.countryCode))
          throw refuse(lang, { path: 'shippingAddress.countryCode', code: 'COUNTRY_NOT_SERVED' });
        if (!(await shippingMethodFor(tx, sub.shipping_method_code, sub.channel_code, address.countryCode)))
          throw refuse(lang, { path: 'shippingAddress.countryCode', code: 'SHIPPING_METHOD_NOT_AVAILABLE' });
        const reach = await plan(c, tx, sub, draft, body.scope, now);
        if (reach.settings) await updateSubscription(tx, sub.id, { shipping_address: address }, now);
        if (reach.draft && draft) {
          await setAddresses(tx, draft.id, draft.billing_address ?? sub.billing_address, address);
          await clearFailure(tx, sub, now);
        }
        return reread(c, tx, sub);
      }),
    );
  });

  app.patch('/subscriptions/:code/shipping-method', async (c) => {
    const body = await parseBody(c, shippingMethodRequest);
    const lang = c.get('lang');
    return ld(
      c,
      await withSubscription(c, async (tx, sub, draft, now) => {
        const country = (draft?.shipping_address ?? sub.shipping_address).countryCode;
        const method = await shippingMethodFor(tx, codeFromIri(body.shippingMethod, 'shipping-methods'), sub.channel_code, country);
        if (!method) throw refuse(lang, { path: 'shippingMethod', code: 'SHIPPING_METHOD_NOT_AVAILABLE' });
        const relayPoint = method.kind === 'relay_point' ? await chosenRelayPoint(lang, relayPoints, body.relayPoint, tx) : null;
        const reach = await plan(c, tx, sub, draft, body.scope, now);
        const settings = { shipping_method_code: method.code, relay_point_id: relayPoint?.id ?? null, relay_point: relayPoint };
        if (reach.settings) await updateSubscription(tx, sub.id, settings, now);
        if (reach.draft && draft) {
          await setDraftShipping(tx, draft.id, { ...sub, shipping_method_code: method.code, relay_point: relayPoint });
          await clearFailure(tx, sub, now);
        }
        return reread(c, tx, sub);
      }),
    );
  });

  app.patch('/subscriptions/:code/payment-card', async (c) => {
    const body = await parseBody(c, paymentCardRequest);
    const customerId = await requireCustomer(c, deps);
    const code = codeParam(c);
    await changeCard(deps, provider(), {
      customerId,
      code,
      cardToken: body.cardToken,
      lang: c.get('lang'),
      redirectUrl: siteUrlOf('FR', deps.env),
    });
    return ld(c, await withSubscription(c, (tx, sub) => view(c, tx, sub), { changes: false }));
  });

  app.post('/subscriptions/:code/upsells', async (c) => {
    const body = await parseBody(c, upsellRequest);
    const lang = c.get('lang');
    const added = await changeDraft(c, async (tx, draft, sub, now) => {
      const prefix = `${SHOP_API_PREFIX}/product-variants/`;
      const code = body.productVariant.startsWith(prefix) ? body.productVariant.slice(prefix.length) : body.productVariant;
      const variant = VARIANT_CODE.test(code) ? await findVariant(tx, code, languageOf(sub.locale_code)) : null;
      if (!variant) throw refuse(lang, { path: 'productVariant', code: 'VARIANT_NOT_FOUND' });
      if (!variant.shown) throw refuse(lang, { path: 'productVariant', code: 'VARIANT_NOT_AVAILABLE' });
      if (!variant.inStock) throw refuse(lang, { path: 'productVariant', code: 'VARIANT_OUT_OF_STOCK' });
      // An upsell is a one-off purchase for this shipment: its one-off price, no interval.
      const content = {
        variantCode: variant.code,
        productName: variant.productName,
        variantName: variant.variantName,
        originalUnitPrice: variant.basePrice,
        unitPrice: variant.basePrice,
      };
      const line = await findLine(tx, draft.id, variant.code, 0);
      if (line && line.quantity + body.quantity > 99)
        throw refuse(lang, { path: 'quantity', code: 'OUT_OF_RANGE', params: { min: 1, max: 99 } });
      if (line) await addToLine(tx, line.id, body.quantity, content);
      else
        await addItem(tx, draft.id, {
          ...content,
          quantity: body.quantity,
          interval: 0,
          sourceItemList: 'subscription_upsell',
          upsell: true,
          now,
        });
    });
    return ld(c, added, 201);
  });

  app.delete('/subscriptions/:code/upsells/:id', async (c) => {
    const id = idParam(c);
    await changeDraft(c, async (tx, draft) => {
      const item = (await itemsOf(tx, draft.id)).find((i) => i.id === id);
      if (!item?.upsell) throw notFound();
      await removeItem(tx, draft.id, id);
    });
    return noContent(c);
  });

  app.patch('/subscriptions/:code/apply-coupon', async (c) => {
    const body = await parseBody(c, applyCouponRequest);
    const applied = await changeDraft(c, async (tx, draft, _sub, now) => {
      const coupon = await findCoupon(tx, body.couponCode);
      const refusal = await couponRefusal(tx, draft, coupon, await itemsTotal(tx, draft.id), now);
      if (refusal) throw refuse(c.get('lang'), { path: 'couponCode', code: refusal, params: { amount: coupon?.minimumItemsTotal } });
      await setCoupon(tx, draft.id, coupon!.code, now);
    });
    return ld(c, applied);
  });

  app.delete('/subscriptions/:code/coupon/:coupon', async (c) => {
    const code = c.req.param('coupon');
    await changeDraft(c, async (tx, draft, _sub, now) => {
      if (!draft.coupon_code || code.length > 64 || couponKey(code) !== draft.coupon_code) throw notFound();
      await setCoupon(tx, draft.id, null, now);
    });
    return noContent(c);
  });

  app.post('/subscriptions/:code/ship-now', async (c) =>
    ld(
      c,
      await withSubscription(c, async (tx, sub, draft, now) => {
        if (!draft || (await itemsOf(tx, draft.id)).length === 0)
          throw refuse(c.get('lang'), { path: '', code: 'SUBSCRIPTION_NOTHING_TO_SHIP' });
        const today = dayOf(now);
        await updateSubscriptionOrder(tx, draft.id, {
          shipment_date: today,
          ship_now_requested_at: now.toISOString(),
          ship_now_deadline: shipNowDeadline(now).toISOString(),
        });
        await updateSubscription(tx, sub.id, { next_shipment_date: today }, now);
        return reread(c, tx, sub);
      }),
      202,
    ),
  );

  app.post('/subscriptions/:code/abort-requests', async (c) => {
    const body = await parseBody(c, abortRequest);
    return ld(
      c,
      await withSubscription(c, async (tx, sub, _draft, now) => {
        if (await openAbortRequestOf(tx, sub.id)) throw refuse(c.get('lang'), { path: '', code: 'SUBSCRIPTION_ABORT_PENDING' });
        await insertAbortRequest(tx, sub.id, body.reason, body.message, now);
        await mailCustomerService(tx, sub, `Demande de résiliation (${body.reason})`, body.message, now);
        return reread(c, tx, sub);
      }),
      201,
    );
  });

  app.post('/subscriptions/:code/contact', async (c) => {
    const body = await parseBody(c, contactRequest);
    await withSubscription(c, (tx, sub, _draft, now) => mailCustomerService(tx, sub, 'Message', body.message, now), { changes: false });
    return c.body(null, 202);
  });

  /** A message about a subscription for customer service, with who sent it and which subscription it is. */
  const mailCustomerService = async (tx: Queryable, sub: SubscriptionRow, topic: string, message: string, now: Date) => {
    const [customer] = await tx.query<{ email: string; first_name: string; last_name: string }>(
      'SELECT email, first_name, last_name FROM shop.customers WHERE id = $1',
      [sub.customer_id],
    );
    const from = `${customer!.first_name} ${customer!.last_name} <${customer!.email}>`;
    await sendMail(tx, subscriptionMessageMail(deps.config.customerServiceEmail, { code: sub.code, topic, from, message }), now);
  };

  return app;
}
