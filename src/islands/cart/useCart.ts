/**
 * The page's cart for an island: loads it once on mount, follows it after that. `unavailable` says why
 * there is no cart to show when it could not be read (never shown as an empty cart).
 */
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { useShop } from '../shared/island.tsx';

export function useCart() {
  const store = useShop().cart;
  const cart = useStore(store.$cart);
  const status = useStore(store.$status);
  const unavailable = useStore(store.$unavailable);
  useEffect(() => {
    if (store.$status.get() === 'idle') void store.load();
  }, [store]);
  return { store, cart, status, unavailable };
}
