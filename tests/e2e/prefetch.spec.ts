/**
 * Link prefetch (SPEC §9): pointing at an in-site link fetches the next page before the click, except on a
 * connection that saves data or is 2g (Astro's prefetch, configured in astro.config.mjs).
 */
import type { Page } from '@playwright/test';
import { expect, languageOf, pathOf, test } from './helpers.ts';

/** The first product card of the dog category, and its page's path. */
async function firstProductLink(page: Page, info: Parameters<typeof languageOf>[0]) {
  await page.goto(pathOf(info, 'category', { category: languageOf(info) === 'nl' ? 'hond' : 'chien' }));
  const link = page.locator('[data-grid] > li a').first();
  return { link, path: (await link.getAttribute('href'))! };
}

test('pointing at a product of a category fetches its page before the click', async ({ page }, info) => {
  const { link, path } = await firstProductLink(page, info);
  const prefetched = page.waitForRequest((request) => new URL(request.url()).pathname === path);
  await link.hover();
  await prefetched;
  await link.click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
});

for (const [name, connection] of [
  ['saves data', { saveData: true, effectiveType: '4g' }],
  ['is 2g', { saveData: false, effectiveType: '2g' }],
  ['is slow-2g', { saveData: false, effectiveType: 'slow-2g' }],
] as const) {
  test(`nothing is fetched ahead on a connection that ${name}`, async ({ page }, info) => {
    await page.addInitScript((value) => {
      Object.defineProperty(Navigator.prototype, 'connection', { configurable: true, get: () => value });
    }, connection);
    const { link, path } = await firstProductLink(page, info);
    const fetched: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === path) fetched.push(request.url());
    });
    await link.hover();
    // Astro's hover strategy fetches 80 ms after the pointer arrives: ten times that, nothing may have gone.
    await page.waitForTimeout(800);
    expect(fetched).toEqual([]);
  });
}
