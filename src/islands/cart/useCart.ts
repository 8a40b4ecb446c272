/** The page's cart for an island: loads it once on mount, follows it after that. */
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { cartStore } from '../../stores/shop.ts';

export function useCart() {
  const store = cartStore();
  const cart = useStore(store.$cart);
  const status = useStore(store.$status);
  useEffect(() => {
    if (store.$status.get() === 'idle') void store.load();
  }, [store]);
  return { store, cart, status };
}
