/**
 * The pet profile's fields in three groups, which the kibble guide asks one step at a time (profile,
 * shape, diet) and the pet form all at once: the breeds of the species chosen, the particularity shown
 * when its toggle says yes, what the pet eats (at least one). Shared by the pets' and the guides' islands.
 */
import { useEffect, useState } from 'react';
import { languageOf } from '../../../lib/channels.ts';
import { activityLabel, BODY_CONDITION_NAMES, GENDER_NAMES, SPECIES_NAMES } from '../../../lib/pets/labels.ts';
import {
  ACTIVITIES,
  BODY_CONDITIONS,
  FEATURE_CODES,
  FEEDS,
  GENDER_IDS,
  SPECIES,
  SPECIES_IDS,
  speciesOf,
} from '../../../lib/pets/profile.ts';
import type { AnimalBreed } from '../../../lib/shop-api/animals.ts';
import { BirthdayField } from '../forms/BirthdayField.tsx';
import { FieldErrors } from '../forms/ErrorList.tsx';
import { CheckboxField, ChoiceField, SelectField, TextField, type Option } from '../forms/Field.tsx';
import { useFormField } from '../forms/Form.tsx';
import { useIsland } from '../island.tsx';
import { usePets } from './use-pets.ts';

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
  const pets = usePets();
  const [breeds, setBreeds] = useState<AnimalBreed[] | null>(null);
  useEffect(() => {
    if (type !== '1' && type !== '2') return setBreeds([]);
    let live = true;
    setBreeds(null);
    pets.api
      .listBreeds(Number(type) as 1 | 2)
      .then((list) => live && setBreeds(list))
      .catch(() => live && setBreeds([]));
    return () => {
      live = false;
    };
  }, [type, pets]);
  const first = breeds === null ? t('pets.form.breedsLoading') : type ? t('pets.choose') : t('pets.form.breedsFirst');
  return (
    <SelectField
      field="breed"
      label={t('pets.fields.breed')}
      options={[{ value: '', label: first }, ...(breeds ?? []).map((b) => ({ value: b['@id'], label: b.name }))]}
    />
  );
}

function useChoices() {
  const { t } = useIsland();
  const choose = { value: '', label: t('pets.choose') };
  const yesNo: Option[] = [
    { value: 'yes', label: t('pets.yesNo.yes') },
    { value: 'no', label: t('pets.yesNo.no') },
  ];
  return { choose, yesNo };
}

export function PetProfileFields() {
  const { t, locale } = useIsland();
  const lang = languageOf(locale);
  const type = useFormField<string>('type');
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
    </>
  );
}

export function PetShapeFields() {
  const { t, locale } = useIsland();
  const lang = languageOf(locale);
  const { choose, yesNo } = useChoices();
  const species = speciesOf(useFormField<string>('type').value);
  return (
    <>
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
        options={[choose, ...ACTIVITIES.map((a) => ({ value: String(a.id), label: activityLabel(lang, a.code, species) }))]}
      />
    </>
  );
}

export function PetDietFields() {
  const { t } = useIsland();
  const hasFeature = useFormField<string>('hasFeature');
  const { choose, yesNo } = useChoices();
  return (
    <>
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
    </>
  );
}
