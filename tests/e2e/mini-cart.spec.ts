/**
 * The mini cart's header toggle: the button beside the cart badge opens the panel (loaded on
 * first use) with the cart's lines, Escape and the close button close it, and the focus goes back to
 * the toggle each time, which says whether the panel is open.
 */
import { expect, homeOf, openFirstProduct, pathOf, test, textsOf } from './helpers.ts';

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
