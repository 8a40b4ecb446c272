/**
 * A screen about the pet whose id is in the address (its page, its edit form, its guides): loaded from
 * the address, and said missing when it is not the shopper's (deleted, another account's, a mistyped or
 * stale link) with the way on, since these pages have no other way out than the browser's back button.
 */
import type { ReactNode } from 'react';
import { pathTo } from '../../../lib/routes/paths.ts';
import type { RouteName } from '../../../lib/routes/routes.ts';
import type { Animal } from '../../../lib/shop-api/animals.ts';
import { ErrorList } from '../forms/ErrorList.tsx';
import { BusyFrame, IslandStatus } from '../guard.tsx';
import { useIsland } from '../island.tsx';
import { usePetFromAddress } from './pet.tsx';

interface PetOfAddressProps {
  route: RouteName;
  /** The message key shown while the pet loads. */
  loading?: string;
  /** The screen's frame shown (busy) instead while the pet loads: the page's HTML draws it, so the first paint does not wait. */
  frame?: ReactNode | undefined;
  /** Where a shopper goes on when the pet is missing, and the link's message key. */
  missing: { route: RouteName; label: string };
  children: (animal: Animal) => ReactNode;
}

export function PetOfAddress({ route, loading = 'islands.loading', missing, frame, children }: PetOfAddressProps) {
  const { t, locale } = useIsland();
  const loaded = usePetFromAddress(route);
  if (loaded === null) return frame ? <BusyFrame>{frame}</BusyFrame> : <IslandStatus messageKey={loading} />;
  if ('missing' in loaded)
    return (
      <div>
        <p>{t('pets.view.missing')}</p>
        <p>
          <a className="button" href={pathTo(missing.route, locale)}>
            {t(missing.label)}
          </a>
        </p>
      </div>
    );
  if ('failed' in loaded) return <ErrorList messages={[loaded.failed]} />;
  return <>{children(loaded.animal)}</>;
}
