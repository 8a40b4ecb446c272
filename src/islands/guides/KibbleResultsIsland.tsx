/**
 * The kibble guide's results (/guide-croquettes/{animal}/recommandations/): the recipes recommended for
 * the pet (at most the engine's maximum), each with its daily ration in grams and per meal, the sentence
 * that explains it, why this recipe for this pet, the delivery frequency its bag fits, and add to cart in
 * one click, once or as a subscription at that frequency. When the profile cannot tell what changes the
 * answer (a pregnancy, a crossbreed puppy's adult size), the questions come first (GuideQuestions). A pet
 * the referral rule sends to a vet reads why it gets no recipe; a failure of the service reads the
 * technical error.
 */
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { intervalText } from '../../lib/catalogue/frequencies.ts';
import { languageOf } from '../../lib/channels.ts';
import { DELIVERY_FREQUENCIES } from '../../lib/constants.ts';
import { guideOffer, guideQuestions, recommendationBodyOf, type GuideAnswers, type GuideOffer } from '../../lib/nutrition/kibble-guide.ts';
import { NUTRITION_MESSAGES } from '../../lib/nutrition/requests.ts';
import { pathTo } from '../../lib/routes/paths.ts';
import type { Animal } from '../../lib/shop-api/animals.ts';
import { ErrorList } from '../shared/forms/ErrorList.tsx';
import { guardedIsland, IslandStatus } from '../shared/guard.tsx';
import { useIsland, useShop } from '../shared/island.tsx';
import { Toasts } from '../shared/Toasts.tsx';
import { addGuideOffers, type GuidePurchase } from '../shared/guide-cart.ts';
import { PetOfAddress } from '../shared/pets/PetOfAddress.tsx';
import { AddedToCart } from '../shared/AddedToCart.tsx';
import { GuideQuestions } from './GuideQuestions.tsx';
import { fetchRecommendation, type GuideRecipe, type GuideRecommendation } from './recommendation.ts';
import '../shared/guide.css';
import './guides.css';

/** Where the content service is: the build's CONTENT_API_URL, given by the page. */
export const ContentUrl = createContext('');

/** One recommended recipe (exported for its component test). */
export function RecipeCard({ recipe }: { recipe: GuideRecipe }) {
  const { t, price, locale } = useIsland();
  const shop = useShop();
  const [pending, setPending] = useState<GuidePurchase | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [added, setAdded] = useState<string | null>(null);
  const food = recipe.ration.days[0]!.foods.find((f) => f.key === recipe.sku) ?? recipe.ration.days[0]!.foods[0]!;
  const offer: GuideOffer | null = guideOffer(recipe.formats[recipe.sku] ?? []);
  const frequency = offer ? DELIVERY_FREQUENCIES.find((f) => f.days === offer.interval) : undefined;
  const frequencyText = frequency ? intervalText(languageOf(locale), frequency.days).toLocaleLowerCase() : '';
  const variant = recipe.product?.ProductVariants.find((v) => v.code === offer?.code);
  const name = recipe.product?.name ?? recipe.sku;
  const add = async (kind: GuidePurchase) => {
    if (!offer || pending) return;
    setPending(kind);
    setError(null);
    try {
      await addGuideOffers(shop.cart, [offer], kind, 'kibble_guide');
      setAdded(t('guide.result.added', { name: `${name} ${offer.name}` }));
    } catch {
      setError(t('forms.errors.generic'));
    } finally {
      setPending(null);
    }
  };
  return (
    <li className="guide-recipe card">
      <h3>{name}</h3>
      <p className="guide-ration">
        <strong>{t('guide.result.ration', { grams: food.gramsPerDay })}</strong>{' '}
        {t('guide.result.perMeal', { grams: food.gramsPerMeal, meals: recipe.ration.meals })}
      </p>
      {recipe.why.text && <p className="guide-why">{recipe.why.text}</p>}
      <p>{recipe.explanation.text}</p>
      {offer && (
        <>
          <p>
            {offer.quantity > 1
              ? t('guide.result.quantity', { quantity: offer.quantity, format: offer.name })
              : t('guide.result.format', { format: offer.name })}
            {variant && ` · ${price(variant.base_price * offer.quantity)}`}
          </p>
          <p className="guide-frequency">{t('guide.result.frequency', { frequency: frequencyText })}</p>
          <div className="guide-actions">
            <button type="button" className="button" disabled={pending !== null} onClick={() => void add('subscription')}>
              {t('guide.result.subscribe', { frequency: frequencyText })}
              {variant && ` · ${price(variant.base_price_subscription * offer.quantity)}`}
            </button>
            <button type="button" className="button secondary" disabled={pending !== null} onClick={() => void add('once')}>
              {t('guide.result.buyOnce')}
            </button>
          </div>
        </>
      )}
      {offer && <AddedToCart message={added} />}
      {error && <ErrorList messages={[error]} />}
    </li>
  );
}

type Loaded = GuideRecommendation | { technical: true } | null;

/** The results of a pet (exported for its component test): its questions first when it has some, then its recipes. */
export function Results({ animal }: { animal: Animal }) {
  const { t, locale } = useIsland();
  const contentUrl = useContext(ContentUrl);
  const [loaded, setLoaded] = useState<Loaded>(null);
  const [asked] = useState(() => guideQuestions(animal));
  // Without a question to ask, the recipes are asked for at once.
  const [answers, setAnswers] = useState<GuideAnswers | null>(asked.pregnancy || asked.adultSize ? null : {});
  useEffect(() => {
    if (answers === null) return;
    let live = true;
    setLoaded(null);
    fetchRecommendation(contentUrl, locale, recommendationBodyOf(animal, answers))
      .then((answer) => live && setLoaded(answer))
      .catch(() => live && setLoaded({ technical: true }));
    return () => {
      live = false;
    };
  }, [animal, answers, locale, contentUrl]);
  const again = (
    <p className="guide-links">
      <a href={pathTo('kibbleGuideAnimal', locale, { animal: String(animal.id) })}>{t('guide.actions.restart')}</a>
      {' · '}
      <a href={pathTo('kibbleGuideNew', locale)}>{t('guide.result.otherPet')}</a>
    </p>
  );
  if (answers === null)
    return (
      <section className="guide" aria-labelledby="guide-result-title">
        <h2 id="guide-result-title">{t('guide.result.title', { name: animal.name })}</h2>
        <GuideQuestions name={animal.name} asked={asked} onAnswered={setAnswers} />
        {again}
      </section>
    );
  if (loaded === null) return <IslandStatus messageKey="guide.result.loading" />;
  const messages = NUTRITION_MESSAGES[languageOf(locale)];
  let body: ReactNode;
  if ('technical' in loaded) body = <ErrorList messages={[messages.technicalError]} />;
  else if (!loaded.eligible)
    body = (
      <p className="guide-not-eligible" role="alert">
        {loaded.message}
      </p>
    );
  else if (loaded.recipes.length === 0) body = <p>{t('guide.result.none')}</p>;
  else
    body = (
      <ul className="guide-recipes">
        {loaded.recipes.map((recipe) => (
          <RecipeCard key={recipe.sku} recipe={recipe} />
        ))}
      </ul>
    );
  return (
    <section className="guide" aria-labelledby="guide-result-title">
      <h2 id="guide-result-title">{t('guide.result.title', { name: animal.name })}</h2>
      {body}
      {again}
      <Toasts closeLabel={t('cart.mini.close')} />
    </section>
  );
}

function ResultsOfAddress() {
  return (
    <PetOfAddress
      route="kibbleGuideResults"
      loading="guide.result.loading"
      missing={{ route: 'kibbleGuide', label: 'guide.actions.chooseAnimal' }}
    >
      {(animal) => <Results animal={animal} />}
    </PetOfAddress>
  );
}

const Guarded = guardedIsland('kibbleGuideResults', ResultsOfAddress);

export function KibbleResultsIsland({ contentUrl, ...props }: Parameters<typeof Guarded>[0] & { contentUrl: string }) {
  return (
    <ContentUrl.Provider value={contentUrl}>
      <Guarded {...props} />
    </ContentUrl.Provider>
  );
}
