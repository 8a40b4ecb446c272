/**
 * The checkout's steps (Sylius's sylius_order_checkout graph): address, then shipping (selected, or
 * skipped when nothing ships), then payment (selected, or skipped when nothing is to pay), then complete.
 * Until completion the shopper may go back: address again from any step, choose another carrier once
 * addressed, another payment method once shipping is settled. Completing needs a payment step behind it;
 * a completed checkout never moves again.
 */
import { machine } from './machine.ts';

export const checkoutStates = [
  'cart',
  'addressed',
  'shipping_selected',
  'shipping_skipped',
  'payment_selected',
  'payment_skipped',
  'completed',
] as const;
export type CheckoutState = (typeof checkoutStates)[number];

export const checkoutMachine = machine({
  name: 'sylius_order_checkout',
  states: checkoutStates,
  transitions: {
    address: {
      from: ['cart', 'addressed', 'shipping_selected', 'shipping_skipped', 'payment_selected', 'payment_skipped'],
      to: 'addressed',
    },
    skip_shipping: { from: ['addressed'], to: 'shipping_skipped' },
    select_shipping: { from: ['addressed', 'shipping_selected', 'payment_selected', 'payment_skipped'], to: 'shipping_selected' },
    skip_payment: { from: ['shipping_selected', 'shipping_skipped'], to: 'payment_skipped' },
    select_payment: { from: ['payment_selected', 'shipping_skipped', 'shipping_selected'], to: 'payment_selected' },
    complete: { from: ['payment_selected', 'payment_skipped'], to: 'completed' },
  },
});
export type CheckoutTransition = keyof typeof checkoutMachine.transitions;
