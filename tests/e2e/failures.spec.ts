/**
 * The cart when the shop API fails, across the page's islands and the header (the cart page's lines, its
 * code, the mini cart, the badge, a reload): unreachable (the request never gets an answer), a 500, and a
 * slow answer. Each says what happened in the shopper's language, keeps what the shopper typed and what
 * was already stored, shows a pending state while it waits and never sends the same change twice. One
 * island's own failure states (a form's, the purchase form's) are component tests (tests/components).
 *
 * The failures are made in the browser (page.route) for the calls named, so the rest of the page keeps
 * its real platform; a slow answer is held until the test has seen the pending state, then let through.
 */
import type { Page, Request, Route, TestInfo } from '@playwright/test';
import { expect, homeOf, pathOf, PLATFORM, test, textsOf } from './helpers.ts';
import { purchaseFormReady } from './page-checks.ts';

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
