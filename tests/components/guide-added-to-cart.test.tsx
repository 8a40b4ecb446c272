/**
 * The guides' results after an add to cart: their pages' header shows the logo alone, so the line that says
 * the food is in the cart carries the way to the cart page, a link that stays where the shopper clicked and
 * is said by a screen reader (a live region). The journeys through the guides stay in tests/e2e.
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { messagesFor, translator } from '../../src/i18n/translate.ts';
import { Purchase } from '../../src/islands/bi-nutrition/BiNutritionResultsIsland.tsx';
import type { BiNutritionMenu } from '../../src/islands/bi-nutrition/api.ts';
import { RecipeCard } from '../../src/islands/guides/KibbleResultsIsland.tsx';
import type { GuideRecipe } from '../../src/islands/guides/recommendation.ts';
import { Island } from '../../src/islands/shared/island.tsx';
import { languageOf, type LocaleCode } from '../../src/lib/channels.ts';
import { pathTo } from '../../src/lib/routes/paths.ts';
import { $miniCartOpen } from '../../src/stores/mini-cart.ts';
import { getShop } from '../../src/stores/shop.ts';
import { answerCarts } from './support/cart-api.ts';
import { shopApiOnFetch } from './support/island.tsx';

/** The sections src/components/views/IslandShell.astro gives the bi-nutrition guides (the kibble guide's, and its own). */
const SECTIONS = ['account', 'forms', 'generic', 'islands', 'site', 'pets', 'guide', 'biNutrition', 'cart'];

/** A 2 kg bag that fits a delivery every 31 days. */
const BAG = {
  code: '10000001',
  name: '2 kg',
  lastsDays: 40,
  frequency: { days: 31 },
  quantityForShortest: 1,
  frequencyForQuantity: { days: 31 },
};

const recipe: GuideRecipe = {
  sku: 'DOG-KIP',
  ration: { kcal: 900, meals: 2, days: [{ foods: [{ key: 'DOG-KIP', gramsPerDay: 240, gramsPerMeal: 120 }] }] },
  formats: { 'DOG-KIP': [BAG] },
  explanation: { text: 'Adapted to an adult dog.' },
  why: { text: 'Made for adult dogs.' },
};

const menu = {
  kibble: 'CAT-KIP',
  wetRecipes: ['CAT-TONIJN'],
  daysPerWeek: 7,
  ration: { kcal: 250, meals: 2, days: [{ daysPerWeek: 7, foods: [{ key: 'CAT-KIP', gramsPerDay: 50, gramsPerMeal: 25 }] }] },
  formats: { 'CAT-KIP': [BAG] },
  explanation: { text: 'Kibble and wet food.' },
  products: [
    {
      sku: 'CAT-KIP',
      name: 'Kip',
      ProductVariants: [{ code: BAG.code, name: BAG.name, base_price: 2000, base_price_subscription: 1800 }],
    },
  ],
} as unknown as BiNutritionMenu;

function inIsland(locale: LocaleCode, child: React.ReactNode) {
  answerCarts(shopApiOnFetch());
  render(
    <Island locale={locale} messages={messagesFor(languageOf(locale), SECTIONS)}>
      {child}
    </Island>,
  );
  return translator(languageOf(locale));
}

/** The way to the cart shown once the add is done: a link to the cart page, in a live region, with the confirmation. */
async function expectWayToCart(locale: LocaleCode, confirmation: string) {
  const t = translator(languageOf(locale));
  const link = await screen.findByRole('link', { name: t('cart.mini.viewCart') });
  expect(link.getAttribute('href')).toBe(pathTo('cart', locale));
  const said = link.closest('[role="status"]') as HTMLElement | null;
  expect(said, 'the confirmation is in a live region').not.toBeNull();
  expect(within(said!).getByText(confirmation)).toBeTruthy();
}

afterEach(() => {
  // The cart is the page's singleton: each test starts without it.
  getShop().cart.clear();
});

it('the kibble guide’s recipe, once added, says so with a link to the cart page (French)', async () => {
  const t = inIsland('fr_FR', <RecipeCard recipe={recipe} />);
  expect(screen.queryByRole('link', { name: t('cart.mini.viewCart') })).toBeNull();
  fireEvent.click(screen.getByRole('button', { name: t('guide.result.buyOnce') }));
  await expectWayToCart('fr_FR', t('guide.result.added', { name: 'DOG-KIP 2 kg' }));
  await waitFor(() => expect(getShop().cart.$count.get()).toBe(1));
  // A guide's page has no header cart: nothing opens one that is not there.
  expect($miniCartOpen.get()).toBe(false);
});

it('the bi-nutrition menu, once added, says so with a link to the cart page (Dutch)', async () => {
  const t = inIsland('nl_BE', <Purchase menu={menu} />);
  expect(screen.queryByRole('link', { name: t('cart.mini.viewCart') })).toBeNull();
  fireEvent.click(screen.getByRole('button', { name: new RegExp(t('biNutrition.result.subscribe')) }));
  await expectWayToCart('nl_BE', t('biNutrition.result.added'));
});
