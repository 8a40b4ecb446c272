/** The guide's screens about one pet: it is loaded from the address, and said missing when it is not the shopper's. */
import type { ReactNode } from 'react';
import type { RouteName } from '../../lib/routes/routes.ts';
import type { Animal } from '../../lib/shop-api/wire.ts';
import { ErrorList } from '../shared/forms/ErrorList.tsx';
import { IslandStatus } from '../shared/guard.tsx';
import { useIsland } from '../shared/island.tsx';
import { usePetFromAddress } from '../shared/pets/pet.tsx';

export function PetOfAddress({ route, loading, children }: { route: RouteName; loading: string; children: (animal: Animal) => ReactNode }) {
  const { t } = useIsland();
  const [loaded] = usePetFromAddress(route);
  if (loaded === null) return <IslandStatus messageKey={loading} />;
  if ('missing' in loaded) return <p>{t('guide.errors.missing')}</p>;
  if ('failed' in loaded) return <ErrorList messages={[loaded.failed]} />;
  return <>{children(loaded.animal)}</>;
}
