/**
 * The mini cart on the built site: the header's toggle loads it on first use (an empty cart says so), an
 * add to cart opens it with the line, it says the shipping as the cart page does with targets of 24 px at
 * least, and on a phone it opens where the shopper is, the page not scrolled back to the header. Its
 * states (open and close, Escape, the focus back on the toggle, a removed line's focus and announcement)
 * are tested once on the DOM, in tests/components/mini-cart.test.tsx.
 */
import { escapeRegExp, expect, homeOf, languageOf, openFirstProduct, pathOf, test, texts, textsOf } from './helpers.ts';
import { hydrated, purchaseFormReady } from './page-checks.ts';

test('with an empty cart the mini cart says so', async ({ page }, info) => {
  const t = textsOf(info);
  await page.goto(homeOf(info));
  await page.getByRole('button', { name: t('cart.mini.open') }).click();
  const panel = page.getByRole('region', { name: t('cart.mini.title') });
  await expect(panel).toContainText(t('cart.empty'));
  await expect(panel.locator('.cart-line')).toHaveCount(0);
});

test('the mini cart says the shipping as the cart page does: its price, or free, and what is left to get it free; its targets are 24 px at least', async ({
  page,
}, info) => {
  const t = textsOf(info);
  await openFirstProduct(page, homeOf(info));
  // The form's island loads when the shopper reaches for it: a click before it has run is held, then made
  // again once it has (src/islands/shared/intent.ts), adding in place rather than leading to the cart page.
  await hydrated(page);
  await page.getByRole('button', { name: texts[languageOf(info)].addToCart, exact: true }).click();
  const panel = page.getByRole('region', { name: t('cart.mini.title') });
  await expect(panel.locator('.cart-line')).toHaveCount(1);
  // Its targets are 24 px at least (WCAG 2.5.8), as laid out: the toggle, the close button, a line's quantity steps.
  const toggle = page.getByRole('button', { name: t('cart.mini.open') });
  for (const target of [toggle, panel.getByRole('button', { name: t('cart.mini.close'), exact: true }), panel.locator('.step').first()]) {
    const { width, height } = (await target.boundingBox())!;
    expect(Math.min(width, height)).toBeGreaterThanOrEqual(24);
  }
  const mini = panel.locator('[data-totals]');
  const shipping = mini.locator('div', { hasText: t('cart.lines.shipping') }).locator('dd');
  await expect(shipping).toHaveCount(1);
  const remaining = new RegExp(`^${escapeRegExp(t('cart.freeShipping.remaining', { amount: '\u0000' })).replace('\u0000', '.+')}$`);
  await expect(panel.locator('[data-free-shipping] p')).toHaveText(
    new RegExp(`${remaining.source}|^${escapeRegExp(t('cart.freeShipping.reached'))}$`),
  );
  const [miniShipping, miniTotal, freeShipping] = await Promise.all([
    shipping.textContent(),
    mini.locator('[data-total]').textContent(),
    panel.locator('[data-free-shipping] p').textContent(),
  ]);

  // The cart page's accounting lines say the same shipping, total and free-shipping progress.
  await page.goto(pathOf(info, 'cart'));
  const totals = page.locator('.cart-summary [data-totals]');
  await expect(totals.locator('[data-total]')).toHaveText(miniTotal!);
  await expect(totals.locator('div', { hasText: t('cart.lines.shipping') }).locator('dd')).toHaveText(miniShipping!);
  await expect(page.locator('.cart-summary [data-free-shipping] p')).toHaveText(freeShipping!);
});

test('on a phone, an add to cart further down the page opens the mini cart where the shopper is, without scrolling', async ({
  page,
}, info) => {
  const t = textsOf(info);
  await openFirstProduct(page, homeOf(info));
  await hydrated(page);
  await page.setViewportSize({ width: 390, height: 844 });
  const add = page.getByRole('button', { name: texts[languageOf(info)].addToCart, exact: true });
  // Its island hydrated (it loads when the shopper reaches for the form), so that the key press below adds in place.
  await purchaseFormReady(page);
  // Far down the page (the header, where the mini cart hangs, and the panel's place under it out of view),
  // the button used from the keyboard so that nothing but the mini cart can scroll the page.
  await page.evaluate(() => window.scrollTo(0, 1500));
  const before = await page.evaluate(() => window.scrollY);
  expect(before).toBeGreaterThan(1000);
  await add.evaluate((button) => (button as HTMLButtonElement).focus({ preventScroll: true }));
  await page.keyboard.press('Enter');
  const panel = page.getByRole('region', { name: t('cart.mini.title') });
  await expect(panel).toBeFocused();
  await expect(panel).toBeInViewport();
  expect(await page.evaluate(() => window.scrollY)).toBe(before);
});
