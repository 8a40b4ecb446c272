/**
 * The cart follows the shopper across sign-in: an anonymous cart is kept when
 * they log in in another tab, survives a logout, and comes back when they log in again elsewhere.
 */
import type { Page } from '@playwright/test';
import { atPath, createCustomer, expect, homeOf, logIn, openFirstProduct, pathOf, test, textsOf } from './helpers.ts';
import { purchaseFormReady } from './page-checks.ts';

async function addFirstDogProduct(page: Page, home: string): Promise<string> {
  const name = await openFirstProduct(page, home);
  await purchaseFormReady(page);
  await page.locator('[data-purchase] button[type="submit"]').click();
  await expect(page.locator('[data-cart-count]')).toHaveText('1');
  return name;
}

test('log in in another tab: the same cart; log out and in again elsewhere: the cart is back', async ({ context, request }, info) => {
  // Three sign-ins and a dozen page loads in three tabs: longer than one page's journey.
  test.slow();
  const t = textsOf(info);
  const shopper = await createCustomer(request, info);
  const shop = await context.newPage();
  const product = await addFirstDogProduct(shop, homeOf(info));

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
