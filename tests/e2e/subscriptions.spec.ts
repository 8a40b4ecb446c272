/**
 * Subscriptions, in French on the FR site and in Dutch on the BE site, on a fixed clock: a shopper subscribes
 * at checkout (a card, through the payment sandbox), finds the subscription in the account, changes its
 * frequency for all drafts (the choice says what it means), adds a product to the next delivery only, sees
 * the draft lock 4 days before shipment ("draft in progress") and has it shipped now; the app's web view
 * changes the card (the app hands its session over in the address's fragment); every screen fits a phone,
 * does not move once drawn and is axe-clean.
 *
 * The clock: each worker runs a platform of its own on a test clock (the API tests' paying platform) and
 * the browser's calls to the run's shop API are answered by it, the browser's clock set to the same time.
 * Moving the run's shared platform's clock instead would expire every other test's session mid-flight.
 */
import type { BrowserContext, Page, TestInfo } from '@playwright/test';
import { intlLocaleOf, channelOf, type LocaleCode } from '../../src/lib/channels.ts';
import { pathTo } from '../../src/lib/routes/paths.ts';
import type { RouteName } from '../../src/lib/routes/routes.ts';
import { shipNowDeadline } from '../../src/lib/subscriptions/working-hours.ts';
import { payingPlatform } from '../api/paying-platform.ts';
import { testClock } from '../api/platform.ts';
import {
  type ApiSession,
  atPath,
  expect as baseExpect,
  expectNoSeriousViolation,
  keepSession,
  languageOf,
  localeOf,
  PLATFORM,
  target,
  test,
  textsOf,
  uniqueEmail,
} from './helpers.ts';
import { expectStill, hydrated, overflowWidth, watchShifts } from './page-checks.ts';

// Answers that wait on a payment, a refresh or a scheduler-free platform of the worker's own: a busy machine
// (two cores shared with other suites) takes longer than the default 5 seconds now and then.
const expect = baseExpect.configure({ timeout: 15_000 });

/** A Monday: the subscription starts here; its first draft ships 31 days later. */
const START = '2031-03-03T09:00:00Z';
/** Every 3 weeks from the first delivery: the draft ships on Monday 24 March and is locked from Thursday 20 March on. */
const LOCKED_AT = '2031-03-21T09:00:00Z';
/** Sandbox test cards (src/backend/payments/test-cards.ts) and a dog food that can be subscribed to. */
const CARDS = { visa: '4543474002249996', mastercard: '2223000010479399' } as const;
const FOOD = '10000001';

const clock = testClock();
let platform: Awaited<ReturnType<typeof payingPlatform>>;

// The file's tests one after the other in one worker (each failing on its own): one platform seeded for all.
test.describe.configure({ mode: 'default' });

test.beforeAll(async () => {
  // Seeding a catalogue (its pictures drawn): about 30 s on a busy machine.
  test.setTimeout(90_000);
  clock.set(START);
  platform = await payingPlatform({
    clock: clock.now,
    env: {
      SITE_URL_FR: target.sites.fr,
      SITE_URL_BE: target.sites.be,
      // Its public address is the run's shop API, the one the pages may load pictures from (their policy).
      SHOP_API_URL: PLATFORM,
    },
  });
});
test.afterAll(async () => {
  await platform?.close();
});

/** The browser's calls to the shop API (and its payment sandbox) go to this worker's platform, on its clock. */
async function onTestClock(context: BrowserContext, page: Page) {
  await context.route(`${PLATFORM}/**`, async (route) => {
    const url = route.request().url().replace(PLATFORM, platform.origin);
    await route.fulfill({ response: await route.fetch({ url }) });
  });
  await page.clock.setFixedTime(clock.now());
}

/** Moves both clocks; the page's session, issued long ago, is refreshed on the next load. */
async function travel(page: Page, to: string) {
  clock.set(to);
  await page.clock.setFixedTime(clock.now());
}

async function api(locale: LocaleCode, method: string, path: string, { token, body }: { token?: string; body?: unknown } = {}) {
  const response = await fetch(`${platform.origin}/api/v2/shop${path}?channelCode=${channelOf(locale).code}&locale=${locale}`, {
    method,
    headers: {
      Accept: 'application/ld+json',
      'Content-Type': method === 'PATCH' ? 'application/merge-patch+json' : 'application/ld+json',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : null) as Record<string, any>;
}

/** Where the parcels go: a favourite address in the site's country. */
const addresses = {
  fr: {
    firstName: 'Camille',
    lastName: 'Martin',
    street: '4 quai Saint-Antoine',
    city: 'Lyon',
    postcode: '69005',
    countryCode: 'FR',
    phoneNumber: '+33611223344',
  },
  nl: {
    firstName: 'Camille',
    lastName: 'Martin',
    street: 'Veldstraat 40',
    city: 'Gent',
    postcode: '9000',
    countryCode: 'BE',
    phoneNumber: '+32475112233',
  },
};

/** A new customer, signed in, with a favourite address and a cart holding a dog food every `interval` days. */
async function customerWithCart(locale: LocaleCode, { quantity, interval }: { quantity: number; interval: number }) {
  const shopper = { email: uniqueEmail(), password: 'croquettes-42' };
  const profile = { firstName: 'Camille', lastName: 'Martin', gender: 'f', birthday: null, subscribedToNewsletter: false };
  await api(locale, 'POST', '/customers', { body: { ...shopper, ...profile, acceptTerms: true } });
  const auth = (await api(locale, 'POST', '/authentication-token', { body: shopper })) as ApiSession;
  const address = locale === 'fr_FR' ? addresses.fr : addresses.nl;
  await api(locale, 'POST', '/addresses', { token: auth.token, body: { ...address, isDefault: true } });
  const cart = await api(locale, 'POST', '/orders', {
    token: auth.token,
    body: { localeCode: locale, channelCode: channelOf(locale).code },
  });
  await api(locale, 'PATCH', `/orders/${cart.tokenValue}/items`, {
    token: auth.token,
    body: { productVariant: `/api/v2/shop/product-variants/${FOOD}`, quantity, subscriptionInterval: interval },
  });
  return { auth, address, cartToken: cart.tokenValue as string };
}

/** A customer who subscribed through the API (the checkout's calls and a card payment), and their subscription's code. */
async function subscribedThroughApi(locale: LocaleCode) {
  const { auth, address, cartToken } = await customerWithCart(locale, { quantity: 1, interval: 42 });
  const token = auth.token;
  const order = `/orders/${cartToken}`;
  const addressed = await api(locale, 'PATCH', `${order}/address`, { token, body: { billingAddress: address } });
  const shipped = await api(locale, 'PATCH', `${order}/shipments/${addressed.shipments[0].id}`, {
    token,
    body: { shippingMethod: '/api/v2/shop/shipping-methods/home_delivery' },
  });
  await api(locale, 'PATCH', `${order}/payments/${shipped.payments.at(-1).id}`, {
    token,
    body: { paymentMethod: '/api/v2/shop/payment-methods/visa' },
  });
  const placed = await api(locale, 'PATCH', `${order}/complete`, { token, body: { termsAccepted: true } });
  const card = await fetch(`${platform.origin}/payments/components/card-tokens`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ cardHolder: 'Camille Martin', cardNumber: CARDS.visa, expiryDate: '12/35', verificationCode: '123' }),
  });
  const cardToken = ((await card.json()) as { token: string }).token;
  await api(locale, 'POST', '/payment-requests', {
    token,
    body: {
      paymentId: placed.payments.at(-1).id,
      paymentMethodCode: 'visa',
      action: 'capture',
      payload: { redirectUrl: `${target.sites.fr}/`, cardToken },
    },
  });
  const list = await api(locale, 'GET', '/subscriptions', { token });
  return { auth, code: list['hydra:member'][0].code as string, order: placed.tokenValue as string };
}

const dayText = (info: TestInfo, day: string) =>
  new Intl.DateTimeFormat(intlLocaleOf(languageOf(info)), { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
const dateText = (info: TestInfo, instant: Date) =>
  new Intl.DateTimeFormat(intlLocaleOf(languageOf(info)), { dateStyle: 'long', timeZone: 'Europe/Paris' }).format(instant);

test('subscribe at checkout, change the frequency for all drafts, add to the next delivery, locked 4 days before, ship now', async ({
  page,
  context,
}, info) => {
  // A whole journey through two clocks: about 30 s on a busy machine.
  test.setTimeout(120_000);
  const t = textsOf(info);
  await page.setViewportSize({ width: 390, height: 844 });
  await onTestClock(context, page);
  const { auth, cartToken } = await customerWithCart(localeOf(info), { quantity: 2, interval: 31 });
  await keepSession(page, auth, cartToken);

  // Subscribe at checkout: home delivery, a card through the sandbox.
  await page.goto(pathTo('cart', localeOf(info)));
  await page.getByRole('link', { name: t('cart.checkout') }).click();
  await expect(page).toHaveURL(atPath(pathTo('checkout', localeOf(info), { order: cartToken })));
  await page.locator('[data-step="address"].is-open [data-step-action="address"]').click();
  await page.locator('[data-step="shipping"].is-open [data-step-action="shipping"]').click();
  // Cards only, and the list says why.
  await expect(page.locator('[data-step="payment"] [data-cards-only]')).toHaveText(t('checkout.payment.cardsOnly'));
  await page.locator('[data-step="payment"] [data-payment-method="visa"]').click();
  await page.locator('[data-step="payment"].is-open [data-step-action="payment"]').click();
  await page.getByLabel(t('checkout.payment.card.number')).fill(CARDS.visa);
  await page.getByLabel(t('checkout.payment.card.expiry')).fill('12/35');
  await page.getByLabel(t('checkout.payment.card.cvc')).fill('123');
  await page.getByLabel(t('checkout.payment.card.holder')).fill('Camille Martin');
  await page.locator('[data-step="summary"] input[type="checkbox"]').check();
  await page.locator('[data-step-action="complete"]').click();
  await expect(page.locator('[data-confirmation="paid"]')).toBeVisible();

  // The account lists it: in progress (green), every month, the next delivery 31 days later.
  await page.goto(pathTo('subscriptions', localeOf(info)));
  const card = page.locator('[data-subscription]');
  await expect(card).toHaveCount(1);
  await expect(card.locator('.order-status')).toHaveAttribute('data-group', 'valid');
  await expect(card).toContainText(t.plural('subscriptions.every.months', 1, { date: dayText(info, '2031-04-03') }));
  // A subscriber's pages say so, the static ones too (the header reads the flag the account's islands keep).
  await expect(page.locator('body')).toHaveClass(/\bis-subscriber\b/);
  await expectNoSeriousViolation(page, 'the subscriptions list');
  await page.goto(pathTo('home', localeOf(info)));
  await expect(page.locator('body')).toHaveClass(/\bis-subscriber\b/);
  await page.goBack();

  await card.getByRole('link', { name: t('subscriptions.card.manage') }).click();
  await expect(page.getByRole('tab', { name: t('subscriptions.detail.nextTab') })).toHaveAttribute('aria-selected', 'true');
  // Shipped on 3 April, it locks as 30 March begins: the 29th is the last day it can change.
  await expect(page.locator('[data-edit-until]')).toContainText(dayText(info, '2031-03-29'));
  await expectNoSeriousViolation(page, 'the next order');

  // Every 3 weeks for all drafts: the choice says what it means before it is saved.
  await page.getByRole('tab', { name: t('subscriptions.detail.settingsTab') }).click();
  await page.locator('[data-edit="frequency"]').click();
  const form = page.locator('[data-frequency-form]');
  await form.getByLabel(t('subscriptions.frequency.label')).selectOption('21');
  const meaning = t('subscriptions.every.andThen', {
    meaning: t.plural('subscriptions.every.weeks', 3, { date: dayText(info, '2031-03-24') }),
    date: dayText(info, '2031-04-14'),
  });
  await expect(form.locator('[data-frequency-meaning]')).toHaveText(meaning);
  // Without a scope the change is refused, saying why.
  await form.getByRole('button', { name: t('subscriptions.frequency.save') }).click();
  await expect(form.getByText(t('subscriptions.scope.required'))).toBeVisible();
  await expectNoSeriousViolation(page, 'the frequency form');
  await form.getByLabel(t('subscriptions.scope.all')).check();
  await form.getByRole('button', { name: t('subscriptions.frequency.save') }).click();
  await expect(page.getByRole('status').filter({ hasText: t('subscriptions.frequency.saved') })).toBeVisible();
  await expect(page.locator('[data-frequency]')).toHaveText(
    t.plural('subscriptions.every.weeks', 3, { date: dayText(info, '2031-03-24') }),
  );

  // A treat for the next delivery only, at its one-off price.
  await page.getByRole('tab', { name: t('subscriptions.detail.nextTab') }).click();
  const upsell = page.locator('[data-upsell-form]');
  await upsell.getByRole('button', { name: t('subscriptions.upsell.add') }).click();
  const added = page.locator('[data-next-order-lines] tr[data-upsell]');
  await expect(added).toHaveCount(1);
  await expect(added).toContainText(t('subscriptions.next.upsell'));
  await expectNoSeriousViolation(page, 'the next order with an upsell');

  // 4 days before shipment the draft is being prepared: it shows, locked, and only all drafts can change.
  await travel(page, LOCKED_AT);
  await page.reload();
  await expect(page.locator('[data-locked]')).toContainText(t('subscriptions.next.locked'));
  await expect(page.locator('[data-upsell-form]')).toHaveCount(0);
  await expect(page.locator('[data-next-order-lines] tr[data-upsell]')).toHaveCount(1);
  await page.getByRole('tab', { name: t('subscriptions.detail.settingsTab') }).click();
  await page.locator('[data-edit="frequency"]').click();
  await expect(page.getByLabel(t('subscriptions.scope.next'))).toBeDisabled();
  await expect(page.getByLabel(t('subscriptions.scope.all'))).toBeChecked();
  await page.getByRole('button', { name: t('subscriptions.settings.cancel') }).click();
  await page.getByRole('tab', { name: t('subscriptions.detail.nextTab') }).click();
  await expectNoSeriousViolation(page, 'the locked next order');

  // Ship now: what it means, a confirmation, then when it leaves at the latest (Friday morning: Monday).
  const shipNow = page.locator('[data-ship-now]');
  await expect(shipNow).toContainText(t('subscriptions.shipNow.hint'));
  await shipNow.getByRole('button', { name: t('subscriptions.shipNow.button') }).click();
  const dialog = page.getByRole('dialog', { name: t('subscriptions.shipNow.confirmTitle') });
  await expect(dialog).toContainText(t('subscriptions.shipNow.confirmText'));
  await expectNoSeriousViolation(page, 'the ship-now dialog');
  await dialog.getByRole('button', { name: t('subscriptions.shipNow.confirm') }).click();
  await expect(page.locator('[data-ship-now="requested"]')).toHaveText(
    t('subscriptions.shipNow.requested', { date: dateText(info, shipNowDeadline(new Date(LOCKED_AT))) }),
  );
});

test('the app’s web view changes the card of a subscription, signed in by the app; the demo opens it', async ({ page, context }, info) => {
  const t = textsOf(info);
  const locale = localeOf(info);
  await page.setViewportSize({ width: 390, height: 844 });
  clock.set(START);
  await onTestClock(context, page);
  const { auth, code } = await subscribedThroughApi(locale);

  // The app opens the web view with its session in the fragment, which leaves the address at once.
  const path = pathTo('webViewPayment', locale, { subscription: code });
  await page.goto(`${path}#token=${encodeURIComponent(auth.token)}`);
  await expect(page.locator('[data-web-view="form"]')).toBeVisible();
  expect(new URL(page.url()).hash).toBe('');
  // No layout: the app draws its own bar.
  await expect(page.locator('header')).toHaveCount(0);
  await expectNoSeriousViolation(page, 'the web view');
  await page.getByLabel(t('checkout.payment.card.number')).fill(CARDS.mastercard);
  await page.getByLabel(t('checkout.payment.card.expiry')).fill('06/34');
  await page.getByLabel(t('checkout.payment.card.cvc')).fill('123');
  await page.getByLabel(t('checkout.payment.card.holder')).fill('Camille Martin');
  await page.getByRole('button', { name: t('subscriptions.cardChange.save') }).click();
  await expect(page.locator('[data-web-view="done"]')).toContainText(t('subscriptions.webView.done'));
  const changed = await api(locale, 'GET', `/subscriptions/${code}`, { token: auth.token });
  expect(changed.card).toMatchObject({ brand: 'Mastercard', last4: '9399' });

  // The demo, signed in on the site, opens the same web view the way the app does.
  const demo = await context.newPage();
  await keepSession(demo, auth);
  await demo.goto(pathTo('webViewDemo', locale));
  await demo.getByRole('link', { name: new RegExp(t('subscriptions.webView.demo.open', { date: '.+' })) }).click();
  await expect(demo.locator('[data-web-view="form"]')).toBeVisible();
  await expect(demo.locator('[data-web-view]')).toContainText(t('subscriptions.settings.card', { brand: 'Mastercard', last4: '9399' }));
});

test('“Demander la résiliation” asks a reason and a precision, then shows the request until it is handled; a message through the contact dialog', async ({
  page,
  context,
}, info) => {
  const t = textsOf(info);
  const locale = localeOf(info);
  clock.set(START);
  await onTestClock(context, page);
  const { auth, code } = await subscribedThroughApi(locale);
  await keepSession(page, auth);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(pathTo('subscription', locale, { subscription: code }));

  await page.getByRole('button', { name: t('subscriptions.abort.button') }).click();
  const dialog = page.getByRole('dialog', { name: t('subscriptions.abort.title') });
  await dialog.getByRole('button', { name: t('subscriptions.abort.submit') }).click();
  // Both are required; the precision is a plain text without %.
  await expect(dialog.getByText(t('forms.errors.required'))).toHaveCount(2);
  await expectNoSeriousViolation(page, 'the cancellation request');
  await dialog.getByLabel(t('subscriptions.abort.reason')).selectOption('too_expensive');
  await dialog.getByLabel(t('subscriptions.abort.message')).fill('100 %');
  await dialog.getByRole('button', { name: t('subscriptions.abort.submit') }).click();
  await expect(dialog.getByText(t('forms.errors.forbidden_characters'))).toBeVisible();
  await dialog.getByLabel(t('subscriptions.abort.message')).fill('Trop de croquettes à la maison');
  await dialog.getByRole('button', { name: t('subscriptions.abort.submit') }).click();
  await expect(dialog).toBeHidden();
  const request = page.locator('[data-abort-request]');
  await expect(request).toContainText(t('subscriptions.abort.reasonIs', { reason: t('subscriptions.abort.reasons.too_expensive') }));
  await expect(request).toContainText('Trop de croquettes à la maison');
  await expect(page.getByRole('button', { name: t('subscriptions.abort.button') })).toHaveCount(0);
  // Still there on the next visit, and in the list: the request waits for an operator.
  await page.goto(pathTo('subscriptions', locale));
  await expect(page.locator('[data-subscription]')).toContainText(
    t('subscriptions.abort.pending', { date: dateText(info, new Date(START)) }),
  );

  await page.goto(pathTo('subscription', locale, { subscription: code }));
  await page.getByRole('button', { name: t('subscriptions.contact.button') }).click();
  const contact = page.getByRole('dialog', { name: t('subscriptions.contact.title') });
  await contact.getByLabel(t('subscriptions.contact.message')).fill('Pouvez-vous livrer le samedi ?');
  await expectNoSeriousViolation(page, 'the contact dialog');
  await contact.getByRole('button', { name: t('subscriptions.contact.send') }).click();
  await expect(contact).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: t('subscriptions.contact.sent') })).toBeVisible();
});

const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'laptop', width: 1366, height: 900 },
] as const;

/** What the shopper came for on each screen, on the first screen without scrolling. */
const SCREENS: ReadonlyArray<{ route: RouteName; main: string }> = [
  { route: 'subscriptions', main: '.subscription-card__link' },
  { route: 'subscription', main: '[data-ship-now] button' },
  { route: 'subscriptionHistory', main: '.order-card__link' },
  { route: 'subscriptionHistoryOrder', main: '.order-detail__head' },
  { route: 'webViewPayment', main: '[data-card-change] [type="submit"]' },
];

test('every subscription screen on a phone and a laptop: its main action on the first screen, no wider than it, still once filled, axe-clean', async ({
  page,
  context,
}, info) => {
  // Five screens at two sizes, each measured (axe once per screen, on the phone): about 30 s on a busy machine.
  test.setTimeout(120_000);
  const locale = localeOf(info);
  clock.set(START);
  await onTestClock(context, page);
  // One subscription for both sizes: the screens show it the same at each.
  const { auth, code, order } = await subscribedThroughApi(locale);
  await keepSession(page, auth);
  await watchShifts(page);
  for (const size of SIZES) {
    await page.setViewportSize(size);
    for (const { route, main } of SCREENS) {
      const path = pathTo(route, locale, { subscription: code, order });
      const label = `${route} ${path} at ${size.width} px`;
      await page.goto(path);
      // Drawn once the island has run and its call answered (a busy machine takes its time).
      await expect(page.locator(main).first(), `${label}: the main action`).toBeVisible({ timeout: 20_000 });
      await hydrated(page);
      await expect(page.locator('.island-status')).toHaveCount(0);
      await page.evaluate(() => document.fonts.ready);
      await expectStill(page, label);
      expect(await overflowWidth(page), `${label}: wider than the screen`).toBe(0);
      await expect(page.locator(main).first(), `${label}: the main action on the first screen`).toBeInViewport({ ratio: 1 });
      if (size.name === 'phone') await expectNoSeriousViolation(page, label);
    }
  }
});
