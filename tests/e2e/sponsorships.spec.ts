/**
 * A sponsorship end to end, in French on the FR site and in Dutch on the BE site: the sponsor's page gives
 * the link and the code; a friend opens the link, registers on the site, finds the sponsor's reduction on
 * their cart page, orders and pays; the sponsor's page then shows the friend (first name and initial), the
 * state and the reward's code, which the sponsor also gets by mail.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { channelOf, type LocaleCode } from '../../src/lib/channels.ts';
import { STORAGE_KEYS } from '../../src/lib/constants.ts';
import {
  atPath,
  createCustomer,
  expect,
  expectNoSeriousViolation,
  localeOf,
  pathOf,
  PLATFORM,
  signInThroughApi,
  test,
  textsOf,
  uniqueEmail,
} from './helpers.ts';
import { cartWithFood, mailsTo } from './offer-helpers.ts';
import { hydrated } from './page-checks.ts';

const API = `${PLATFORM}/api/v2/shop`;
/** The sandbox's accepted test card (src/backend/payments/test-cards.ts). */
const CARD = '4543474002249996';

/** The friend's order placed and paid through the shop API, as the funnel and the card form do. */
async function orderAndPay(request: APIRequestContext, locale: LocaleCode, token: string, cartToken: string, site: string) {
  const q = `channelCode=${channelOf(locale).code}&locale=${locale}`;
  const json = { 'Content-Type': 'application/ld+json', Accept: 'application/ld+json', Authorization: `Bearer ${token}` };
  const patch = { ...json, 'Content-Type': 'application/merge-patch+json' };
  const address =
    locale === 'fr_FR'
      ? {
          firstName: 'Lotte',
          lastName: 'Peeters',
          countryCode: 'FR',
          street: '8 avenue Foch',
          city: 'Lyon',
          postcode: '69006',
          phoneNumber: '0612345678',
        }
      : {
          firstName: 'Lotte',
          lastName: 'Peeters',
          countryCode: 'BE',
          street: 'Meir 12',
          city: 'Antwerpen',
          postcode: '2000',
          phoneNumber: '+32470123456',
        };
  const addressed = await request.patch(`${API}/orders/${cartToken}/address?${q}`, { headers: patch, data: { billingAddress: address } });
  expect(addressed.status(), await addressed.text()).toBe(200);
  const shipment = ((await addressed.json()) as { shipments: { id: number }[] }).shipments[0]!.id;
  const shipped = await request.patch(`${API}/orders/${cartToken}/shipments/${shipment}?${q}`, {
    headers: patch,
    data: { shippingMethod: '/api/v2/shop/shipping-methods/home_delivery' },
  });
  const payment = ((await shipped.json()) as { payments: { id: number }[] }).payments.at(-1)!.id;
  await request.patch(`${API}/orders/${cartToken}/payments/${payment}?${q}`, {
    headers: patch,
    data: { paymentMethod: '/api/v2/shop/payment-methods/visa' },
  });
  const completed = await request.patch(`${API}/orders/${cartToken}/complete?${q}`, { headers: patch, data: { termsAccepted: true } });
  expect(completed.status(), await completed.text()).toBe(200);
  const placed = (await completed.json()) as { payments: { id: number }[]; orderPromotionTotal: number };
  const card = await request.post(`${PLATFORM}/payments/components/card-tokens`, {
    data: { cardHolder: 'Lotte Peeters', cardNumber: CARD, expiryDate: '12/35', verificationCode: '123' },
  });
  const cardToken = ((await card.json()) as { token: string }).token;
  const paid = await request.post(`${API}/payment-requests?${q}`, {
    headers: json,
    data: {
      paymentId: placed.payments.at(-1)!.id,
      paymentMethodCode: 'visa',
      action: 'capture',
      payload: { redirectUrl: `${site}/`, cardToken },
    },
  });
  expect(paid.status(), await paid.text()).toBe(201);
  return placed;
}

async function sessionToken(page: Page): Promise<string> {
  return (await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.token))!;
}

test('the sponsor shares the link, the friend registers through it and orders, the sponsor sees the reward', async ({
  page,
  browser,
}, info) => {
  const t = textsOf(info);
  const locale = localeOf(info);
  const sponsor = await createCustomer(page.request, info);
  await signInThroughApi(page, info, sponsor);
  await page.goto(pathOf(info, 'sponsorships'));
  const code = (await page.locator('[data-sponsorship-code]').textContent())!;
  expect(code).toMatch(/^CAMILLE-[A-Z2-9]{4}$/);
  const link = (await page.locator('[data-sponsorship-link]').textContent())!;
  expect(new URL(link).pathname).toBe(pathOf(info, 'register'));
  expect(new URL(link).searchParams.get('parrain')).toBe(code);
  await expect(page.getByText(t('sponsorships.friends.none'))).toBeVisible();
  await expect(page.getByRole('button', { name: t('sponsorships.link.copy') })).toBeVisible();
  await expectNoSeriousViolation(page, 'sponsorships page');

  // The friend, in a browser of their own, opens the link and registers.
  const friendContext = await browser.newContext({ baseURL: new URL(link).origin });
  const friend = await friendContext.newPage();
  await friend.goto(`${new URL(link).pathname}${new URL(link).search}`);
  await hydrated(friend);
  await friend.getByRole('radio', { name: t('forms.options.gender.f') }).check();
  await friend.getByLabel(t('forms.fields.firstName'), { exact: true }).fill('Lotte');
  await friend.getByLabel(t('forms.fields.lastName'), { exact: true }).fill('Peeters');
  await friend.getByLabel(t('forms.fields.email'), { exact: true }).fill(uniqueEmail());
  await friend.getByLabel(t('forms.fields.password'), { exact: true }).fill('gamelle-2024');
  await friend.getByLabel(t('forms.fields.birthdayDate'), { exact: true }).fill('1990-05-01');
  await friend.getByRole('checkbox', { name: t('account.register.acceptTerms', { terms: t('account.register.termsLink') }) }).check();
  await friend.getByRole('button', { name: t('account.register.submit') }).click();
  await expect(friend).toHaveURL(atPath(pathOf(info, 'accountWelcome')));
  const token = await sessionToken(friend);

  // The sponsor's page lists the friend at once: a first name and an initial.
  await page.reload();
  const listed = page.locator('[data-friend-state]');
  await expect(listed).toHaveCount(1);
  await expect(listed).toContainText('Lotte P.');
  await expect(listed).toContainText(t('sponsorships.friends.states.registered'));
  await expect(listed).not.toContainText('Peeters');

  // The friend's cart carries the sponsor's code, with its reduction.
  const cartToken = await cartWithFood(friend.request, locale, token, 2);
  await friend.evaluate(([key, value]) => localStorage.setItem(key, value), [STORAGE_KEYS.cartToken, cartToken] as const);
  await friend.goto(pathOf(info, 'cart'));
  await expect(friend.locator(`[data-coupon="${code}"]`)).toBeVisible();
  await expect(friend.locator('[data-totals]')).toContainText(t('cart.lines.promotion'));

  const placed = await orderAndPay(friend.request, locale, token, cartToken, new URL(link).origin);
  expect(placed.orderPromotionTotal).toBe(-1000);
  await friendContext.close();

  // The first order is paid: the sponsor's reward, on the page and by mail.
  await page.reload();
  await expect(listed).toContainText(t('sponsorships.friends.states.rewarded'));
  const reward = /MERCI-[A-Z2-9]{6}/.exec((await listed.textContent()) ?? '')?.[0];
  expect(reward).toBeDefined();
  expect((await mailsTo(page.request, sponsor.email)).some((m) => m.text.includes(reward!))).toBe(true);
  await expectNoSeriousViolation(page, 'sponsorships page with a rewarded friend');
});
