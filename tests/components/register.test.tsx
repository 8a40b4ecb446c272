/**
 * The registration form when the shop API fails:
 * it says so in the shopper's language and keeps every field, the choices included; while the answer is
 * slow it is busy and sends one registration whatever the shopper presses; then the new customer lands
 * on the welcome page.
 */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { expect, it } from 'vitest';
import LoginIsland from '../../src/islands/auth/LoginIsland.tsx';
import { pathTo } from '../../src/lib/routes/paths.ts';
import { customerAnswer, signedInAnswer } from './support/answers.ts';
import { islandIn, recordNavigations, shopApiOnFetch, walkFailures } from './support/island.tsx';

const { props, t } = islandIn('nl_BE');
const register = /\/customers$/;

it('says so when the shop API is unreachable or fails, keeps every field, and registers once when slow', async () => {
  const api = shopApiOnFetch();
  api.answer('POST', register, () => ({ status: 201, body: customerAnswer({ email: 'an.maes@example.be' }) }));
  api.answer('POST', /\/authentication-token$/, () => ({ status: 200, body: signedInAnswer('an.maes@example.be') }));
  const navigations = recordNavigations();
  render(<LoginIsland {...props} mode="register" />);
  const field = (name: string) => screen.getByLabelText(t(`forms.fields.${name}`), { exact: true }) as HTMLInputElement;
  const woman = (await screen.findByRole('radio', { name: t('forms.options.gender.f') })) as HTMLInputElement;
  const newsletter = screen.getByRole('checkbox', { name: t('account.register.newsletter') }) as HTMLInputElement;
  const terms = screen.getByRole('checkbox', {
    name: t('account.register.acceptTerms', { terms: t('account.register.termsLink') }),
  }) as HTMLInputElement;
  const submit = screen.getByRole('button', { name: t('account.register.submit') });
  fireEvent.click(woman);
  const typed = { firstName: 'An', lastName: 'Maes', email: 'an.maes@example.be', password: 'gamelle-2024', birthdayDate: '1985-04-12' };
  for (const [name, value] of Object.entries(typed)) fireEvent.change(field(name), { target: { value } });
  fireEvent.click(newsletter);
  fireEvent.click(terms);
  const expectKept = () => {
    expect(woman.checked).toBe(true);
    for (const [name, value] of Object.entries(typed)) expect(field(name).value, name).toBe(value);
    expect(newsletter.checked).toBe(true);
    expect(terms.checked).toBe(true);
  };

  await walkFailures({ api, method: 'POST', path: register, submit, field: field('lastName'), kept: expectKept, t });
  await waitFor(() => expect(navigations).toEqual([pathTo('accountWelcome', 'nl_BE')]));
  expect(api.count('POST', register)).toBe(3);
});
