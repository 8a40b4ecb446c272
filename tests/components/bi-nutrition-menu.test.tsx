/**
 * A bi-nutrition menu with wet food three days a week shows both day types: the wet days' grams of each
 * food, and the other four days' kibble alone (its grams are higher: it brings the whole energy then).
 */
import { render, screen, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { messagesFor, translator } from '../../src/i18n/translate.ts';
import type { BiNutritionMenu } from '../../src/islands/bi-nutrition/api.ts';
import { MenuView } from '../../src/islands/bi-nutrition/MenuView.tsx';
import { Island } from '../../src/islands/shared/island.tsx';

const menu = {
  kibble: 'CAT-KIP',
  wetRecipes: ['CAT-TONIJN'],
  daysPerWeek: 3,
  ration: {
    kcal: 200,
    meals: 2,
    days: [
      {
        daysPerWeek: 3,
        foods: [
          { key: 'CAT-KIP', gramsPerDay: 26, gramsPerMeal: 13 },
          { key: 'CAT-TONIJN', gramsPerDay: 118, gramsPerMeal: 59 },
        ],
      },
      { daysPerWeek: 4, foods: [{ key: 'CAT-KIP', gramsPerDay: 52, gramsPerMeal: 26 }] },
    ],
  },
  formats: {},
  explanation: { text: '' },
  products: [
    { sku: 'CAT-KIP', name: 'Kip' },
    { sku: 'CAT-TONIJN', name: 'Tonijn' },
  ],
} as unknown as BiNutritionMenu;

it('gives the kibble-only days’ amounts of a three-days-a-week menu', () => {
  render(
    <Island locale="fr_FR" messages={messagesFor('fr', ['islands', 'biNutrition'])}>
      <MenuView menu={menu} />
    </Island>,
  );
  const t = translator('fr');
  const other = screen.getByRole('heading', { name: t('biNutrition.menu.otherDays', { days: 4 }) }).closest('section')!;
  const shown = (text: string) => text.replace(/\s+/g, ' ');
  expect(within(other).getByText(shown(t('biNutrition.menu.food', { name: 'Kip', grams: 52, perMeal: 26 })))).toBeTruthy();
  expect(within(other).queryByText(/Tonijn/)).toBeNull();
  const wet = screen.getByRole('heading', { name: t('biNutrition.menu.wetDays', { days: 3 }) }).closest('section')!;
  expect(within(wet).getByText(/Tonijn/)).toBeTruthy();
});
