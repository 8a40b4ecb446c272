/** A subscription as the API answers it: its settings, its next shipment and lock, its card, its alerts and status, its draft. */
import type { Queryable } from '../../db/database.ts';
import { languageOf, type LocaleCode } from '../../../lib/channels.ts';
import { iri, SHOP_API_PREFIX } from '../../../lib/shop-api/iri.ts';
import type { Subscription } from '../../../lib/shop-api/subscriptions.ts';
import { alertsOf } from '../../../lib/subscriptions/alerts.ts';
import { DELIVERY_FREQUENCIES } from '../../../lib/constants.ts';
import { editLimitInstant, rescheduled } from '../../../lib/subscriptions/schedule.ts';
import { displayOf, subscriptionDisplayStatus } from '../../../lib/subscriptions/status.ts';
import { orderJson } from '../orders/answer.ts';
import { priceOrder } from '../orders/pricing.ts';
import { readOrderWithLines } from '../orders/repository.ts';
import type { RelayPointLookup } from '../shipping/relay-points.ts';
import { draftLocked, draftProblems } from './drafts.ts';
import { openAbortRequestOf, type SubscriptionRow, subscriptionOrderOf } from './repository.ts';

export const subscriptionIri = (code: string) => `${SHOP_API_PREFIX}/subscriptions/${code}`;

/** `detail` adds the draft next order (the list leaves it out: one pricing per subscription is enough there). */
export async function subscriptionJson(
  q: Queryable,
  sub: SubscriptionRow,
  now: Date,
  { locale = sub.locale_code, detail = false, relayPoints }: { locale?: LocaleCode; detail?: boolean; relayPoints: RelayPointLookup },
): Promise<Subscription> {
  const lang = languageOf(locale);
  // Its lines' variants in the subscription's language: what the catalogue sells there says what is unavailable.
  const read = sub.draft_order_id ? await readOrderWithLines(q, sub.draft_order_id, languageOf(sub.locale_code)) : null;
  const draft = read?.order ?? null;
  const scheduled = draft ? await subscriptionOrderOf(q, draft.id) : null;
  const shipment = read?.shipment ?? null;
  const problems = read ? await draftProblems(q, read, sub, relayPoints) : null;
  const priced = draft ? await priceOrder(q, draft, now, locale) : null;
  const alerts =
    sub.state === 'stopped'
      ? []
      : alertsOf(
          {
            cardExpiry: sub.card_expiry,
            unavailableProducts: problems?.unavailableProducts ?? 0,
            relayPointUnavailable: problems?.relayPointUnavailable ?? false,
            carrierInvalid: problems?.carrierInvalid ?? false,
            couponIneligible: !!priced?.coupon && !priced.coupon.applicable,
          },
          now,
        );
  const status = subscriptionDisplayStatus(sub.state, alerts);
  const abort = await openAbortRequestOf(q, sub.id);
  const next = scheduled?.shipment_date ?? sub.next_shipment_date;
  const locked = draftLocked(sub, next, now);
  return {
    '@id': subscriptionIri(sub.code),
    '@type': 'Subscription',
    code: sub.code,
    state: sub.state,
    status: displayOf(status, lang),
    frequency: sub.frequency_days,
    nextShipmentDate: next,
    editLimitDate: editLimitInstant(next),
    locked,
    // A new frequency moves the draft (never closer than it can still be prepared); a locked draft keeps its day.
    frequencyChoices: DELIVERY_FREQUENCIES.map(({ days }) => ({
      days,
      nextShipmentDate: locked ? next : rescheduled(sub.last_shipment_date, days, now),
    })),
    card: sub.card_brand && sub.card_last4 ? { brand: sub.card_brand, last4: sub.card_last4, expiry: sub.card_expiry } : null,
    shippingMethod: iri.shippingMethod(shipment?.method_code ?? sub.shipping_method_code),
    carrier: shipment?.carrier ?? null,
    relayPoint: shipment ? shipment.relay_point : sub.relay_point,
    shippingAddress: draft?.shipping_address ?? sub.shipping_address,
    alerts: alerts.map((a) => ({ kind: a.kind, status: displayOf(a.status, lang) })),
    abortRequest: abort && { reason: abort.reason, message: abort.message, createdAt: abort.created_at },
    shipNow:
      scheduled?.ship_now_requested_at && scheduled.ship_now_deadline
        ? { requestedAt: scheduled.ship_now_requested_at, deadline: scheduled.ship_now_deadline }
        : null,
    createdAt: sub.created_at,
    startedByOrder: sub.started_by_order,
    nextOrder: detail && draft ? await orderJson(q, draft, now, locale) : null,
  };
}
