/**
 * The kibble guide (/guide-croquettes/): which pet (the shopper's, or a new one: a guest's when not signed
 * in), then its steps Profile, Shape and Diet, each checked with the pet rules before the next (a cat of 1
 * to 13 kg, a dog below 100 kg, a birthday, at least one feed…), and the results. A new pet is created
 * through the shop API once its profile is whole; a saved one is updated at each step. The answers and the
 * step reached survive a reload (stores/guide.ts).
 */
import { useEffect, useState, type ReactNode } from 'react';
import { KIBBLE_GUIDE_STEPS } from '../../lib/nutrition/kibble-guide.ts';
import { createForm, type FormController } from '../shared/forms/form-state.ts';
import { pathTo } from '../../lib/routes/paths.ts';
import type { RouteName } from '../../lib/routes/routes.ts';
import type { Animal } from '../../lib/shop-api/animals.ts';
import { forgetGuideDraft, guideDraft, keepGuideDraft } from '../../stores/guide.ts';
import { rememberGuest } from '../../stores/guest-animals.ts';
import { ErrorList } from '../shared/forms/ErrorList.tsx';
import { Form, useFormPending } from '../shared/forms/Form.tsx';
import { SubmitButton } from '../shared/forms/SubmitButton.tsx';
import { BusyFrame, guardedIsland } from '../shared/guard.tsx';
import { useIsland } from '../shared/island.tsx';
import { usePets } from '../shared/pets/use-pets.ts';
import { PetDietFields, PetProfileFields, PetShapeFields } from '../shared/pets/fields.tsx';
import { emptyPet, PET_FIELDS, petInput, petValues, type PetFormValues } from '../shared/pets/form.ts';
import { ASKED, stepSchema, type AskedStep } from '../shared/pets/guide-steps.ts';
import { usePetSummary } from '../shared/pets/pet.tsx';
import { PetOfAddress } from '../shared/pets/PetOfAddress.tsx';
import '../shared/guide.css';

function Progress({ step }: { step: number }) {
  const { t } = useIsland();
  return (
    <nav className="guide-progress" aria-label={t('guide.steps.label')}>
      <p className="guide-progress-text">{t('guide.steps.progress', { current: step + 1, total: KIBBLE_GUIDE_STEPS.length })}</p>
      <ol>
        {KIBBLE_GUIDE_STEPS.map((name, index) => (
          <li key={name} className={index <= step ? 'is-done' : undefined} aria-current={index === step ? 'step' : undefined}>
            {t(`guide.steps.${name}`)}
          </li>
        ))}
      </ol>
    </nav>
  );
}

function BackButton({ onClick }: { onClick: () => void }) {
  const { t } = useIsland();
  return (
    <button type="button" className="button secondary" onClick={onClick} disabled={useFormPending()}>
      {t('guide.actions.back')}
    </button>
  );
}

const resultsPath = (locale: Parameters<typeof pathTo>[1], animal: Animal) =>
  pathTo('kibbleGuideResults', locale, { animal: String(animal.id) });

/** The steps for a new pet (`animal` null) or a saved one. */
function Wizard({ animal }: { animal: Animal | null }) {
  const { locale } = useIsland();
  const pets = usePets();
  const draftKey = animal?.id ?? null;
  const [start] = useState(() => {
    const draft = guideDraft(draftKey);
    const base = animal ? petValues(animal) : emptyPet();
    const kept = Object.fromEntries(
      Object.entries(draft?.values ?? {}).filter(([name]) => (PET_FIELDS as readonly string[]).includes(name)),
    );
    return { step: draft?.step ?? 0, values: { ...base, ...kept } as PetFormValues };
  });
  const [step, setStep] = useState(Math.min(start.step, ASKED.length - 1));
  const stepRef = useStepRef(step);
  const [form] = useState(() =>
    createForm({
      name: 'animal',
      schema: () => stepSchema(stepRef.current),
      defaults: start.values,
      fields: PET_FIELDS,
      onSubmit: async (_data, values): Promise<Animal | null> => {
        const current = stepRef.current;
        const last = current === ASKED.length - 1;
        // A saved pet is updated at each step; a new one is created when its profile is whole.
        if (!animal && !last) {
          keepGuideDraft({ animal: null, step: current + 1, values: { ...values } });
          return null;
        }
        const api = pets.api;
        const guest = await pets.ownerToken();
        const saved = animal ? await api.updateAnimal(animal.id, petInput(values), guest) : await api.createAnimal(petInput(values), guest);
        rememberGuest(saved);
        if (last) forgetGuideDraft();
        else keepGuideDraft({ animal: saved.id, step: current + 1, values: { ...values } });
        return saved;
      },
    }),
  );
  // What is typed is kept as it is typed, so a reload in the middle of a step loses nothing (a submission
  // changes no value: it never brings back the answers forgotten once the pet is saved).
  useEffect(() => {
    let before = form.values;
    return form.$state.listen((state) => {
      if (state.values === before) return;
      before = state.values;
      keepGuideDraft({ animal: draftKey, step: stepRef.current, values: { ...state.values } });
    });
  }, [form, draftKey, stepRef]);
  const saved = (result: Animal | null) => {
    if (step === ASKED.length - 1 && result) return window.location.assign(resultsPath(locale, result));
    setStep(step + 1);
    window.scrollTo({ top: 0 });
  };
  const back = () => {
    setStep(step - 1);
    keepGuideDraft({ animal: draftKey, step: step - 1, values: { ...form.values } });
  };
  return <StepScreen step={step} form={form} onSaved={saved} onBack={back} />;
}

const STEP_FIELDS: Record<AskedStep, ReactNode> = {
  profile: <PetProfileFields />,
  shape: <PetShapeFields />,
  diet: <PetDietFields />,
};

/** A step's screen: where the shopper is, the step's heading and lead, its fields and its actions. */
function StepScreen({
  step,
  form,
  onSaved,
  onBack,
}: {
  step: number;
  form: FormController<PetFormValues, Animal | null>;
  onSaved: (result: Animal | null) => void;
  onBack: () => void;
}) {
  const { t } = useIsland();
  const asked = ASKED[step]!;
  return (
    <section className="guide card" aria-labelledby="guide-step-title">
      <Progress step={step} />
      <h2 id="guide-step-title">{t(`guide.steps.${asked}`)}</h2>
      <p>{t(`guide.intro.${asked}`)}</p>
      <Form form={form} onSuccess={onSaved} key={asked}>
        {STEP_FIELDS[asked]}
        <div className="form-actions guide-actions">
          <SubmitButton>{step === ASKED.length - 1 ? t('guide.actions.results') : t('guide.actions.next')}</SubmitButton>
          {step > 0 && <BackButton onClick={onBack} />}
        </div>
      </Form>
    </section>
  );
}

/**
 * The first step of a new pet as the page's HTML draws it, until the island knows the shopper's pets: the
 * page is painted without waiting for its script, and a guest (who has none) goes on in the same screen,
 * nothing moving. Disabled meanwhile: what is typed before the island runs would be lost. Its borderless
 * fieldset has no box of its own (guard.css), so the screen stands exactly where the steps' will.
 */
function FirstStepFrame() {
  const [form] = useState(() =>
    createForm({ name: 'animal', schema: () => stepSchema(0), defaults: emptyPet(), fields: PET_FIELDS, onSubmit: async () => null }),
  );
  return (
    <fieldset className="guard-prerendered" disabled>
      <StepScreen step={0} form={form} onSaved={() => {}} onBack={() => {}} />
    </fieldset>
  );
}

/** The step as a ref the form's callbacks read (they are made once, the step changes). */
function useStepRef(step: number) {
  const [ref] = useState(() => ({ current: step }));
  ref.current = step;
  return ref;
}

type Pets = Animal[] | { failed: string } | null;

/** The entrance: the shopper's pets to choose from, or straight to the steps of a new one when there is none. */
function Entrance({ route }: { route: RouteName }) {
  const { t, locale } = useIsland();
  const shopper = usePets();
  const summary = usePetSummary();
  const [pets, setPets] = useState<Pets>(route === 'kibbleGuideNew' ? [] : null);
  useEffect(() => {
    if (route === 'kibbleGuideNew') return;
    let live = true;
    void (async () => {
      try {
        const token = await shopper.ownerToken();
        // A guest without a token has no pet yet: nothing to ask.
        const list = shopper.mayOwnPets(token) ? await shopper.api.listAnimals(token) : [];
        if (live) setPets(list);
      } catch {
        if (live) setPets({ failed: t('forms.errors.generic') });
      }
    })();
    return () => {
      live = false;
    };
  }, [route, t, shopper]);
  if (pets === null)
    return (
      <BusyFrame>
        <FirstStepFrame />
      </BusyFrame>
    );
  if ('failed' in pets) return <ErrorList messages={[pets.failed]} />;
  if (pets.length === 0) return <Wizard animal={null} />;
  return (
    <section className="guide card" aria-labelledby="guide-entrance-title">
      <h2 id="guide-entrance-title">{t('guide.entrance.title')}</h2>
      <p>{t('guide.entrance.intro')}</p>
      <ul className="guide-pets">
        {pets.map((pet) => (
          <li key={pet.id}>
            <a className="button" href={pathTo('kibbleGuideAnimal', locale, { animal: String(pet.id) })}>
              {t('guide.entrance.choose', { name: pet.name })}
            </a>
            <span className="guide-pet-summary">{summary(pet)}</span>
          </li>
        ))}
      </ul>
      <a className="button secondary" href={pathTo('kibbleGuideNew', locale)}>
        {t('guide.entrance.new')}
      </a>
    </section>
  );
}

function SavedPetWizard() {
  return (
    <PetOfAddress route="kibbleGuideAnimal" missing={{ route: 'kibbleGuide', label: 'guide.actions.chooseAnimal' }}>
      {(animal) => <Wizard animal={animal} />}
    </PetOfAddress>
  );
}

export const KibbleGuideIsland = guardedIsland('kibbleGuide', () => <Entrance route="kibbleGuide" />, FirstStepFrame);
export const NewKibbleGuideIsland = guardedIsland('kibbleGuideNew', () => <Entrance route="kibbleGuideNew" />, FirstStepFrame);
export const AnimalKibbleGuideIsland = guardedIsland('kibbleGuideAnimal', SavedPetWizard);
