import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../../../src/lib/constants.ts';
import {
  $cartBadgeCount,
  bindCartBadge,
  publishCartCount,
  resetCartBadgeForTests,
  startCartBadge,
} from '../../../../src/stores/cart/badge.ts';
import { sharedStorage } from './fakes.ts';

describe('header badge', () => {
  it('shows the last published count at once and follows the other tabs, without the cart store', () => {
    resetCartBadgeForTests();
    const browser = sharedStorage();
    browser.data.set(STORAGE_KEYS.cartCount, '3');
    const header = browser.tab();
    const other = browser.tab();
    startCartBadge(header);
    const badge = { textContent: null as string | null, hidden: true };
    const stop = bindCartBadge(badge);
    expect(badge).toEqual({ textContent: '3', hidden: false });
    publishCartCount(5, other.storage);
    expect(badge).toEqual({ textContent: '5', hidden: false });
    publishCartCount(0, other.storage);
    expect(badge).toEqual({ textContent: '0', hidden: true });
    expect(browser.data.has(STORAGE_KEYS.cartCount)).toBe(false);
    browser.data.set(STORAGE_KEYS.cartCount, 'garbage');
    other.storage.setItem(STORAGE_KEYS.cartCount, 'garbage');
    expect($cartBadgeCount.get()).toBe(0);
    stop();
    resetCartBadgeForTests();
  });
});
