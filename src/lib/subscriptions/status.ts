/**
 * A subscription's own status and what the account shows of it. The subscription is active until the
 * scheduler meets a failure on a due draft (the card refused, a product withdrawn, the relay point closed,
 * the coupon gone), which it records as the status of SPEC's list, or until an operator stops it after a
 * cancellation request. Its display status is that status, else the most pressing alert, else "in progress".
 */
import { type DisplayStatus, displayGroupOf, displayLabelOf } from '../orders/display-status.ts';
import type { Language } from '../channels.ts';
import type { Alert } from './alerts.ts';

export const subscriptionStates = [
  'active',
  'paused',
  'stopped',
  'payment_failure',
  'product_unavailable',
  'pickuppoint_unavailable',
  'promotion_unavailable',
  'error',
] as const satisfies readonly DisplayStatus[];
export type SubscriptionState = (typeof subscriptionStates)[number];

/** A failure recorded by the scheduler: the next run tries again once the shopper fixed its cause. */
export const isFailure = (state: SubscriptionState): boolean => !['active', 'paused', 'stopped'].includes(state);

export function subscriptionDisplayStatus(state: SubscriptionState, alerts: readonly Alert[]): DisplayStatus {
  if (state !== 'active') return state;
  return alerts.find((a) => a.group === 'error')?.status ?? alerts[0]?.status ?? 'active';
}

export const displayOf = (status: DisplayStatus, lang: Language) => ({
  code: status,
  group: displayGroupOf(status),
  label: displayLabelOf(status, lang),
});
