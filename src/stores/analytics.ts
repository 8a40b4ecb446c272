/**
 * The analytics events the shop's stores know of: add_to_cart for every add the cart store makes (the
 * product page, the guides' one-click adds, the cart's upsells, a cart link: they all go through it) and
 * view_cart once the cart page shows its cart. Pushed to the data layer only with the shopper's consent
 * (lib/analytics/data-layer.ts); an add made before an answer is not kept for later. The page script
 * (page-scripts/analytics/page-events.ts) pushes the rest. Also keeps the old-client flag that page reads.
 */
import type { ReadableAtom } from 'nanostores';
import { pushWithConsent, storedShopper } from '../lib/analytics/data-layer.ts';
import { addToCart, detailsOf, parsePageItem, parseRememberedItems, viewCart } from '../lib/analytics/events.ts';
import type { ItemDetails } from '../lib/analytics/items.ts';
import { STORAGE_KEYS } from '../lib/constants.ts';
import type { Customer } from '../lib/shop-api/customers.ts';
import type { Order } from '../lib/shop-api/orders.ts';
import type { AddToCart } from './cart/index.ts';
import { inBrowser, type StorageLike } from './browser.ts';

/**
 * What the page rendered of a variant (its categories and reviews, on a product page or a card), else what
 * a product page showed of it earlier in the visit (page-scripts/analytics/page-events.ts keeps it), if anything.
 */
function pageDetails(variantCode: string): ItemDetails | undefined {
  if (!inBrowser()) return undefined;
  for (const el of document.querySelectorAll<HTMLElement>('[data-item], [data-viewed-item]')) {
    const item = parsePageItem(el.dataset.item ?? el.dataset.viewedItem);
    if (item?.item_id === variantCode) return detailsOf(item);
  }
  let remembered: string | null = null;
  try {
    remembered = sessionStorage.getItem(STORAGE_KEYS.analyticsItems);
  } catch {
    /* storage refused: nothing remembered */
  }
  return detailsOf(parseRememberedItems(remembered).find((item) => item.item_id === variantCode));
}

/** An add the shop API accepted, with the cart it answered. */
export function trackAddToCart(added: AddToCart, cart: Order | null): void {
  if (!inBrowser() || !cart) return;
  const event = addToCart(added, cart, storedShopper(), pageDetails);
  if (event) pushWithConsent([event]);
}

let cartViewed = false;
/**
 * The cart page shows the shopper's cart (once it is loaded and any cart link applied): one view_cart per
 * page, whatever the island re-renders or the shopper changes afterwards. An empty cart is no view of one.
 */
export function trackViewCart(cart: Order | null): void {
  if (cartViewed || !inBrowser() || !cart || cart.items.length === 0) return;
  cartViewed = true;
  pushWithConsent([viewCart(cart, storedShopper(), pageDetails)]);
}

/**
 * Keeps the old-client flag as the customer IRI of an old client (newCustomer false; nothing for anyone
 * else), so a static page tells Old client from New client without asking the shop API. Only a customer
 * the shop API answered counts (not one loading, nor the empty default of a failed load).
 */
export function rememberClientType(
  customer: { $customer: ReadableAtom<Customer | null>; $status: ReadableAtom<string> },
  $signedIn: ReadableAtom<boolean>,
  storage: StorageLike,
): () => void {
  const keep = () => {
    const known = customer.$status.get() === 'ready' ? customer.$customer.get() : null;
    if (!$signedIn.get()) storage.removeItem(STORAGE_KEYS.oldClient);
    else if (known && !known.newCustomer) storage.setItem(STORAGE_KEYS.oldClient, known['@id']);
    else if (known) storage.removeItem(STORAGE_KEYS.oldClient);
  };
  const stops = [customer.$customer.listen(keep), customer.$status.listen(keep), $signedIn.listen(keep)];
  return () => {
    for (const stop of stops) stop();
  };
}
