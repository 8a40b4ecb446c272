/**
 * The account's pets (/mon-compte/mes-animaux/), authenticated only: each pet with its photo and summary,
 * a link to its page, and adding one. The guest's pets (created in a guide before signing in) are
 * attached first, so they are listed too.
 */
import { useEffect, useState } from 'react';
import { SPECIES_IDS } from '../../lib/pets/profile.ts';
import { pathTo } from '../../lib/routes/paths.ts';
import type { Animal } from '../../lib/shop-api/animals.ts';
import { guardedIsland, IslandStatus } from '../shared/guard.tsx';
import { ErrorList, StatusMessage } from '../shared/forms/ErrorList.tsx';
import { useIsland } from '../shared/island.tsx';
import { usePets } from '../shared/pets/use-pets.ts';
import { idOf } from '../shared/pets/form.ts';
import { usePetSummary } from '../shared/pets/pet.tsx';
import { FLASH_KEY, PetPhoto } from './parts.tsx';

function Pets() {
  const { t, locale } = useIsland();
  const pets = usePets();
  const summary = usePetSummary();
  const [animals, setAnimals] = useState<Animal[] | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [flash] = useState(() => {
    const text = sessionStorage.getItem(FLASH_KEY);
    sessionStorage.removeItem(FLASH_KEY);
    return text;
  });
  useEffect(() => {
    void (async () => {
      try {
        setAnimals(await pets.api.listAnimals(await pets.ownerToken()));
      } catch {
        setErrors([t('forms.errors.generic')]);
        setAnimals([]);
      }
    })();
  }, [t, pets]);

  if (animals === null) return <IslandStatus messageKey="islands.loading" />;
  return (
    <div className="pets">
      <StatusMessage message={flash} focus />
      <ErrorList messages={errors} />
      <p>
        <a className="button" href={pathTo('animalAdd', locale)}>
          {t('pets.list.add')}
        </a>
      </p>
      {animals.length === 0 ? (
        <p>{t('pets.list.empty')}</p>
      ) : (
        <ul className="pet-list" aria-label={t('pets.list.label')}>
          {animals.map((animal) => (
            <li key={animal.id} className="card pet-card">
              <PetPhoto animal={animal} />
              <div>
                <h2>
                  <a href={pathTo('animal', locale, { animal: String(animal.id) })}>{animal.name}</a>
                </h2>
                <p>{summary(animal)}</p>
                {idOf(animal.type) === String(SPECIES_IDS.cat) && (
                  <p>
                    <a href={pathTo('biNutritionGuide', locale, { animal: String(animal.id) })}>{t('biNutrition.link')}</a>
                  </p>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export default guardedIsland('animals', Pets);
