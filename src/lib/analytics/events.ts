/**
 * The analytics events of the shop's pages, in the tag manager's data-layer shape (GA4 ecommerce):
 * page_view, view_item_list, view_item, add_to_cart and view_cart, each carrying the shopper's classes
 * (SPEC §6). Pure builders: what the page says of its products (rendered at build time, see pageItem) or
 * what the shop API answered in, an event out. The checkout's begin_checkout and purchase are in items.ts.
 */
import type { Order, OrderItem } from '../shop-api/orders.ts';
import { shopperClasses, type Shopper } from '../marketing/analytics.ts';
import { type AnalyticsItem, analyticsItem, BRAND, DEFAULT_LIST_NAME, type ItemDetails } from './items.ts';

type ShopperClasses = ReturnType<typeof shopperClasses>;

/**
 * A product as a page shows it (a card of a list, a product page's format): its variant, its categories
 * from the broadest, its reviews and its one-off price in euros. What the list, quantity and purchase
 * mode add is filled in the browser, so the page carries only this.
 */
export interface PageItem {
  item_id: string;
  item_name: string;
  item_variant: string;
  item_category?: string;
  item_category2?: string;
  item_rating?: number;
  item_notices?: number;
  price: number;
}

export interface ItemList {
  item_list_id: string;
  item_list_name: string;
}

/** A line of a list: an item with its list and its position in it (from 0). */
type ListedItem = AnalyticsItem & { index: number };

interface CatalogueProduct {
  name: string;
  rating: number;
  review_count: number;
  ProductVariants: ReadonlyArray<{ code: string; name: string; show_variant: boolean; in_stock: boolean; base_price: number }>;
}

/**
 * The item a page shows for a product: the given format (a product page's), else the one its page opens
 * on (the first visible in stock, else the first visible), as ProductView chooses. `categories` are the
 * names of its main category's trail, broadest first. Null when no format is visible.
 */
export function pageItem(product: CatalogueProduct, categories: readonly string[], variantCode?: string): PageItem | null {
  const visible = product.ProductVariants.filter((v) => v.show_variant);
  const variant = (variantCode ? visible.find((v) => v.code === variantCode) : undefined) ?? visible.find((v) => v.in_stock) ?? visible[0];
  if (!variant) return null;
  const [category, category2] = categories;
  return {
    item_id: variant.code,
    item_name: product.name,
    item_variant: variant.name,
    ...(category ? { item_category: category } : {}),
    ...(category2 ? { item_category2: category2 } : {}),
    ...(product.review_count > 0 ? { item_rating: product.rating, item_notices: product.review_count } : {}),
    price: Number.isInteger(variant.base_price) ? variant.base_price / 100 : 0,
  };
}

const isText = (value: unknown, max = 300): value is string => typeof value === 'string' && value.length > 0 && value.length <= max;
const isAmount = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value >= 0;

/**
 * A page item read back from the page (a data attribute); null for anything else. Checked by hand rather
 * than with zod: the analytics script runs on every page and stays small.
 */
export function parsePageItem(raw: string | null | undefined): PageItem | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const v = value as Record<string, unknown>;
  if (!/^\d{8}$/.test(String(v.item_id)) || !isText(v.item_name) || !isText(v.item_variant) || !isAmount(v.price)) return null;
  const optionalText = (key: 'item_category' | 'item_category2') => (v[key] === undefined || isText(v[key]) ? true : null);
  const optionalAmount = (key: 'item_rating' | 'item_notices') => (v[key] === undefined || isAmount(v[key]) ? true : null);
  if (
    !optionalText('item_category') ||
    !optionalText('item_category2') ||
    !optionalAmount('item_rating') ||
    !optionalAmount('item_notices')
  )
    return null;
  return {
    item_id: v.item_id as string,
    item_name: v.item_name,
    item_variant: v.item_variant,
    ...(v.item_category ? { item_category: v.item_category as string } : {}),
    ...(v.item_category2 ? { item_category2: v.item_category2 as string } : {}),
    ...(v.item_rating !== undefined ? { item_rating: v.item_rating as number } : {}),
    ...(v.item_notices !== undefined ? { item_notices: v.item_notices as number } : {}),
    price: v.price,
  };
}

/** How many products a visit remembers (the latest product pages seen): enough for a cart, small in storage. */
export const REMEMBERED_ITEMS = 30;

/** The products remembered this visit, read back (anything unreadable is left out). */
export function parseRememberedItems(raw: string | null): PageItem[] {
  if (!raw) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  return value.slice(0, REMEMBERED_ITEMS).flatMap((entry) => parsePageItem(JSON.stringify(entry)) ?? []);
}

/** The remembered products with this one first (its former place dropped), the oldest forgotten beyond the bound. */
export const rememberItem = (items: readonly PageItem[], item: PageItem): PageItem[] =>
  [item, ...items.filter((known) => known.item_id !== item.item_id)].slice(0, REMEMBERED_ITEMS);

/** What an order line's item lacks that the page knows (its categories and reviews). */
export const detailsOf = (item: PageItem | undefined): ItemDetails | undefined =>
  item && {
    ...(item.item_category ? { category: item.item_category } : {}),
    ...(item.item_category2 ? { category2: item.item_category2 } : {}),
    ...(item.item_rating !== undefined ? { rating: item.item_rating } : {}),
    ...(item.item_notices !== undefined ? { notices: item.item_notices } : {}),
  };

const OTHER: ItemList = { item_list_id: DEFAULT_LIST_NAME.toLowerCase(), item_list_name: DEFAULT_LIST_NAME };

/** A page item as one unit bought once, in a list (the default list "Other" when none). */
const fullItem = (item: PageItem, list: ItemList = OTHER): AnalyticsItem => ({
  ...item,
  item_subscribed: false,
  quantity: 1,
  discount: 0,
  item_brand: BRAND,
  ...list,
});

/** GA4 reads at most 200 items per event: a longer list is pushed in several events. */
export const MAX_ITEMS_PER_EVENT = 200;

export interface PageViewEvent extends ShopperClasses {
  event: 'page_view';
  page_path: string;
  page_title: string;
  page_locale: string;
}

interface EcommerceEvent<Name extends string, Ecommerce> extends ShopperClasses {
  event: Name;
  ecommerce: Ecommerce;
}

export type ViewItemListEvent = EcommerceEvent<'view_item_list', ItemList & { items: ListedItem[] }>;
type Valued = { currency: 'EUR'; value: number; items: AnalyticsItem[] };
export type ViewItemEvent = EcommerceEvent<'view_item', Valued>;
export type AddToCartEvent = EcommerceEvent<'add_to_cart', Valued>;
export type ViewCartEvent = EcommerceEvent<'view_cart', Valued>;

/** Euros rounded to the cent (a sum of prices in euros drifts in binary). */
const cents = (euros: number): number => Math.round(euros * 100) / 100;
const itemsValue = (items: readonly AnalyticsItem[]): number => cents(items.reduce((sum, item) => sum + item.price * item.quantity, 0));

export const pageView = (page: { path: string; title: string; locale: string }, shopper: Shopper): PageViewEvent => ({
  event: 'page_view',
  page_path: page.path,
  page_title: page.title,
  page_locale: page.locale,
  ...shopperClasses(shopper),
});

/** The products a page lists, in their order, in events of at most MAX_ITEMS_PER_EVENT (none for an empty list). */
export function viewItemList(list: ItemList, items: readonly PageItem[], shopper: Shopper): ViewItemListEvent[] {
  const events: ViewItemListEvent[] = [];
  for (let start = 0; start < items.length; start += MAX_ITEMS_PER_EVENT) {
    events.push({
      event: 'view_item_list',
      ...shopperClasses(shopper),
      ecommerce: {
        ...list,
        items: items.slice(start, start + MAX_ITEMS_PER_EVENT).map((item, i) => ({ ...fullItem(item, list), index: start + i })),
      },
    });
  }
  return events;
}

/** A product page, in the format it shows. */
export function viewItem(item: PageItem, shopper: Shopper): ViewItemEvent {
  const items = [fullItem(item)];
  return { event: 'view_item', ...shopperClasses(shopper), ecommerce: { currency: 'EUR', value: itemsValue(items), items } };
}

/** The variant code of a variant given by code or IRI (`/api/v2/shop/product-variants/10000001`). */
const codeOf = (variant: string): string => variant.slice(variant.lastIndexOf('/') + 1);

/**
 * What an add put in the cart: the line of that variant and purchase mode in the cart the shop API
 * answered, with the quantity added (not the line's new total) and the list it was added from. Null when
 * the answer holds no such line.
 */
export function addToCart(
  added: { variantCode: string; quantity: number; interval: number; sourceItemList?: string | null },
  cart: Order,
  shopper: Shopper,
  details: (variantCode: string) => ItemDetails | undefined = () => undefined,
): AddToCartEvent | null {
  const code = codeOf(added.variantCode);
  const line = cart.items.find((item) => item.variantCode === code && item.subscriptionInterval === added.interval);
  if (!line) return null;
  const source: OrderItem = { ...line, quantity: added.quantity, sourceItemList: added.sourceItemList ?? line.sourceItemList };
  const items = [analyticsItem(source, details(code))];
  return { event: 'add_to_cart', ...shopperClasses(shopper), ecommerce: { currency: 'EUR', value: itemsValue(items), items } };
}

/** The cart page, with the cart it shows. */
export function viewCart(
  cart: Order,
  shopper: Shopper,
  details: (variantCode: string) => ItemDetails | undefined = () => undefined,
): ViewCartEvent {
  const items = cart.items.map((item) => analyticsItem(item, details(item.variantCode)));
  return { event: 'view_cart', ...shopperClasses(shopper), ecommerce: { currency: 'EUR', value: cents(cart.itemsTotal / 100), items } };
}
