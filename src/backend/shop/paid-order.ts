/**
 * What a paid order sets going besides its own payment's state and mail: orders/payments.ts applyOutcome runs
 * each in turn, in the transaction that records the payment, so a crash leaves all of them or none. Listed
 * here, above the resources, so that the order's module knows none of them: the checkout's webhook, the
 * platform's reconciliation at start and the scheduler's charges all pass this list.
 */
import type { PaidOrderEffect } from './orders/payments.ts';
import { rewardSponsor } from './sponsorships/service.ts';
import { startSubscriptions } from './subscriptions/creation.ts';

export const PAID_ORDER_EFFECTS: readonly PaidOrderEffect[] = [
  // A card payment leaves a mandate: the order's subscription items start their subscriptions, each mailed its terms.
  (tx, order, paid, { now, env }) => startSubscriptions(tx, order, paid, { now, env }),
  // A friend's first order paid: their sponsor's reward (lib/shop-api/sponsorships.ts).
  (tx, order, _paid, options) => rewardSponsor(tx, order, options),
];
