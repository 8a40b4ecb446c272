/**
 * The checkout (Sylius's shop API checkout, then Sylius 2's payment requests): the addresses, the shipment's
 * carriers and relay points, the payment's methods, completion, and paying the placed order; the answers
 * and the calls. Kept apart from the cart's calls so that only the funnel's code carries them. The
 * requests' rules are in requests/checkout.ts.
 */
import '../zod/jitless.ts';
import { z } from 'zod/mini';
import { collection, type HttpClient } from './http.ts';
import { iri, SHOP_API_PREFIX, tokenSegment } from './iri.ts';
import { order, relayPoint } from './orders.ts';
import type { checkoutAddressRequest, completeRequest, selectShippingRequest } from './requests/checkout.ts';

/** GET /shop/orders/{token}/shipments/{id}/methods: what this order would pay with each carrier. */
export const shippingMethod = z.object({
  '@id': z.string(),
  '@type': z.literal('ShippingMethod'),
  code: z.string(),
  name: z.string(),
  description: z.string(),
  /** Relay-point methods need a point (France only). */
  kind: z.enum(['home', 'relay_point']),
  carrier: z.string(),
  /** The carrier's fee before the free-shipping rule, and what this order pays (0 from the threshold). */
  fee: z.int(),
  price: z.int(),
});
export type ShippingMethod = z.infer<typeof shippingMethod>;

/** GET /shop/orders/{token}/payments/{id}/methods. */
export const paymentMethod = z.object({
  '@id': z.string(),
  '@type': z.literal('PaymentMethod'),
  code: z.string(),
  name: z.string(),
  /** The order waits for the money and ships on payment (cheque, bank transfer, PayPal). */
  delayed: z.boolean(),
  /** What this method adds to the order (the service fees line). */
  serviceFee: z.int(),
  /** For delayed methods: what the shopper has to do. */
  instructions: z.nullable(z.string()),
});
export type PaymentMethod = z.infer<typeof paymentMethod>;

// The calls' argument types are the request schemas' inputs (requests/checkout.ts): a field added there is one edit.
export type CheckoutAddressInput = z.input<typeof checkoutAddressRequest>;
export type SelectShippingInput = z.input<typeof selectShippingRequest>;
export type CompleteInput = z.input<typeof completeRequest>;

/**
 * A relay point found near a postcode or a town (GET /shop/relay-points?countryCode=FR&postcode=…|city=…):
 * the carrier's point as the shipment keeps it, with where it is and whether it takes parcels now.
 */
const foundRelayPoint = z.extend(relayPoint, {
  '@type': z.optional(z.literal('RelayPoint')),
  latitude: z.number(),
  longitude: z.number(),
  active: z.boolean(),
  distanceMetres: z.nullable(z.number()),
});
export type FoundRelayPoint = z.infer<typeof foundRelayPoint>;

/**
 * Sylius 2's payment request (POST /shop/payment-requests, then GET /shop/payment-requests/{hash}): the
 * action asked of the provider and what it answered. `responseData` is the provider's outcome as the
 * shop reads it: paid, failed with the bank's message and code, or open with where to send the shopper
 * (PayPal's approval page, a 3-D Secure step) or the bank transfer's instructions.
 */
const paymentRequest = z.object({
  '@id': z.optional(z.string()),
  hash: z.string(),
  state: z.string(),
  action: z.string(),
  responseData: z.nullish(
    z.looseObject({
      status: z.enum(['open', 'pending', 'authorized', 'paid', 'failed', 'canceled', 'expired']),
      checkoutUrl: z.nullish(z.string()),
      failure: z.nullish(z.object({ reason: z.nullish(z.string()), code: z.nullish(z.string()), message: z.string() })),
      /** A bank transfer: where to send the money and the reference to give. */
      bankTransfer: z.nullish(z.object({ bankName: z.string(), iban: z.string(), bic: z.string(), reference: z.string() })),
    }),
  ),
});
export type PaymentRequest = z.infer<typeof paymentRequest>;
export interface PaymentRequestInput {
  paymentId: number;
  paymentMethodCode: string;
  /** capture: take the money now (a card token pays at once; PayPal answers with its approval page). */
  action?: 'capture';
  /** The card form's single-use token, and where the provider's hosted pages send the shopper back. */
  payload: { cardToken?: string; redirectUrl: string };
}

export function createCheckoutClient(http: HttpClient) {
  const orderPath = (token: string) => iri.order(tokenSegment(token));
  return {
    /** PATCH /shop/orders/{token}/address. */
    setAddresses: (token: string, body: CheckoutAddressInput) => http.patch(`${orderPath(token)}/address`, { body, schema: order }),
    /** GET /shop/orders/{token}/shipments/{id}/methods: the carriers for the shipping address, with what this order pays. */
    shippingMethods: async (token: string, shipmentId: number) =>
      (await http.get(`${orderPath(token)}/shipments/${shipmentId}/methods`, { schema: collection(shippingMethod) }))['hydra:member'],
    /** PATCH /shop/orders/{token}/shipments/{id}: the carrier (IRI or code) and, for a relay-point carrier, the point. */
    selectShipping: (token: string, shipmentId: number, body: SelectShippingInput) =>
      http.patch(`${orderPath(token)}/shipments/${shipmentId}`, { body, schema: order }),
    /** GET /shop/orders/{token}/payments/{id}/methods. */
    paymentMethods: async (token: string, paymentId: number) =>
      (await http.get(`${orderPath(token)}/payments/${paymentId}/methods`, { schema: collection(paymentMethod) }))['hydra:member'],
    /** PATCH /shop/orders/{token}/payments/{id}. */
    selectPayment: (token: string, paymentId: number, paymentMethod: string) =>
      http.patch(`${orderPath(token)}/payments/${paymentId}`, { body: { paymentMethod }, schema: order }),
    /** PATCH /shop/orders/{token}/complete: the notes, and the terms of sale accepted. */
    complete: (token: string, body: CompleteInput) => http.patch(`${orderPath(token)}/complete`, { body, schema: order }),
    /** GET /shop/relay-points: open and closed points near a French postcode or town, nearest first. */
    relayPoints: async (search: { postcode?: string; city?: string }) =>
      (
        await http.get(`${SHOP_API_PREFIX}/relay-points`, {
          query: { countryCode: 'FR', postcode: search.postcode || undefined, city: search.city || undefined },
          schema: collection(foundRelayPoint),
        })
      )['hydra:member'],
    /** POST /shop/payment-requests. */
    requestPayment: (input: PaymentRequestInput) =>
      http.post(`${SHOP_API_PREFIX}/payment-requests`, { body: { action: 'capture', ...input }, schema: paymentRequest }),
    /** GET /shop/payment-requests/{hash}: its outcome once the provider answered (after a hosted page). */
    getPaymentRequest: (hash: string) =>
      http.get(`${SHOP_API_PREFIX}/payment-requests/${encodeURIComponent(hash)}`, { schema: paymentRequest }),
  };
}
export type CheckoutClient = ReturnType<typeof createCheckoutClient>;
