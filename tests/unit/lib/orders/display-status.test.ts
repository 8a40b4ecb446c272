import { describe, expect, it } from 'vitest';
import {
  DISPLAY_STATUSES,
  displayGroupOf,
  displayLabelOf,
  displayStatuses,
  orderDisplayStatus,
  type OrderStates,
} from '../../../../src/lib/orders/display-status.ts';

describe('display status groups', () => {
  it('puts every status of the table in its colour group', () => {
    const groups = Object.fromEntries(
      ['valid', 'warning', 'error', 'neutral'].map((g) => [g, displayStatuses.filter((s) => displayGroupOf(s) === g)]),
    );
    expect(groups).toEqual({
      valid: ['draft', 'processing', 'processed', 'active', 'authorized', 'payment_accepted', 'paid', 'sent', 'shipped'],
      warning: ['awaiting_payment', 'partially_authorized', 'partially_refunded', 'partially_paid'],
      error: [
        'paused',
        'error',
        'payment_failure',
        'payment_failed',
        'pickuppoint_unavailable',
        'product_unavailable',
        'promotion_unavailable',
        'invalid_promotion',
      ],
      neutral: ['refunded', 'stopped', 'cancelled'],
    });
  });

  it('labels draft, processing, processed and active "in progress", paused "Suspendue", stopped "Arrêté", in both languages', () => {
    for (const s of ['draft', 'processing', 'processed', 'active'] as const)
      expect([displayLabelOf(s, 'fr'), displayLabelOf(s, 'nl')]).toEqual(['En cours', 'In behandeling']);
    expect(displayLabelOf('paused', 'fr')).toBe('Suspendue');
    expect(displayLabelOf('stopped', 'fr')).toBe('Arrêté');
    for (const s of displayStatuses) expect(DISPLAY_STATUSES[s].label.nl, s).not.toBe('');
  });
});

describe('an order’s display status', () => {
  const placed: OrderStates = { state: 'new', checkoutState: 'completed', paymentState: 'paid', shippingState: 'ready' };
  it('reads the states, the most pressing first', () => {
    expect(orderDisplayStatus({ ...placed, state: 'cart', checkoutState: 'addressed', paymentState: 'cart', shippingState: 'cart' })).toBe(
      'draft',
    );
    expect(orderDisplayStatus(placed)).toBe('processing');
    expect(orderDisplayStatus({ ...placed, paymentState: 'awaiting_payment' })).toBe('awaiting_payment');
    expect(orderDisplayStatus({ ...placed, paymentState: 'awaiting_payment', paymentFailed: true })).toBe('payment_failed');
    expect(orderDisplayStatus({ ...placed, paymentState: 'authorized' })).toBe('authorized');
    expect(orderDisplayStatus({ ...placed, shippingState: 'shipped' })).toBe('shipped');
    expect(orderDisplayStatus({ ...placed, state: 'fulfilled', shippingState: 'shipped' })).toBe('shipped');
    expect(orderDisplayStatus({ ...placed, shippingState: 'shipped', paymentState: 'refunded' })).toBe('refunded');
    expect(orderDisplayStatus({ ...placed, paymentState: 'partially_refunded' })).toBe('partially_refunded');
    expect(orderDisplayStatus({ ...placed, state: 'cancelled', paymentState: 'cancelled', shippingState: 'cancelled' })).toBe('cancelled');
  });
});
