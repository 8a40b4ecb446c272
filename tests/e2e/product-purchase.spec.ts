/**
 * The product page's purchase form loads its code when the shopper reaches for it (client:intent,
 * src/islands/shared/intent.ts): the page's first load fetches no React, and a click made before the
 * code has arrived is held and made again once it has, adding in place as a hydrated form does.
 */
import { atPath, expect, homeOf, openFirstProduct, test, textsOf } from './helpers.ts';
import { hydrated } from './page-checks.ts';

test('the purchase form fetches no code before the shopper reaches for it, and a click made before it arrives adds in place', async ({
  page,
}, info) => {
  const t = textsOf(info);
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await openFirstProduct(page, homeOf(info));
  const productPath = new URL(page.url()).pathname;
  await hydrated(page);
  const island = page.locator('astro-island:has(form[data-purchase])');
  await expect(island).toHaveAttribute('ssr', '');
  expect(scripts.filter((path) => path.includes('AddToCartIsland'))).toEqual([]);

  // Straight to the button: the pointer's arrival starts the download, the click comes before it has landed.
  await page.getByRole('button', { name: t('catalogue.product.addToCart'), exact: true }).click();
  const panel = page.getByRole('region', { name: t('cart.mini.title') });
  await expect(panel.locator('.cart-line')).toHaveCount(1);
  await expect(page.locator('[data-cart-count]')).toHaveText('1');
  await expect(page).toHaveURL(atPath(productPath));
  await expect(island).not.toHaveAttribute('ssr');
  expect(scripts.some((path) => path.includes('AddToCartIsland'))).toBe(true);
});
