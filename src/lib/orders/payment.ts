/**
 * Payment states, two graphs as in Sylius:
 * - the order's payment state (sylius_order_payment): a completed order awaits payment until its payment
 *   is authorized or paid; a paid order may then be refunded, partly or wholly. A free order (nothing to
 *   pay) requests its payment and is paid at once, at completion.
 * - one payment's state (sylius_payment): created with the order (new), processed by the provider,
 *   authorized, completed (paid), failed or cancelled; only a completed payment is refunded. A failed
 *   or cancelled payment stays as it is and the order gets a new payment, so the shopper can pay again.
 */
import { machine } from './machine.ts';

export const orderPaymentStates = [
  'cart',
  'awaiting_payment',
  'partially_authorized',
  'authorized',
  'partially_paid',
  'cancelled',
  'paid',
  'partially_refunded',
  'refunded',
] as const;
export type OrderPaymentState = (typeof orderPaymentStates)[number];

export const orderPaymentMachine = machine({
  name: 'sylius_order_payment',
  states: orderPaymentStates,
  transitions: {
    request_payment: { from: ['cart'], to: 'awaiting_payment' },
    partially_authorize: { from: ['awaiting_payment', 'partially_authorized'], to: 'partially_authorized' },
    authorize: { from: ['awaiting_payment', 'partially_authorized'], to: 'authorized' },
    partially_pay: { from: ['awaiting_payment', 'partially_paid', 'partially_authorized'], to: 'partially_paid' },
    cancel: { from: ['awaiting_payment', 'authorized', 'partially_authorized'], to: 'cancelled' },
    pay: { from: ['awaiting_payment', 'partially_paid', 'authorized'], to: 'paid' },
    partially_refund: { from: ['paid', 'partially_paid', 'partially_refunded'], to: 'partially_refunded' },
    refund: { from: ['paid', 'partially_paid', 'partially_refunded'], to: 'refunded' },
  },
});

export const paymentStates = ['cart', 'new', 'processing', 'authorized', 'completed', 'failed', 'cancelled', 'refunded'] as const;
export type PaymentState = (typeof paymentStates)[number];

export const paymentMachine = machine({
  name: 'sylius_payment',
  states: paymentStates,
  transitions: {
    create: { from: ['cart'], to: 'new' },
    process: { from: ['new'], to: 'processing' },
    authorize: { from: ['new', 'processing'], to: 'authorized' },
    complete: { from: ['new', 'processing', 'authorized'], to: 'completed' },
    fail: { from: ['new', 'processing'], to: 'failed' },
    cancel: { from: ['new', 'processing', 'authorized'], to: 'cancelled' },
    refund: { from: ['completed'], to: 'refunded' },
  },
});
