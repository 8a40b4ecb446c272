import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../../../src/lib/constants.ts';
import { cartTokenStore } from '../../../../src/stores/cart/persistence.ts';
import { memoryStorage } from '../../../../src/stores/browser.ts';

describe('cart token storage', () => {
  it('keeps the token under its storage key, an empty value being none', () => {
    const storage = memoryStorage({ [STORAGE_KEYS.cartToken]: '' });
    const tokens = cartTokenStore(storage);
    expect(tokens.get()).toBeNull();
    tokens.set('abc');
    expect(storage.data.get('store/cart/token')).toBe('abc');
    tokens.set(null);
    expect(storage.data.has('store/cart/token')).toBe(false);
  });
  it('does not write the same token again (other tabs would reload for nothing)', () => {
    const writes: string[] = [];
    const storage = memoryStorage();
    const tokens = cartTokenStore({
      ...storage,
      setItem: (key, value) => {
        writes.push(value);
        storage.setItem(key, value);
      },
    });
    tokens.set('abc');
    tokens.set('abc');
    expect(writes).toEqual(['abc']);
  });
});
