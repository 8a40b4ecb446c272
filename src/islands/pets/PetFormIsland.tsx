/**
 * Adding a pet (/mon-compte/mes-animaux/ajouter/) or editing one (…/{animal}/modifier/). Saved, the pet's
 * page shows it; a shopper who is not signed in (adding is open to them, for the guides) goes on to the
 * kibble guide with it.
 */
import { pathTo } from '../../lib/routes/paths.ts';
import type { Animal } from '../../lib/shop-api/animals.ts';
import { guardedIsland } from '../shared/guard.tsx';
import { useIsland, useShop } from '../shared/island.tsx';
import { PetOfAddress } from '../shared/pets/PetOfAddress.tsx';
import { BACK_TO_PETS } from './parts.tsx';
import { PetForm } from './PetForm.tsx';

function useAfterSave() {
  const { locale } = useIsland();
  const shop = useShop();
  return {
    saved: (animal: Animal) => {
      const id = String(animal.id);
      window.location.assign(
        shop.session.$loggedIn.get() ? pathTo('animal', locale, { animal: id }) : pathTo('kibbleGuideAnimal', locale, { animal: id }),
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
  const after = useAfterSave();
  return (
    <PetOfAddress route="animalEdit" missing={BACK_TO_PETS}>
      {(animal) => <PetForm animal={animal} onSaved={after.saved} onCancel={() => after.cancel(animal)} />}
    </PetOfAddress>
  );
}

// A new pet's form holds nothing private: painted with the page, so nothing moves when it comes alive.
export const AddPetIsland = guardedIsland('animalAdd', AddPet, 'prerendered');
export const EditPetIsland = guardedIsland('animalEdit', EditPet);
