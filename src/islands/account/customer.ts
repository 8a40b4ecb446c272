/** The logged-in customer for account islands (customer store: a failed fetch gives an empty default customer). */
import { useStore } from '@nanostores/react';
import { useShop } from '../shared/island.tsx';

export function useCustomer() {
  const store = useShop().customer;
  const customer = useStore(store.$customer);
  const status = useStore(store.$status);
  return { customer, status, loaded: status === 'ready' || status === 'failed' };
}
