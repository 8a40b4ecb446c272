/**
 * The header's cart badge, for every page, without React and without the cart store (whose wire
 * schemas bring zod along): the count the cart store last published, kept in localStorage so a page
 * without a cart island shows it at once, and followed across tabs by storage events. The cart store of
 * the page (stores/shop.ts) publishes every change here.
 */
import { atom, type ReadableAtom } from 'nanostores';
import { STORAGE_KEYS } from '../../lib/constants.ts';
import { browserStorage, browserStorageEvents, type StorageEvents, type StorageLike } from '../browser.ts';
import { markSiteCart } from './other-site.ts';

const CART_COUNT_KEY = STORAGE_KEYS.cartCount;

const $count = atom(0);
/** The number of articles in the cart (sum of the lines' quantities). */
export const $cartBadgeCount: ReadableAtom<number> = $count;

const parseCount = (value: string | null): number => {
  const count = Number(value);
  return Number.isInteger(count) && count > 0 ? count : 0;
};

let started: { storage: StorageLike; stop: () => void } | null = null;

/** Reads the last published count and follows the other tabs. Idempotent. */
export function startCartBadge(deps: { storage?: StorageLike; storageEvents?: StorageEvents } = {}): void {
  if (started) return;
  const storage = deps.storage ?? browserStorage();
  $count.set(parseCount(storage.getItem(CART_COUNT_KEY)));
  const stop = (deps.storageEvents ?? browserStorageEvents())((key, value) => {
    if (key === CART_COUNT_KEY || key === null) $count.set(parseCount(value));
  });
  started = { storage, stop };
}

/** Called by the cart store of the page on every change; the other country site reads the count too (other-site.ts). */
export function publishCartCount(count: number, storage: StorageLike = started?.storage ?? browserStorage()): void {
  $count.set(count);
  if (count > 0) storage.setItem(CART_COUNT_KEY, String(count));
  else storage.removeItem(CART_COUNT_KEY);
  markSiteCart(count);
}

/** Keeps an element's text on the count, hidden at zero. Returns the unsubscribe. */
export function bindCartBadge(
  element: { textContent: string | null; hidden: boolean },
  count: ReadableAtom<number> = $cartBadgeCount,
): () => void {
  return count.subscribe((value) => {
    element.textContent = String(value);
    element.hidden = value === 0;
  });
}

/** Tests only. */
export function resetCartBadgeForTests(): void {
  started?.stop();
  started = null;
  $count.set(0);
}
