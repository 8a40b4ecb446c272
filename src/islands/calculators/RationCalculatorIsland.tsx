/**
 * The product page's ration and delivery-frequency calculator: the pet's weight and age (a puppy or kitten
 * under 12 months in months), answered by the content service's `b2c-rations/getReco` with the daily ration
 * of this product (per day, per meal, explained in one sentence) and, for each format, how long a bag lasts
 * and the delivery frequency that fits. "Choose this frequency" opens that format's page with the choice in
 * its address (`?interval=&quantity=`), which the purchase form starts from.
 * A puppy or kitten (under 12 months, the service says) on a food not made for growth gets no ration of it:
 * the answer says why and leads to the species' growth foods.
 * Once the age typed is an adult's, one more question: a pregnant or nursing female (the page knows neither
 * sex nor sterilisation), "no" until the shopper says otherwise; a yes is answered with the referral to a vet
 * instead of a ration. It appears under the age as the shopper types it: the form grows from their own
 * typing, below where they type, and a blank kept for it would puzzle everyone it is never asked of.
 *
 * The page draws it inside a closed <details> and hydrates it when it shows (client:visible), so its code
 * is fetched only once the shopper opens it; its texts come with its code (./ration-messages.ts), not in the
 * page. The answer's place is as tall as an answer from the start: nothing below moves when it arrives.
 */
import { useId, useState, type FormEvent } from 'react';
import { languageOf } from '../../lib/channels.ts';
import { DELIVERY_FREQUENCIES } from '../../lib/constants.ts';
import { intervalText } from '../../lib/catalogue/frequencies.ts';
import { withPurchaseChoice } from '../../lib/catalogue/purchase-choice.ts';
import {
  asksPregnancy,
  checkCalculatorInput,
  choiceForFormat,
  rationResult,
  type CalculatorCheck,
  type RationAnswer,
  type RationReferral,
} from '../../lib/nutrition/calculator.ts';
import { NUTRITION_MESSAGES } from '../../lib/nutrition/requests.ts';
import type { Species } from '../../lib/pets/profile.ts';
import { Island, useIsland, type IslandProps } from '../shared/island.tsx';
import { RATION_MESSAGES } from './ration-messages.ts';
import '../shared/forms/forms.css';
import './calculators.css';

interface Format {
  code: string;
  name: string;
  /** The format's page. */
  href: string;
}

interface Props {
  sku: string;
  species: Species;
  /** Whether the product can be subscribed to: without, the calculator says how long a bag lasts only. */
  subscribe: boolean;
  formats: Format[];
  /** The content service the build read (CONTENT_API_URL): the browser asks it the ration too. */
  contentUrl: string;
  /** The life stage the food is made for (the product's `lifeStage` filter: puppy, kitten, adult, senior, all). */
  lifeStage: string;
  /** The page of this species' growth foods, where a puppy or kitten is sent from a food not made for it. */
  growthRange?: string;
}

type Errors = Extract<CalculatorCheck, { ok: false }>['errors'];
type State =
  | { status: 'idle' | 'pending' }
  | { status: 'done'; answer: RationAnswer }
  | { status: 'referred'; answer: RationReferral }
  | { status: 'failed'; message: string };

/** A choice always written in the address, whatever the page's default (no format's default is below 0). */
const ALWAYS = { interval: -1, quantity: -1 };

function RationCalculator({ sku, species, subscribe, formats, contentUrl, lifeStage, growthRange }: Props) {
  const { t, locale } = useIsland();
  const language = languageOf(locale);
  const id = useId();
  const [input, setInput] = useState({ weight: '', years: '', months: '' });
  const [pregnantOrNursing, setPregnantOrNursing] = useState(false);
  const pregnancyAsked = asksPregnancy(input);
  const [errors, setErrors] = useState<Errors>({});
  const [state, setState] = useState<State>({ status: 'idle' });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (state.status === 'pending') return;
    const checked = checkCalculatorInput(species, { ...input, pregnantOrNursing });
    if (!checked.ok) {
      setErrors(checked.errors);
      // An answer stays only beside the weight and age it was computed for.
      setState({ status: 'idle' });
      return;
    }
    setErrors({});
    setState({ status: 'pending' });
    const url = new URL(`${contentUrl.replace(/\/+$/, '')}/b2c-rations/getReco`);
    url.search = new URLSearchParams({
      ref: sku,
      weight: String(checked.weight),
      month: String(checked.month),
      ...(checked.pregnantOrNursing ? { pregnantOrNursing: 'true' } : {}),
      locale,
    }).toString();
    try {
      const response = await fetch(url, { headers: { accept: 'application/json' } });
      if (response.status === 404) {
        setState({ status: 'failed', message: NUTRITION_MESSAGES[language].rationNoResult });
        return;
      }
      const body = dataOf(await response.json().catch(() => null));
      const parsed = rationResult.safeParse(body);
      if (!response.ok || !parsed.success) throw new Error(`b2c-rations/getReco answered ${response.status}`);
      setState('referral' in parsed.data ? { status: 'referred', answer: parsed.data } : { status: 'done', answer: parsed.data });
    } catch {
      setState({ status: 'failed', message: t('calculator.ration.errors.network') });
    }
  };

  const field = (name: keyof typeof input) => ({
    id: `${id}-${name}`,
    name,
    value: input[name],
    onChange: (e: { target: { value: string } }) => {
      setInput((current) => ({ ...current, [name]: e.target.value }));
      // A corrected field stops saying its error as soon as it is typed in, not only on the next submission.
      const group = name === 'weight' ? 'weight' : 'age';
      setErrors((current) => (current[group] ? { ...current, [group]: undefined } : current));
    },
  });
  const weightError = errors.weight && t(`calculator.ration.errors.weight.${errors.weight}`);
  const ageError = errors.age && t(`calculator.ration.errors.age.${errors.age}`);

  return (
    <div className="ration-calculator">
      <p className="muted">{t('calculator.ration.intro')}</p>
      <form className="ration-form" noValidate onSubmit={submit} data-ration-form>
        <div className={`field${weightError ? ' is-invalid' : ''}`}>
          <label htmlFor={`${id}-weight`}>{t('calculator.ration.weight')}</label>
          <input
            {...field('weight')}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            aria-invalid={weightError ? true : undefined}
            aria-describedby={weightError ? `${id}-weight-error` : undefined}
          />
          {weightError && (
            <p id={`${id}-weight-error`} className="field-error" role="alert">
              {weightError}
            </p>
          )}
        </div>
        <fieldset
          className={`field ration-age${ageError ? ' is-invalid' : ''}`}
          aria-describedby={`${id}-age-hint${ageError ? ` ${id}-age-error` : ''}`}
        >
          <legend>{t('calculator.ration.age')}</legend>
          <p className="field-hint" id={`${id}-age-hint`}>
            {t(`calculator.ration.ageHint.${species}`)}
          </p>
          <div className="ration-age-inputs">
            <span>
              <label htmlFor={`${id}-years`}>{t('calculator.ration.years')}</label>
              <input {...field('years')} type="text" inputMode="numeric" autoComplete="off" aria-invalid={ageError ? true : undefined} />
            </span>
            <span>
              <label htmlFor={`${id}-months`}>{t('calculator.ration.months')}</label>
              <input {...field('months')} type="text" inputMode="numeric" autoComplete="off" aria-invalid={ageError ? true : undefined} />
            </span>
          </div>
          {ageError && (
            <p id={`${id}-age-error`} className="field-error" role="alert">
              {ageError}
            </p>
          )}
        </fieldset>
        <div className="ration-pregnancy-slot" data-ration-pregnancy={pregnancyAsked ? 'asked' : 'not-asked'}>
          {pregnancyAsked && (
            <fieldset className="field ration-pregnancy">
              <legend>{t('calculator.ration.pregnancy.legend')}</legend>
              <div className="ration-pregnancy-choices">
                {([true, false] as const).map((value) => (
                  <label key={String(value)}>
                    <input
                      type="radio"
                      name="pregnantOrNursing"
                      value={value ? 'yes' : 'no'}
                      checked={pregnantOrNursing === value}
                      onChange={() => setPregnantOrNursing(value)}
                    />{' '}
                    {t(`calculator.ration.pregnancy.${value ? 'yes' : 'no'}`)}
                  </label>
                ))}
              </div>
            </fieldset>
          )}
        </div>
        <button type="submit" className="button" aria-busy={state.status === 'pending'}>
          {state.status === 'pending' ? t('calculator.ration.loading') : t('calculator.ration.submit')}
        </button>
      </form>
      <div className="ration-result" aria-live="polite" data-formats={Math.min(formats.length, 4)} data-ration-result>
        {state.status === 'failed' && (
          <p className="field-error" role="alert">
            {state.message}
          </p>
        )}
        {state.status === 'referred' && (
          <p className="ration-referral" role="alert" data-ration-referral>
            {state.answer.referral.message}
          </p>
        )}
        {state.status === 'done' &&
          (state.answer.puppy && !feedsGrowth(lifeStage) ? (
            <NotForGrowth species={species} growthRange={growthRange} />
          ) : (
            <Answer answer={state.answer} species={species} formats={formats} subscribe={subscribe} />
          ))}
      </div>
    </div>
  );
}

/** Whether a food of this life stage may feed a puppy or kitten (under 12 months, as the service says). */
const feedsGrowth = (lifeStage: string) => ['puppy', 'kitten', 'all'].includes(lifeStage);

/**
 * A young pet on a food not made for growth: no ration of it (a growing pet needs more energy, protein and
 * calcium than an adult or senior recipe gives), and the way to the foods that are.
 */
function NotForGrowth({ species, growthRange }: { species: Species; growthRange?: string }) {
  const { t } = useIsland();
  return (
    <div className="ration-not-for-growth" role="alert" data-not-for-growth>
      <p>{t(`calculator.ration.notForGrowth.${species}`)}</p>
      {growthRange && (
        <a className="button" href={growthRange}>
          {t(`calculator.ration.growthRange.${species}`)}
        </a>
      )}
    </div>
  );
}

/** The `data` of a Strapi-shaped answer (rationAnswer reads the rest). */
const dataOf = (body: unknown): unknown => (body && typeof body === 'object' && 'data' in body ? body.data : null);

function Answer({
  answer,
  species,
  formats,
  subscribe,
}: {
  answer: RationAnswer;
  species: Species;
  formats: Format[];
  subscribe: boolean;
}) {
  const { t, locale } = useIsland();
  const pages = new Map(formats.map((f) => [f.code, f]));
  return (
    <>
      <p className="ration-grams">
        <strong>{t('calculator.ration.perDay', { grams: answer.gramsPerDay })}</strong>{' '}
        {t.plural('calculator.ration.perMeal', answer.meals, { grams: answer.gramsPerMeal })}
      </p>
      <p>{answer.explanation.text}</p>
      {!answer.puppy && (
        <p className="muted" data-ration-assumes>
          {t(`calculator.ration.assumes.${answer.assumedSterilised ? 'sterilised' : 'intact'}.${species}`)}
        </p>
      )}
      <h3>{t('calculator.ration.formats')}</h3>
      <ul className="ration-formats">
        {answer.formats.flatMap((fit) => {
          const page = pages.get(fit.code);
          if (!page) return [];
          const choice = subscribe ? choiceForFormat(fit) : null;
          const frequency = choice && DELIVERY_FREQUENCIES.find((f) => f.days === choice.interval);
          const label = frequency ? intervalText(languageOf(locale), frequency.days).toLocaleLowerCase() : '';
          return [
            <li key={fit.code} data-format={fit.code}>
              <span>{t.plural('calculator.ration.lasts', fit.lastsDays, { name: fit.name })}</span>
              {choice && frequency && (
                <>
                  <span data-frequency={choice.interval} data-quantity={choice.quantity}>
                    {choice.quantity > 1
                      ? t.plural('calculator.ration.tooSmall', choice.quantity, { frequency: label })
                      : t('calculator.ration.frequency', { frequency: label })}
                  </span>
                  <a
                    className="button secondary"
                    href={withPurchaseChoice(page.href, choice, ALWAYS)}
                    aria-label={t('calculator.ration.chooseLabel', { name: fit.name })}
                    data-choose-frequency
                  >
                    {t('calculator.ration.choose')}
                  </a>
                </>
              )}
            </li>,
          ];
        })}
      </ul>
    </>
  );
}

export default function RationCalculatorIsland(props: Pick<IslandProps, 'locale'> & Props) {
  return (
    <Island locale={props.locale} messages={RATION_MESSAGES[languageOf(props.locale)]}>
      <RationCalculator {...props} />
    </Island>
  );
}
