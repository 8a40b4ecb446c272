/**
 * Shipping states, two graphs as in Sylius: the order's shipping state (sylius_order_shipping) and one
 * shipment's (sylius_shipment). A completed order's shipment is ready; it is then shipped (with its
 * tracking number) or cancelled, and a shipped parcel cannot be cancelled any more.
 */
import { machine } from './machine.ts';

export const shippingStates = ['cart', 'ready', 'shipped', 'cancelled'] as const;
export type ShippingState = (typeof shippingStates)[number];

export const orderShippingMachine = machine({
  name: 'sylius_order_shipping',
  states: shippingStates,
  transitions: {
    request_shipping: { from: ['cart'], to: 'ready' },
    ship: { from: ['ready'], to: 'shipped' },
    cancel: { from: ['ready'], to: 'cancelled' },
  },
});

export const shipmentMachine = machine({
  name: 'sylius_shipment',
  states: shippingStates,
  transitions: {
    create: { from: ['cart'], to: 'ready' },
    ship: { from: ['ready'], to: 'shipped' },
    cancel: { from: ['ready'], to: 'cancelled' },
  },
});
