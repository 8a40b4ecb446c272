import { describe, expect, it } from 'vitest';
import { alertsOf, cardAlert } from '../../../../src/lib/subscriptions/alerts.ts';
import { subscriptionDisplayStatus } from '../../../../src/lib/subscriptions/status.ts';

const now = new Date('2031-03-14T10:00:00Z');
const none = {
  cardExpiry: '2033-12-31',
  unavailableProducts: 0,
  relayPointUnavailable: false,
  carrierInvalid: false,
  couponIneligible: false,
};

describe('alerts', () => {
  it('a card expired, or expiring at the end of this month', () => {
    expect(cardAlert('2031-02-28', now)).toBe('card_expired');
    expect(cardAlert('2031-03-31', now)).toBe('card_expiring');
    expect(cardAlert('2031-04-30', now)).toBeNull();
    expect(cardAlert(null, now)).toBeNull();
  });

  it('each alert with its display status and group, errors first', () => {
    const alerts = alertsOf(
      { cardExpiry: '2031-03-31', unavailableProducts: 1, relayPointUnavailable: true, carrierInvalid: true, couponIneligible: true },
      now,
    );
    expect(alerts.map((a) => [a.kind, a.status, a.group])).toEqual([
      ['product_unavailable', 'product_unavailable', 'error'],
      ['relay_point_unavailable', 'pickuppoint_unavailable', 'error'],
      ['carrier_invalid', 'error', 'error'],
      ['coupon_ineligible', 'invalid_promotion', 'error'],
      ['card_expiring', 'awaiting_payment', 'warning'],
    ]);
    expect(alertsOf({ ...none, cardExpiry: '2030-01-31' }, now).map((a) => [a.status, a.group])).toEqual([['payment_failure', 'error']]);
    expect(alertsOf(none, now)).toEqual([]);
  });

  it('the display status: a recorded failure, else the most pressing alert, else in progress', () => {
    expect(subscriptionDisplayStatus('active', [])).toBe('active');
    expect(subscriptionDisplayStatus('active', alertsOf({ ...none, cardExpiry: '2031-03-31' }, now))).toBe('awaiting_payment');
    expect(subscriptionDisplayStatus('active', alertsOf({ ...none, cardExpiry: '2031-03-31', relayPointUnavailable: true }, now))).toBe(
      'pickuppoint_unavailable',
    );
    expect(subscriptionDisplayStatus('payment_failure', [])).toBe('payment_failure');
    expect(subscriptionDisplayStatus('stopped', [])).toBe('stopped');
  });
});
