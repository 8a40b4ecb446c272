/**
 * Requests of the checkout (Sylius's shop API): the addresses, the carrier of the shipment (with the relay
 * point, our extension), the payment method, then completion with the shopper's notes and the terms of
 * sale, which must be accepted to validate an order (our extension: Sylius has no such field).
 */
import '../../zod/jitless.ts';
import { z } from 'zod/mini';
import { addressRequest } from './addresses.ts';
import { because, hasInvisibleCharacters, reference } from './fields.ts';
import { normaliseText } from './normalise.ts';

/**
 * PATCH /shop/orders/{token}/address: the billing address, and the shipping address when it differs
 * (Sylius ships to the billing address when none is given). The address book's rules apply; `alias` and
 * `isDefault` mean nothing on an order and are ignored. Whether the channel delivers the shipping
 * country is the platform's question.
 */
export const checkoutAddressRequest = z.object({
  billingAddress: addressRequest,
  shippingAddress: z.nullish(addressRequest),
});

/** The carrier's six-character point id. */
const RELAY_POINT_ID = /^[0-9A-Z]{6}$/;

/** PATCH /shop/orders/{token}/shipments/{id}: the shipping method's IRI (or code) and, for a relay-point method, the point. */
export const selectShippingRequest = z.object({
  shippingMethod: reference,
  relayPoint: z.pipe(
    z.nullish(z.string().check(z.trim(), z.toUpperCase(), z.regex(RELAY_POINT_ID, because('invalid', 'INVALID_CHOICE')))),
    z.transform((id) => id ?? null),
  ),
});

/** PATCH /shop/orders/{token}/payments/{id}: the payment method's IRI (or code). */
export const selectPaymentRequest = z.object({ paymentMethod: reference });

/** Longest note a shopper may leave with an order. */
const ORDER_NOTES_MAX = 1000;

/** PATCH /shop/orders/{token}/complete. */
export const completeRequest = z.object({
  /** Several lines: line breaks are kept, nothing invisible. */
  notes: z.pipe(
    z.nullish(
      z.string().check(
        z.overwrite((text) => normaliseText(text, { multiline: true })),
        z.maxLength(ORDER_NOTES_MAX),
        z.refine((text) => !hasInvisibleCharacters(text), because('invisible_characters', 'INVISIBLE_CHARACTERS')),
      ),
    ),
    z.transform((text) => text || null),
  ),
  /** Anything but `true` (absent included) is a refusal with the terms' own message. */
  termsAccepted: z.pipe(
    z.unknown().check(z.refine((value) => value === true, because('must_accept', 'SALE_TERMS_NOT_ACCEPTED'))),
    z.transform(() => true as const),
  ),
});

/**
 * POST /shop/payment-requests (Sylius 2): act on a payment of a placed order. `capture` takes the money:
 * a card payment carries the card form's single-use token; hosted pages (PayPal, Bancontact, 3-D Secure)
 * send the shopper back to `redirectUrl`.
 */
export const paymentRequestRequest = z.object({
  paymentId: z.int().check(z.gte(1), z.lte(2_147_483_647)),
  paymentMethodCode: z.string().check(z.trim(), z.minLength(1), z.maxLength(64)),
  action: z._default(z.literal('capture'), 'capture'),
  payload: z.object({
    cardToken: z.nullish(z.string().check(z.trim(), z.minLength(1), z.maxLength(128))),
    redirectUrl: z.url({ protocol: /^https?$/ }).check(z.maxLength(2000)),
  }),
});
