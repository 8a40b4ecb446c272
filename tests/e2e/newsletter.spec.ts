/**
 * The newsletter and its 5 € offer, in French on the FR site and in Dutch on the BE site: the footer's
 * sign-up (SPEC's invalid e-mail message, then sent), the confirmation mail's link, the confirmation page
 * naming the personal code, the code applied on the cart page by typing BIENVENUE5 once the subscriber has
 * an account, and BIENVENUE5 refused with its clear message to any other shopper.
 */
import type { Page, TestInfo } from '@playwright/test';
import { channelOf } from '../../src/lib/channels.ts';
import { STORAGE_KEYS } from '../../src/lib/constants.ts';
import {
  createCustomer,
  expect,
  expectNoSeriousViolation,
  homeOf,
  languageOf,
  localeOf,
  pathOf,
  PLATFORM,
  signInThroughApi,
  test,
  textsOf,
  uniqueEmail,
} from './helpers.ts';
import { cartWithFood, mailsTo } from './offer-helpers.ts';

/** A signed-in shopper's cart holding one dog food, kept where the site keeps it. */
async function cartOf(page: Page, info: TestInfo, token: string): Promise<void> {
  const tokenValue = await cartWithFood(page.request, localeOf(info), token);
  await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [STORAGE_KEYS.cartToken, tokenValue] as const);
}

async function applyCoupon(page: Page, info: TestInfo, code: string) {
  const t = textsOf(info);
  await page.goto(pathOf(info, 'cart'));
  await page.getByLabel(t('cart.coupon.label')).fill(code);
  await page.getByRole('button', { name: t('cart.coupon.apply') }).click();
}

test('signs up in the footer, confirms by the mailed link and gets a personal 5 € code that BIENVENUE5 applies', async ({ page }, info) => {
  const t = textsOf(info);
  await page.goto(homeOf(info));
  const footer = page.locator('footer form[data-newsletter]');
  const field = footer.getByLabel(t('newsletter.form.label'));
  const status = footer.locator('[data-newsletter-status]');
  // An address the platform would refuse is refused in the page, without a request (whose 422 the console logs).
  const sent: string[] = [];
  const errors: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/newsletter-subscriptions')) sent.push(request.url());
  });
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  for (const typed of ['pas-un-email', 'jean@', 'jean.dupont@exemple']) {
    await field.fill(typed);
    await footer.getByRole('button', { name: t('newsletter.form.submit') }).click();
    await expect(status).toHaveText(t('newsletter.errors.email'));
    await expect(field).toHaveAttribute('aria-invalid', 'true');
  }
  await expect(page).toHaveURL(new RegExp(`${homeOf(info)}$`));
  expect(sent).toEqual([]);
  expect(errors).toEqual([]);

  const email = uniqueEmail();
  await field.fill(email);
  await footer.getByRole('button', { name: t('newsletter.form.submit') }).click();
  await expect(status).toContainText(t('newsletter.sent.text', { email }));
  await expect(field).not.toHaveAttribute('aria-invalid');

  // Nothing is given before the link is followed.
  const [confirmation] = await mailsTo(page.request, email);
  expect(confirmation?.subject).toBe(
    languageOf(info) === 'nl' ? 'Bevestig je inschrijving op de nieuwsbrief' : 'Confirmez votre inscription à la newsletter',
  );
  const link = /https?:\/\/\S+\?confirmation=[A-Za-z0-9_-]+/.exec(confirmation!.text)![0];
  expect(new URL(link).pathname).toBe(pathOf(info, 'newsletter'));

  await page.goto(link);
  await expect(page.getByText(t('newsletter.confirmation.done'))).toBeVisible();
  const code = await page.locator('.newsletter-code strong').textContent();
  expect(code).toMatch(/^BIENVENUE5-[A-Z2-9]{6}$/);
  // The token leaves the address: a shared or reloaded page confirms nothing again.
  await expect(page).toHaveURL(new RegExp(`${pathOf(info, 'newsletter')}$`));
  await expectNoSeriousViolation(page, 'newsletter confirmation');
  expect((await mailsTo(page.request, email)).some((m) => m.text.includes(code!))).toBe(true);

  // Following the link again says it no longer works, and offers the form.
  await page.goto(link);
  await expect(page.getByText(t('newsletter.confirmation.dead'))).toBeVisible();
  // The page's own form, once: the footer's is left out where it would repeat it.
  await expect(page.getByLabel(t('newsletter.form.label'))).toBeVisible();
  await expect(page.locator('footer form[data-newsletter]')).toHaveCount(0);

  // The subscriber opens their account with that e-mail: typing BIENVENUE5 in the cart applies their code.
  const locale = localeOf(info);
  const register = await page.request.post(`${PLATFORM}/api/v2/shop/customers?channelCode=${channelOf(locale).code}&locale=${locale}`, {
    headers: { 'Content-Type': 'application/ld+json', Accept: 'application/ld+json' },
    data: { firstName: 'Anne', lastName: 'Peeters', email, password: 'croquettes-42', acceptTerms: true },
  });
  expect(register.status()).toBe(201);
  const session = await signInThroughApi(page, info, { email, password: 'croquettes-42', firstName: 'Anne', lastName: 'Peeters' });
  await cartOf(page, info, session.token);
  await applyCoupon(page, info, 'BIENVENUE5');
  await expect(page.locator(`[data-coupon="${code}"]`)).toBeVisible();
  await expect(page.locator('[data-totals]')).toContainText(t('cart.lines.promotion'));
});

test('refuses BIENVENUE5 to a shopper without their own code, with a message saying how to get one', async ({ page }, info) => {
  const shopper = await createCustomer(page.request, info);
  const session = await signInThroughApi(page, info, shopper);
  await cartOf(page, info, session.token);
  await applyCoupon(page, info, 'BIENVENUE5');
  const refusal =
    languageOf(info) === 'nl'
      ? 'Deze code is voorbehouden aan nieuwe inschrijvers op onze nieuwsbrief: schrijf je in om je persoonlijke code van € 5 op je eerste bestelling te ontvangen.'
      : 'Ce code est réservé aux nouveaux inscrits à notre newsletter\u00A0: inscrivez-vous pour recevoir votre code personnel de 5\u00A0€ sur votre première commande.';
  await expect(page.getByRole('alert').filter({ hasText: refusal })).toBeVisible();
  await expect(page.locator('[data-coupon="BIENVENUE5"]')).toBeHidden();
});
