/**
 * Adding a pet (/mon-compte/mes-animaux/ajouter/) or editing one (…/{animal}/modifier/). Saved, the pet's
 * page shows it; a shopper who is not signed in (adding is open to them, for the guides) goes on to the
 * kibble guide with it.
 */
import { pathTo } from '../../lib/routes/paths.ts';
import type { Animal } from '../../lib/shop-api/wire.ts';
import { sessionStore } from '../../stores/shop.ts';
import { ErrorList } from '../shared/forms/ErrorList.tsx';
import { guardedIsland, IslandStatus } from '../shared/guard.tsx';
import { useIsland } from '../shared/island.tsx';
import { usePetFromAddress } from '../shared/pets/pet.tsx';
import { PetForm } from './PetForm.tsx';

function useAfterSave() {
  const { locale } = useIsland();
  return {
    saved: (animal: Animal) => {
      const id = String(animal.id);
      window.location.assign(
        sessionStore().$loggedIn.get() ? pathTo('animal', locale, { animal: id }) : pathTo('kibbleGuideAnimal', locale, { animal: id }),
      );
    },
    cancel: (animal: Animal | null) =>
      window.location.assign(animal ? pathTo('animal', locale, { animal: String(animal.id) }) : pathTo('animals', locale)),
  };
}

function AddPet() {
  const after = useAfterSave();
  return <PetForm animal={null} onSaved={after.saved} onCancel={() => after.cancel(null)} />;
}

function EditPet() {
  const { t } = useIsland();
  const after = useAfterSave();
  const [loaded] = usePetFromAddress('animalEdit');
  if (loaded === null) return <IslandStatus messageKey="islands.loading" />;
  if ('missing' in loaded) return <p>{t('pets.view.missing')}</p>;
  if ('failed' in loaded) return <ErrorList messages={[loaded.failed]} />;
  return <PetForm animal={loaded.animal} onSaved={after.saved} onCancel={() => after.cancel(loaded.animal)} />;
}

export const AddPetIsland = guardedIsland('animalAdd', AddPet);
export const EditPetIsland = guardedIsland('animalEdit', EditPet);
