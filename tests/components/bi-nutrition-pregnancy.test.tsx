/**
 * The bi-nutrition guides' pregnancy question, asked after the profile of an intact adult female cat: a
 * fieldset with its legend, an unanswered one said and linked to it, the answer passed on (a yes is the
 * referral's, checked by the engine: tests/unit/lib/nutrition/bi-nutrition.test.ts).
 */
import { fireEvent, render, screen } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { messagesFor, translator } from '../../src/i18n/translate.ts';
import { PregnancyQuestion } from '../../src/islands/bi-nutrition/BiNutritionGuideIsland.tsx';
import { Island } from '../../src/islands/shared/island.tsx';

it('asks whether she is pregnant or nursing, says an unanswered question, and passes the answer on', () => {
  const onAnswer = vi.fn();
  render(
    <Island locale="nl_BE" messages={messagesFor('nl', ['forms', 'islands', 'biNutrition'])}>
      <PregnancyQuestion name="Mina" onAnswer={onAnswer} />
    </Island>,
  );
  const t = translator('nl');
  const group = screen.getByRole('group', { name: t('biNutrition.pregnancy.legend', { name: 'Mina' }) });
  fireEvent.click(screen.getByRole('button', { name: t('biNutrition.actions.next') }));
  expect(onAnswer).not.toHaveBeenCalled();
  const error = screen.getByText(t('biNutrition.pregnancy.required'));
  expect(group.getAttribute('aria-describedby')).toBe(error.id);
  fireEvent.click(screen.getByRole('radio', { name: t('biNutrition.pregnancy.yes') }));
  expect(screen.queryByText(t('biNutrition.pregnancy.required'))).toBeNull();
  fireEvent.click(screen.getByRole('button', { name: t('biNutrition.actions.next') }));
  expect(onAnswer).toHaveBeenCalledWith(true);
});
