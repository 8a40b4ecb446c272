/**
 * The sign-in island when the shop API fails: each
 * step, the e-mail's lookup then the password, says in the shopper's language that the API could not be
 * reached or failed, keeps what was typed, is busy while it waits and sends one request whatever the
 * shopper presses meanwhile.
 */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import LoginIsland from '../../src/islands/auth/LoginIsland.tsx';
import { pathTo } from '../../src/lib/routes/paths.ts';
import { signedInAnswer } from './support/answers.ts';
import { islandIn, recordNavigations, shopApiOnFetch, walkFailures } from './support/island.tsx';

const { props, t } = islandIn('nl_BE');
const email = 'lotte.peeters@example.be';
const lookup = /\/customer\/lookup$/;
const authentication = /\/authentication-token$/;
let api: ReturnType<typeof shopApiOnFetch>;

beforeEach(() => {
  api = shopApiOnFetch();
  api.answer('POST', lookup, () => ({ status: 200, body: { exists: true } }));
  api.answer('POST', authentication, () => ({ status: 200, body: signedInAnswer(email) }));
});

const emailField = () => screen.getByLabelText(t('forms.fields.email'), { exact: true });
const next = () => screen.getByRole('button', { name: t('account.login.emailStep') });

describe('the sign-in island when the shop API fails', () => {
  it('the e-mail step: unreachable, 500, slow', async () => {
    render(<LoginIsland {...props} mode="login" />);
    fireEvent.change(await screen.findByLabelText(t('forms.fields.email'), { exact: true }), { target: { value: email } });

    await walkFailures({
      api,
      method: 'POST',
      path: lookup,
      submit: next(),
      field: emailField(),
      kept: () => expect(emailField()).toHaveProperty('value', email),
      t,
    });
    expect(await screen.findByRole('heading', { name: t('account.login.hello', { email }) })).toBeTruthy();
    expect(api.count('POST', lookup)).toBe(3);
  });

  it('the password step: unreachable, 500, slow, then on to the account', async () => {
    const navigations = recordNavigations();
    render(<LoginIsland {...props} mode="login" />);
    fireEvent.change(await screen.findByLabelText(t('forms.fields.email'), { exact: true }), { target: { value: email } });
    fireEvent.click(next());
    const password = await screen.findByLabelText(t('forms.fields.password'), { exact: true });
    const signIn = screen.getByRole('button', { name: t('account.login.passwordStep') });
    fireEvent.change(password, { target: { value: 'gamelle-2024' } });

    await walkFailures({
      api,
      method: 'POST',
      path: authentication,
      submit: signIn,
      field: password,
      kept: () => expect(password).toHaveProperty('value', 'gamelle-2024'),
      t,
    });
    await waitFor(() => expect(navigations).toEqual([pathTo('account', 'nl_BE')]));
    expect(api.count('POST', authentication)).toBe(3);
  });
});
