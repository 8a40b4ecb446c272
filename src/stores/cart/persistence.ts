/**
 * Where the cart's token is kept: localStorage (STORAGE_KEYS.cartToken), so the cart survives a reload
 * and is found by every tab. Only the token: the cart itself is always read from the shop API.
 */
import { STORAGE_KEYS } from '../../lib/constants.ts';
import type { StorageLike } from '../browser.ts';

export interface CartTokenStore {
  get(): string | null;
  /** null forgets the token; writing the same value again is skipped (no storage event for other tabs). */
  set(value: string | null): void;
}

export function cartTokenStore(storage: StorageLike): CartTokenStore {
  const get = (): string | null => storage.getItem(STORAGE_KEYS.cartToken) || null;
  return {
    get,
    set(value) {
      if (value === null) storage.removeItem(STORAGE_KEYS.cartToken);
      else if (value !== get()) storage.setItem(STORAGE_KEYS.cartToken, value);
    },
  };
}
