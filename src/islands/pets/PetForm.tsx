/**
 * Adding or editing a pet: every field of its profile (species, sex, name, breed of that species or a
 * cross, birthday or age, weight, sterilised, silhouette, activity, particularity with its yes/no toggle,
 * what it eats, kibble brands, photo). The shop API's request schema checks it, so the messages are the
 * same on both sides; the server's violations land on their fields.
 */
import { useState } from 'react';
import { createForm } from '../shared/forms/form-state.ts';
import type { Animal } from '../../lib/shop-api/animals.ts';
import { rememberGuest } from '../../stores/guest-animals.ts';
import { Form, useFormField, useFormPending } from '../shared/forms/Form.tsx';
import { SubmitButton } from '../shared/forms/SubmitButton.tsx';
import { useIsland } from '../shared/island.tsx';
import { usePets } from '../shared/pets/use-pets.ts';
import { PetDietFields, PetProfileFields, PetShapeFields } from '../shared/pets/fields.tsx';
import { emptyPet, PET_FIELDS, petInput, petSchema, petValues, type PetFormValues } from '../shared/pets/form.ts';
import { PhotoField } from './PhotoField.tsx';
import './pets.css';

function CancelButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button type="button" className="button secondary" onClick={onClick} disabled={useFormPending()}>
      {label}
    </button>
  );
}

/** Every field of the profile, and the photo. */
function PetFields() {
  const name = useFormField<string>('name');
  return (
    <>
      <PetProfileFields />
      <PetShapeFields />
      <PetDietFields />
      <PhotoField name={name.value} />
    </>
  );
}

export interface PetFormProps {
  /** The pet edited, null for a new one. */
  animal: Animal | null;
  /** A new pet of this species (the guides ask for one). */
  type?: string;
  onSaved: (animal: Animal) => void;
  onCancel: () => void;
}

export function PetForm({ animal, type, onSaved, onCancel }: PetFormProps) {
  const { t } = useIsland();
  const pets = usePets();
  const [form] = useState(() =>
    createForm({
      name: 'animal',
      schema: () => petSchema(),
      defaults: (): PetFormValues => (animal ? petValues(animal) : emptyPet(type)),
      fields: PET_FIELDS,
      onSubmit: async (_data, values) => {
        const api = pets.api;
        const guest = await pets.ownerToken();
        const saved = animal ? await api.updateAnimal(animal.id, petInput(values), guest) : await api.createAnimal(petInput(values), guest);
        rememberGuest(saved);
        return saved;
      },
    }),
  );
  return (
    <section className="panel card pet-form" aria-labelledby="pet-form-title">
      <h2 id="pet-form-title">{animal ? t('pets.form.editTitle', { name: animal.name }) : t('pets.form.addTitle')}</h2>
      <Form form={form} onSuccess={onSaved}>
        <PetFields />
        <div className="form-actions">
          <SubmitButton>{t('pets.form.save')}</SubmitButton>
          <CancelButton label={t('pets.form.cancel')} onClick={onCancel} />
        </div>
      </Form>
    </section>
  );
}
