/**
 * Islands when the shop API fails, in the shopper's language (French on the FR site, Dutch on
 * /nl/): unreachable (the request never gets an answer), a 500, and a slow answer. Each island says what
 * happened, keeps what the shopper typed and what was already stored (the cart, the badge), shows a
 * pending state while it waits (button disabled and busy) and never sends the same submission twice.
 *
 * The failures are made in the browser (page.route) for the calls named, so the rest of the page keeps
 * its real platform; a slow answer is held until the test has seen the pending state, then let through.
 */
import type { Page, Request, Route } from '@playwright/test';
import { STORAGE_KEYS } from '../../src/lib/constants.ts';
import { channelOf } from '../../src/lib/channels.ts';
import { createCustomer, expect, homeOf, localeOf, lookUp, pathOf, PLATFORM, test, textsOf, uniqueEmail, type Shopper } from './helpers.ts';
import { purchaseFormReady } from './page-checks.ts';
import type { TestInfo } from '@playwright/test';

const API = `${PLATFORM}/api/v2/shop`;

/** Which calls fail: a method (never the CORS preflight, which the real platform answers) and a path. */
type Match = { method: string; path: RegExp };
const matches = (request: Request, match: Match) => request.method() === match.method && match.path.test(new URL(request.url()).pathname);

/** The shop API unreachable for these calls: the browser gets no answer at all. */
async function unreachable(page: Page, match: Match): Promise<void> {
  await page.route(`${PLATFORM}/**`, (route) => (matches(route.request(), match) ? route.abort('connectionrefused') : route.fallback()));
}

/** These calls answer 500, in the API's error format, with the CORS headers a real answer would carry. */
async function serverError(page: Page, match: Match): Promise<void> {
  await page.route(`${PLATFORM}/**`, (route) => {
    if (!matches(route.request(), match)) return route.fallback();
    return route.fulfill({
      status: 500,
      contentType: 'application/ld+json',
      headers: { 'access-control-allow-origin': new URL(page.url()).origin, 'access-control-allow-credentials': 'true' },
      body: JSON.stringify({
        '@context': '/api/v2/contexts/Error',
        '@type': 'hydra:Error',
        'hydra:title': 'An error occurred',
        'hydra:description': 'Internal Server Error',
      }),
    });
  });
}

/**
 * These calls are held until `release()`: the test looks at the pending state meanwhile. `count()` is
 * how many were sent (a second submission would show here).
 */
async function slow(page: Page, match: Match) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let sent = 0;
  let arrived!: () => void;
  const first = new Promise<void>((resolve) => {
    arrived = resolve;
  });
  await page.route(`${PLATFORM}/**`, async (route: Route) => {
    if (!matches(route.request(), match)) return route.fallback();
    sent += 1;
    arrived();
    await released;
    await route.fallback();
  });
  return { release, count: () => sent, arrived: first };
}

const healed = (page: Page) => page.unrouteAll({ behavior: 'wait' });

/**
 * Closes the toasts on screen, so the next one looked for is the next failure's (a toast stays 5 s: an
 * older one with the same text would otherwise answer before the new failure has even happened).
 */
async function noToasts(page: Page): Promise<void> {
  await page.locator('.toasts .toast button').evaluateAll((buttons) => {
    for (const b of buttons) (b as HTMLButtonElement).click();
  });
  await expect(page.locator('.toasts .toast')).toHaveCount(0);
}

/** A customer signed in through the API, the session stored as the site stores it: no login page (and no lookup) needed. */
async function signedIn(page: Page, info: TestInfo): Promise<Shopper> {
  const shopper = await createCustomer(page.request, info);
  const locale = localeOf(info);
  const response = await page.request.post(`${API}/authentication-token?channelCode=${channelOf(locale).code}&locale=${locale}`, {
    headers: { 'Content-Type': 'application/ld+json', Accept: 'application/ld+json' },
    data: { email: shopper.email, password: shopper.password },
  });
  expect(response.status()).toBe(200);
  const auth = (await response.json()) as { token: string; refresh_token: string; customer: string };
  await page.addInitScript(
    ([keys, session]) => {
      if (localStorage.getItem(keys.token)) return;
      localStorage.setItem(keys.refreshToken, session.refresh_token);
      localStorage.setItem(keys.customerUri, session.customer);
      localStorage.setItem(keys.token, session.token);
    },
    [STORAGE_KEYS, auth] as const,
  );
  return shopper;
}

/** A dog product in stock, its island hydrated (before that, the form is a plain cart link). */
async function openProduct(page: Page, info: TestInfo): Promise<void> {
  await page.goto(homeOf(info));
  await page.locator('nav[aria-label] a').first().click();
  const card = page.locator('[data-grid] > li:has(.tag.ok) a').first();
  const href = (await card.getAttribute('href'))!;
  await card.click();
  await expect(page).toHaveURL((url) => url.pathname === href);
  await purchaseFormReady(page);
}

const cartCalls = { method: 'PATCH', path: /\/api\/v2\/shop\/orders\/[^/]+\/items$/ };
const newCart = { method: 'POST', path: /\/api\/v2\/shop\/orders$/ };

test('add to cart: unreachable, 500, slow — says so, keeps the choices and the cart', async ({ page }, info) => {
  const t = textsOf(info);
  await openProduct(page, info);
  const form = page.locator('[data-purchase]');
  const quantity = form.getByLabel(t('catalogue.product.quantity'));
  const interval = form.locator('select[data-interval]');
  const add = form.getByRole('button', { name: t('catalogue.product.addToCart') });
  const badge = page.locator('[data-cart-count]');
  // The form's own error line, under its button (an alert), not a toast.
  const formError = form.locator('[data-add-error]');
  await quantity.fill('3');
  const chosen = await interval.locator('option').nth(1).getAttribute('value');
  await interval.selectOption(chosen!);

  // No cart yet, and the shop API cannot be reached: nothing is created, the choices stay.
  await unreachable(page, newCart);
  await add.click();
  await expect(formError).toHaveText(t('forms.errors.network'));
  await expect(badge).toBeHidden();
  await expect(quantity).toHaveValue('3');
  await expect(interval).toHaveValue(chosen!);
  await expect(add).toBeEnabled();
  await healed(page);

  // A slow answer: the button is busy, a second submission (Enter in the quantity) sends nothing more.
  const held = await slow(page, cartCalls);
  await add.click();
  await held.arrived;
  await expect(add).toBeDisabled();
  await expect(add).toHaveAttribute('aria-busy', 'true');
  await quantity.press('Enter');
  held.release();
  await expect(badge).toHaveText('3');
  await expect(add).toBeEnabled();
  expect(held.count()).toBe(1);
  await healed(page);

  // With a cart: a refused add (500) and an unreachable API leave it as it was, badge and mini cart included.
  await serverError(page, cartCalls);
  await noToasts(page);
  await add.click();
  await expect(formError).toHaveText(t('forms.errors.generic'));
  await expect(badge).toHaveText('3');
  await healed(page);
  await unreachable(page, { method: 'GET', path: /\/api\/v2\/shop\/orders\/[^/]+$/ });
  await unreachable(page, cartCalls);
  await noToasts(page);
  await add.click();
  await expect(formError).toHaveText(t('forms.errors.network'));
  await expect(add).toBeEnabled();
  await expect(badge).toHaveText('3');
  await expect(quantity).toHaveValue('3');
  // The mini cart, opened by the add that went through, still shows the line.
  await expect(page.locator('[data-mini-cart]')).toBeVisible();
  await expect(page.locator('[data-mini-cart] .cart-line')).toHaveCount(1);
  await expect(page.locator('[data-mini-cart] .cart-line input[type="number"]')).toHaveValue('3');
});

const lineCalls = (method: string): Match => ({ method, path: /\/api\/v2\/shop\/orders\/[^/]+\/items\/\d+$/ });
const readCart = { method: 'GET', path: /\/api\/v2\/shop\/orders\/[^/]+$/ };

test('cart page and mini cart: unreachable, 500, slow — say so, keep the lines, the code typed and the badge', async ({ page }, info) => {
  const t = textsOf(info);
  await openProduct(page, info);
  const variant = await page.locator('input[name="variantId"]').inputValue();
  await page.goto(`${pathOf(info, 'cart')}?variantId=${variant}&quantity=2`);
  const line = page.locator(`.cart-line[data-variant="${variant}"]`);
  const quantity = line.locator('input[type="number"]');
  const total = page.locator('[data-total]');
  const badge = page.locator('[data-cart-count]');
  // The line's own error line (an alert), not a toast.
  const lineError = line.locator('.cart-line-error');
  await expect(quantity).toHaveValue('2');
  await expect(page.locator('[data-cart]')).toHaveAttribute('aria-busy', 'false');
  const before = await total.textContent();

  // Unreachable: one more, a typed quantity, a discount code: each says so, the cart is as it was.
  await unreachable(page, lineCalls('PATCH'));
  await unreachable(page, readCart);
  await line.getByRole('button', { name: t('cart.item.increase') }).click();
  await expect(lineError).toHaveText(t('forms.errors.network'));
  await expect(line).toHaveAttribute('aria-busy', 'false');
  await expect(quantity).toHaveValue('2');
  await quantity.fill('7');
  await quantity.press('Enter');
  await expect(lineError).toHaveText(t('forms.errors.network'));
  await expect(line).toHaveAttribute('aria-busy', 'false');
  await expect(quantity).toHaveValue('2');
  await unreachable(page, { method: 'PATCH', path: /\/apply-coupon$/ });
  const coupon = page.getByLabel(t('cart.coupon.label'));
  await coupon.fill('BIENVENUE10');
  await page.getByRole('button', { name: t('cart.coupon.apply') }).click();
  await expect(page.locator('.coupon [role="alert"]')).toHaveText(t('forms.errors.network'));
  await expect(coupon).toHaveValue('BIENVENUE10');
  await expect(total).toHaveText(before!);
  await expect(badge).toHaveText('2');
  await healed(page);

  // A 500 on removing the line: still there.
  await serverError(page, lineCalls('DELETE'));
  await noToasts(page);
  await line.getByRole('button', { name: new RegExp(t('cart.item.remove'), 'i') }).click();
  await expect(lineError).toHaveText(t('forms.errors.generic'));
  await expect(line).toHaveAttribute('aria-busy', 'false');
  await expect(line).toBeVisible();
  await expect(quantity).toHaveValue('2');
  await expect(badge).toHaveText('2');
  await healed(page);

  // Slow: the line is busy and its buttons are off until the answer; one call only.
  const held = await slow(page, lineCalls('PATCH'));
  const increase = line.getByRole('button', { name: t('cart.item.increase') });
  await increase.click();
  await held.arrived;
  await expect(line).toHaveAttribute('aria-busy', 'true');
  await expect(increase).toBeDisabled();
  await expect(quantity).toBeDisabled();
  held.release();
  await expect(quantity).toHaveValue('3');
  await expect(line).toHaveAttribute('aria-busy', 'false');
  expect(held.count()).toBe(1);
  await expect(badge).toHaveText('3');
  await healed(page);

  // The cart cannot be read at all: the page says why (not "your cart is empty"), the badge keeps its
  // count, the mini cart says it too; once the API answers again, "try again" brings the lines back.
  await unreachable(page, readCart);
  await page.reload();
  const unavailable = page.locator('[data-cart-unavailable]');
  await expect(unavailable.getByRole('alert')).toHaveText(t('forms.errors.network'));
  await expect(page.locator('[data-cart-empty]')).toHaveCount(0);
  await expect(badge).toHaveText('3');
  await page.locator('[data-mini-cart-toggle]').click();
  await expect(page.locator('[data-mini-cart]').getByRole('alert')).toHaveText(t('forms.errors.network'));
  await expect(page.locator('[data-mini-cart]')).not.toContainText(t('cart.empty'));
  await page.keyboard.press('Escape');
  await healed(page);
  await serverError(page, readCart);
  await unavailable.getByRole('button', { name: t('cart.retry') }).click();
  await expect(unavailable.getByRole('alert')).toHaveText(t('forms.errors.generic'));
  await expect(badge).toHaveText('3');
  await healed(page);
  await unavailable.getByRole('button', { name: t('cart.retry') }).click();
  await expect(quantity).toHaveValue('3');
  await expect(badge).toHaveText('3');
});

const lookup = { method: 'POST', path: /\/api\/v2\/shop\/customer\/lookup$/ };
const authentication = { method: 'POST', path: /\/api\/v2\/shop\/authentication-token$/ };

test('login: unreachable, 500, slow — the lookup and the password step say so and keep what was typed', async ({ page }, info) => {
  const t = textsOf(info);
  const shopper = await createCustomer(page.request, info);
  await page.goto(pathOf(info, 'login'));
  const email = page.getByLabel(t('forms.fields.email'), { exact: true });
  const next = page.getByRole('button', { name: t('account.login.emailStep') });
  const alert = page.locator('[data-form-errors]');

  await unreachable(page, lookup);
  await lookUp(page, info, shopper.email);
  await expect(alert).toHaveText(t('forms.errors.network'));
  await expect(email).toHaveValue(shopper.email);
  await healed(page);
  await serverError(page, lookup);
  await next.click();
  await expect(alert).toHaveText(t('forms.errors.generic'));
  await expect(email).toHaveValue(shopper.email);
  await healed(page);

  // Slow: busy, and Enter in the field sends no second lookup.
  const held = await slow(page, lookup);
  await next.click();
  await held.arrived;
  await expect(next).toBeDisabled();
  await expect(next).toHaveAttribute('aria-busy', 'true');
  await email.press('Enter');
  held.release();
  await expect(page.getByRole('heading', { name: t('account.login.hello', { email: shopper.email }) })).toBeVisible();
  expect(held.count()).toBe(1);
  await healed(page);

  // The password step.
  const password = page.getByLabel(t('forms.fields.password'), { exact: true });
  const signIn = page.getByRole('button', { name: t('account.login.passwordStep') });
  await password.fill(shopper.password);
  await unreachable(page, authentication);
  await signIn.click();
  await expect(alert).toHaveText(t('forms.errors.network'));
  await expect(password).toHaveValue(shopper.password);
  await healed(page);
  await serverError(page, authentication);
  await signIn.click();
  await expect(alert).toHaveText(t('forms.errors.generic'));
  await expect(password).toHaveValue(shopper.password);
  await healed(page);
  const login = await slow(page, authentication);
  await signIn.click();
  await login.arrived;
  await expect(signIn).toBeDisabled();
  await expect(signIn).toHaveAttribute('aria-busy', 'true');
  await password.press('Enter');
  login.release();
  await expect(page).toHaveURL((url) => url.pathname === pathOf(info, 'account'));
  expect(login.count()).toBe(1);
});

const register = { method: 'POST', path: /\/api\/v2\/shop\/customers$/ };

test('registration: unreachable, 500, slow — says so and keeps every field', async ({ page }, info) => {
  const t = textsOf(info);
  await page.goto(pathOf(info, 'register'));
  const field = (name: string) => page.getByLabel(t(`forms.fields.${name}`), { exact: true });
  const terms = page.getByRole('checkbox', { name: t('account.register.acceptTerms', { terms: t('account.register.termsLink') }) });
  const newsletter = page.getByRole('checkbox', { name: t('account.register.newsletter') });
  const submit = page.getByRole('button', { name: t('account.register.submit') });
  const alert = page.locator('[data-form-errors]');
  const email = uniqueEmail();
  await page.getByRole('radio', { name: t('forms.options.gender.f') }).check();
  await field('firstName').fill('Louise');
  await field('lastName').fill('Dubois');
  await field('email').fill(email);
  await field('password').fill('gamelle-2024');
  await field('birthdayDate').fill('1985-04-12');
  await newsletter.check();
  await terms.check();
  const kept = async () => {
    await expect(page.getByRole('radio', { name: t('forms.options.gender.f') })).toBeChecked();
    await expect(field('firstName')).toHaveValue('Louise');
    await expect(field('lastName')).toHaveValue('Dubois');
    await expect(field('email')).toHaveValue(email);
    await expect(field('password')).toHaveValue('gamelle-2024');
    await expect(field('birthdayDate')).toHaveValue('1985-04-12');
    await expect(newsletter).toBeChecked();
    await expect(terms).toBeChecked();
  };

  await unreachable(page, register);
  await submit.click();
  await expect(alert).toHaveText(t('forms.errors.network'));
  await kept();
  await healed(page);
  await serverError(page, register);
  await submit.click();
  await expect(alert).toHaveText(t('forms.errors.generic'));
  await kept();
  await healed(page);

  const held = await slow(page, register);
  await submit.click();
  await held.arrived;
  await expect(submit).toBeDisabled();
  await expect(submit).toHaveAttribute('aria-busy', 'true');
  await field('lastName').press('Enter');
  held.release();
  await expect(page).toHaveURL((url) => url.pathname === pathOf(info, 'accountWelcome'));
  expect(held.count()).toBe(1);
});

const customerUpdate = { method: 'PUT', path: /\/api\/v2\/shop\/customers\/\d+$/ };

test('personal data: unreachable, 500, slow — says so and keeps what was typed', async ({ page }, info) => {
  const t = textsOf(info);
  const shopper = await signedIn(page, info);
  await page.goto(pathOf(info, 'personalData'));
  const section = page.getByRole('region', { name: t('account.personalData.identityTitle') });
  const firstName = section.getByLabel(t('forms.fields.firstName'), { exact: true });
  const newsletter = section.getByRole('checkbox', { name: t('forms.fields.subscribedToNewsletter') });
  const save = section.getByRole('button', { name: t('account.personalData.save') });
  const alert = section.locator('[data-form-errors]');
  await expect(firstName).toHaveValue(shopper.firstName);
  await firstName.fill('Camila');
  await newsletter.check();

  await unreachable(page, customerUpdate);
  await save.click();
  await expect(alert).toHaveText(t('forms.errors.network'));
  await expect(firstName).toHaveValue('Camila');
  await expect(newsletter).toBeChecked();
  await healed(page);
  await serverError(page, customerUpdate);
  await save.click();
  await expect(alert).toHaveText(t('forms.errors.generic'));
  await expect(firstName).toHaveValue('Camila');
  await expect(newsletter).toBeChecked();
  await expect(section.getByRole('status')).toBeEmpty();
  await healed(page);

  const held = await slow(page, customerUpdate);
  await save.click();
  await held.arrived;
  await expect(save).toBeDisabled();
  await expect(save).toHaveAttribute('aria-busy', 'true');
  await firstName.press('Enter');
  held.release();
  await expect(section.getByRole('status')).toHaveText(t('account.personalData.saved'));
  expect(held.count()).toBe(1);
  await page.reload();
  await expect(
    page.getByRole('region', { name: t('account.personalData.identityTitle') }).getByLabel(t('forms.fields.firstName'), { exact: true }),
  ).toHaveValue('Camila');
});

const createAddress = { method: 'POST', path: /\/api\/v2\/shop\/addresses$/ };

test('addresses: unreachable, 500, slow — the form says so and keeps the address typed', async ({ page }, info) => {
  const t = textsOf(info);
  const nl = localeOf(info) === 'nl_BE';
  await signedIn(page, info);
  await page.goto(pathOf(info, 'addresses'));
  await page.getByRole('button', { name: t('account.addresses.add') }).click();
  const form = page.locator('form');
  const street = form.getByLabel(t('forms.fields.street'), { exact: true });
  const postcode = form.getByLabel(t('forms.fields.postcode'));
  const city = form.getByLabel(t('forms.fields.city'));
  const phone = form.getByRole('group', { name: t('forms.fields.phoneNumber'), exact: true }).getByRole('textbox');
  const save = form.getByRole('button', { name: t('account.addresses.save') });
  const alert = form.locator('[data-form-errors]');
  await street.fill(nl ? 'Kerkstraat 12' : '12 rue des Lilas');
  await postcode.fill(nl ? '9000' : '69001');
  await city.fill(nl ? 'Gent' : 'Lyon');
  await phone.fill(nl ? '+32 470 12 34 56' : '+33 6 12 34 56 78');
  const kept = async () => {
    await expect(street).toHaveValue(nl ? 'Kerkstraat 12' : '12 rue des Lilas');
    await expect(postcode).toHaveValue(nl ? '9000' : '69001');
    await expect(city).toHaveValue(nl ? 'Gent' : 'Lyon');
    await expect(phone).toHaveValue(nl ? '+32 470 12 34 56' : '+33 6 12 34 56 78');
  };

  await unreachable(page, createAddress);
  await save.click();
  await expect(alert).toHaveText(t('forms.errors.network'));
  await kept();
  await healed(page);
  await serverError(page, createAddress);
  await save.click();
  await expect(alert).toHaveText(t('forms.errors.generic'));
  await kept();
  await healed(page);

  const held = await slow(page, createAddress);
  await save.click();
  await held.arrived;
  await expect(save).toBeDisabled();
  await expect(save).toHaveAttribute('aria-busy', 'true');
  await city.press('Enter');
  held.release();
  await expect(page.getByRole('status').filter({ hasText: t('account.addresses.saved') })).toBeVisible();
  await expect(page.getByRole('list', { name: t('account.addresses.listLabel') }).getByRole('listitem')).toHaveCount(1);
  expect(held.count()).toBe(1);

  // The list cannot be read: the page says so.
  await unreachable(page, { method: 'GET', path: /\/api\/v2\/shop\/addresses$/ });
  await page.reload();
  await expect(page.locator('.addresses [data-form-errors]').first()).toHaveText(t('forms.errors.network'));
});
