/**
 * A customer's subscriptions (/shop/subscriptions…): the subscription as the API answers it, and the calls
 * of the subscription screens, each change answering the subscription as it is now, with its draft next
 * order. The requests' rules are in requests/subscriptions.ts.
 */
import '../zod/jitless.ts';
import { z } from 'zod/mini';
import { collection, type HttpClient } from './http.ts';
import { SHOP_API_PREFIX, tokenSegment } from './iri.ts';
import { displayStatus, order, orderAddress, relayPoint } from './orders.ts';
import type {
  abortRequest,
  frequencyRequest,
  shippingAddressRequest,
  shippingMethodRequest,
  upsellRequest,
} from './requests/subscriptions.ts';

/**
 * A customer's subscription (GET /shop/subscriptions/{code}): its settings, its next shipment and the day its
 * draft locks, its card, its alerts and display status, a pending cancellation request; the detail adds the
 * draft next order, priced like a cart (`nextOrder`, null in the list).
 */
export const subscription = z.object({
  '@id': z.string(),
  '@type': z.literal('Subscription'),
  code: z.string(),
  /** The subscription's own state: active, paused, stopped, or the failure the scheduler last met. */
  state: z.string(),
  status: displayStatus,
  /** Days between deliveries: one of the ten frequencies. */
  frequency: z.int(),
  /** The day (YYYY-MM-DD) the next parcel leaves. */
  nextShipmentDate: z.string(),
  /** When the draft locks (ISO 8601): it can be edited until then. */
  editLimitDate: z.string(),
  /** The draft is being prepared ("draft in progress"): only changes for all drafts are taken, for the shipments after it. */
  locked: z.boolean(),
  /** What each of the ten frequencies means if chosen now: the day of the next shipment it gives. */
  frequencyChoices: z.array(z.object({ days: z.int(), nextShipmentDate: z.string() })),
  card: z.nullable(z.object({ brand: z.string(), last4: z.string(), expiry: z.nullable(z.string()) })),
  shippingMethod: z.string(),
  carrier: z.nullable(z.string()),
  relayPoint: z.nullable(relayPoint),
  shippingAddress: orderAddress,
  alerts: z.array(z.object({ kind: z.string(), status: displayStatus })),
  abortRequest: z.nullable(z.object({ reason: z.string(), message: z.string(), createdAt: z.string() })),
  /** "Ship now" asked: the parcel leaves and the card is debited by `deadline`. */
  shipNow: z.nullable(z.object({ requestedAt: z.string(), deadline: z.string() })),
  createdAt: z.string(),
  /** The token of the order whose payment started it (null once that order is gone): its confirmation page finds it by this. */
  startedByOrder: z.nullable(z.string()),
  nextOrder: z.nullable(order),
});
export type Subscription = z.infer<typeof subscription>;

/**
 * @public The account's subscriptions (/shop/subscriptions…), for the subscription screens: each change
 * answers the subscription as it is now, with its draft next order.
 */
export function createSubscriptionsClient(http: HttpClient) {
  const base = `${SHOP_API_PREFIX}/subscriptions`;
  const at = (code: string, rest = '') => `${base}/${encodeURIComponent(code)}${rest}`;
  return {
    list: async () => (await http.get(base, { schema: collection(subscription) }))['hydra:member'],
    get: (code: string) => http.get(at(code), { schema: subscription }),
    /** The orders of the subscription, newest first, and one of them. */
    history: async (code: string) => (await http.get(at(code, '/orders'), { schema: collection(order) }))['hydra:member'],
    historyOrder: (code: string, token: string) => http.get(at(code, `/orders/${tokenSegment(token)}`), { schema: order }),
    setFrequency: (code: string, body: z.input<typeof frequencyRequest>) =>
      http.patch(at(code, '/frequency'), { body, schema: subscription }),
    setShippingAddress: (code: string, body: z.input<typeof shippingAddressRequest>) =>
      http.patch(at(code, '/shipping-address'), { body, schema: subscription }),
    setShippingMethod: (code: string, body: z.input<typeof shippingMethodRequest>) =>
      http.patch(at(code, '/shipping-method'), { body, schema: subscription }),
    setPaymentCard: (code: string, cardToken: string) =>
      http.patch(at(code, '/payment-card'), { body: { cardToken }, schema: subscription }),
    addUpsell: (code: string, body: z.input<typeof upsellRequest>) => http.post(at(code, '/upsells'), { body, schema: subscription }),
    removeUpsell: (code: string, itemId: number) => http.delete(at(code, `/upsells/${itemId}`)),
    applyCoupon: (code: string, couponCode: string) =>
      http.patch(at(code, '/apply-coupon'), { body: { couponCode }, schema: subscription }),
    removeCoupon: (code: string, couponCode: string) => http.delete(at(code, `/coupon/${encodeURIComponent(couponCode)}`)),
    shipNow: (code: string) => http.post(at(code, '/ship-now'), { schema: subscription }),
    requestAbort: (code: string, body: z.input<typeof abortRequest>) =>
      http.post(at(code, '/abort-requests'), { body, schema: subscription }),
    contact: (code: string, message: string) => http.post(at(code, '/contact'), { body: { message } }),
  };
}
