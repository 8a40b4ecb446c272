/**
 * Signing up on the way to the checkout (issue 44): the login page's remembered path (`?redirect=`) goes
 * along to the registration, on the register page as on the login page's own registration step, and the
 * new customer goes back there (the checkout, with their cart) instead of the welcome page; another site's
 * address is never followed (an open redirect): the welcome page then. The welcome page, when shown, puts
 * the next step first: back to the cart when it holds articles, else on with the shopping.
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import WelcomeIsland from '../../src/islands/account/WelcomeIsland.tsx';
import LoginIsland from '../../src/islands/auth/LoginIsland.tsx';
import type { LocaleCode } from '../../src/lib/channels.ts';
import { STORAGE_KEYS } from '../../src/lib/constants.ts';
import { pathTo } from '../../src/lib/routes/paths.ts';
import { resetCartBadgeForTests } from '../../src/stores/cart/badge.ts';
import { getShop } from '../../src/stores/shop.ts';
import { customerAnswer, signedInAnswer } from './support/answers.ts';
import { islandIn, recordNavigations, shopApiOnFetch } from './support/island.tsx';

const fr = islandIn('fr_FR');
const nl = islandIn('nl_BE');
const email = 'louise.dubois@example.fr';
const checkout = (locale: LocaleCode) => pathTo('checkout', locale, { order: 'cart-token-1' });
const withRedirect = (path: string, redirect: string) => `${path}?${new URLSearchParams({ redirect })}`;

/** The page's address: the islands read its query. */
const openAt = (path: string) => window.history.replaceState(null, '', path);

/** A shop API that registers the customer and signs them in. */
function registeringApi() {
  const api = shopApiOnFetch();
  api.answer('POST', /\/customers$/, () => ({ status: 201, body: customerAnswer({ email, firstName: 'Louise' }) }));
  api.answer('POST', /\/authentication-token$/, () => ({ status: 200, body: signedInAnswer(email) }));
  api.answer('POST', /\/customer\/lookup$/, () => ({ status: 200, body: { exists: false } }));
  return api;
}

/** Fills the registration form (the e-mail only where it is an input of the form) and sends it. */
async function register({ t }: typeof fr, withEmail: boolean) {
  fireEvent.click(await screen.findByRole('radio', { name: t('forms.options.gender.f') }));
  const field = (name: string) => screen.getByLabelText(t(`forms.fields.${name}`), { exact: true });
  const typed = { firstName: 'Louise', lastName: 'Dubois', password: 'gamelle-2024', ...(withEmail ? { email } : {}) };
  for (const [name, value] of Object.entries(typed)) fireEvent.change(field(name), { target: { value } });
  fireEvent.click(screen.getByRole('checkbox', { name: t('account.register.acceptTerms', { terms: t('account.register.termsLink') }) }));
  fireEvent.click(screen.getByRole('button', { name: t('account.register.submit') }));
}

afterEach(() => {
  // The session is the page's singleton: the next test starts anonymous again.
  getShop().session.logout();
  resetCartBadgeForTests();
  openAt('/');
});

describe('registration with a remembered path', () => {
  it('the register page sends the new customer back to the checkout it remembers', async () => {
    const api = registeringApi();
    const navigations = recordNavigations();
    openAt(withRedirect(pathTo('register', 'fr_FR'), checkout('fr_FR')));
    render(<LoginIsland {...fr.props} mode="register" />);
    await register(fr, true);
    await waitFor(() => expect(navigations).toEqual([checkout('fr_FR')]));
    expect(api.count('POST', /\/customers$/)).toBe(1);
  });

  it('the login page’s own registration step (an unknown e-mail) does too, in Dutch', async () => {
    registeringApi();
    const navigations = recordNavigations();
    openAt(withRedirect(pathTo('login', 'nl_BE'), checkout('nl_BE')));
    render(<LoginIsland {...nl.props} mode="login" />);
    fireEvent.change(await screen.findByLabelText(nl.t('forms.fields.email'), { exact: true }), { target: { value: email } });
    fireEvent.click(screen.getByRole('button', { name: nl.t('account.login.emailStep') }));
    await screen.findByRole('heading', { name: nl.t('account.register.title') });
    await register(nl, false);
    await waitFor(() => expect(navigations).toEqual([checkout('nl_BE')]));
  });

  for (const unsafe of ['https://evil.example/', '//evil.example', '/\\evil.example']) {
    it(`another site’s address (${unsafe}) is not followed: the welcome page`, async () => {
      registeringApi();
      const navigations = recordNavigations();
      openAt(withRedirect(pathTo('register', 'fr_FR'), unsafe));
      render(<LoginIsland {...fr.props} mode="register" />);
      await register(fr, true);
      await waitFor(() => expect(navigations).toEqual([pathTo('accountWelcome', 'fr_FR')]));
    });
  }

  it('without a remembered path, the welcome page', async () => {
    registeringApi();
    const navigations = recordNavigations();
    openAt(pathTo('register', 'fr_FR'));
    render(<LoginIsland {...fr.props} mode="register" />);
    await register(fr, true);
    await waitFor(() => expect(navigations).toEqual([pathTo('accountWelcome', 'fr_FR')]));
  });

  it('the login page’s link to the registration carries the remembered path, and back', async () => {
    shopApiOnFetch();
    const login = withRedirect(pathTo('login', 'fr_FR'), checkout('fr_FR'));
    openAt(login);
    const { unmount } = render(<LoginIsland {...fr.props} mode="login" />);
    const toRegister = await screen.findByRole('link', { name: fr.t('forms.actions.register') });
    await waitFor(() => expect(toRegister.getAttribute('href')).toBe(withRedirect(pathTo('register', 'fr_FR'), checkout('fr_FR'))));
    unmount();

    openAt(withRedirect(pathTo('register', 'fr_FR'), checkout('fr_FR')));
    render(<LoginIsland {...fr.props} mode="register" />);
    const toLogin = await screen.findByRole('link', { name: fr.t('forms.actions.login') });
    await waitFor(() => expect(toLogin.getAttribute('href')).toBe(login));
  });
});

describe('the welcome page', () => {
  /** The welcome page signed in, the cart's badge at `cartCount` articles (as the cart store left it). */
  const welcome = async ({ props, t }: typeof fr, { continueHref, cartCount = 0 }: { continueHref?: string; cartCount?: number } = {}) => {
    const api = shopApiOnFetch();
    api.answer('GET', /\/customers\/7$/, () => ({ status: 200, body: customerAnswer({ firstName: 'Louise' }) }));
    // Signed in as the registration leaves them (the page's session already started in this file).
    api.answer('POST', /\/authentication-token$/, () => ({ status: 200, body: signedInAnswer(email) }));
    await getShop().session.login({ email, password: 'gamelle-2024' });
    // The page's cart store answers the sign-in in its queue and publishes the count it reads (none here): a load
    // queued behind that work ends after it, so the count set below is the last one (it was, once in a while, not).
    await getShop().cart.load();
    if (cartCount > 0) localStorage.setItem(STORAGE_KEYS.cartCount, String(cartCount));
    render(<WelcomeIsland {...props} {...(continueHref ? { continueHref } : {})} />);
    const heading = await screen.findByRole('heading', { name: t('account.welcome.title', { firstName: 'Louise' }) });
    return { heading, links: () => screen.getAllByRole('link') };
  };

  it('puts the way back to the cart first when the cart holds articles', async () => {
    const { heading, links } = await welcome(fr, { cartCount: 2 });
    const next = within(heading.closest('section')!);
    expect(next.getByText(fr.t('account.welcome.cartIntro'))).toBeTruthy();
    const [first, ...others] = links();
    expect(first!.textContent).toBe(fr.t('account.welcome.cartAction'));
    expect(first!.getAttribute('href')).toBe(pathTo('cart', 'fr_FR'));
    expect(others.map((link) => link.getAttribute('href'))).toEqual(
      (['kibbleGuide', 'animals', 'addresses', 'account'] as const).map((route) => pathTo(route, 'fr_FR')),
    );
    expect(screen.getByRole('heading', { name: fr.t('account.welcome.moreTitle') })).toBeTruthy();
  });

  it('else puts the shopping first, in Dutch', async () => {
    const { links } = await welcome(nl, { continueHref: '/nl/hond/' });
    const [first] = links();
    expect(screen.getByText(nl.t('account.welcome.shopIntro'))).toBeTruthy();
    expect(first!.textContent).toBe(nl.t('account.welcome.shopAction'));
    expect(first!.getAttribute('href')).toBe('/nl/hond/');
  });

  it('goes on with the shopping from the homepage when the page names no catalogue', async () => {
    const { links } = await welcome(fr);
    expect(links()[0]!.getAttribute('href')).toBe(pathTo('home', 'fr_FR'));
  });
});
