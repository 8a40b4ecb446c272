/**
 * The loading bar between pages (SPEC §9), in French on the FR site and in Dutch on the BE site: a page that
 * takes longer than 200 ms to come shows a 3 px bar in the shop's colour over the top of the screen,
 * hidden from screen readers, over the page; a page brought back from the back-forward cache shows none.
 */
import { expect, homeOf, test, textsOf } from './helpers.ts';

interface BarReport {
  at: number;
  opacity: string;
  hidden: string | null;
  position: string;
  height: string;
  colour: string;
}

test('shows over a slow page’s wait, and never on a page brought back', async ({ page }, info) => {
  // The bar's states are reported by the page as they change: while a navigation is under way, Playwright's
  // own reads of the page wait for it to end.
  const reports: BarReport[] = [];
  await page.exposeFunction('__reportLoadingBar', (report: BarReport) => reports.push(report));
  await page.addInitScript(() => {
    const report = (window as unknown as { __reportLoadingBar: (r: BarReport) => void }).__reportLoadingBar;
    new MutationObserver(() => {
      const bar = document.querySelector<HTMLElement>('.loading-bar');
      if (!bar) return;
      const style = getComputedStyle(bar);
      report({
        at: Date.now(),
        opacity: bar.style.opacity,
        hidden: bar.getAttribute('aria-hidden'),
        position: style.position,
        height: style.height,
        colour: style.backgroundColor,
      });
    }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['style'] });
  });
  await page.goto(homeOf(info));
  // The dogs' category, held by the network until the test lets it come: the bar appears after the throttle.
  const link = page.getByRole('link', { name: textsOf(info)('pages.home.shopDogs') });
  const next = (await link.getAttribute('href'))!;
  let release: () => void = () => {};
  const held = new Promise<void>((done) => {
    release = done;
  });
  await page.route(`**${next}`, async (route) => {
    await held;
    await route.continue();
  });
  const clicked = Date.now();
  await link.click({ noWaitAfter: true });
  await expect.poll(() => reports.find((r) => r.opacity === '1')).toBeTruthy();
  const shown = reports.find((r) => r.opacity === '1')!;
  expect(shown.at - clicked).toBeGreaterThanOrEqual(200);
  expect(shown).toMatchObject({ hidden: 'true', position: 'fixed', height: '3px', colour: 'rgb(174, 153, 115)' });
  release();
  await page.waitForURL(`**${next}`);
  await page.unroute(`**${next}`);
  // Back: the home comes from the back-forward cache with its bar gone, or is loaded again without one.
  await page.goBack();
  await expect(page.locator('h1')).toBeVisible();
  const opacity = await page.evaluate(() => document.querySelector<HTMLElement>('.loading-bar')?.style.opacity ?? '0');
  expect(opacity).toBe('0');
});
