/**
 * The mini cart's header toggle: the button beside the cart badge opens the panel (loaded on
 * first use) with the cart's lines, Escape and the close button close it, and the focus goes back to
 * the toggle each time, which says whether the panel is open. It says the shipping as the cart page does, and
 * on a phone it opens where the shopper is, the page not scrolled back to the header.
 */
import { escapeRegExp, expect, homeOf, languageOf, openFirstProduct, pathOf, test, texts, textsOf } from './helpers.ts';
import { hydrated, purchaseFormReady } from './page-checks.ts';

test('the header toggle opens the mini cart; Escape and the close button close it, the focus back on the toggle', async ({
  page,
}, info) => {
  const t = textsOf(info);
  // One line in the cart, through a cart link (variant read from a product page of the build).
  const name = await openFirstProduct(page, homeOf(info));
  const variant = await page.locator('input[name="variantId"]').inputValue();
  await page.goto(`${pathOf(info, 'cart')}?variantId=${variant}&quantity=2`);
  await expect(page.locator(`.cart-line[data-variant="${variant}"] input[type="number"]`)).toHaveValue('2');
  await page.goto(homeOf(info));

  const toggle = page.getByRole('button', { name: t('cart.mini.open') });
  const panel = page.getByRole('region', { name: t('cart.mini.title') });
  await expect(page.locator('[data-cart-count]')).toHaveText('2');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(panel).toHaveCount(0);

  await toggle.click();
  await expect(panel).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(panel).toBeFocused();
  await expect(panel.locator('.cart-line')).toHaveCount(1);
  await expect(panel.locator('.cart-line')).toContainText(name);
  await expect(panel.getByRole('link', { name: t('cart.mini.viewCart') })).toHaveAttribute('href', pathOf(info, 'cart'));

  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(toggle).toBeFocused();

  // With the keyboard: Enter on the focused toggle opens it again; the close button closes it.
  await page.keyboard.press('Enter');
  await expect(panel).toBeVisible();
  await expect(panel).toBeFocused();
  await panel.getByRole('button', { name: t('cart.mini.close'), exact: true }).click();
  await expect(panel).toHaveCount(0);
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(toggle).toBeFocused();

  // The toggle closes what it opened.
  await toggle.click();
  await expect(panel).toBeVisible();
  await toggle.click();
  await expect(panel).toHaveCount(0);
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
});

test('with an empty cart the mini cart says so', async ({ page }, info) => {
  const t = textsOf(info);
  await page.goto(homeOf(info));
  await page.getByRole('button', { name: t('cart.mini.open') }).click();
  const panel = page.getByRole('region', { name: t('cart.mini.title') });
  await expect(panel).toContainText(t('cart.empty'));
  await expect(panel.locator('.cart-line')).toHaveCount(0);
});

test('the mini cart says the shipping as the cart page does: its price, or free, and what is left to get it free', async ({
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

test('removing a line in the mini cart focuses the next one, then the mini cart’s heading, and says so; its targets are 24 px at least', async ({
  page,
}, info) => {
  const t = textsOf(info);
  // Two lines (a dog food and a cat food of the seeded catalogue), through a cart link.
  await page.goto(`${pathOf(info, 'cart')}?variantId=10000001,10000053&quantity=1,1`);
  await expect(page.locator('.cart-line')).toHaveCount(2);
  await page.goto(homeOf(info));
  const toggle = page.getByRole('button', { name: t('cart.mini.open') });
  await toggle.click();
  const panel = page.getByRole('region', { name: t('cart.mini.title') });
  await expect(panel.locator('.cart-line')).toHaveCount(2);
  for (const target of [toggle, panel.getByRole('button', { name: t('cart.mini.close'), exact: true }), panel.locator('.step').first()]) {
    const { width, height } = (await target.boundingBox())!;
    expect(Math.min(width, height)).toBeGreaterThanOrEqual(24);
  }

  const first = panel.locator('.cart-line').first();
  const name = (await first.getByRole('link').textContent())!.trim();
  await first.locator('.link-button').click();
  await expect(panel.locator('.cart-line')).toHaveCount(1);
  await expect(panel.locator('.cart-line').getByRole('link')).toBeFocused();
  await expect(panel.locator('[data-cart-announcer]')).toContainText(name);
  await panel.locator('.cart-line .link-button').click();
  await expect(panel).toContainText(t('cart.empty'));
  await expect(panel.getByRole('heading', { name: t('cart.mini.title') })).toBeFocused();
  await expect(page.locator('[data-cart-count]')).toBeHidden();
});
