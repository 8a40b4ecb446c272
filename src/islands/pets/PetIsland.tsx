/**
 * One pet of the account (/mon-compte/mes-animaux/{animal}/), authenticated only: its profile, links to
 * edit it and to its kibble guide, and deleting it after the reason question (why, and a few words when
 * "other").
 */
import { useEffect, useId, useRef, useState } from 'react';
import { languageOf } from '../../lib/channels.ts';
import { activityLabel, BODY_CONDITION_NAMES, GENDER_NAMES } from '../../lib/pets/labels.ts';
import { ACTIVITIES, BODY_CONDITIONS, DELETE_REASONS, SPECIES_IDS, speciesOf } from '../../lib/pets/profile.ts';
import { pathTo } from '../../lib/routes/paths.ts';
import type { Animal } from '../../lib/shop-api/animals.ts';
import { ErrorList, FieldErrors } from '../shared/forms/ErrorList.tsx';
import { guardedIsland } from '../shared/guard.tsx';
import { useIsland } from '../shared/island.tsx';
import { usePets } from '../shared/pets/use-pets.ts';
import { idOf } from '../shared/pets/form.ts';
import { usePetSummary } from '../shared/pets/pet.tsx';
import { PetOfAddress } from '../shared/pets/PetOfAddress.tsx';
import { BACK_TO_PETS, FLASH_KEY, PetPhoto } from './parts.tsx';

function DeleteDialog({ animal, open, onClose }: { animal: Animal; open: boolean; onClose: () => void }) {
  const { t, locale } = useIsland();
  const pets = usePets();
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();
  const [reason, setReason] = useState('');
  const [message, setMessage] = useState('');
  const [reasonMissing, setReasonMissing] = useState(false);
  const [failed, setFailed] = useState(false);
  const [pending, setPending] = useState(false);
  const firstReason = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (open && !dialog.current?.open) dialog.current?.showModal();
  }, [open]);

  const confirm = async () => {
    // The reason is the one question that must be answered: its error goes with its choices, which take the focus.
    if (!reason) {
      setReasonMissing(true);
      return firstReason.current?.focus();
    }
    setPending(true);
    setFailed(false);
    try {
      await pets.api.deleteAnimal(animal.id, { reason: reason as (typeof DELETE_REASONS)[number], message }, await pets.ownerToken());
      sessionStorage.setItem(FLASH_KEY, t('pets.delete.deleted', { name: animal.name }));
      window.location.assign(pathTo('animals', locale));
    } catch {
      setFailed(true);
      setPending(false);
    }
  };
  return (
    <dialog ref={dialog} className="confirm-dialog" aria-labelledby={`${id}-title`} onClose={onClose}>
      <h2 id={`${id}-title`}>{t('pets.delete.title', { name: animal.name })}</h2>
      <form
        className="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void confirm();
        }}
      >
        <fieldset
          className={`field field-choice${reasonMissing ? ' is-invalid' : ''}`}
          aria-describedby={reasonMissing ? `${id}-reason-error` : undefined}
        >
          <legend>{t('pets.delete.question')}</legend>
          {DELETE_REASONS.map((r, index) => (
            <span className="choice" key={r}>
              <input
                ref={index === 0 ? firstReason : undefined}
                id={`${id}-${r}`}
                type="radio"
                name={`${id}-reason`}
                checked={reason === r}
                aria-invalid={reasonMissing || undefined}
                onChange={() => {
                  setReason(r);
                  setReasonMissing(false);
                }}
              />
              <label htmlFor={`${id}-${r}`}>{t(`pets.delete.reasons.${r}`)}</label>
            </span>
          ))}
          <FieldErrors id={`${id}-reason-error`} messages={reasonMissing ? [t('forms.errors.required')] : []} />
        </fieldset>
        <div className="field">
          <label htmlFor={`${id}-message`}>{t('pets.delete.message')}</label>
          <textarea id={`${id}-message`} rows={2} value={message} onChange={(event) => setMessage(event.target.value)} />
        </div>
        <ErrorList messages={failed ? [t('forms.errors.generic')] : []} />
        <div className="form-actions">
          <button type="submit" className="button" disabled={pending} aria-busy={pending || undefined}>
            {t('pets.delete.confirm')}
          </button>
          <button type="button" className="button secondary" onClick={() => dialog.current?.close()} disabled={pending}>
            {t('pets.delete.cancel')}
          </button>
        </div>
      </form>
    </dialog>
  );
}

function Pet({ animal }: { animal: Animal }) {
  const { t, locale } = useIsland();
  const lang = languageOf(locale);
  const summary = usePetSummary();
  const [deleting, setDeleting] = useState(false);
  const condition = BODY_CONDITIONS.find((c) => String(c.id) === idOf(animal.condition));
  const activity = ACTIVITIES.find((a) => String(a.id) === idOf(animal.activity));
  const yes = (value: boolean) => t(value ? 'pets.view.yes' : 'pets.view.no');
  const rows: Array<[string, string]> = [
    ['gender', GENDER_NAMES[lang][idOf(animal.gender) === '2' ? 'female' : 'male']],
    ['crossbreed', yes(animal.crossbreed)],
    ['sterilized', yes(animal.sterilized)],
    ['condition', condition ? BODY_CONDITION_NAMES[lang][condition.code].name : ''],
    ['activity', activity ? activityLabel(lang, activity.code, speciesOf(animal.type)) : ''],
    ['hasFeature', animal.feature ? t(`pets.features.${animal.feature}`) : t('pets.view.none')],
    ['feeds', animal.feeds.map((feed) => t(`pets.feeds.${feed}`)).join(', ')],
    ['kibbleBrand', animal.kibbleBrand],
    ['oldKibbleBrand', animal.oldKibbleBrand ?? t('pets.view.none')],
    ['onlyOurFood', yes(animal.onlyOurFood)],
  ];
  const params = { animal: String(animal.id) };
  return (
    <article className="pet-view card">
      <div className="pet-view-head">
        <PetPhoto animal={animal} size={128} />
        <div>
          <h2>{animal.name}</h2>
          <p>{summary(animal)}</p>
        </div>
      </div>
      <div className="form-actions">
        <a className="button" href={pathTo('animalEdit', locale, params)}>
          {t('pets.view.edit')}
        </a>
        <button type="button" className="button secondary" onClick={() => setDeleting(true)}>
          {t('pets.view.delete')}
        </button>
      </div>
      <dl className="pet-facts">
        {rows.map(([field, value]) => (
          <div key={field}>
            <dt>{t(`pets.fields.${field}`)}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p>
        <a href={pathTo('kibbleGuideAnimal', locale, params)}>{t('pets.list.guide')}</a>
      </p>
      {idOf(animal.type) === String(SPECIES_IDS.cat) && (
        <p>
          <a href={pathTo('biNutritionGuide', locale, params)}>{t('biNutrition.link')}</a>
        </p>
      )}
      <p>
        <a href={pathTo('animals', locale)}>{t('pets.view.back')}</a>
      </p>
      {deleting && <DeleteDialog animal={animal} open={deleting} onClose={() => setDeleting(false)} />}
    </article>
  );
}

export default guardedIsland('animal', () => (
  <PetOfAddress route="animal" missing={BACK_TO_PETS}>
    {(animal) => <Pet animal={animal} />}
  </PetOfAddress>
));
