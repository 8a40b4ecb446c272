/**
 * The kibble guide's results page before its recipes: the questions its profile cannot answer, each in a
 * fieldset with its legend, asked only of the pets they apply to (a crossbreed or unknown breed's puppy: its
 * adult size; an intact adult female: a pregnancy), an unanswered one said under it and linked to it; the
 * answers sent with the request; then each recipe says why it was chosen. The journey stays in tests/e2e.
 */
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { messagesFor, translator } from '../../src/i18n/translate.ts';
import { ContentUrl, Results } from '../../src/islands/guides/KibbleResultsIsland.tsx';
import { Island } from '../../src/islands/shared/island.tsx';
import { languageOf, type LocaleCode } from '../../src/lib/channels.ts';
import { ADULT_SIZE_KG } from '../../src/lib/nutrition/kibble-guide.ts';
import type { Animal } from '../../src/lib/shop-api/animals.ts';

afterEach(() => vi.unstubAllGlobals());

const SECTIONS = ['account', 'forms', 'generic', 'islands', 'site', 'pets', 'guide', 'cart'];

/** A crossbreed male puppy of 5 months: its breed does not say its adult weight. */
const puppy: Animal = {
  '@id': '/api/v2/shop/animals/7',
  '@type': 'Animal',
  id: 7,
  type: '/api/v2/shop/animal-types/1',
  gender: '/api/v2/shop/animal-genders/1',
  name: 'Rex',
  breed: null,
  breedName: null,
  breedAdultWeight: null,
  crossbreed: true,
  birthday: '2026-07-01',
  inDate: true,
  ageYears: 0,
  ageMonths: 5,
  weight: 12,
  sterilized: false,
  condition: '/api/v2/shop/animal-body-conditions/3',
  activity: '/api/v2/shop/animal-activities/2',
  hasFeature: false,
  feature: null,
  feeds: ['kibble'],
  kibbleBrand: 'Autre',
  oldKibbleBrand: null,
  onlyOurFood: false,
  photo: null,
  guestToken: null,
  createdAt: '2026-12-01T10:00:00+00:00',
  updatedAt: '2026-12-01T10:00:00+00:00',
};
/** An intact female of 4 years, a purebred (no size asked). */
const female: Animal = {
  ...puppy,
  gender: '/api/v2/shop/animal-genders/2',
  name: 'Bella',
  crossbreed: false,
  breedAdultWeight: 30,
  ageYears: 4,
};

const recipe = {
  sku: 'DOG-PUPPY-LARGE',
  ration: { kcal: 1200, meals: 3, days: [{ foods: [{ key: 'DOG-PUPPY-LARGE', gramsPerDay: 310, gramsPerMeal: 103 }] }] },
  formats: {},
  explanation: { text: 'Rex a besoin d’environ 1 200 kcal par jour.' },
  why: { text: 'Pourquoi cette recette pour Rex\u00A0: elle est faite pour les chiots en croissance et adaptée aux grands chiens.' },
};

/** The sentence as Testing Library reads the page's (its no-break spaces are spaces there). */
const why = recipe.why.text.replace(/\s+/g, ' ');

function results(locale: LocaleCode, animal: Animal, data: unknown = { eligible: true, recipes: [recipe] }) {
  const bodies: Array<Record<string, unknown>> = [];
  vi.stubGlobal('fetch', async (_url: string, init?: RequestInit) => {
    bodies.push(JSON.parse(String(init?.body)));
    return new Response(JSON.stringify({ data }), { headers: { 'content-type': 'application/json' } });
  });
  render(
    <Island locale={locale} messages={messagesFor(languageOf(locale), SECTIONS)}>
      <ContentUrl.Provider value="http://content.test">
        <Results animal={animal} />
      </ContentUrl.Provider>
    </Island>,
  );
  return { t: translator(languageOf(locale)), bodies };
}

it('asks a crossbreed puppy’s adult size, says an unanswered one under its legend, and sends the size’s weight', async () => {
  const { t, bodies } = results('fr_FR', puppy);
  const group = screen.getByRole('group', { name: t('guide.questions.adultSize.legend', { name: 'Rex' }) });
  // Only its question: a male is not asked a pregnancy.
  expect(screen.queryByRole('group', { name: t('guide.questions.pregnancy.legend', { name: 'Rex' }) })).toBeNull();
  expect(screen.getAllByRole('radio')).toHaveLength(5);
  fireEvent.click(screen.getByRole('button', { name: t('guide.actions.results') }));
  // Unanswered: said, linked to the fieldset, and nothing asked of the service.
  const error = screen.getByText(t('guide.questions.required'));
  expect(group.getAttribute('aria-describedby')).toContain(error.id);
  expect(group.getAttribute('aria-invalid')).toBe('true');
  expect(bodies).toHaveLength(0);
  fireEvent.click(screen.getByRole('radio', { name: t('guide.questions.adultSize.giant') }));
  fireEvent.click(screen.getByRole('button', { name: t('guide.actions.results') }));
  // The recipes, each with why it was chosen.
  expect(await screen.findByText(why)).toBeTruthy();
  expect(bodies[0]).toMatchObject({ type: 'dog', month: 5, expectedAdultWeight: ADULT_SIZE_KG.giant, pregnantOrNursing: false });
  expect(screen.queryByRole('group')).toBeNull();
});

it('“I do not know” sends no adult weight', async () => {
  const { t, bodies } = results('nl_BE', puppy);
  fireEvent.click(screen.getByRole('radio', { name: t('guide.questions.adultSize.unknown') }));
  fireEvent.click(screen.getByRole('button', { name: t('guide.actions.results') }));
  await screen.findByText(why);
  expect(bodies[0]!.expectedAdultWeight).toBeNull();
});

it('asks an intact adult female whether she is pregnant or nursing; a yes reads the referral to a vet', async () => {
  const message = 'Une femelle gestante ou qui allaite a des besoins qui changent de semaine en semaine.';
  const { t, bodies } = results('fr_FR', female, { eligible: false, message });
  expect(screen.getByRole('group', { name: t('guide.questions.pregnancy.legend', { name: 'Bella' }) })).toBeTruthy();
  expect(screen.queryByRole('group', { name: t('guide.questions.adultSize.legend', { name: 'Bella' }) })).toBeNull();
  fireEvent.click(screen.getByRole('radio', { name: t('guide.questions.pregnancy.yes') }));
  fireEvent.click(screen.getByRole('button', { name: t('guide.actions.results') }));
  expect((await screen.findByText(message)).getAttribute('role')).toBe('alert');
  expect(bodies[0]).toMatchObject({ pregnantOrNursing: true });
});

it('asks nothing of a pet whose profile says it all: the recipes come at once', async () => {
  const { bodies } = results('fr_FR', { ...female, sterilized: true });
  expect(await screen.findByText(why)).toBeTruthy();
  expect(screen.queryByRole('group')).toBeNull();
  expect(bodies[0]).toMatchObject({ pregnantOrNursing: false, expectedAdultWeight: 30 });
});
