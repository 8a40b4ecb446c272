/**
 * The personal data form when the shop API fails:
 * it says so in the shopper's language, keeps what was typed and says nothing was saved; while the answer
 * is slow it is busy and sends one update whatever the shopper presses; then it says the data are saved.
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import PersonalDataIsland from '../../src/islands/account/PersonalDataIsland.tsx';
import { CUSTOMER_IRI, customerAnswer, signedInAnswer } from './support/answers.ts';
import { islandIn, shopApiOnFetch, signedIn, walkFailures } from './support/island.tsx';

const { props, t } = islandIn('nl_BE');
const update = /\/customers\/7$/;

it('says so when the shop API is unreachable or fails, keeps what was typed, and saves once when slow', async () => {
  const api = shopApiOnFetch();
  let stored = customerAnswer();
  api.answer('GET', update, () => ({ status: 200, body: stored }));
  api.answer('PUT', update, ({ body }) => {
    stored = { ...stored, ...(body as object) };
    return { status: 200, body: stored };
  });
  signedIn(signedInAnswer());
  render(<PersonalDataIsland {...props} />);
  const section = await screen.findByRole('region', { name: t('account.personalData.identityTitle') });
  const firstName = within(section).getByLabelText(t('forms.fields.firstName'), { exact: true }) as HTMLInputElement;
  const newsletter = within(section).getByRole('checkbox', { name: t('forms.fields.subscribedToNewsletter') }) as HTMLInputElement;
  const save = within(section).getByRole('button', { name: t('account.personalData.save') });
  expect(firstName.value).toBe('Lotte');
  fireEvent.change(firstName, { target: { value: 'Camila' } });
  fireEvent.click(newsletter);
  const expectKept = () => {
    expect(firstName.value).toBe('Camila');
    expect(newsletter.checked).toBe(true);
    expect(within(section).getByRole('status').textContent).toBe('');
  };

  await walkFailures({ api, method: 'PUT', path: update, submit: save, field: firstName, kept: expectKept, t });
  await waitFor(() => expect(within(section).getByRole('status').textContent).toBe(t('account.personalData.saved')));
  expect(api.count('PUT', update)).toBe(3);
  expect(stored).toMatchObject({ '@id': CUSTOMER_IRI, firstName: 'Camila', subscribedToNewsletter: true });
});
