/**
 * The checkout of Sylius's shop API on our schema: the addresses, the shipment's methods and carrier, the
 * payment's methods and method, then completion. Each step follows the checkout state machine
 * (lib/orders/checkout.ts): going back is allowed until completion, a step out of order is a 422.
 */
import { Hono } from 'hono';
import { iri } from '../../../lib/shop-api/iri.ts';
import type { PaymentMethod, ShippingMethod } from '../../../lib/shop-api/checkout.ts';
import {
  checkoutAddressRequest,
  completeRequest,
  selectPaymentRequest,
  selectShippingRequest,
} from '../../../lib/shop-api/requests/checkout.ts';
import { checkoutMachine } from '../../../lib/orders/checkout.ts';
import { transition } from '../../../lib/orders/machine.ts';
import { paymentMachine } from '../../../lib/orders/payment.ts';
import { channels } from '../../../lib/channels.ts';
import { notFound, refuse } from '../shared/errors.ts';
import { ld, parseBody } from '../shared/request.ts';
import { idParam } from '../shared/ids.ts';
import type { ShopDeps, ShopEnv } from '../shared/deps.ts';
import { answerView, type AnswerView } from '../orders/view.ts';
import { orderJson } from '../orders/answer.ts';
import { priceOrder } from '../orders/pricing.ts';
import { assignCustomer, countLines } from '../carts/repository.ts';
import {
  findOrder,
  lockCustomerCompletions,
  type OrderRow,
  addPayment,
  ensureShipment,
  findPayment,
  findPaymentMethod,
  openPayment,
  needsCardMandate,
  paymentMethodsFor,
  removeOpenPayments,
  setAddresses,
  setCheckoutState,
  setPaymentMethod,
  setPaymentState,
  setShipmentMethod,
  shipmentOf,
} from '../orders/repository.ts';
import { enterOrderGraph } from '../orders/placement.ts';
import { shippingPrice } from '../orders/totals.ts';
import type { Queryable } from '../../db/database.ts';
import { queueOrderMail } from '../orders/mails.ts';
import { chosenRelayPoint, type RelayPointLookup } from '../shipping/relay-points.ts';
import { shippingMethodFor, shippingMethodsFor } from '../shipping/repository.ts';
import { checkoutStep, codeFromIri, orderAddressOf, withCheckout } from './checkout.ts';

const collection = (id: string, members: object[]) => ({
  '@context': '/api/v2/contexts/Collection',
  '@id': id,
  '@type': 'hydra:Collection',
  'hydra:member': members,
  'hydra:totalItems': members.length,
});

/** The order again, as it is now, for the answer. */
/** The order as it is now, written for the caller (orders/view.ts answerView: its language, its pictures' address). */
const reread = async (tx: Queryable, order: OrderRow, now: Date, view: AnswerView) =>
  orderJson(tx, (await findOrder(tx, order.token_value))!, now, view);

export function checkoutRoutes(deps: ShopDeps, relayPoints: RelayPointLookup): Hono<ShopEnv> {
  const app = new Hono<ShopEnv>();

  app.patch('/orders/:token/address', async (c) => {
    const body = await parseBody(c, checkoutAddressRequest);
    const lang = c.get('lang');
    return ld(
      c,
      await withCheckout(
        c,
        deps,
        async (tx, order, customerId) => {
          const now = deps.clock();
          const to = checkoutStep(lang, order, 'address');
          if ((await countLines(tx, order.id)) === 0) throw refuse(lang, { path: '', code: 'CART_EMPTY' });
          const billing = orderAddressOf(body.billingAddress);
          const shipping = body.shippingAddress ? orderAddressOf(body.shippingAddress) : billing;
          // The address book holds any country; the channel ships only to its own.
          if (!(channels[order.channel_code].countries as readonly string[]).includes(shipping.countryCode)) {
            throw refuse(lang, {
              path: `${body.shippingAddress ? 'shippingAddress' : 'billingAddress'}.countryCode`,
              code: 'COUNTRY_NOT_SERVED',
            });
          }
          if (order.customer_id === null) await assignCustomer(tx, order.id, customerId, now);
          await setAddresses(tx, order.id, billing, shipping);
          await setCheckoutState(tx, order.id, to, now);
          await ensureShipment(tx, order.id, now);
          if (!(await openPayment(tx, order.id))) await addPayment(tx, order.id, { state: 'cart', amount: 0, methodCode: null, now });
          return reread(tx, order, now, answerView(c, deps, order));
        },
        { claimAnonymous: true },
      ),
    );
  });

  app.get('/orders/:token/shipments/:id/methods', async (c) => {
    const shipmentId = idParam(c);
    const lang = c.get('lang');
    return ld(
      c,
      await withCheckout(c, deps, async (tx, order) => {
        const shipment = await shipmentOf(tx, order.id);
        if (!shipment || shipment.id !== shipmentId) throw notFound();
        const country = order.shipping_address?.countryCode;
        const methods = country ? await shippingMethodsFor(tx, order.channel_code, country) : [];
        const { totals, discount } = await priceOrder(tx, order, deps.clock());
        const members: ShippingMethod[] = methods.map((m) => ({
          '@id': iri.shippingMethod(m.code),
          '@type': 'ShippingMethod',
          code: m.code,
          name: m.name[lang],
          description: m.description[lang],
          kind: m.kind,
          carrier: m.carrier,
          fee: m.fee,
          price: shippingPrice(order.channel_code, totals.itemsTotal, discount, m.fee),
        }));
        return collection(`${iri.shipment(order.token_value, shipmentId)}/methods`, members);
      }),
    );
  });

  app.patch('/orders/:token/shipments/:id', async (c) => {
    const shipmentId = idParam(c);
    const body = await parseBody(c, selectShippingRequest);
    const lang = c.get('lang');
    return ld(
      c,
      await withCheckout(c, deps, async (tx, order) => {
        const now = deps.clock();
        const shipment = await shipmentOf(tx, order.id);
        if (!shipment || shipment.id !== shipmentId) throw notFound();
        let to = checkoutStep(lang, order, 'select_shipping');
        const method = await shippingMethodFor(
          tx,
          codeFromIri(body.shippingMethod, 'shipping-methods'),
          order.channel_code,
          order.shipping_address!.countryCode,
        );
        if (!method) throw refuse(lang, { path: 'shippingMethod', code: 'SHIPPING_METHOD_NOT_AVAILABLE' });
        const relayPoint = method.kind === 'relay_point' ? await chosenRelayPoint(lang, relayPoints, body.relayPoint, tx) : null;
        await setShipmentMethod(tx, shipment.id, { code: method.code, carrier: method.carrier, relayPoint });
        // An order with nothing to pay skips the payment step (as Sylius's checkout resolver does).
        const { totals } = await priceOrder(tx, { ...order, checkout_state: to }, now);
        if (totals.total === 0) {
          to = transition(checkoutMachine, to, 'skip_payment');
          await removeOpenPayments(tx, order.id);
        } else if (!(await openPayment(tx, order.id))) {
          await addPayment(tx, order.id, { state: 'cart', amount: 0, methodCode: null, now });
        }
        await setCheckoutState(tx, order.id, to, now);
        return reread(tx, order, now, answerView(c, deps, order));
      }),
    );
  });

  app.get('/orders/:token/payments/:id/methods', async (c) => {
    const paymentId = idParam(c);
    const lang = c.get('lang');
    return ld(
      c,
      await withCheckout(c, deps, async (tx, order) => {
        const payment = await findPayment(tx, order.id, paymentId);
        if (!payment) throw notFound();
        const cardOnly = await needsCardMandate(tx, order.id);
        const offered = (await paymentMethodsFor(tx, order.channel_code)).filter((m) => !cardOnly || m.provider_method === 'creditcard');
        const members: PaymentMethod[] = offered.map((m) => ({
          '@id': iri.paymentMethod(m.code),
          '@type': 'PaymentMethod',
          code: m.code,
          name: m.name[lang],
          delayed: m.delayed,
          serviceFee: m.service_fee,
          instructions: m.instructions[lang],
        }));
        return collection(`${iri.payment(order.token_value, paymentId)}/methods`, members);
      }),
    );
  });

  app.patch('/orders/:token/payments/:id', async (c) => {
    const paymentId = idParam(c);
    const body = await parseBody(c, selectPaymentRequest);
    const lang = c.get('lang');
    return ld(
      c,
      await withCheckout(c, deps, async (tx, order) => {
        const now = deps.clock();
        const payment = await findPayment(tx, order.id, paymentId);
        if (!payment) throw notFound();
        const method = await findPaymentMethod(tx, codeFromIri(body.paymentMethod, 'payment-methods'), order.channel_code);
        if (!method || (method.provider_method !== 'creditcard' && (await needsCardMandate(tx, order.id))))
          throw refuse(lang, { path: 'paymentMethod', code: 'PAYMENT_METHOD_NOT_AVAILABLE' });
        if (order.state !== 'cart') {
          // A placed order awaiting its money may change how it pays, for the same fee (the total is settled).
          const before = payment.method_code ? await findPaymentMethod(tx, payment.method_code) : null;
          if (payment.state !== 'new' || order.payment_state !== 'awaiting_payment')
            throw refuse(lang, { path: '', code: 'PAYMENT_NOT_PAYABLE' });
          if (before && before.service_fee !== method.service_fee)
            throw refuse(lang, { path: 'paymentMethod', code: 'PAYMENT_METHOD_NOT_AVAILABLE' });
          await setPaymentMethod(tx, payment.id, method.code, now);
          return reread(tx, order, now, answerView(c, deps, order));
        }
        const to = checkoutStep(lang, order, 'select_payment');
        if (payment.state !== 'cart') throw refuse(lang, { path: '', code: 'PAYMENT_NOT_PAYABLE' });
        await setPaymentMethod(tx, payment.id, method.code, now);
        await setCheckoutState(tx, order.id, to, now);
        return reread(tx, order, now, answerView(c, deps, order));
      }),
    );
  });

  app.patch('/orders/:token/complete', async (c) => {
    const body = await parseBody(c, completeRequest);
    const lang = c.get('lang');
    return ld(
      c,
      await withCheckout(c, deps, async (tx, order) => {
        const now = deps.clock();
        checkoutStep(lang, order, 'complete');
        if (order.customer_id !== null) await lockCustomerCompletions(tx, order.customer_id);
        if ((await countLines(tx, order.id)) === 0) throw refuse(lang, { path: '', code: 'CART_EMPTY' });
        const shipment = (await shipmentOf(tx, order.id))!;
        if (
          !order.shipping_address ||
          !(await shippingMethodFor(tx, shipment.method_code ?? '', order.channel_code, order.shipping_address.countryCode))
        ) {
          throw refuse(lang, { path: 'shippingMethod', code: 'SHIPPING_METHOD_NOT_AVAILABLE' });
        }
        // The point may have closed since it was chosen.
        if (shipment.relay_point_id && !(await relayPoints(shipment.relay_point_id, tx))?.active) {
          throw refuse(lang, { path: 'relayPoint', code: 'RELAY_POINT_INACTIVE' });
        }
        const { totals, promotions } = await priceOrder(tx, order, now);
        const payment = await openPayment(tx, order.id);
        if (totals.total === 0) {
          // Nothing to pay (free samples, a 100 % reduction): paid at once, without a payment.
          await removeOpenPayments(tx, order.id);
        } else {
          // Items or a coupon changed since the payment step was skipped: the shopper must choose how to pay.
          if (!payment?.method_code) throw refuse(lang, { path: 'paymentMethod', code: 'CHECKOUT_STEP_NOT_ALLOWED' });
          await setPaymentState(tx, payment.id, { state: transition(paymentMachine, payment.state, 'create'), amount: totals.total, now });
        }
        await enterOrderGraph(tx, order, {
          checkoutState: transition(checkoutMachine, order.checkout_state, 'complete'),
          notes: body.notes,
          totals,
          promotions,
          now,
          shipment,
        });
        // The order is confirmed once nothing is left to learn: now when it is free or paid by cheque (the mail
        // says where to send it); paid online, when it is paid; by bank transfer, when the provider gives its
        // bank details and reference (orders/payments.ts applyOutcome). A refused card then never follows a
        // confirmation.
        const method = totals.total > 0 && payment?.method_code ? await findPaymentMethod(tx, payment.method_code) : null;
        if (totals.total === 0 || (method && !method.provider_method))
          await queueOrderMail(tx, 'confirmation', order.token_value, { now, env: deps.env });
        return reread(tx, order, now, answerView(c, deps, order));
      }),
    );
  });

  return app;
}
