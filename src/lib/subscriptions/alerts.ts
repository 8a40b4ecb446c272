/**
 * What a subscription warns its shopper about before the next shipment, each with the display status and
 * group the account shows (lib/orders/display-status.ts): a card expired or expiring at the end of this
 * month, a product no longer available, a relay point no longer available, a carrier no longer valid, a
 * coupon no longer eligible. Computed from facts the caller gathers, with now given.
 */
import { type DisplayGroup, type DisplayStatus, displayGroupOf } from '../orders/display-status.ts';

const alertKinds = [
  'card_expired',
  'card_expiring',
  'product_unavailable',
  'relay_point_unavailable',
  'carrier_invalid',
  'coupon_ineligible',
] as const;
export type AlertKind = (typeof alertKinds)[number];

/**
 * An expired card cannot be charged: a payment failure to come. A card expiring at the end of the month
 * still pays today, so it only waits on the shopper (warning). The others stop the next shipment.
 */
const STATUS_OF: Record<AlertKind, DisplayStatus> = {
  card_expired: 'payment_failure',
  card_expiring: 'awaiting_payment',
  product_unavailable: 'product_unavailable',
  relay_point_unavailable: 'pickuppoint_unavailable',
  carrier_invalid: 'error',
  coupon_ineligible: 'invalid_promotion',
};

export interface Alert {
  kind: AlertKind;
  status: DisplayStatus;
  group: DisplayGroup;
}

const alertOf = (kind: AlertKind): Alert => ({ kind, status: STATUS_OF[kind], group: displayGroupOf(STATUS_OF[kind]) });

/**
 * The card's state: the provider gives its expiry as the last day of its month (YYYY-MM-DD); a card is
 * expired once that day is past, and expiring when that day falls in the current month.
 */
export function cardAlert(expiry: string | null, now: Date): AlertKind | null {
  if (!expiry || !/^\d{4}-\d{2}-\d{2}$/.test(expiry)) return null;
  const today = now.toISOString().slice(0, 10);
  if (expiry < today) return 'card_expired';
  return expiry.slice(0, 7) === today.slice(0, 7) ? 'card_expiring' : null;
}

export interface AlertFacts {
  cardExpiry: string | null;
  /** Lines of the next draft whose variant is hidden, gone or out of stock. */
  unavailableProducts: number;
  /** The relay point of the subscription exists no more or is closed (false without a relay point). */
  relayPointUnavailable: boolean;
  /** The carrier is no longer offered for the shipping country. */
  carrierInvalid: boolean;
  /** The draft's coupon gives nothing now. */
  couponIneligible: boolean;
}

/** The alerts of a subscription, the most pressing first (errors before warnings). */
export function alertsOf(facts: AlertFacts, now: Date): Alert[] {
  const kinds: AlertKind[] = [];
  const card = cardAlert(facts.cardExpiry, now);
  if (card === 'card_expired') kinds.push(card);
  if (facts.unavailableProducts > 0) kinds.push('product_unavailable');
  if (facts.relayPointUnavailable) kinds.push('relay_point_unavailable');
  if (facts.carrierInvalid) kinds.push('carrier_invalid');
  if (facts.couponIneligible) kinds.push('coupon_ineligible');
  if (card === 'card_expiring') kinds.push(card);
  return kinds.map(alertOf);
}
