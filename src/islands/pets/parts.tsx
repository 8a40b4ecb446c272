/**
 * What the pet screens share: the pet's photo or an empty frame of the same size, and the message left for
 * the list (the summary line and loading a pet from the address are in shared/pets, the guides use them).
 */
import type { Animal } from '../../lib/shop-api/animals.ts';
import { useIsland } from '../shared/island.tsx';
import './pets.css';

/** A message the page before the list left (a pet deleted): shown once there. */
export const FLASH_KEY = 'pets-flash';

/** Where a pet's page or form sends a shopper when its pet is missing: their pets. */
export const BACK_TO_PETS = { route: 'animals', label: 'pets.view.back' } as const;

export function PetPhoto({ animal, size = 96 }: { animal: Animal; size?: number }) {
  const { t } = useIsland();
  return animal.photo ? (
    <img className="pet-avatar" src={animal.photo} alt={t('pets.photo.alt', { name: animal.name })} width={size} height={size} />
  ) : (
    <span className="pet-avatar pet-avatar-empty" style={{ width: size, height: size }} aria-hidden="true" />
  );
}
