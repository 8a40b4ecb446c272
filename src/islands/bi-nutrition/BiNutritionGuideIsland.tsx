/**
 * The bi-nutrition guides for a cat: kibble plus wet food. The full guide (/guide-bi-nutrition/{animal}/)
 * has five steps, Profile, Meals (which of our kibbles the cat eats), Selection (the wet recipes, at most
 * MAX_RECIPES), Ration (wet food three times a week or every day, with the grams it makes) and Result; the
 * mini guide (/mini-guide-bi-nutrition/{animal}/) leaves the kibble to the engine and has four. The
 * profile is saved through the shop API; the other answers and the step survive a reload
 * (stores/bi-nutrition.ts). Each check of the content service is said at the step where it arises, in the
 * shopper's language, with a way forward; a dog's path is refused at once; a failure of the service is the
 * technical error. An intact adult female is asked, once her profile is saved, whether she is pregnant or
 * nursing: a yes is the referral to a vet (lib/nutrition/referral.ts), as in every guide.
 */
import { createContext, useContext, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { languageOf } from '../../lib/channels.ts';
import { smallImageUrl } from '../../lib/content/products.ts';
import type { ProductSummary } from '../../lib/content/wire.ts';
import { createForm, type FormController } from '../shared/forms/form-state.ts';
import { BI_NUTRITION_MESSAGES, biNutritionError } from '../../lib/nutrition/bi-nutrition.ts';
import { guideQuestions, recommendationBodyOf } from '../../lib/nutrition/kibble-guide.ts';
import { MAX_RECIPES } from '../../lib/nutrition/recommendation.ts';
import type { RecommendationRequest } from '../../lib/nutrition/requests.ts';
import { pathTo } from '../../lib/routes/paths.ts';
import type { RouteName } from '../../lib/routes/routes.ts';
import type { Animal } from '../../lib/shop-api/animals.ts';
import { biNutritionDraft, keepBiNutritionDraft, type BiNutritionDraft } from '../../stores/bi-nutrition.ts';
import { rememberGuest } from '../../stores/guest-animals.ts';
import { ErrorList } from '../shared/forms/ErrorList.tsx';
import { Form } from '../shared/forms/Form.tsx';
import { RadioQuestion } from '../shared/forms/RadioQuestion.tsx';
import { SubmitButton } from '../shared/forms/SubmitButton.tsx';
import { guardedIsland, IslandStatus } from '../shared/guard.tsx';
import { useIsland, type IslandProps } from '../shared/island.tsx';
import { usePets } from '../shared/pets/use-pets.ts';
import { PetDietFields, PetProfileFields, PetShapeFields } from '../shared/pets/fields.tsx';
import { emptyPet, idOf, PET_FIELDS, petInput, petValues, type PetFormValues } from '../shared/pets/form.ts';
import { PetOfAddress } from '../shared/pets/PetOfAddress.tsx';
import { stepSchema } from '../shared/pets/guide-steps.ts';
import { fetchKibbles, fetchMenu, fetchWetChoices, type BiNutritionRefusal } from './api.ts';
import { MenuView } from './MenuView.tsx';
import '../shared/guide.css';
import './bi-nutrition.css';

export type Version = BiNutritionDraft['version'];
type Step = 'profile' | 'meals' | 'selection' | 'ration';
const STEPS: Record<Version, readonly Step[]> = {
  full: ['profile', 'meals', 'selection', 'ration'],
  mini: ['profile', 'selection', 'ration'],
};
const ROUTES: Record<Version, { guide: RouteName; results: RouteName; entrance: RouteName }> = {
  full: { guide: 'biNutritionGuide', results: 'biNutritionResults', entrance: 'nutritionGuideFull' },
  mini: { guide: 'miniBiNutritionGuide', results: 'miniBiNutritionResults', entrance: 'nutritionGuideShort' },
};
/** The whole guide's check of the profile: every field of the kibble guide's three steps. */
const PROFILE_STEP = 2;

/** Where the content service is: the build's CONTENT_API_URL, given by the page. */
export const ContentUrl = createContext('');

const isDog = (animal: Animal) => idOf(animal.type) === '1';

/** The getReco body of this cat and these choices. */
export function menuBody(animal: Animal, draft: Pick<BiNutritionDraft, 'kibble' | 'wetRecipes' | 'daysPerWeek'>): RecommendationRequest {
  return {
    ...recommendationBodyOf(animal),
    kinds: ['dry', 'wet'],
    kibble: draft.kibble,
    wetRecipes: draft.wetRecipes.length > 0 ? draft.wetRecipes : null,
    wet: { share: 0.5, daysPerWeek: draft.daysPerWeek },
  };
}

/** A refusal of the checks, and what the shopper can do about it. */
export function Refusal({ refusal, children }: { refusal: BiNutritionRefusal; children?: ReactNode }) {
  const { t } = useIsland();
  const vet = refusal.reason === 'overweight' || refusal.reason === 'pathology';
  return (
    <div className="bi-refusal" role="alert" data-reason={refusal.reason}>
      <p className="guide-not-eligible">{refusal.message}</p>
      {vet && <p>{t('biNutrition.result.vet')}</p>}
      {children}
    </div>
  );
}

export function TechnicalError() {
  const { locale } = useIsland();
  return <ErrorList messages={[BI_NUTRITION_MESSAGES[languageOf(locale)].technical]} />;
}

function Progress({ version, step }: { version: Version; step: number }) {
  const { t } = useIsland();
  const names = [...STEPS[version], 'result'];
  return (
    <nav className="guide-progress" aria-label={t('biNutrition.steps.label')}>
      <p className="guide-progress-text">{t('biNutrition.steps.progress', { current: step + 1, total: names.length })}</p>
      <ol>
        {names.map((name, index) => (
          <li key={name} className={index <= step ? 'is-done' : undefined} aria-current={index === step ? 'step' : undefined}>
            {t(`biNutrition.steps.${name}`)}
          </li>
        ))}
      </ol>
    </nav>
  );
}

type Problem = { refusal: BiNutritionRefusal } | { technical: true } | null;

function ProblemView({ problem, children }: { problem: Problem; children?: ReactNode }) {
  if (!problem) return null;
  if ('technical' in problem) return <TechnicalError />;
  return <Refusal refusal={problem.refusal}>{children}</Refusal>;
}

/** The profile's form: every field of the kibble guide's three steps, saved by `save`. */
const profileForm = (defaults: PetFormValues, save: (values: PetFormValues) => Promise<Animal>) =>
  createForm({
    name: 'animal',
    schema: () => stepSchema(PROFILE_STEP, 'biNutrition'),
    defaults,
    fields: PET_FIELDS,
    onSubmit: (_data, values): Promise<Animal> => save(values),
  });

function ProfileStep({ animal, onSaved }: { animal: Animal; onSaved: (animal: Animal) => void }) {
  const pets = usePets();
  const [form] = useState(() =>
    profileForm(petValues(animal), async (values) => {
      const saved = await pets.api.updateAnimal(animal.id, petInput(values), await pets.ownerToken());
      rememberGuest(saved);
      return saved;
    }),
  );
  return <ProfileForm form={form} onSaved={onSaved} />;
}

function ProfileForm({ form, onSaved }: { form: FormController<PetFormValues, Animal>; onSaved: (animal: Animal) => void }) {
  const { t } = useIsland();
  return (
    <Form form={form} onSuccess={onSaved}>
      <PetProfileFields />
      <PetShapeFields />
      <PetDietFields />
      <div className="form-actions guide-actions">
        <SubmitButton>{t('biNutrition.actions.next')}</SubmitButton>
      </div>
    </Form>
  );
}

/** A cat's species in the pets' form (animal-types/2). */
const CAT = '2';

/**
 * The profile step as the page's HTML draws it, until the island has the cat of the address: the Wizard's
 * screen (its progress, heading, lead, the problems' room, the form) for a cat not described yet, disabled
 * (what is typed before the island runs would be lost), so the page is painted without waiting for its
 * script. Its borderless fieldset has no box of its own (guard.css).
 */
function ProfileFrame({ version }: { version: Version }) {
  const { t } = useIsland();
  const [form] = useState(() =>
    profileForm(emptyPet(CAT), async () => {
      throw new Error('The frame submits nothing.');
    }),
  );
  return (
    <fieldset className="guard-prerendered" disabled>
      <section className="guide card" aria-labelledby="bi-step-title">
        <Progress version={version} step={0} />
        <h2 id="bi-step-title">{t('biNutrition.steps.profile')}</h2>
        <p>{t('biNutrition.intro.profile')}</p>
        <div />
        <ProfileForm form={form} onSaved={() => {}} />
      </section>
    </fieldset>
  );
}

/**
 * After the profile of an intact adult female (exported for its component test): is she pregnant or
 * nursing? A fieldset of two radio buttons; an unanswered one says so in a line kept in the page.
 */
export function PregnancyQuestion({
  name,
  onAnswer,
  children,
}: {
  name: string;
  onAnswer: (pregnantOrNursing: boolean) => void;
  /** The way back to the profile. */
  children?: ReactNode;
}) {
  const { t } = useIsland();
  const id = useId();
  const [answer, setAnswer] = useState<'yes' | 'no' | null>(null);
  const [missing, setMissing] = useState(false);
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setMissing(answer === null);
        if (answer !== null) onAnswer(answer === 'yes');
      }}
    >
      <RadioQuestion
        id={id}
        name="pregnantOrNursing"
        legend={t('biNutrition.pregnancy.legend', { name })}
        choices={['yes', 'no'] as const}
        labelOf={(value) => t(`biNutrition.pregnancy.${value}`)}
        value={answer}
        onChange={(value) => {
          setAnswer(value);
          setMissing(false);
        }}
        missing={missing ? t('biNutrition.pregnancy.required') : null}
        className="bi-question"
        choicesClassName="bi-frequency"
      />
      <div className="form-actions guide-actions">
        <button type="submit" className="button">
          {t('biNutrition.actions.next')}
        </button>
        {children}
      </div>
    </form>
  );
}

function Choice({
  product,
  type,
  checked,
  disabled,
  onChange,
}: {
  product: ProductSummary;
  type: 'radio' | 'checkbox';
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <li>
      <label className={`bi-choice${checked ? ' is-checked' : ''}`}>
        <input
          type={type}
          name={type === 'radio' ? 'kibble' : 'wetRecipes'}
          value={product.sku}
          checked={checked}
          disabled={disabled}
          onChange={(e) => onChange(e.currentTarget.checked)}
        />
        {product.image ? (
          <img src={smallImageUrl(product.image)} alt="" width={64} height={64} loading="lazy" />
        ) : (
          <span className="bi-choice-image" aria-hidden="true" />
        )}
        <span>{product.name}</span>
      </label>
    </li>
  );
}

type Loading<T> = T | 'loading' | { technical: true };

/** A content-service call's answer as a step reads it: loading, the answer, or the technical error. */
function useLoaded<T>(load: () => Promise<T>, deps: readonly unknown[]): Loading<T> {
  const [state, setState] = useState<Loading<T>>('loading');
  useEffect(() => {
    let live = true;
    setState('loading');
    load()
      .then((value) => live && setState(value))
      .catch(() => live && setState({ technical: true }));
    return () => {
      live = false;
    };
    // biome-ignore lint/correctness/useExhaustiveDependencies: the caller names what the call depends on
  }, deps);
  return state;
}

const isTechnical = (value: unknown): value is { technical: true } => typeof value === 'object' && value !== null && 'technical' in value;

function Wizard({ version, start }: { version: Version; start: Animal }) {
  const { t, locale } = useIsland();
  const contentUrl = useContext(ContentUrl);
  const [animal, setAnimal] = useState(start);
  const [draft, setDraft] = useState<BiNutritionDraft>(
    () => biNutritionDraft(start.id, version) ?? { animal: start.id, version, step: 0, kibble: null, wetRecipes: [], daysPerWeek: 3 },
  );
  const [problem, setProblem] = useState<Problem>(null);
  const problemRef = useRef<HTMLDivElement>(null);
  // A refusal is said above the step's choices: on a phone the shopper tapped the action at the bottom of
  // the screen, so the sentence is brought into view.
  useEffect(() => {
    if (problem) problemRef.current?.scrollIntoView?.({ block: 'center' });
  }, [problem]);
  const [pending, setPending] = useState(false);
  // Whether the pregnancy question is on screen: once the profile of an intact adult female is saved and passes its checks.
  const [askPregnancy, setAskPregnancy] = useState(false);
  const steps = STEPS[version];
  const step = steps[Math.min(draft.step, steps.length - 1)]!;
  const index = steps.indexOf(step);
  const update = (change: Partial<BiNutritionDraft>) => {
    const next = { ...draft, ...change };
    setDraft(next);
    keepBiNutritionDraft(next);
    if (change.step !== undefined) window.scrollTo({ top: 0 });
  };
  const goTo = (next: number) => {
    setProblem(null);
    update({ step: next });
  };
  /** Asks the service to check these choices; moves on when they pass (or opens the results after the last step). */
  const check = async (choices: Partial<BiNutritionDraft>) => {
    setPending(true);
    setProblem(null);
    try {
      const answer = await fetchMenu(contentUrl, locale, menuBody(animal, { ...draft, ...choices, wetRecipes: choices.wetRecipes ?? [] }));
      if (!answer.eligible) return setProblem({ refusal: answer });
      if (index === steps.length - 1) {
        keepBiNutritionDraft({ ...draft, ...choices });
        window.location.assign(pathTo(ROUTES[version].results, locale, { animal: String(animal.id) }));
        return;
      }
      update({ ...choices, step: index + 1 });
    } catch {
      setProblem({ technical: true });
    } finally {
      setPending(false);
    }
  };
  const back = index > 0 && (
    <button type="button" className="button secondary" onClick={() => goTo(index - 1)} disabled={pending}>
      {t('biNutrition.actions.back')}
    </button>
  );
  // The profile's own checks need no kibble: they are the engine's, run here (a yes to the pregnancy question is one).
  const profileRefused = (saved: Animal, pregnantOrNursing: boolean): boolean => {
    const body = recommendationBodyOf(saved, { pregnantOrNursing });
    const error = biNutritionError({
      species: body.type,
      ageMonths: body.month,
      condition: body.condition,
      feature: body.feature ?? null,
      pregnantOrNursing: body.pregnantOrNursing,
    });
    if (!error || error === 'technical') return false;
    setProblem({ refusal: { eligible: false, reason: error, message: BI_NUTRITION_MESSAGES[languageOf(locale)][error] } });
    return true;
  };
  let body: ReactNode;
  if (step === 'profile' && askPregnancy)
    body = (
      <PregnancyQuestion
        name={animal.name}
        onAnswer={(pregnantOrNursing) => {
          if (profileRefused(animal, pregnantOrNursing)) return;
          setAskPregnancy(false);
          goTo(index + 1);
        }}
      >
        <button
          type="button"
          className="button secondary"
          onClick={() => {
            setProblem(null);
            setAskPregnancy(false);
          }}
        >
          {t('biNutrition.actions.back')}
        </button>
      </PregnancyQuestion>
    );
  else if (step === 'profile')
    body = (
      <ProfileStep
        animal={animal}
        onSaved={(saved) => {
          setAnimal(saved);
          if (profileRefused(saved, false)) return;
          setProblem(null);
          if (guideQuestions(saved).pregnancy) return setAskPregnancy(true);
          goTo(index + 1);
        }}
      />
    );
  else if (step === 'meals')
    body = <MealsStep animal={animal} draft={draft} pending={pending} onNext={(kibble) => void check({ kibble })} back={back} />;
  else if (step === 'selection')
    body = <SelectionStep animal={animal} draft={draft} onNext={(wetRecipes) => update({ wetRecipes, step: index + 1 })} back={back} />;
  else
    body = (
      <RationStep
        animal={animal}
        draft={draft}
        pending={pending}
        onNext={(daysPerWeek) => void check({ daysPerWeek, wetRecipes: draft.wetRecipes })}
        back={back}
      />
    );
  const editProfile = (
    <button type="button" className="button secondary" onClick={() => goTo(0)}>
      {t('biNutrition.actions.editProfile')}
    </button>
  );
  return (
    <section className="guide card" aria-labelledby="bi-step-title">
      <Progress version={version} step={index} />
      <h2 id="bi-step-title">{t(`biNutrition.steps.${step}`)}</h2>
      <p>{t(`biNutrition.intro.${step}`)}</p>
      <div ref={problemRef}>
        <ProblemView problem={problem}>
          {step === 'meals' && (
            // A kibble refused: the way forward is another one of the list, whose first choice takes the focus.
            <button
              type="button"
              className="button"
              onClick={() => problemRef.current?.parentElement?.querySelector<HTMLInputElement>('.bi-choices input')?.focus()}
            >
              {t('biNutrition.actions.otherKibble')}
            </button>
          )}
          {step !== 'profile' && editProfile}
        </ProblemView>
      </div>
      {body}
    </section>
  );
}

/** What a step after the profile is given: the cat, the answers so far, where to go next and the way back. */
interface StepProps<Answer> {
  animal: Animal;
  draft: BiNutritionDraft;
  /** The step's answer is being checked by the service. */
  pending?: boolean;
  onNext: (answer: Answer) => void;
  back: ReactNode;
}

function MealsStep({ animal, draft, pending, onNext, back }: StepProps<string>) {
  const { t, locale } = useIsland();
  const contentUrl = useContext(ContentUrl);
  const kibbles = useLoaded(() => fetchKibbles(contentUrl, locale, menuBody(animal, draft)), [contentUrl, locale, animal]);
  const [kibble, setKibble] = useState(draft.kibble);
  const [missing, setMissing] = useState(false);
  if (kibbles === 'loading') return <IslandStatus messageKey="biNutrition.menu.loading" />;
  if (isTechnical(kibbles)) return <TechnicalError />;
  if (!Array.isArray(kibbles)) return <Refusal refusal={kibbles}>{back}</Refusal>;
  const group = (animal: 'cat' | 'dog') => (
    <fieldset className="bi-choices">
      <legend>{t(`biNutrition.meals.${animal}`)}</legend>
      <ul>
        {kibbles
          .filter((p) => p.animal === animal)
          .map((p) => (
            <Choice key={p.sku} product={p} type="radio" checked={kibble === p.sku} onChange={() => setKibble(p.sku)} />
          ))}
      </ul>
    </fieldset>
  );
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        setMissing(!kibble);
        if (kibble) onNext(kibble);
      }}
    >
      {group('cat')}
      {group('dog')}
      {missing && <ErrorList messages={[t('biNutrition.meals.required')]} />}
      <div className="form-actions guide-actions">
        <button type="submit" className="button" disabled={pending}>
          {t('biNutrition.actions.next')}
        </button>
        {back}
      </div>
    </form>
  );
}

function SelectionStep({ animal, draft, onNext, back }: StepProps<string[]>) {
  const { t, locale } = useIsland();
  const contentUrl = useContext(ContentUrl);
  const choices = useLoaded(
    () => fetchWetChoices(contentUrl, locale, menuBody(animal, { ...draft, wetRecipes: [] })),
    [contentUrl, locale, animal],
  );
  const [chosen, setChosen] = useState<string[]>(draft.wetRecipes);
  const [missing, setMissing] = useState(false);
  if (choices === 'loading') return <IslandStatus messageKey="biNutrition.menu.loading" />;
  if (isTechnical(choices)) return <TechnicalError />;
  if (!Array.isArray(choices)) return <Refusal refusal={choices}>{back}</Refusal>;
  if (choices.length === 0) return <p>{t('biNutrition.selection.none')}</p>;
  const offered = new Set(choices.map((p) => p.sku));
  const kept = chosen.filter((sku) => offered.has(sku));
  const full = kept.length >= MAX_RECIPES;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        setMissing(kept.length === 0);
        if (kept.length > 0) onNext(kept);
      }}
    >
      <fieldset className="bi-choices">
        <legend>{t('biNutrition.selection.limit', { max: MAX_RECIPES, count: kept.length })}</legend>
        <ul>
          {choices.map((p) => (
            <Choice
              key={p.sku}
              product={p}
              type="checkbox"
              checked={kept.includes(p.sku)}
              disabled={full && !kept.includes(p.sku)}
              onChange={(on) => setChosen(on ? [...kept, p.sku] : kept.filter((sku) => sku !== p.sku))}
            />
          ))}
        </ul>
      </fieldset>
      <p className="bi-limit" aria-live="polite">
        {full ? t('biNutrition.selection.full', { max: MAX_RECIPES }) : ''}
      </p>
      {missing && <ErrorList messages={[t('biNutrition.selection.required')]} />}
      <div className="form-actions guide-actions">
        <button type="submit" className="button">
          {t('biNutrition.actions.next')}
        </button>
        {back}
      </div>
    </form>
  );
}

function RationStep({ animal, draft, pending, onNext, back }: StepProps<3 | 7>) {
  const { t, locale } = useIsland();
  const contentUrl = useContext(ContentUrl);
  const [days, setDays] = useState<3 | 7>(draft.daysPerWeek);
  const menu = useLoaded(
    () => fetchMenu(contentUrl, locale, menuBody(animal, { ...draft, daysPerWeek: days })),
    [contentUrl, locale, animal, days],
  );
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onNext(days);
      }}
    >
      <fieldset className="bi-frequency">
        <legend className="visually-hidden">{t('biNutrition.intro.ration')}</legend>
        {([3, 7] as const).map((value) => (
          <label key={value}>
            <input type="radio" name="daysPerWeek" value={value} checked={days === value} onChange={() => setDays(value)} />{' '}
            {t(value === 3 ? 'biNutrition.ration.three' : 'biNutrition.ration.daily')}
          </label>
        ))}
      </fieldset>
      <div className="bi-preview" aria-live="polite">
        {menu === 'loading' ? (
          <IslandStatus messageKey="biNutrition.menu.loading" />
        ) : isTechnical(menu) ? (
          <TechnicalError />
        ) : !menu.eligible ? (
          <Refusal refusal={menu} />
        ) : (
          menu.menu && <MenuView menu={menu.menu} />
        )}
      </div>
      <div className="form-actions guide-actions">
        <button type="submit" className="button" disabled={pending}>
          {t('biNutrition.actions.results')}
        </button>
        {back}
      </div>
    </form>
  );
}

/** A screen of the guide about the cat of the address; a dog's path is refused at once. */
export function CatOfAddress({
  version,
  page,
  frame,
  children,
}: {
  version: Version;
  page: 'guide' | 'results';
  /** What stands while the cat loads (PetOfAddress). */
  frame?: ReactNode;
  children: (animal: Animal) => ReactNode;
}) {
  const { t, locale } = useIsland();
  const routes = ROUTES[version];
  return (
    <PetOfAddress route={routes[page]} missing={{ route: routes.entrance, label: 'guide.actions.chooseAnimal' }} frame={frame}>
      {(animal) =>
        isDog(animal) ? (
          <section className="guide card">
            <Refusal refusal={{ eligible: false, reason: 'dogType', message: BI_NUTRITION_MESSAGES[languageOf(locale)].dogType }}>
              <a className="button secondary" href={pathTo('animals', locale)}>
                {t('biNutrition.actions.pets')}
              </a>
            </Refusal>
          </section>
        ) : (
          children(animal)
        )
      }
    </PetOfAddress>
  );
}

function GuideOf({ version }: { version: Version }) {
  return (
    <CatOfAddress version={version} page="guide" frame={<ProfileFrame version={version} />}>
      {(animal) => <Wizard version={version} start={animal} />}
    </CatOfAddress>
  );
}

const FullGuide = guardedIsland(
  'biNutritionGuide',
  () => <GuideOf version="full" />,
  () => <ProfileFrame version="full" />,
);
const MiniGuide = guardedIsland(
  'miniBiNutritionGuide',
  () => <GuideOf version="mini" />,
  () => <ProfileFrame version="mini" />,
);
export type BiNutritionIslandProps = IslandProps & { contentUrl: string };

export function BiNutritionGuideIsland({ contentUrl, ...props }: BiNutritionIslandProps) {
  return (
    <ContentUrl.Provider value={contentUrl}>
      <FullGuide {...props} />
    </ContentUrl.Provider>
  );
}

export function MiniBiNutritionGuideIsland({ contentUrl, ...props }: BiNutritionIslandProps) {
  return (
    <ContentUrl.Provider value={contentUrl}>
      <MiniGuide {...props} />
    </ContentUrl.Provider>
  );
}
export { ROUTES as BI_NUTRITION_ROUTES };
