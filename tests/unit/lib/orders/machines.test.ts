import { describe, expect, it } from 'vitest';
import { checkoutMachine, checkoutStates } from '../../../../src/lib/orders/checkout.ts';
import { type Machine, TransitionRefused, transition } from '../../../../src/lib/orders/machine.ts';
import { orderMachine, orderStates } from '../../../../src/lib/orders/order.ts';
import { orderPaymentMachine, orderPaymentStates, paymentMachine, paymentStates } from '../../../../src/lib/orders/payment.ts';
import { orderShippingMachine, shipmentMachine, shippingStates } from '../../../../src/lib/orders/shipping.ts';

/**
 * Every (state, transition) pair of a graph: the allowed ones give the expected state, all the others
 * are refused. The expected tables are written out here, apart from the modules, so a change to a graph
 * has to be made twice on purpose.
 */
function expectGraph<S extends string, T extends string>(m: Machine<S, T>, states: readonly S[], allowed: Record<T, [from: S[], to: S]>) {
  for (const state of states) {
    for (const name of Object.keys(allowed) as T[]) {
      const [from, to] = allowed[name];
      const label = `${m.name}: ${name} from ${state}`;
      if (from.includes(state)) {
        expect(m.can(state, name), label).toBe(true);
        expect(transition(m, state, name), label).toBe(to);
      } else {
        expect(m.can(state, name), label).toBe(false);
        expect(m.apply(state, name), label).toBeNull();
        expect(() => transition(m, state, name), label).toThrow(TransitionRefused);
      }
    }
  }
  expect(Object.keys(m.transitions).sort()).toEqual(Object.keys(allowed).sort());
}

describe('order states', () => {
  it('a cart (or a subscription’s draft) becomes a new order, which is then fulfilled or cancelled, and nothing returns', () => {
    expectGraph(orderMachine, orderStates, {
      create: [['cart'], 'new'],
      place: [['draft'], 'new'],
      cancel: [['new'], 'cancelled'],
      fulfill: [['new'], 'fulfilled'],
    });
    for (const end of ['fulfilled', 'cancelled'] as const) expect(orderMachine.allowedFrom(end)).toEqual([]);
  });
});

describe('checkout states', () => {
  it('follows the address, shipping, payment, completion steps, going back allowed until completion', () => {
    expectGraph(checkoutMachine, checkoutStates, {
      address: [['cart', 'addressed', 'shipping_selected', 'shipping_skipped', 'payment_selected', 'payment_skipped'], 'addressed'],
      skip_shipping: [['addressed'], 'shipping_skipped'],
      select_shipping: [['addressed', 'shipping_selected', 'payment_selected', 'payment_skipped'], 'shipping_selected'],
      skip_payment: [['shipping_selected', 'shipping_skipped'], 'payment_skipped'],
      select_payment: [['payment_selected', 'shipping_skipped', 'shipping_selected'], 'payment_selected'],
      complete: [['payment_selected', 'payment_skipped'], 'completed'],
    });
  });

  it('cannot complete before a payment step, nor change anything once completed', () => {
    for (const early of ['cart', 'addressed', 'shipping_selected', 'shipping_skipped'] as const)
      expect(checkoutMachine.can(early, 'complete')).toBe(false);
    expect(checkoutMachine.allowedFrom('completed')).toEqual([]);
    expect(() => transition(checkoutMachine, 'completed', 'address')).toThrow(
      'sylius_order_checkout: "address" is not allowed from "completed"',
    );
  });
});

describe('payment states', () => {
  it('the order awaits payment, then is authorized or paid, and only a paid order is refunded', () => {
    expectGraph(orderPaymentMachine, orderPaymentStates, {
      request_payment: [['cart'], 'awaiting_payment'],
      partially_authorize: [['awaiting_payment', 'partially_authorized'], 'partially_authorized'],
      authorize: [['awaiting_payment', 'partially_authorized'], 'authorized'],
      partially_pay: [['awaiting_payment', 'partially_paid', 'partially_authorized'], 'partially_paid'],
      cancel: [['awaiting_payment', 'authorized', 'partially_authorized'], 'cancelled'],
      pay: [['awaiting_payment', 'partially_paid', 'authorized'], 'paid'],
      partially_refund: [['paid', 'partially_paid', 'partially_refunded'], 'partially_refunded'],
      refund: [['paid', 'partially_paid', 'partially_refunded'], 'refunded'],
    });
    expect(orderPaymentMachine.can('cart', 'pay')).toBe(false);
  });

  it('a payment is created, processed, then completed, failed or cancelled; only a completed one is refunded', () => {
    expectGraph(paymentMachine, paymentStates, {
      create: [['cart'], 'new'],
      process: [['new'], 'processing'],
      authorize: [['new', 'processing'], 'authorized'],
      complete: [['new', 'processing', 'authorized'], 'completed'],
      fail: [['new', 'processing'], 'failed'],
      cancel: [['new', 'processing', 'authorized'], 'cancelled'],
      refund: [['completed'], 'refunded'],
    });
    for (const end of ['failed', 'cancelled', 'refunded'] as const) expect(paymentMachine.allowedFrom(end)).toEqual([]);
  });
});

describe('shipping states', () => {
  it('a placed order is ready to ship, then shipped or cancelled, and a shipped parcel stays shipped', () => {
    expectGraph(orderShippingMachine, shippingStates, {
      request_shipping: [['cart'], 'ready'],
      ship: [['ready'], 'shipped'],
      cancel: [['ready'], 'cancelled'],
    });
    expectGraph(shipmentMachine, shippingStates, {
      create: [['cart'], 'ready'],
      ship: [['ready'], 'shipped'],
      cancel: [['ready'], 'cancelled'],
    });
    expect(shipmentMachine.allowedFrom('shipped')).toEqual([]);
  });
});
