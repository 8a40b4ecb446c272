/**
 * The cart follows the shopper across sign-in: an anonymous cart is kept when
 * they log in in another tab, survives a logout, and comes back when they log in again elsewhere.
 */
import type { Page, TestInfo } from '@playwright/test';
import { atPath, createCustomer, expect, homeOf, logIn, pathOf, test, textsOf } from './helpers.ts';

/**
 * An anonymous cart holding a bag of dog food of the seeded catalogue, filled by a cart link (adding from a
 * product page is cart.spec.ts's journey): answers the line's name.
 */
async function anonymousCart(page: Page, info: TestInfo): Promise<string> {
  await page.goto(`${pathOf(info, 'cart')}?variantId=10000001&quantity=1`);
  const line = page.locator('.cart-line');
  await expect(line).toHaveCount(1);
  await expect(page.locator('[data-cart-count]')).toHaveText('1');
  return (await line.getByRole('link').first().textContent())!.trim();
}

test('log in in another tab: the same cart; log out and in again elsewhere: the cart is back', async ({ context, request }, info) => {
  // Three sign-ins and a dozen page loads in three tabs: longer than one page's journey.
  test.slow();
  const t = textsOf(info);
  const shopper = await createCustomer(request, info);
  const shop = await context.newPage();
  const product = await anonymousCart(shop, info);

  const other = await context.newPage();
  await other.goto(pathOf(info, 'login'));
  await logIn(other, info, shopper.email, shopper.password);
  await expect(other).toHaveURL(atPath(pathOf(info, 'account')));
  await other.goto(pathOf(info, 'cart'));
  await expect(other.locator('.cart-line')).toContainText(product);
  await expect(shop.locator('[data-cart-count]')).toHaveText('1');

  // Logging out forgets the cart on this device (every tab)…
  await other.goto(pathOf(info, 'account'));
  await other.getByRole('button', { name: t('account.menu.logout') }).click();
  // The home page itself (a bare /$ would also match /mon-compte/).
  await expect(other).toHaveURL(atPath(homeOf(info)));
  await expect(other.locator('[data-cart-count]')).toBeHidden();
  await expect(shop.locator('[data-cart-count]')).toBeHidden();

  // …and logging in again in a new tab brings the customer's cart back.
  const third = await context.newPage();
  await third.goto(pathOf(info, 'login'));
  await logIn(third, info, shopper.email, shopper.password);
  await expect(third).toHaveURL(atPath(pathOf(info, 'account')));
  await third.goto(pathOf(info, 'cart'));
  await expect(third.locator('.cart-line')).toContainText(product);
  await expect(third.locator('[data-cart-count]')).toHaveText('1');
});
