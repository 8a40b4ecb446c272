/**
 * The analytics items and events of the checkout (`begin_checkout`, `purchase`), in the data layer's
 * ecommerce shape: one item per order line with the fields the shop's analytics read (item_id,
 * item_name, item_variant, categories, rating, notices, subscribed, price, quantity, discount, brand and
 * the list the product was added from, "Other" when none). Amounts in euros, as the data layer wants them.
 */
import type { Order, OrderItem } from '../shop-api/orders.ts';
import { shopperClasses, type Shopper } from '../marketing/analytics.ts';
import { analyticsAllowed, pushEvent, storedShopper } from './data-layer.ts';

/** The list name when a line did not come from a list (a product page, a cart link). */
export const DEFAULT_LIST_NAME = 'Other';
/** The shop's own brand: every product it sells is its own. */
export const BRAND = 'Maison Gamelle';

export interface AnalyticsItem {
  item_id: string;
  item_name: string;
  item_variant: string;
  item_category?: string;
  item_category2?: string;
  item_rating?: number;
  item_notices?: number;
  /** Bought as a subscription (delivered every N days). */
  item_subscribed: boolean;
  /** One unit as paid, in euros. */
  price: number;
  quantity: number;
  /** What one unit saves against the one-off price, in euros. */
  discount: number;
  item_brand: string;
  item_list_id: string;
  item_list_name: string;
}

/** What the catalogue knows of a variant and the order does not (its categories, reviews). */
export interface ItemDetails {
  category?: string;
  category2?: string;
  rating?: number;
  notices?: number;
}

const euros = (minor: number): number => Math.round(minor) / 100;

export function analyticsItem(item: OrderItem, details: ItemDetails = {}): AnalyticsItem {
  const list = item.sourceItemList?.trim() || null;
  return {
    item_id: item.variantCode,
    item_name: item.productName,
    item_variant: item.variantName,
    ...(details.category ? { item_category: details.category } : {}),
    ...(details.category2 ? { item_category2: details.category2 } : {}),
    ...(details.rating !== undefined ? { item_rating: details.rating } : {}),
    ...(details.notices !== undefined ? { item_notices: details.notices } : {}),
    item_subscribed: item.subscriptionInterval > 0,
    price: euros(item.unitPrice),
    quantity: item.quantity,
    discount: euros(Math.max(0, item.originalUnitPrice - item.unitPrice)),
    item_brand: BRAND,
    item_list_id: list ?? DEFAULT_LIST_NAME.toLowerCase(),
    item_list_name: list ?? DEFAULT_LIST_NAME,
  };
}

type Details = (variantCode: string) => ItemDetails | undefined;

export interface CheckoutEvent {
  event: 'begin_checkout' | 'purchase';
  ecommerce: {
    currency: 'EUR';
    value: number;
    coupon?: string;
    items: AnalyticsItem[];
    transaction_id?: string;
    tax?: number;
    shipping?: number;
  };
}

const itemsOf = (order: Order, details: Details) => order.items.map((item) => analyticsItem(item, details(item.variantCode)));

/** The shopper opened the funnel with this cart. */
export function beginCheckout(order: Order, details: Details = () => undefined): CheckoutEvent {
  return {
    event: 'begin_checkout',
    ecommerce: {
      currency: 'EUR',
      value: euros(order.total),
      ...(order.couponCode ? { coupon: order.couponCode } : {}),
      items: itemsOf(order, details),
    },
  };
}

/** The order was placed (its number is the transaction). */
export function purchase(order: Order, details: Details = () => undefined): CheckoutEvent {
  return {
    event: 'purchase',
    ecommerce: {
      currency: 'EUR',
      transaction_id: order.number ?? order.tokenValue,
      value: euros(order.total),
      tax: euros(order.taxTotal),
      shipping: euros(order.shippingTotal),
      ...(order.couponCode ? { coupon: order.couponCode } : {}),
      items: itemsOf(order, details),
    },
  };
}

/**
 * Pushes an event to the data layer, only with consent (the previous ecommerce object cleared first, as the
 * tag manager asks), with the shopper's classes as every page event carries them (events.ts).
 */
export function pushCheckoutEvent(
  layer: unknown[] | undefined,
  event: CheckoutEvent,
  consent: () => boolean = analyticsAllowed,
  shopper: () => Shopper = storedShopper,
): boolean {
  if (!layer || !consent()) return false;
  pushEvent(layer, { ...event, ...shopperClasses(shopper()) });
  return true;
}
