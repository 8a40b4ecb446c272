/**
 * A filled cart does not move under the shopper's eyes: from the page's HTML (rendered at build time, before
 * the cart is known) to its lines, the layout shift the browser measures (`layout-shift` entries without
 * recent input, summed) stays at most 0.01, on a phone (390 × 844) and a wide screen (1366 × 900), with its
 * checkout button on the first screen. The login form is in the page's HTML, before any script runs.
 *
 * The pages as they first come (the empty cart, the account and its guarded pages, login and registration)
 * are measured the same way, at both sizes and in every locale, by page-types.spec.ts.
 */
import type { Page, TestInfo } from '@playwright/test';
import { expect, pathOf, test, textsOf } from './helpers.ts';
import { expectStill, watchShifts } from './page-checks.ts';

/**
 * Variants of the seeded catalogue (src/backend/seed/fixtures/products.json): a 2 kg bag of dog food and a 2 kg bag of
 * cat food, both in stock.
 */
const VARIANTS = ['10000001', '10000053'] as const;

/** One or two bags in the cart through a cart link (not measured: the next visit is). */
async function fillCart(page: Page, info: TestInfo, lines: 1 | 2 = 2): Promise<void> {
  const variants = VARIANTS.slice(0, lines);
  await page.goto(`${pathOf(info, 'cart')}?${variants.map((v) => `variantId=${v}&quantity=1`).join('&')}`);
  await expect(page.locator('.cart-page .cart-line')).toHaveCount(lines);
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a cart of one line has its summary right below the line, and nothing moves when it arrives', async ({ page }, info) => {
    await fillCart(page, info, 1);
    await watchShifts(page);
    await page.goto(pathOf(info, 'cart'));
    await expect(page.locator('[data-cart]')).toHaveAttribute('aria-busy', 'false');
    await expect(page.getByRole('region', { name: textsOf(info)('cart.upsells') })).toBeVisible();
    await expectStill(page, 'cart of one line');
    // The room kept for two lines while the cart was unknown is given back: one gap (1rem) between them.
    const [line, summary] = await Promise.all([
      page.locator('.cart-page .cart-line').boundingBox(),
      page.locator('.cart-summary').boundingBox(),
    ]);
    expect(summary!.y - (line!.y + line!.height)).toBeLessThanOrEqual(24);
    await expect(page.getByRole('link', { name: textsOf(info)('cart.checkout') })).toBeInViewport({ ratio: 1 });
  });
});

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
]) {
  test.describe(`at ${viewport.width} × ${viewport.height}`, () => {
    test.use({ viewport });

    test('a cart of two lines does not move when it arrives, its checkout button on the first screen', async ({ page }, info) => {
      const t = textsOf(info);
      await fillCart(page, info);
      await watchShifts(page);
      await page.goto(pathOf(info, 'cart'));
      await expect(page.locator('[data-cart]')).toHaveAttribute('aria-busy', 'false');
      await expect(page.locator('.cart-page .cart-line')).toHaveCount(2);
      await expect(page.getByRole('region', { name: t('cart.upsells') })).toBeVisible();
      await expectStill(page, 'cart of two lines');
      // The main action before the upsells, in the first screen without scrolling, nothing sticking out.
      const checkout = page.getByRole('link', { name: t('cart.checkout') });
      await expect(checkout).toBeInViewport({ ratio: 1 });
      const [button, upsells] = await Promise.all([
        checkout.boundingBox(),
        page.getByRole('region', { name: t('cart.upsells') }).boundingBox(),
      ]);
      if (viewport.width < 900) expect(button!.y).toBeLessThan(upsells!.y);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      const summary = page.locator('.cart-summary');
      const inside = await summary.evaluate((aside) => {
        const box = aside.getBoundingClientRect();
        return [...aside.querySelectorAll('*')].every((el) => el.getBoundingClientRect().right <= box.right + 0.5);
      });
      expect(inside, 'the summary card holds its contents').toBe(true);
    });
  });
}

test('the login form is in the page’s HTML, before any script runs', async ({ browser, request }, info) => {
  const t = textsOf(info);
  const html = await (await request.get(pathOf(info, 'login'))).text();
  expect(html).toMatch(/<input[^>]*type="email"[^>]*autocomplete="email"/i);
  expect(html).toContain(t('account.login.emailStep'));
  // In the markup, not in a stylesheet: the forms' style names the class on every page that may load a form.
  expect(html.replace(/<style[^>]*>[\s\S]*?<\/style>/g, '')).not.toContain('island-status');
  // With JavaScript off the same form is on screen.
  const context = await browser.newContext({ javaScriptEnabled: false });
  const bare = await context.newPage();
  await bare.goto(new URL(pathOf(info, 'login'), info.project.use.baseURL).href);
  await expect(bare.getByLabel(t('forms.fields.email'), { exact: true })).toBeVisible();
  await expect(bare.getByRole('button', { name: t('account.login.emailStep') })).toBeVisible();
  await context.close();
});
