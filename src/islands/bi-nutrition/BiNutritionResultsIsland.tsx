/**
 * The bi-nutrition guides' results (/guide-bi-nutrition/{animal}/recommandations/ and the mini guide's):
 * the menu of the choices kept by the guide, per day type and per meal, explained; each food's format with
 * the delivery frequency it fits; the whole menu added to the cart in one click, once or as subscriptions
 * at those frequencies. A refusal of the checks (the profile changed since) is said with a way back to the
 * guide; a failure of the service is the technical error.
 */
import { useContext, useEffect, useState, type ReactNode } from 'react';
import { languageOf } from '../../lib/channels.ts';
import { intervalText } from '../../lib/catalogue/frequencies.ts';
import { DELIVERY_FREQUENCIES } from '../../lib/constants.ts';
import { guideOffer, type GuideOffer } from '../../lib/nutrition/kibble-guide.ts';
import { pathTo } from '../../lib/routes/paths.ts';
import type { Animal } from '../../lib/shop-api/animals.ts';
import { biNutritionDraft } from '../../stores/bi-nutrition.ts';
import { AddedToCart } from '../shared/AddedToCart.tsx';
import { ErrorList } from '../shared/forms/ErrorList.tsx';
import { guardedIsland, IslandStatus } from '../shared/guard.tsx';
import { addGuideOffers, type GuidePurchase } from '../shared/guide-cart.ts';
import { useIsland, useShop } from '../shared/island.tsx';
import { Toasts } from '../shared/Toasts.tsx';
import { fetchMenu, type BiNutritionMenu, type BiNutritionRefusal } from './api.ts';
import {
  BI_NUTRITION_ROUTES,
  CatOfAddress,
  ContentUrl,
  menuBody,
  Refusal,
  TechnicalError,
  type Version,
  type BiNutritionIslandProps,
} from './BiNutritionGuideIsland.tsx';
import { MenuView } from './MenuView.tsx';
import '../shared/guide.css';
import './bi-nutrition.css';

type Loaded = { menu: BiNutritionMenu } | { refusal: BiNutritionRefusal } | { technical: true } | { missing: true } | null;

/** The menu's formats and its add to cart (exported for its component test). */
export function Purchase({ menu }: { menu: BiNutritionMenu }) {
  const { t, price, locale } = useIsland();
  const shop = useShop();
  const [pending, setPending] = useState<GuidePurchase | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [added, setAdded] = useState<string | null>(null);
  const lines = menu.products.flatMap((product) => {
    const offer: GuideOffer | null = guideOffer(menu.formats[product.sku] ?? []);
    if (!offer) return [];
    const variant = product.ProductVariants.find((v) => v.code === offer.code);
    const frequency = DELIVERY_FREQUENCIES.find((f) => f.days === offer.interval);
    return [{ product, offer, variant, frequency: frequency ? intervalText(languageOf(locale), frequency.days).toLocaleLowerCase() : '' }];
  });
  const total = (key: 'base_price' | 'base_price_subscription') =>
    lines.reduce((sum, l) => sum + (l.variant ? l.variant[key] * l.offer.quantity : 0), 0);
  const add = async (kind: GuidePurchase) => {
    if (pending || lines.length === 0) return;
    setPending(kind);
    setError(null);
    try {
      await addGuideOffers(
        shop.cart,
        lines.map((l) => l.offer),
        kind,
        'bi_nutrition_guide',
      );
      setAdded(t('biNutrition.result.added'));
    } catch {
      setError(t('forms.errors.generic'));
    } finally {
      setPending(null);
    }
  };
  return (
    <section className="bi-purchase card" aria-labelledby="bi-formats-title">
      <h3 id="bi-formats-title">{t('biNutrition.result.formats')}</h3>
      <ul>
        {lines.map((l) => (
          <li key={l.product.sku}>
            {t('biNutrition.result.format', {
              name: l.product.name,
              quantity: l.offer.quantity,
              format: l.offer.name,
              frequency: l.frequency,
            })}
          </li>
        ))}
      </ul>
      <div className="guide-actions">
        <button type="button" className="button" disabled={pending !== null} onClick={() => void add('subscription')}>
          {t('biNutrition.result.subscribe')} · {price(total('base_price_subscription'))}
        </button>
        <button type="button" className="button secondary" disabled={pending !== null} onClick={() => void add('once')}>
          {t('biNutrition.result.buyOnce')} · {price(total('base_price'))}
        </button>
      </div>
      <AddedToCart message={added} />
      {error && <ErrorList messages={[error]} />}
    </section>
  );
}

function Results({ version, animal }: { version: Version; animal: Animal }) {
  const { t, locale } = useIsland();
  const contentUrl = useContext(ContentUrl);
  const [loaded, setLoaded] = useState<Loaded>(null);
  useEffect(() => {
    const draft = biNutritionDraft(animal.id, version);
    if (!draft || draft.wetRecipes.length === 0) return setLoaded({ missing: true });
    let live = true;
    fetchMenu(contentUrl, locale, menuBody(animal, draft))
      .then((answer) => {
        if (!live) return;
        if (!answer.eligible) setLoaded({ refusal: answer });
        else setLoaded(answer.menu ? { menu: answer.menu } : { missing: true });
      })
      .catch(() => live && setLoaded({ technical: true }));
    return () => {
      live = false;
    };
  }, [animal, version, locale, contentUrl]);
  const guide = pathTo(BI_NUTRITION_ROUTES[version].guide, locale, { animal: String(animal.id) });
  if (loaded === null) return <IslandStatus messageKey="biNutrition.menu.loading" />;
  let body: ReactNode;
  if ('technical' in loaded) body = <TechnicalError />;
  else if ('missing' in loaded) body = <p>{t('biNutrition.result.missing')}</p>;
  else if ('refusal' in loaded) body = <Refusal refusal={loaded.refusal} />;
  else
    body = (
      <>
        <MenuView menu={loaded.menu} />
        {loaded.menu.why?.text && <p className="bi-why">{loaded.menu.why.text}</p>}
        <p>{loaded.menu.explanation.text}</p>
        <Purchase menu={loaded.menu} />
      </>
    );
  return (
    <section className="guide" aria-labelledby="bi-result-title">
      <h2 id="bi-result-title">{t('biNutrition.result.title', { name: animal.name })}</h2>
      {body}
      <p className="guide-links">
        <a href={guide}>{t('biNutrition.actions.restart')}</a>
      </p>
      <Toasts closeLabel={t('cart.mini.close')} />
    </section>
  );
}

function ResultsOf({ version }: { version: Version }) {
  return (
    <CatOfAddress version={version} page="results">
      {(animal) => <Results version={version} animal={animal} />}
    </CatOfAddress>
  );
}

const FullResults = guardedIsland('biNutritionResults', () => <ResultsOf version="full" />);
const MiniResults = guardedIsland('miniBiNutritionResults', () => <ResultsOf version="mini" />);

export function BiNutritionResultsIsland({ contentUrl, ...props }: BiNutritionIslandProps) {
  return (
    <ContentUrl.Provider value={contentUrl}>
      <FullResults {...props} />
    </ContentUrl.Provider>
  );
}

export function MiniBiNutritionResultsIsland({ contentUrl, ...props }: BiNutritionIslandProps) {
  return (
    <ContentUrl.Provider value={contentUrl}>
      <MiniResults {...props} />
    </ContentUrl.Provider>
  );
}
