/**
 * The order's own state (Sylius's sylius_order graph): a cart becomes a new order when its checkout
 * completes; a new order is then fulfilled (shipped and paid) or cancelled. A cancelled or fulfilled
 * order never moves again, and nothing returns to the cart. A subscription's next delivery waits as a
 * draft, which no cart call reaches, until the scheduler places it (a new order) on its day.
 */
import { machine } from './machine.ts';

export const orderStates = ['cart', 'draft', 'new', 'fulfilled', 'cancelled'] as const;
export type OrderState = (typeof orderStates)[number];

export const orderMachine = machine({
  name: 'sylius_order',
  states: orderStates,
  transitions: {
    create: { from: ['cart'], to: 'new' },
    // A subscription's draft placed on its day (the scheduler).
    place: { from: ['draft'], to: 'new' },
    cancel: { from: ['new'], to: 'cancelled' },
    fulfill: { from: ['new'], to: 'fulfilled' },
  },
});
