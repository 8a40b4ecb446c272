/**
 * What the pets' and the guides' screens share about one pet: its summary line (species, breed, age,
 * weight) and loading it from the address (a 404, an id that is none or a visitor who owns no pet: missing).
 */
import { useEffect, useState } from 'react';
import { languageOf } from '../../../lib/channels.ts';
import { ageInWords } from '../../../lib/intl.ts';
import { SPECIES_NAMES } from '../../../lib/pets/labels.ts';
import { speciesOf } from '../../../lib/pets/profile.ts';
import { runtimeParamOf } from '../../../lib/routes/runtime-params.ts';
import type { RouteName } from '../../../lib/routes/routes.ts';
import { isShopApiError } from '../../../lib/shop-api/http.ts';
import type { Animal } from '../../../lib/shop-api/animals.ts';
import { useIsland } from '../island.tsx';
import { usePets } from './use-pets.ts';

export function usePetSummary() {
  const { t, locale } = useIsland();
  const lang = languageOf(locale);
  return (animal: Animal) =>
    [
      SPECIES_NAMES[lang][speciesOf(animal.type) ?? 'dog'],
      animal.breedName,
      ageInWords(locale.replace('_', '-'), animal.ageYears, animal.ageMonths) ??
        t('pets.view.years', { years: animal.ageYears, months: animal.ageMonths }),
      t('pets.view.kg', { weight: new Intl.NumberFormat(locale.replace('_', '-')).format(animal.weight) }),
    ]
      .filter(Boolean)
      .join(' · ');
}

export type LoadedPet = { animal: Animal } | { missing: true } | { failed: string } | null;

/** The pet whose id is in the address. */
export function usePetFromAddress(route: RouteName): LoadedPet {
  const { locale, t } = useIsland();
  const pets = usePets();
  const [loaded, setLoaded] = useState<LoadedPet>(null);
  useEffect(() => {
    const id = runtimeParamOf(route, 'animal', window.location.pathname, locale);
    if (!id || !/^\d{1,9}$/.test(id)) return setLoaded({ missing: true });
    let live = true;
    void (async () => {
      try {
        const token = await pets.ownerToken();
        const animal = pets.mayOwnPets(token) ? await pets.api.getAnimal(Number(id), token) : null;
        if (live) setLoaded(animal ? { animal } : { missing: true });
      } catch (error) {
        if (!live) return;
        setLoaded(isShopApiError(error) && error.status === 404 ? { missing: true } : { failed: t('forms.errors.generic') });
      }
    })();
    return () => {
      live = false;
    };
  }, [route, locale, t, pets]);
  return loaded;
}
