/**
 * Carts (orders in the cart state, /shop/orders/{token}): the calls that create one, give it its customer,
 * and change its items and its coupon. The answer is the order (./orders.ts); the requests' rules are in
 * requests/carts.ts.
 */
import '../zod/jitless.ts';
import { z } from 'zod/mini';
import type { HttpClient } from './http.ts';
import { iri, SHOP_API_PREFIX, tokenSegment } from './iri.ts';
import { order } from './orders.ts';
import type { addItemRequest, updateItemRequest } from './requests/carts.ts';

// The calls' argument types are the request schemas' inputs: a field added there is one edit.
/** `productVariant` may be a variant code (8 digits) or an IRI; the client always says how many and how often. */
export type AddItemInput = z.input<typeof addItemRequest> & Pick<z.output<typeof addItemRequest>, 'quantity' | 'subscriptionInterval'>;
/** The interval always, the quantity when it changes. */
export type ChangeItemInput = z.input<typeof updateItemRequest> & { subscriptionInterval: number };

/** A variant IRI from an IRI or a variant code (8 digits). */
const variantIri = (codeOrIri: string): string => (codeOrIri.startsWith('/') ? codeOrIri : iri.variant(codeOrIri));

export function createCartsClient(http: HttpClient) {
  const items = (token: string) => `${iri.order(token)}/items`;
  return {
    /** POST /shop/orders: a new cart (anonymous carts need no token). */
    createCart: () =>
      http.post(`${SHOP_API_PREFIX}/orders`, { body: { localeCode: http.locale, channelCode: http.channelCode }, schema: order }),
    getCart: (token: string) => http.get(iri.order(tokenSegment(token)), { schema: order }),
    deleteCart: (token: string) => http.delete(iri.order(tokenSegment(token))),
    /** PUT /shop/orders/{token} with the customer IRI. */
    assignCustomer: (token: string, customerIri: string) =>
      http.put(iri.order(tokenSegment(token)), { body: { customer: customerIri }, schema: order }),
    addItem: (token: string, item: AddItemInput) =>
      http.patch(items(tokenSegment(token)), {
        body: {
          productVariant: variantIri(item.productVariant),
          quantity: item.quantity,
          subscriptionInterval: item.subscriptionInterval,
          sourceItemList: item.sourceItemList ?? null,
          upsell: item.upsell ?? false,
        },
        schema: order,
      }),
    /** Quantity and interval, or the interval only. */
    changeItem: (token: string, itemId: number, change: ChangeItemInput) =>
      http.patch(iri.orderItem(tokenSegment(token), itemId), {
        body:
          change.quantity === undefined
            ? { subscriptionInterval: change.subscriptionInterval }
            : { quantity: change.quantity, subscriptionInterval: change.subscriptionInterval },
        schema: order,
      }),
    /** DELETE an item; the updated cart when the server sends it back. */
    removeItem: (token: string, itemId: number) => http.delete(iri.orderItem(tokenSegment(token), itemId), { schema: z.optional(order) }),
    applyCoupon: (token: string, couponCode: string) =>
      http.patch(`${iri.order(tokenSegment(token))}/apply-coupon`, { body: { couponCode }, schema: order }),
    removeCoupon: (token: string, couponCode: string) =>
      http.delete(`${iri.order(tokenSegment(token))}/coupon/${encodeURIComponent(couponCode)}`, { schema: z.optional(order) }),
  };
}
