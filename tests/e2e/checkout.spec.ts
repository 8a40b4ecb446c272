/**
 * The checkout, in French on the FR site and in Dutch on the BE site: from the cart's "Valider ma
 * commande" through the funnel's steps to the confirmation, with axe on every step (once, in the card's
 * journey) and on each screen only one journey reaches. A mistyped card, then a card refused by the bank
 * (its message and code shown), then one accepted; a relay point in France, home delivery in
 * Belgium; a bank transfer (the order awaits its payment, with the instructions); a free order (a free
 * sample needs no payment). The shopper is signed in through the API, so no e-mail lookup is spent.
 */
import type { Page, TestInfo } from '@playwright/test';
import { channelOf } from '../../src/lib/channels.ts';
import { STORAGE_KEYS } from '../../src/lib/constants.ts';
import {
  atPath,
  createCustomer,
  expect,
  languageOf,
  localeOf,
  logIn,
  pathOf,
  PLATFORM,
  test,
  textsOf,
  EACH_SITE,
  escapeRegExp,
  expectNoSeriousViolation,
  uniqueEmail,
} from './helpers.ts';

const API = `${PLATFORM}/api/v2/shop`;
/** Sandbox test cards (src/backend/payments/test-cards.ts). */
const CARDS = { accepted: '4543474002249996', insufficientFunds: '4000000000009995' } as const;
/** A dog food in stock (23,90 €: below the free-shipping threshold), and the free sample. */
const VARIANTS = { food: '10000001', freeSample: '10000091' } as const;

const query = (info: TestInfo) => {
  const locale = localeOf(info);
  return `channelCode=${channelOf(locale).code}&locale=${locale}`;
};

/**
 * A customer signed in through the API, with a favourite address in the site's country and a cart
 * holding `variant`, both stored as the site stores them.
 */
async function shopperWithCart(page: Page, info: TestInfo, variant: string, book: 'home' | 'abroad' | 'empty' = 'home'): Promise<string> {
  const shopper = await createCustomer(page.request, info);
  const q = query(info);
  const json = { 'Content-Type': 'application/ld+json', Accept: 'application/ld+json' };
  const login = await page.request.post(`${API}/authentication-token?${q}`, {
    headers: json,
    data: { email: shopper.email, password: shopper.password },
  });
  expect(login.status()).toBe(200);
  const auth = (await login.json()) as { token: string; refresh_token: string; customer: string };
  const bearer = { ...json, Authorization: `Bearer ${auth.token}` };
  const belgian = languageOf(info) === 'nl';
  const germany = {
    firstName: 'Jonas',
    lastName: 'Weber',
    street: 'Unter den Linden 5',
    city: 'Berlin',
    postcode: '10117',
    countryCode: 'DE',
    phoneNumber: '+4915112345678',
    isDefault: true,
  };
  if (book !== 'empty') {
    const address = await page.request.post(`${API}/addresses?${q}`, {
      headers: bearer,
      data:
        book === 'abroad'
          ? germany
          : belgian
            ? {
                firstName: 'Lotte',
                lastName: 'Peeters',
                street: 'Meir 12',
                city: 'Antwerpen',
                postcode: '2000',
                countryCode: 'BE',
                phoneNumber: '+32471123456',
                isDefault: true,
              }
            : {
                firstName: 'Camille',
                lastName: 'Martin',
                street: '12 rue de la République',
                city: 'Lyon',
                postcode: '69002',
                countryCode: 'FR',
                phoneNumber: '+33612345678',
                isDefault: true,
              },
    });
    expect(address.status(), await address.text()).toBe(201);
  }
  const locale = localeOf(info);
  const cart = await page.request.post(`${API}/orders?${q}`, {
    headers: bearer,
    data: { localeCode: locale, channelCode: channelOf(locale).code },
  });
  const token = ((await cart.json()) as { tokenValue: string }).tokenValue;
  const added = await page.request.patch(`${API}/orders/${token}/items?${q}`, {
    headers: { ...bearer, 'Content-Type': 'application/merge-patch+json' },
    data: { productVariant: `/api/v2/shop/product-variants/${variant}`, quantity: 1, subscriptionInterval: 0 },
  });
  expect(added.status(), await added.text()).toBe(200);
  await page.addInitScript(
    ([keys, session, cartToken]) => {
      if (localStorage.getItem(keys.token)) return;
      localStorage.setItem(keys.refreshToken, session.refresh_token);
      localStorage.setItem(keys.customerUri, session.customer);
      localStorage.setItem(keys.token, session.token);
      localStorage.setItem(keys.cartToken, cartToken);
    },
    [STORAGE_KEYS, auth, token] as const,
  );
  return token;
}

/** From the cart page's button to the funnel, on a phone's screen; nothing moves once drawn (CLS 0). */
async function openFunnel(page: Page, info: TestInfo, token: string) {
  const t = textsOf(info);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.addInitScript(() => {
    const shifts = { value: 0 };
    (window as unknown as { __shifts: typeof shifts }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>)
        if (!entry.hadRecentInput) shifts.value += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(pathOf(info, 'cart'));
  await page.getByRole('link', { name: t('cart.checkout') }).click();
  await expect(page).toHaveURL(atPath(pathOf(info, 'checkout', { order: token })));
  await expect(page.locator('[data-step="address"].is-open')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __shifts: { value: number } }).__shifts.value)).toBe(0);
}

/** No sideways scrolling on the narrowest phone. */
async function fitsNarrowPhone(page: Page) {
  await page.setViewportSize({ width: 320, height: 700 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await page.setViewportSize({ width: 390, height: 844 });
}

/**
 * The open step's main action is on screen without scrolling; with `scan`, axe is content. Each step is scanned
 * once, in the journey of the card refused then accepted: the steps are the same page in the other journeys.
 */
async function atStep(page: Page, step: string, scan = false) {
  const action = page.locator(`[data-step="${step}"].is-open [data-step-action]`).first();
  await expect(action).toBeInViewport();
  if (scan) await expectNoSeriousViolation(page, `the ${step} step`);
  return action;
}

/** The favourite address, then a relay point (France) or home delivery. */
async function addressAndShipping(page: Page, info: TestInfo, delivery: 'relay' | 'home', scan: boolean) {
  const t = textsOf(info);
  // The favourite address is preselected.
  await expect(page.locator('[data-step="address"] input[name="billing"]').first()).toBeChecked();
  await (await atStep(page, 'address', scan)).click();
  await expect(page.locator('[data-step="shipping"].is-open')).toBeVisible();
  if (delivery === 'relay') {
    await page.getByText(t('checkout.shipping.relay'), { exact: true }).click();
    // The shipping address's postcode is searched at once: points around Lyon 2e, on the list and the map.
    const points = page.locator('[data-relay-point]');
    await expect(points.first()).toBeVisible();
    await expect(page.getByRole('img', { name: t('checkout.shipping.search.map') })).toBeVisible();
    await expectNoSeriousViolation(page, 'the relay points');
    await fitsNarrowPhone(page);
    await points
      .first()
      .getByRole('button', { name: t('checkout.shipping.search.choose') })
      .click();
  } else {
    await (await atStep(page, 'shipping', scan)).click();
  }
  await expect(page.locator('[data-step="payment"].is-open')).toBeVisible();
}

async function choosePayment(page: Page, code: string, scan: boolean) {
  // A cart without a subscription is offered every method, with no word of cards only.
  await expect(page.locator('[data-step="payment"] [data-cards-only]')).toHaveCount(0);
  await page.locator(`[data-step="payment"] [data-payment-method="${code}"]`).click();
  await (await atStep(page, 'payment', scan)).click();
  await expect(page.locator('[data-step="summary"].is-open')).toBeVisible();
}

async function fillCard(page: Page, info: TestInfo, number: string) {
  const t = textsOf(info);
  await page.getByLabel(t('checkout.payment.card.number')).fill(number);
  await page.getByLabel(t('checkout.payment.card.expiry')).fill('12/34');
  await page.getByLabel(t('checkout.payment.card.cvc')).fill('123');
  await page.getByLabel(t('checkout.payment.card.holder')).fill('Camille Martin');
}

async function acceptTermsAndPlace(page: Page) {
  await page.locator('[data-step="summary"] input[type="checkbox"]').check();
  await page.locator('[data-step-action="complete"]').click();
}

/** A shopper's cart through the funnel up to the summary, paying with `method`; `scan` runs axe on each step. */
async function toSummary(
  page: Page,
  info: TestInfo,
  method: string,
  { delivery = 'home', scan = false }: { delivery?: 'relay' | 'home'; scan?: boolean } = {},
): Promise<string> {
  const token = await shopperWithCart(page, info, VARIANTS.food);
  await openFunnel(page, info, token);
  await addressAndShipping(page, info, delivery, scan);
  await choosePayment(page, method, scan);
  await atStep(page, 'summary', scan);
  return token;
}

// Each mistyped detail said under its field, the focus, and nothing sent until all are mended:
// tests/components/checkout-card.test.tsx. Here only what needs the page's real styles: axe on the errors.
test('a card refused by the bank shows its message and code, then another card pays the order; axe on every step', async ({
  page,
}, info) => {
  const t = textsOf(info);
  const mollie: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).hostname.endsWith('mollie.com')) mollie.push(request.url());
  });
  const token = await toSummary(page, info, 'visa', { scan: true });
  // The terms of sale must be accepted.
  await page.locator('[data-step-action="complete"]').click();
  await expect(page.getByText(t('checkout.summary.termsRequired'))).toBeVisible();

  const cardTokens: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST') cardTokens.push(`${new URL(request.url()).pathname} ${request.postData() ?? ''}`);
  });
  // Without PUBLIC_MOLLIE_PROFILE_ID the card form is the sandbox's own inputs: Mollie Components stay off.
  await expect(page.locator('[data-card-form]')).not.toHaveAttribute('data-card-form', 'components');
  // A mistyped card: the form says what to mend, and axe is content with its errors.
  await page.getByLabel(t('checkout.payment.card.number')).fill('4543 4740 0224 9997');
  await acceptTermsAndPlace(page);
  await expect(page.getByLabel(t('checkout.payment.card.holder'))).toHaveAccessibleDescription(
    t('checkout.payment.card.errors.cardHolder'),
  );
  await expectNoSeriousViolation(page, 'the card form with its errors');
  await fillCard(page, info, CARDS.insufficientFunds);
  await acceptTermsAndPlace(page);
  const refusal = page.locator('[data-checkout-error="payment_refused"]');
  await expect(refusal).toContainText(t('checkout.payment.refused'));
  await expect(refusal).toContainText('51');
  // The card went to the provider's card-token endpoint only, never to the shop API.
  expect(cardTokens.filter((call) => call.includes(CARDS.insufficientFunds)).map((call) => call.split(' ')[0])).toEqual([
    '/payments/components/card-tokens',
  ]);
  await expectNoSeriousViolation(page, 'the refusal');

  // The funnel stays as drawn, its method kept: another card, and pay again.
  await fillCard(page, info, CARDS.accepted);
  await page.locator('[data-step-action="pay"]').click();
  await expect(page).toHaveURL(atPath(pathOf(info, 'orderConfirmation', { order: token })));
  await expect(page.locator('[data-confirmation="paid"]')).toContainText(t('checkout.confirmation.paid'));
  await expectNoSeriousViolation(page, 'the confirmation');
  // Nothing came from Mollie's servers (mollie.js loads only with Mollie Components).
  expect(mollie).toEqual([]);
});

test('a bank transfer places the order, which awaits its payment with the instructions', async ({ page }, info) => {
  const t = textsOf(info);
  const token = await toSummary(page, info, 'bank_transfer');
  await fitsNarrowPhone(page);
  await acceptTermsAndPlace(page);
  await expect(page).toHaveURL(atPath(pathOf(info, 'orderConfirmation', { order: token })));
  const confirmation = page.locator('[data-confirmation="delayed"]');
  await expect(confirmation).toContainText(t('checkout.confirmation.delayed'));
  await expect(confirmation.getByRole('heading', { name: t('checkout.confirmation.instructions') })).toBeVisible();
  // The bank details and the reference to give, from the provider.
  const bank = confirmation.locator('[data-bank-transfer]');
  await expect(bank).toContainText(t('checkout.confirmation.bank.reference'));
  await expectNoSeriousViolation(page, 'the confirmation');
  // Every detail laid out alike: labels and values in two columns on a wide screen, each label above its
  // value on a phone (the short BIC once sat beside its label while the others went below theirs).
  const places = () =>
    bank.evaluate((list) =>
      [...list.querySelectorAll('dt')].map((label) => {
        const [dt, dd] = [label, label.nextElementSibling!].map((e) => e.getBoundingClientRect());
        return { label: Math.round(dt!.left), value: Math.round(dd!.left), below: dd!.top >= dt!.bottom - 1 };
      }),
    );
  await page.setViewportSize({ width: 1280, height: 720 });
  const wide = await places();
  expect(new Set(wide.map((p) => `${p.label} ${p.value} ${p.below}`)).size, JSON.stringify(wide)).toBe(1);
  expect(wide[0]!.value).toBeGreaterThan(wide[0]!.label);
  await page.setViewportSize({ width: 390, height: 844 });
  const phone = await places();
  expect(
    phone.every((p) => p.below && p.value === p.label),
    JSON.stringify(phone),
  ).toBe(true);
});

test('a free order needs no payment', async ({ page }, info) => {
  const t = textsOf(info);
  const token = await shopperWithCart(page, info, VARIANTS.freeSample);
  await openFunnel(page, info, token);
  await (await atStep(page, 'address')).click();
  await (await atStep(page, 'shipping')).click();
  // Nothing to pay: the payment step is skipped.
  await expect(page.locator('[data-step="summary"].is-open')).toBeVisible();
  await expect(page.locator('[data-step="payment"]')).toHaveCount(0);
  await expect(page.locator('[data-step="summary"]').getByText(t('checkout.payment.free'))).toBeVisible();
  await expect(page.locator('[data-card-form]')).toHaveCount(0);
  await atStep(page, 'summary', true);
  await acceptTermsAndPlace(page);
  await expect(page).toHaveURL(atPath(pathOf(info, 'orderConfirmation', { order: token })));
  await expect(page.locator('[data-confirmation="free"]')).toContainText(t('checkout.confirmation.free'));
});

test('another tab acting on the same order: a dialog warns and offers to continue here', async ({ page, context }, info) => {
  const t = textsOf(info);
  const token = await shopperWithCart(page, info, VARIANTS.food);
  await openFunnel(page, info, token);
  const other = await context.newPage();
  await other.goto(pathOf(info, 'checkout', { order: token }));
  await expect(other.locator('[data-step="address"].is-open')).toBeVisible();

  await other.locator('[data-step-action="address"]').click();
  const dialog = page.getByRole('dialog', { name: t('checkout.elsewhere.title') });
  await expect(dialog).toBeVisible();
  await expectNoSeriousViolation(page, 'the other-tab dialog');
  await dialog.getByRole('button', { name: t('checkout.elsewhere.continue') }).click();
  await expect(dialog).toBeHidden();
  // Continuing here takes the order as the other tab left it: the address is done.
  await expect(page.locator('[data-step="shipping"].is-open')).toBeVisible();
});

// Once, in Dutch on the BE site: each country's postcode and phone rules are unit tests
// (tests/unit/lib/forms/schemas.test.ts, address.test.ts), the form's start per site a component test
// (tests/components/address-phone-prefix.test.tsx).
test('an address created in the funnel follows the address book’s rules and is used at once', async ({ page }, info) => {
  const t = textsOf(info);
  const nl = languageOf(info) === 'nl';
  const token = await shopperWithCart(page, info, VARIANTS.food, 'empty');
  await openFunnel(page, info, token);
  const form = page.locator('[data-step="address"] form');
  await expect(page.getByRole('heading', { name: t('account.addresses.addTitle') })).toBeFocused();
  await form.getByLabel(t('forms.fields.street'), { exact: true }).fill(nl ? 'Kerkstraat 12' : '12 rue des Lilas');
  await form.getByLabel(t('forms.fields.city')).fill(nl ? 'Gent' : 'Lyon');
  await form
    .getByRole('group', { name: t('forms.fields.phoneNumber'), exact: true })
    .getByRole('textbox')
    .fill(nl ? '+32 470 12 34 56' : '+33 6 12 34 56 78');
  // A postcode of the wrong length is refused as in the address book.
  const postcode = form.getByLabel(t('forms.fields.postcode'));
  await postcode.fill(nl ? '900' : '690');
  await form.getByRole('button', { name: t('account.addresses.save') }).click();
  await expect(postcode).toHaveAttribute('aria-invalid', 'true');
  await postcode.fill(nl ? '9000' : '69001');
  await form.getByRole('button', { name: t('account.addresses.save') }).click();
  await expect(page.locator('[data-step="address"] input[name="billing"]')).toBeChecked();
  await (await atStep(page, 'address')).click();
  await expect(page.locator('[data-step="shipping"].is-open')).toBeVisible();
  await expect(page.locator('[data-step="address"] .checkout-chosen')).toContainText(nl ? 'Gent' : 'Lyon');
});

// Once, in Dutch on the BE site: the FR channel's refusal is an API test (tests/api/shop-checkout.test.ts), the step's
// words on each site component tests (tests/components/checkout-country-not-served-fr.test.tsx, -nl.test.tsx).
test('a shipping country the site does not deliver is refused at the address step', async ({ page }, info) => {
  const token = await shopperWithCart(page, info, VARIANTS.food, 'abroad');
  await openFunnel(page, info, token);
  await (await atStep(page, 'address')).click();
  await expect(page.locator('[data-checkout-error="refused"]')).toContainText(
    languageOf(info) === 'nl' ? 'We leveren niet in dit land.' : 'Nous ne livrons pas dans ce pays.',
  );
  await expect(page.locator('[data-step="address"].is-open')).toBeVisible();
});

test(
  'a relay point near the address is chosen on the list and the map (FR site); the BE site offers home delivery only',
  EACH_SITE,
  async ({ page }, info) => {
    const t = textsOf(info);
    if (languageOf(info) !== 'fr') {
      // Relay points are offered in France only: the Belgian site's shipping step draws no delivery tabs.
      await openFunnel(page, info, await shopperWithCart(page, info, VARIANTS.food));
      await (await atStep(page, 'address')).click();
      await expect(page.locator('[data-step="shipping"].is-open')).toBeVisible();
      await expect(page.locator('[data-step="shipping"] input[name="delivery-kind"]')).toHaveCount(0);
      await expect(page.getByText(t('checkout.shipping.relay'), { exact: true })).toHaveCount(0);
      return;
    }
    const token = await toSummary(page, info, 'cheque', { delivery: 'relay' });
    await expect(page.locator('[data-step="shipping"] .checkout-chosen')).toContainText('69');
    await acceptTermsAndPlace(page);
    await expect(page).toHaveURL(atPath(pathOf(info, 'orderConfirmation', { order: token })));
    await expect(page.locator('[data-confirmation="delayed"]')).toContainText(t('checkout.confirmation.delayed'));
  },
);

/**
 * An anonymous shopper's cart holding the dog food, stored as the site stores it, taken from the cart's
 * "Valider ma commande" to the login page (which remembers the checkout). Returns the cart's token.
 */
async function anonymousCartToLogin(page: Page, info: TestInfo): Promise<string> {
  const locale = localeOf(info);
  const q = query(info);
  const headers = { 'Content-Type': 'application/ld+json', Accept: 'application/ld+json' };
  const cart = await page.request.post(`${API}/orders?${q}`, {
    headers,
    data: { localeCode: locale, channelCode: channelOf(locale).code },
  });
  const token = ((await cart.json()) as { tokenValue: string }).tokenValue;
  await page.request.patch(`${API}/orders/${token}/items?${q}`, {
    headers: { ...headers, 'Content-Type': 'application/merge-patch+json' },
    data: { productVariant: `/api/v2/shop/product-variants/${VARIANTS.food}`, quantity: 1, subscriptionInterval: 0 },
  });
  await page.addInitScript(([key, value]) => localStorage.getItem(key) ?? localStorage.setItem(key, value), [
    STORAGE_KEYS.cartToken,
    token,
  ] as const);
  await page.goto(pathOf(info, 'cart'));
  await page.getByRole('link', { name: textsOf(info)('cart.checkout') }).click();
  await expect(page).toHaveURL(/\/(connexion|inloggen)\//);
  return token;
}

test('an anonymous shopper signs in first, then comes back to the funnel with the cart', async ({ page }, info) => {
  const shopper = await createCustomer(page.request, info);
  const token = await anonymousCartToLogin(page, info);
  await logIn(page, info, shopper.email, shopper.password);
  await expect(page).toHaveURL(atPath(pathOf(info, 'checkout', { order: token })));
  await expect(page.locator('[data-step="address"].is-open')).toBeVisible();
});

test('an anonymous shopper creates an account on the way, then comes back to the funnel with the cart', async ({ page }, info) => {
  const t = textsOf(info);
  const token = await anonymousCartToLogin(page, info);
  // The login page's link to the registration carries the checkout it remembers (issue 44).
  const toRegister = page.getByRole('link', { name: t('forms.actions.register') });
  const remembered = `${pathOf(info, 'register')}?redirect=${encodeURIComponent(pathOf(info, 'checkout', { order: token }))}`;
  await expect(toRegister).toHaveAttribute('href', new RegExp(`^${escapeRegExp(remembered)}`));
  await toRegister.click();
  await expect(page).toHaveURL(atPath(pathOf(info, 'register')));
  await page.getByRole('radio', { name: t('forms.options.gender.f') }).check();
  await page.getByLabel(t('forms.fields.firstName'), { exact: true }).fill('Louise');
  await page.getByLabel(t('forms.fields.lastName'), { exact: true }).fill('Dubois');
  await page.getByLabel(t('forms.fields.email'), { exact: true }).fill(uniqueEmail());
  await page.getByLabel(t('forms.fields.password'), { exact: true }).fill('gamelle-2024');
  await page.getByRole('checkbox', { name: t('account.register.acceptTerms', { terms: t('account.register.termsLink') }) }).check();
  await page.getByRole('button', { name: t('account.register.submit') }).click();
  // Back to the order, signed in, not on the welcome page.
  await expect(page).toHaveURL(atPath(pathOf(info, 'checkout', { order: token })));
  await expect(page.locator('[data-step="address"].is-open')).toBeVisible();
});

test('PayPal: the shopper approves on the provider’s page and comes back to a paid order', async ({ page }, info) => {
  const t = textsOf(info);
  const token = await toSummary(page, info, 'paypal');
  await acceptTermsAndPlace(page);
  // The provider's approval page (the sandbox's, on the platform), then back to the shop.
  await expect(page).toHaveURL(new RegExp(`^${PLATFORM}/payments/`));
  await page.locator('button[value="approve"]').click();
  await expect(page).toHaveURL(atPath(pathOf(info, 'orderConfirmation', { order: token })));
  await expect(page.locator('[data-confirmation="paid"]')).toContainText(t('checkout.confirmation.paid'));
});
