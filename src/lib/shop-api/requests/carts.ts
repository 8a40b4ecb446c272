/** Requests on carts (orders in the cart state): creating one, its customer, its items and its coupon. */
import { z } from 'zod';
import { CART_QUANTITY, DELIVERY_FREQUENCIES } from '../../constants.ts';
import { because, channelCode, localeCode, reference } from './fields.ts';

/** A cart line holds 1 to 99 units (the islands' fields share the limit). */
export const QUANTITY = CART_QUANTITY;
const quantity = z.int().refine((q) => q >= QUANTITY.min && q <= QUANTITY.max, because('invalid', 'OUT_OF_RANGE', QUANTITY));
/** 0 is a one-off purchase; anything else must be one of the delivery frequencies. */
const subscriptionInterval = z
  .int()
  .refine((days) => days === 0 || DELIVERY_FREQUENCIES.some((f) => f.days === days), because('invalid', 'INTERVAL_NOT_OFFERED'));

/** POST /shop/orders: a new cart, in the page's locale and channel. */
export const createCartRequest = z.object({ localeCode: localeCode.optional(), channelCode: channelCode.optional() });
/** PUT /shop/orders/{token}: the cart goes to the logged-in customer. */
export const assignCustomerRequest = z.object({ customer: reference });
/** PATCH /shop/orders/{token}/items: a variant (its IRI), how many, how often. */
export const addItemRequest = z.object({
  productVariant: reference,
  quantity: quantity.default(1),
  /** Days between deliveries, 0 for a one-off purchase. */
  subscriptionInterval: subscriptionInterval.default(0),
  /** The list the shopper added from (analytics), null when unknown. */
  sourceItemList: z
    .string()
    .trim()
    .max(255)
    .nullish()
    .transform((s) => s || null),
  upsell: z.boolean().default(false),
});
/** PATCH /shop/orders/{token}/items/{id}: the quantity and the interval, or either. */
export const updateItemRequest = z.object({ quantity: quantity.optional(), subscriptionInterval: subscriptionInterval.optional() });
/** PATCH /shop/orders/{token}/apply-coupon. */
export const COUPON_CODE_MAX_LENGTH = 64;
export const applyCouponRequest = z.object({ couponCode: z.string().trim().min(1).max(COUPON_CODE_MAX_LENGTH) });
