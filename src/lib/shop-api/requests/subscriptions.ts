/**
 * Requests on a customer's subscriptions (/shop/subscriptions/{code}/…): the shopper's changes, each
 * saying whether it is for the next order only or for all drafts, the draft's upsells and coupon, ship now,
 * the cancellation request and a message to customer service.
 */
import '../../zod/jitless.ts';
import { z } from 'zod/mini';
import { CART_QUANTITY, DELIVERY_FREQUENCIES } from '../../constants.ts';
import { ABORT_MESSAGE, abortReasons } from '../../subscriptions/abort.ts';
import { changeScopes } from '../../subscriptions/changes.ts';
import { addressRequest } from './addresses.ts';
import { selectShippingRequest } from './checkout.ts';
import { because, plainText, reference } from './fields.ts';

/** The shopper's choice: the next order only, or every draft. */
const scope = z.enum(changeScopes);

/** PATCH …/frequency: one of the ten delivery frequencies, in days. */
export const frequencyRequest = z.object({
  frequency: z
    .int()
    .check(z.refine((days) => DELIVERY_FREQUENCIES.some((f) => f.days === days), because('invalid', 'INTERVAL_NOT_OFFERED'))),
  scope,
});

/** PATCH …/shipping-address: the address the parcels go to. */
export const shippingAddressRequest = z.object({ shippingAddress: addressRequest, scope });

/** PATCH …/shipping-method: the carrier, and for a relay-point carrier the point (the relay search finds it). */
export const shippingMethodRequest = z.extend(selectShippingRequest, { scope });

/** PATCH …/payment-card: a new card, as the card form's single-use token; it becomes the card charged from now on. */
export const paymentCardRequest = z.object({ cardToken: z.string().check(z.trim(), z.minLength(1), z.maxLength(255)) });

/** POST …/upsells: a product added to the next shipment only, at its one-off price. */
export const upsellRequest = z.object({
  productVariant: reference,
  quantity: z._default(
    z.int().check(z.refine((q) => q >= CART_QUANTITY.min && q <= CART_QUANTITY.max, because('invalid', 'OUT_OF_RANGE', CART_QUANTITY))),
    1,
  ),
});

/** A text the shopper writes: at least 2 characters, no % (the generic text rule). */
const text = (max: number) =>
  plainText(z.string().check(z.trim(), z.minLength(ABORT_MESSAGE.min), z.maxLength(max))).check(
    z.refine((t) => !t.includes('%'), because('forbidden_characters', 'INVALID_CHARACTERS')),
  );

/** POST …/abort-requests: "Demander la résiliation": a reason of the list and a precision, both required. */
export const abortRequest = z.object({ reason: z.enum(abortReasons), message: text(ABORT_MESSAGE.max) });

/** POST …/contact: a message about the subscription for customer service. */
export const contactRequest = z.object({ message: text(2000) });
