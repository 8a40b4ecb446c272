/** Requests on carts (orders in the cart state): creating one, its customer, its items and its coupon. */
import '../../zod/jitless.ts';
import { z } from 'zod/mini';
import { CART_QUANTITY, DELIVERY_FREQUENCIES } from '../../constants.ts';
import { because, channelCode, localeCode, reference } from './fields.ts';

/** A cart line holds 1 to 99 units (the islands' fields share the limit). */
export const QUANTITY = CART_QUANTITY;
const quantity = z.int().check(z.refine((q) => q >= QUANTITY.min && q <= QUANTITY.max, because('invalid', 'OUT_OF_RANGE', QUANTITY)));
/** 0 is a one-off purchase; anything else must be one of the delivery frequencies. */
const subscriptionInterval = z
  .int()
  .check(z.refine((days) => days === 0 || DELIVERY_FREQUENCIES.some((f) => f.days === days), because('invalid', 'INTERVAL_NOT_OFFERED')));

/** POST /shop/orders: a new cart, in the page's locale and channel. */
export const createCartRequest = z.object({ localeCode: z.optional(localeCode), channelCode: z.optional(channelCode) });
/** PUT /shop/orders/{token}: the cart goes to the logged-in customer. */
export const assignCustomerRequest = z.object({ customer: reference });
/** PATCH /shop/orders/{token}/items: a variant (its IRI), how many, how often. */
export const addItemRequest = z.object({
  productVariant: reference,
  quantity: z._default(quantity, 1),
  /** Days between deliveries, 0 for a one-off purchase. */
  subscriptionInterval: z._default(subscriptionInterval, 0),
  /** The list the shopper added from (analytics), null when unknown. */
  sourceItemList: z.pipe(
    z.nullish(z.string().check(z.trim(), z.maxLength(255))),
    z.transform((s) => s || null),
  ),
  upsell: z._default(z.boolean(), false),
});
/** PATCH /shop/orders/{token}/items/{id}: the quantity and the interval, or either. */
export const updateItemRequest = z.object({ quantity: z.optional(quantity), subscriptionInterval: z.optional(subscriptionInterval) });
/** PATCH /shop/orders/{token}/apply-coupon. */
export const COUPON_CODE_MAX_LENGTH = 64;
export const applyCouponRequest = z.object({ couponCode: z.string().check(z.trim(), z.minLength(1), z.maxLength(COUPON_CODE_MAX_LENGTH)) });
