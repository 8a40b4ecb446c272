/**
 * Prefetch (SPEC §9): pointing at an in-site link fetches the next page before the click (Astro's prefetch,
 * astro.config.mjs), and a product card in view is fetched one second after the page is drawn
 * (page-scripts/visible-links.ts); neither on a connection that saves data or is 2g or slow-2g.
 */
import type { Page } from '@playwright/test';
import { expect, languageOf, pathOf, test, textsOf } from './helpers.ts';
import { PAYLOAD_PRELOAD_DELAY_MS } from '../../src/lib/constants.ts';

const dogCategory = (info: Parameters<typeof languageOf>[0]) =>
  pathOf(info, 'category', { category: languageOf(info) === 'nl' ? 'hond' : 'chien' });

/** The paths the page requests from now on. */
function requestedPaths(page: Page): string[] {
  const paths: string[] = [];
  page.on('request', (request) => paths.push(new URL(request.url()).pathname));
  return paths;
}

test('pointing at a link fetches its page before the click', async ({ page }, info) => {
  await page.goto(dogCategory(info));
  // The main menu's second entry (the cat category): a link only pointing fetches ahead (no card).
  const link = page
    .getByRole('navigation', { name: textsOf(info)('site.mainNav') })
    .getByRole('link')
    .nth(1);
  const path = (await link.getAttribute('href'))!;
  const prefetched = page.waitForRequest((request) => new URL(request.url()).pathname === path);
  await link.hover();
  await prefetched;
  await link.click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
});

test('a product card in view is fetched a second after the page is drawn, one out of view is not', async ({ page }, info) => {
  const paths = requestedPaths(page);
  await page.goto(dogCategory(info));
  const cards = page.locator('[data-grid] > li a[data-prefetch-visible]');
  const first = (await cards.first().getAttribute('href'))!;
  const last = (await cards.last().getAttribute('href'))!;
  await expect(cards.last()).not.toBeInViewport();
  await expect.poll(() => paths.includes(first), { timeout: PAYLOAD_PRELOAD_DELAY_MS + 4000 }).toBe(true);
  expect(paths).not.toContain(last);
  // Scrolled into view, the last card is fetched too.
  await cards.last().scrollIntoViewIfNeeded();
  await expect.poll(() => paths.includes(last)).toBe(true);
});

test('nothing is fetched ahead on a connection that saves data, is 2g or slow-2g', async ({ context }, info) => {
  const connections = [
    { saveData: true, effectiveType: '4g' },
    { saveData: false, effectiveType: '2g' },
    { saveData: false, effectiveType: 'slow-2g' },
  ];
  // One page per connection, side by side, so that the one wait below covers the three.
  const pages = await Promise.all(
    connections.map(async (connection) => {
      const page = await context.newPage();
      await page.addInitScript((value) => {
        Object.defineProperty(Navigator.prototype, 'connection', { configurable: true, get: () => value });
      }, connection);
      await page.goto(dogCategory(info));
      const link = page.locator('[data-grid] > li a').first();
      const path = (await link.getAttribute('href'))!;
      const paths = requestedPaths(page);
      await link.hover();
      return { connection, path, paths };
    }),
  );
  // Astro's hover strategy fetches 80 ms after the pointer arrives, the cards in view a second after the
  // page is drawn: an absence has no event to wait for, so the test waits past both, once.
  await new Promise((done) => setTimeout(done, PAYLOAD_PRELOAD_DELAY_MS + 800));
  for (const { connection, path, paths } of pages) expect(paths, JSON.stringify(connection)).not.toContain(path);
});
