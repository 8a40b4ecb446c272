/**
 * Adding or editing a pet: every field of its profile (species, sex, name, breed of that species or a
 * cross, birthday or age, weight, sterilised, silhouette, activity, particularity with its yes/no toggle,
 * what it eats, kibble brands, photo). The shop API's request schema checks it, so the messages are the
 * same on both sides; the server's violations land on their fields.
 */
import { useEffect, useState } from 'react';
import { languageOf } from '../../lib/channels.ts';
import { createForm } from '../../lib/forms/form-state.ts';
import { ACTIVITY_NAMES, BODY_CONDITION_NAMES, GENDER_NAMES, SPECIES_NAMES } from '../../lib/pets/labels.ts';
import { ACTIVITIES, BODY_CONDITIONS, FEATURE_CODES, FEEDS, GENDER_IDS, SPECIES, SPECIES_IDS } from '../../lib/pets/profile.ts';
import type { Animal, AnimalBreed } from '../../lib/shop-api/wire.ts';
import { animalsApi, ownerToken, rememberGuest } from '../../stores/pets.ts';
import { BirthdayField } from '../shared/forms/BirthdayField.tsx';
import { FieldErrors } from '../shared/forms/ErrorList.tsx';
import { CheckboxField, ChoiceField, SelectField, TextField, type Option } from '../shared/forms/Field.tsx';
import { Form, useFormField, useFormPending } from '../shared/forms/Form.tsx';
import { SubmitButton } from '../shared/forms/SubmitButton.tsx';
import { useIsland } from '../shared/island.tsx';
import { emptyPet, PET_FIELDS, petInput, petSchema, petValues, type PetFormValues } from './form.ts';
import { PhotoField } from './PhotoField.tsx';
import './pets.css';

/** What the pet eats today: several boxes, at least one ticked. */
function FeedsField() {
  const { t } = useIsland();
  const f = useFormField<string[]>('feeds');
  const toggle = (feed: string, on: boolean) => f.set(on ? [...f.value, feed] : f.value.filter((x) => x !== feed));
  return (
    <fieldset className={`field field-choice${f.invalid ? ' is-invalid' : ''}`} aria-describedby={f.describedBy()}>
      <legend>{t('pets.fields.feeds')}</legend>
      <div className="choice-row">
        {FEEDS.map((feed) => (
          <span className="choice" key={feed}>
            <input
              id={`${f.id}-${feed}`}
              type="checkbox"
              name="feeds"
              checked={f.value.includes(feed)}
              onChange={(event) => toggle(feed, event.target.checked)}
              aria-invalid={f.invalid || undefined}
            />
            <label htmlFor={`${f.id}-${feed}`}>{t(`pets.feeds.${feed}`)}</label>
          </span>
        ))}
      </div>
      <FieldErrors id={f.errorId} messages={f.messages} />
    </fieldset>
  );
}

/** The breeds of the species chosen (loaded when it changes). */
function BreedField({ type }: { type: string }) {
  const { t } = useIsland();
  const [breeds, setBreeds] = useState<AnimalBreed[] | null>(null);
  useEffect(() => {
    if (type !== '1' && type !== '2') return setBreeds([]);
    let live = true;
    setBreeds(null);
    animalsApi()
      .listBreeds(Number(type) as 1 | 2)
      .then((list) => live && setBreeds(list))
      .catch(() => live && setBreeds([]));
    return () => {
      live = false;
    };
  }, [type]);
  const first = breeds === null ? t('pets.form.breedsLoading') : type ? t('pets.choose') : t('pets.form.breedsFirst');
  return (
    <SelectField
      field="breed"
      label={t('pets.fields.breed')}
      options={[{ value: '', label: first }, ...(breeds ?? []).map((b) => ({ value: b['@id'], label: b.name }))]}
    />
  );
}

function CancelButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button type="button" className="button secondary" onClick={onClick} disabled={useFormPending()}>
      {label}
    </button>
  );
}

/** The fields that depend on others: the breeds on the species, the particularity on its toggle. */
function PetFields() {
  const { t, locale } = useIsland();
  const lang = languageOf(locale);
  const type = useFormField<string>('type');
  const hasFeature = useFormField<string>('hasFeature');
  const name = useFormField<string>('name');
  const choose = { value: '', label: t('pets.choose') };
  const yesNo: Option[] = [
    { value: 'yes', label: t('pets.yesNo.yes') },
    { value: 'no', label: t('pets.yesNo.no') },
  ];
  return (
    <>
      <ChoiceField
        field="type"
        label={t('pets.fields.type')}
        options={SPECIES.map((s) => ({ value: String(SPECIES_IDS[s]), label: SPECIES_NAMES[lang][s] }))}
      />
      <TextField field="name" label={t('pets.fields.name')} />
      <ChoiceField
        field="gender"
        label={t('pets.fields.gender')}
        options={(['male', 'female'] as const).map((g) => ({ value: String(GENDER_IDS[g]), label: GENDER_NAMES[lang][g] }))}
      />
      <BreedField type={type.value} />
      <CheckboxField field="crossbreed" label={t('pets.fields.crossbreed')} />
      <BirthdayField optional={false} />
      <TextField field="weight" label={t('pets.fields.weight')} inputMode="decimal" />
      <ChoiceField field="sterilized" label={t('pets.fields.sterilized')} options={yesNo} />
      <SelectField
        field="condition"
        label={t('pets.fields.condition')}
        options={[
          choose,
          ...BODY_CONDITIONS.map((c) => ({
            value: String(c.id),
            label: `${BODY_CONDITION_NAMES[lang][c.code].name} – ${BODY_CONDITION_NAMES[lang][c.code].description}`,
          })),
        ]}
      />
      <SelectField
        field="activity"
        label={t('pets.fields.activity')}
        options={[choose, ...ACTIVITIES.map((a) => ({ value: String(a.id), label: ACTIVITY_NAMES[lang][a.code] }))]}
      />
      <ChoiceField field="hasFeature" label={t('pets.fields.hasFeature')} options={yesNo} />
      {hasFeature.value === 'yes' && (
        <SelectField
          field="feature"
          label={t('pets.fields.feature')}
          options={[choose, ...FEATURE_CODES.map((code) => ({ value: code, label: t(`pets.features.${code}`) }))]}
        />
      )}
      <FeedsField />
      <TextField field="kibbleBrand" label={t('pets.fields.kibbleBrand')} />
      <TextField field="oldKibbleBrand" label={t('pets.fields.oldKibbleBrand')} optional />
      <CheckboxField field="onlyOurFood" label={t('pets.fields.onlyOurFood')} />
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
  const [form] = useState(() =>
    createForm({
      name: 'animal',
      schema: () => petSchema(),
      defaults: (): PetFormValues => (animal ? petValues(animal) : emptyPet(type)),
      fields: PET_FIELDS,
      onSubmit: async (_data, values) => {
        const api = animalsApi();
        const guest = await ownerToken();
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
