import { atPath, expect, test } from './helpers.ts';
import { hydrated } from './page-checks.ts';

// The BE site has both languages (the playwright config runs this file there only).
test('the language switch keeps the page', async ({ page }) => {
  await page.goto('/nl/');
  const cats = page.getByRole('navigation', { name: /navigatie/i }).getByRole('link', { name: 'Kat', exact: true });
  const dutchPath = (await cats.getAttribute('href'))!;
  expect(dutchPath).toMatch(/^\/nl\/.+\/$/);
  await cats.click();
  // Read once the address is the cats' page, not right after the click (still /nl/ then).
  await expect(page).toHaveURL(atPath(dutchPath));
  await page.locator('.switcher summary').click();
  const toFrench = page.locator('.switcher a[data-locale="fr_BE"]');
  const frenchUrl = new URL((await toFrench.getAttribute('href'))!, page.url());
  expect(frenchUrl.origin).toBe(new URL(page.url()).origin);
  const frenchPath = frenchUrl.pathname;
  expect(frenchPath).not.toBe(dutchPath);
  expect(frenchPath).not.toMatch(/^\/nl\//);
  await toFrench.click();
  await expect(page).toHaveURL(atPath(frenchPath));
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr-BE');
  // The choice is remembered for a year, site-wide.
  const cookie = (await page.context().cookies()).find((c) => c.name === 'locale');
  expect(cookie?.value).toBe('fr_BE');
  expect(cookie?.path).toBe('/');
  expect(cookie?.sameSite).toBe('Lax');
  expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(364 * 24 * 3600 * 1000);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Chat/);
  await page.locator('.switcher summary').click();
  await page.locator('.switcher a[data-locale="nl_BE"]').click();
  await expect(page).toHaveURL(atPath(dutchPath));
  await expect(page.locator('html')).toHaveAttribute('lang', 'nl-BE');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Kat/);
});

test('the language switch keeps the format of a product page, by its slug in the other language', async ({ page }) => {
  const french = '/produits/croquettes-adulte-poulet-riz-complet/12-kg/';
  const dutch = '/nl/producten/brokken-adult-kip-volkorenrijst/12-kg/';
  await page.goto(french);
  await page.locator('.switcher summary').click();
  await expect(page.locator('.switcher a[aria-current]')).toHaveAttribute('href', new RegExp(`${french}$`));
  // The FR site's link too: the same format there.
  await expect(page.locator('.switcher a[data-locale="fr_FR"]')).toHaveAttribute('href', new RegExp(`//[^/]+${french}$`));
  await expect(page.locator('.switcher a[data-country="NL"]')).toHaveAttribute('href', new RegExp(`${dutch}$`));
  await page.locator('.switcher a[data-locale="nl_BE"]').click();
  await expect(page).toHaveURL(atPath(dutch));
  await expect(page.locator('[data-formats] a[aria-current="true"]')).toHaveAttribute('href', dutch);
  await page.locator('.switcher summary').click();
  await page.locator('.switcher a[data-locale="fr_BE"]').click();
  await expect(page).toHaveURL(atPath(french));
});

test('the language switch keeps the query of the page, even one typed after the page was drawn', async ({ page }) => {
  await page.goto('/nl/zoeken/?q=kip');
  // The search page's island takes the query along once it runs (it hydrates when the browser is idle).
  await hydrated(page);
  await page.locator('.switcher summary').click();
  const toFrench = page.locator('.switcher a[data-locale="fr_BE"]');
  await expect(toFrench).toHaveAttribute('href', /\/rechercher\/\?q=kip$/);
  await toFrench.click();
  await expect(page).toHaveURL(/\/rechercher\/\?q=kip$/);
  // A query the page's script writes in the address as the shopper types in the search box goes along too.
  await hydrated(page);
  await page.locator('.search-page').getByRole('searchbox').fill('poulet');
  await expect(page).toHaveURL(/\/rechercher\/\?q=poulet$/);
  await page.locator('.switcher summary').click();
  await page.locator('.switcher a[data-locale="nl_BE"]').click();
  await expect(page).toHaveURL(/\/nl\/zoeken\/\?q=poulet$/);
});
