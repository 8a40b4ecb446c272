/**
 * Orders (/shop/orders): the order as the shop API answers it, a cart as much as a placed order (the carts',
 * the checkout's and the subscriptions' calls answer it too; amounts are integers in minor units), and the
 * account's calls: a page of the signed-in customer's placed orders, and one order by its token (the page's
 * query is in requests/orders.ts).
 */
import '../zod/jitless.ts';
import { z } from 'zod/mini';
import { checkoutStates } from '../orders/checkout.ts';
import { displayGroups, displayStatuses } from '../orders/display-status.ts';
import { orderStates } from '../orders/order.ts';
import { orderPaymentStates, paymentStates } from '../orders/payment.ts';
import { shippingStates } from '../orders/shipping.ts';
import { violation } from './errors.ts';
import { collection, type HttpClient } from './http.ts';
import { iri, SHOP_API_PREFIX, tokenSegment } from './iri.ts';

// The states and their transitions live in lib/orders (one module per state machine).

const orderItem = z.object({
  '@id': z.string(),
  '@type': z.literal('OrderItem'),
  id: z.int(),
  variant: z.string(),
  variantCode: z.string(),
  productName: z.string(),
  variantName: z.string(),
  quantity: z.int().check(z.positive()),
  /** Price of one unit after the subscription discount; originalUnitPrice is the one-off price. */
  unitPrice: z.int(),
  originalUnitPrice: z.int(),
  total: z.int(),
  /** Days between deliveries (one of the 10 frequencies), 0 for a one-off purchase. */
  subscriptionInterval: z.int(),
  sourceItemList: z.nullable(z.string()),
  upsell: z.boolean(),
  /**
   * What the shopper sees of the product, in the request's language (`locale`): the names above, the
   * path of its page (its format's page; null once it is no longer listed) and its pack shot.
   */
  productPath: z.nullable(z.string()),
  image: z.nullable(z.object({ url: z.string(), alternativeText: z.string() })),
  /** The species the product is for (the cart's upsells follow it); null once it left the catalogue. */
  animal: z.nullable(z.enum(['dog', 'cat'])),
  /** A free sample: bought once, never by subscription. */
  sample: z.boolean(),
});
export type OrderItem = z.infer<typeof orderItem>;

const appliedPromotion = z.object({ code: z.string(), label: z.string(), amount: z.int() });

/**
 * The cart's discount code as the totals stand now: applied with its reduction, or kept on the cart but not
 * applicable, with the reason (a violation of `couponCode`, in the request's language) and the items
 * total from which it applies. Recomputed on every answer, so it always matches the accounting lines.
 */
const couponState = z.object({
  code: z.string(),
  applicable: z.boolean(),
  /** The reduction it gives now (negative, as orderPromotionTotal), 0 when not applicable. */
  amount: z.int(),
  /** The items total from which it applies (0 for none). */
  minimumItemsTotal: z.int(),
  refusal: z.nullable(violation),
});
export type CouponState = z.infer<typeof couponState>;

/** An address as the order keeps it: a copy made at the address step (later edits of the book do not change it). */
export const orderAddress = z.object({
  firstName: z.string(),
  lastName: z.string(),
  company: z.nullable(z.string()),
  street: z.string(),
  street2: z.nullable(z.string()),
  city: z.string(),
  postcode: z.string(),
  countryCode: z.string(),
  provinceCode: z.nullable(z.string()),
  provinceName: z.nullable(z.string()),
  phoneNumber: z.string(),
  phoneNumber2: z.nullable(z.string()),
  deliveryInstructions: z.nullable(z.string()),
});
export type OrderAddress = z.infer<typeof orderAddress>;

/** A relay point as the shipment keeps it; hours per weekday (monday…sunday), at most two ranges a day. */
export const relayPoint = z.object({
  id: z.string(),
  name: z.string(),
  street: z.string(),
  postcode: z.string(),
  city: z.string(),
  countryCode: z.string(),
  openingHours: z.record(z.string(), z.array(z.tuple([z.string(), z.string()]))),
});
export type RelayPoint = z.infer<typeof relayPoint>;

const shipment = z.object({
  '@id': z.string(),
  '@type': z.literal('Shipment'),
  id: z.int(),
  state: z.enum(shippingStates),
  /** The shipping method's IRI, null until one is chosen. */
  method: z.nullable(z.string()),
  carrier: z.nullable(z.string()),
  relayPoint: z.nullable(relayPoint),
  trackingNumber: z.nullable(z.string()),
  shippedAt: z.nullable(z.string()),
});
export type Shipment = z.infer<typeof shipment>;

/** What is kept of a card: never its number. */
const paymentCard = z.object({ brand: z.string(), last4: z.string(), expiry: z.nullable(z.string()) });

const payment = z.object({
  '@id': z.string(),
  '@type': z.literal('Payment'),
  id: z.int(),
  state: z.enum(paymentStates),
  /** The payment method's IRI, null until one is chosen. */
  method: z.nullable(z.string()),
  amount: z.int(),
  currencyCode: z.literal('EUR'),
  card: z.nullable(paymentCard),
});
export type Payment = z.infer<typeof payment>;

/** What the account shows of an order or a subscription (the display status of lib/orders/display-status.ts). */
export const displayStatus = z.object({ code: z.enum(displayStatuses), group: z.enum(displayGroups), label: z.string() });

export const order = z.object({
  '@context': z.optional(z.string()),
  '@id': z.string(),
  '@type': z.literal('Order'),
  tokenValue: z.string(),
  state: z.enum(orderStates),
  checkoutState: z.enum(checkoutStates),
  paymentState: z.enum(orderPaymentStates),
  shippingState: z.enum(shippingStates),
  currencyCode: z.literal('EUR'),
  localeCode: z.string(),
  channelCode: z.string(),
  customer: z.nullable(z.string()),
  items: z.array(orderItem),
  freeProducts: z.array(orderItem),
  couponCode: z.nullable(z.string()),
  /** The state of `couponCode` (null when there is none). */
  coupon: z.nullable(couponState),
  promotions: z.array(appliedPromotion),
  /**
   * Accounting lines, integers in minor units (cents): items total, promotion reduction (negative),
   * shipping and service fees, taxes, total.
   */
  itemsTotal: z.int(),
  orderPromotionTotal: z.int(),
  shippingTotal: z.int(),
  serviceFeesTotal: z.int(),
  taxTotal: z.int(),
  total: z.int(),
  totalExcludingTax: z.int(),
  /** Free shipping from this items total (after promotions), with what is still missing. */
  freeShippingThreshold: z.int(),
  amountToFreeShipping: z.int(),
  /** The readable reference (000001001), once the checkout completed; null for a cart. */
  number: z.nullable(z.string()),
  /** When the order was placed (ISO 8601), null for a cart. */
  checkoutCompletedAt: z.nullable(z.string()),
  notes: z.nullable(z.string()),
  billingAddress: z.nullable(orderAddress),
  shippingAddress: z.nullable(orderAddress),
  /** Created at the address step: empty before. */
  shipments: z.array(shipment),
  /** The open payment last; failed ones stay listed. */
  payments: z.array(payment),
  /** What the account shows (the display status of lib/orders/display-status.ts). */
  status: displayStatus,
});
export type Order = z.infer<typeof order>;

/** The orders of the account: GET /shop/orders (a page of placed orders, newest first) and one order by its token. */
export function createOrdersClient(http: HttpClient) {
  return {
    /** One page of the signed-in customer's placed orders, with how many there are in all. */
    listOrders: async (page: number, itemsPerPage: number) => {
      const answer = await http.get(`${SHOP_API_PREFIX}/orders`, { query: { page, itemsPerPage }, schema: collection(order) });
      return { orders: answer['hydra:member'], total: answer['hydra:totalItems'] };
    },
    getOrder: (token: string) => http.get(iri.order(tokenSegment(token)), { schema: order }),
  };
}
