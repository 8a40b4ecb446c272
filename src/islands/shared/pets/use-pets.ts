/** The page's pets (stores/pets.ts), over the page's stores: built once per component. */
import { useMemo } from 'react';
import { shopPets, type ShopPets } from '../../../stores/pets.ts';
import { useShop } from '../island.tsx';

export function usePets(): ShopPets {
  const shop = useShop();
  return useMemo(() => shopPets(shop), [shop]);
}
