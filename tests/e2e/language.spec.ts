import { expect, test } from './helpers.ts';

// The BE site has both languages (the playwright config runs this file there only).
test('the language switch keeps the page', async ({ page }) => {
  await page.goto('/nl/');
  await page.getByRole('navigation', { name: /navigatie/i }).getByRole('link', { name: 'Kat', exact: true }).click();
  const dutchPath = new URL(page.url()).pathname;
  await page.locator('.switcher summary').click();
  await page.locator('.switcher a[data-locale="fr_BE"]').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr-BE');
  // The choice is remembered for a year, site-wide (SPEC §9).
  const cookie = (await page.context().cookies()).find((c) => c.name === 'locale');
  expect(cookie?.value).toBe('fr_BE');
  expect(cookie?.path).toBe('/');
  expect(cookie?.sameSite).toBe('Lax');
  expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(364 * 24 * 3600 * 1000);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Chat/);
  const frenchPath = new URL(page.url()).pathname;
  expect(frenchPath).not.toBe(dutchPath);
  await page.locator('.switcher summary').click();
  await page.locator('.switcher a[data-locale="nl_BE"]').click();
  expect(new URL(page.url()).pathname).toBe(dutchPath);
});

