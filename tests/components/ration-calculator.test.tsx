/**
 * The product page's ration calculator on a food and a pet of different life stages: a puppy or kitten (the
 * service answers `puppy`) on a food not made for growth gets no ration of it, but says why and leads to the
 * species' growth foods; on a growth food, or an adult on any food, the ration is answered. The journey from
 * the page to the chosen frequency stays in tests/e2e/calculator.spec.ts.
 */
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { translator } from '../../src/i18n/translate.ts';
import RationCalculatorIsland from '../../src/islands/calculators/RationCalculatorIsland.tsx';
import { languageOf, type LocaleCode } from '../../src/lib/channels.ts';

afterEach(() => vi.unstubAllGlobals());

/** A text as Testing Library reads the page's (its no-break spaces are spaces there). */
const shown = (text: string) => text.replace(/\s+/g, ' ');

/** The content service's answer for a pet of this stage: 120 g a day of the food, one 2 kg format. */
const answer = (puppy: boolean) => ({
  data: {
    ref: 'DOG-DRY-ADULT-CHICKEN',
    puppy,
    assumedSterilised: false,
    gramsPerDay: 120,
    gramsPerMeal: 40,
    meals: 3,
    formats: [
      {
        code: '10000001',
        name: '2 kg',
        lastsDays: 16,
        frequency: { days: 14 },
        quantityForShortest: 1,
        frequencyForQuantity: { days: 21 },
      },
    ],
    explanation: { text: 'Sa ration.' },
  },
});

function calculator(
  locale: LocaleCode,
  { lifeStage, puppy, species = 'dog' }: { lifeStage: string; puppy: boolean; species?: 'dog' | 'cat' },
) {
  const asked: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    asked.push(String(url));
    return new Response(JSON.stringify(answer(puppy)), { headers: { 'content-type': 'application/json' } });
  });
  const language = languageOf(locale);
  render(
    <RationCalculatorIsland
      locale={locale}
      sku="DOG-DRY-ADULT-CHICKEN"
      species={species}
      subscribe
      formats={[{ code: '10000001', name: '2 kg', href: '/produits/croquettes-adulte/2-kg/' }]}
      contentUrl="http://content.test"
      lifeStage={lifeStage}
      growthRange="/chien/chiot/"
    />,
  );
  const t = translator(language);
  const ask = (months: string) => {
    fireEvent.change(screen.getByLabelText(t('calculator.ration.weight')), { target: { value: '8' } });
    fireEvent.change(screen.getByLabelText(t('calculator.ration.months')), { target: { value: months } });
    fireEvent.click(screen.getByRole('button', { name: t('calculator.ration.submit') }));
  };
  return { t, ask, asked };
}

it('tells a puppy on an adult food that it is not made for it, with no ration, and leads to the growth foods', async () => {
  const { t, ask } = calculator('fr_FR', { lifeStage: 'adult', puppy: true });
  ask('5');
  const warning = await screen.findByText(shown(t('calculator.ration.notForGrowth.dog')));
  expect(warning.closest('[role="alert"]')).not.toBeNull();
  expect(screen.getByRole('link', { name: t('calculator.ration.growthRange.dog') }).getAttribute('href')).toBe('/chien/chiot/');
  expect(screen.queryByText(shown(t('calculator.ration.perDay', { grams: 120 })))).toBeNull();
  expect(screen.queryByRole('link', { name: t('calculator.ration.chooseLabel', { name: '2 kg' }) })).toBeNull();
});

it('says it in Dutch for a kitten on a senior food', async () => {
  const { t } = calculator('nl_BE', { lifeStage: 'senior', puppy: true, species: 'cat' });
  fireEvent.change(screen.getByLabelText(t('calculator.ration.weight')), { target: { value: '2' } });
  fireEvent.change(screen.getByLabelText(t('calculator.ration.months')), { target: { value: '4' } });
  fireEvent.click(screen.getByRole('button', { name: t('calculator.ration.submit') }));
  expect(await screen.findByText(shown(t('calculator.ration.notForGrowth.cat')))).toBeTruthy();
  expect(screen.getByRole('link', { name: t('calculator.ration.growthRange.cat') })).toBeTruthy();
});

it('answers the ration of a growth food to a puppy', async () => {
  const puppy = calculator('fr_FR', { lifeStage: 'puppy', puppy: true });
  puppy.ask('5');
  expect(await screen.findByText(shown(puppy.t('calculator.ration.perDay', { grams: 120 })))).toBeTruthy();
  expect(screen.queryByText(shown(puppy.t('calculator.ration.notForGrowth.dog')))).toBeNull();
});

it('answers the ration of an adult food to an adult, with what it takes the pet to be', async () => {
  const adult = calculator('fr_FR', { lifeStage: 'adult', puppy: false });
  adult.ask('30');
  expect(await screen.findByText(shown(adult.t('calculator.ration.perDay', { grams: 120 })))).toBeTruthy();
  expect(adult.asked[0]).toContain('month=30');
  // What the page did not ask is said beside the ration.
  expect(screen.getByText(shown(adult.t('calculator.ration.assumes.intact.dog')))).toBeTruthy();
});

it('asks an adult’s pregnancy once an adult’s age is typed, and answers a yes with the referral to a vet', async () => {
  const referral = { ref: 'DOG-DRY-ADULT-CHICKEN', referral: { reason: 'pregnantOrNursing', message: 'Consultez votre vétérinaire.' } };
  const { t, asked } = calculator('fr_FR', { lifeStage: 'adult', puppy: false });
  vi.stubGlobal('fetch', async (url: string) => {
    asked.push(String(url));
    return new Response(JSON.stringify({ data: referral }), { headers: { 'content-type': 'application/json' } });
  });
  const slot = document.querySelector('[data-ration-pregnancy]')!;
  expect(slot.getAttribute('data-ration-pregnancy')).toBe('not-asked');
  const legend = t('calculator.ration.pregnancy.legend');
  expect(screen.queryByRole('group', { name: legend })).toBeNull();
  // A puppy's age: still not asked.
  fireEvent.change(screen.getByLabelText(t('calculator.ration.months')), { target: { value: '6' } });
  expect(screen.queryByRole('group', { name: legend })).toBeNull();
  // An adult's: asked, "no" until the shopper says otherwise, in the same place.
  fireEvent.change(screen.getByLabelText(t('calculator.ration.months')), { target: { value: '30' } });
  const group = screen.getByRole('group', { name: legend });
  expect(slot.contains(group)).toBe(true);
  expect((screen.getByRole('radio', { name: t('calculator.ration.pregnancy.no') }) as HTMLInputElement).checked).toBe(true);
  fireEvent.click(screen.getByRole('radio', { name: t('calculator.ration.pregnancy.yes') }));
  fireEvent.change(screen.getByLabelText(t('calculator.ration.weight')), { target: { value: '20' } });
  fireEvent.click(screen.getByRole('button', { name: t('calculator.ration.submit') }));
  const said = await screen.findByText('Consultez votre vétérinaire.');
  expect(said.closest('[role="alert"]')).not.toBeNull();
  expect(asked[0]).toContain('pregnantOrNursing=true');
  expect(screen.queryByText(shown(t('calculator.ration.perDay', { grams: 120 })))).toBeNull();
});

it('sends no pregnancy for a puppy, even after a yes given to an older age', async () => {
  const { t, asked } = calculator('nl_BE', { lifeStage: 'puppy', puppy: true });
  fireEvent.change(screen.getByLabelText(t('calculator.ration.months')), { target: { value: '24' } });
  fireEvent.click(screen.getByRole('radio', { name: t('calculator.ration.pregnancy.yes') }));
  fireEvent.change(screen.getByLabelText(t('calculator.ration.months')), { target: { value: '5' } });
  fireEvent.change(screen.getByLabelText(t('calculator.ration.weight')), { target: { value: '8' } });
  fireEvent.click(screen.getByRole('button', { name: t('calculator.ration.submit') }));
  expect(await screen.findByText(shown(t('calculator.ration.perDay', { grams: 120 })))).toBeTruthy();
  expect(asked[0]).not.toContain('pregnantOrNursing');
});
