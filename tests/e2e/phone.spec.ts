/**
 * The shop on a phone (page-types.spec.ts checks that no page type is wider than the screen from 320 to
 * 430 px, in every locale): the header's menu is a disclosure that opens and closes with
 * and without JavaScript; a product page shows its name, price, formats, purchase mode and button in the
 * first screen at 390 × 844; a category page shows its products first, its filters and sort folded away.
 */
import type { Browser, Page, TestInfo } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { channelOf, languageOf as languageOfLocale, pathPrefixOf } from '../../src/lib/channels.ts';
import { patternRegExp } from '../../src/lib/routes/paths.ts';
import { type RouteName, routeNames, routes } from '../../src/lib/routes/routes.ts';
import { escapeRegExp, expect, homeOf, localeOf, pathOf, seriousViolations, target, test, textsOf } from './helpers.ts';
import { hydrated } from './page-checks.ts';

const PHONE = { width: 390, height: 844 } as const;
/** The widths of the phones a page must fit, narrowest first. */
const PHONE_WIDTHS = [320, 375, 390, 414, 430] as const;

/** The build's files of the project's site: the FR site in French, the BE site in Dutch. */
function built(info: TestInfo, file: string): string {
  return readFileSync(join(target.distDir, channelOf(localeOf(info)).code.toLowerCase(), file), 'utf8');
}

/** The route a public address of the build belongs to; the category route matches any path, so it is tried last. */
function routeOfPath(info: TestInfo, path: string): { route: RouteName; params: Record<string, string | undefined> } | undefined {
  const locale = localeOf(info);
  const local = path.slice(pathPrefixOf(locale).length);
  const ordered = [...routeNames.filter((r) => r !== 'category'), 'category' as const];
  for (const route of ordered) {
    const match = patternRegExp(routes[route][languageOfLocale(locale)]).exec(local);
    if (match) return { route, params: { ...match.groups } };
  }
  return undefined;
}

/** The addresses of the project's sitemap, by route. */
function sitemapByRoute(info: TestInfo): Map<RouteName, string[]> {
  const xml = built(info, `sitemap-${localeOf(info)}.xml`);
  const byRoute = new Map<RouteName, string[]>();
  for (const [, url] of xml.matchAll(/<loc>([^<]+)<\/loc>/g)) {
    const path = new URL(url!).pathname;
    const route = routeOfPath(info, path)?.route;
    if (route) byRoute.set(route, [...(byRoute.get(route) ?? []), path]);
  }
  return byRoute;
}

/** The product pages of the build, with their page's name and the addresses of their formats. */
function productPages(info: TestInfo): Array<{ path: string; name: string; formats: string[] }> {
  const byRoute = sitemapByRoute(info);
  return [...(byRoute.get('product') ?? []), ...(byRoute.get('sample') ?? [])].map((path) => {
    const html = built(info, `${path}index.html`);
    const name = /<h1[^>]*>([^<]+)<\/h1>/.exec(html)?.[1] ?? '';
    const formats = [...html.matchAll(new RegExp(`href="(${escapeRegExp(path)}[^"/]+/)"`, 'g'))].map((m) => m[1]!);
    return { path, name, formats };
  });
}

/** The first category page of the project's site that lists products (from the build's sitemap). */
function categoryPage(info: TestInfo): string {
  return (
    sitemapByRoute(info)
      .get('category')
      ?.find((path) => built(info, `${path}index.html`).includes('data-catalogue')) ?? ''
  );
}

/** The page's width against the screen's, at each phone width (the page is resized, not reloaded). */
async function widthsWiderThanScreen(page: Page): Promise<string[]> {
  const wider: string[] = [];
  for (const width of PHONE_WIDTHS) {
    await page.setViewportSize({ width, height: PHONE.height });
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
    }));
    if (scrollWidth > innerWidth) wider.push(`${scrollWidth} px wide on a ${innerWidth} px screen`);
  }
  return wider;
}

/** A phone's browser (touch, 390 × 844), with or without JavaScript. */
async function phone(browser: Browser, info: TestInfo, javaScriptEnabled = true) {
  return browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true, javaScriptEnabled, baseURL: info.project.use.baseURL });
}

/** Whether a box lies whole inside the first screen of a phone (390 × 844), unscrolled. */
async function inFirstScreen(page: Page, selector: string): Promise<string | null> {
  const box = await page.locator(selector).first().boundingBox();
  if (!box) return `${selector}: not shown`;
  return box.y >= 0 && box.y + box.height <= PHONE.height && box.x >= 0 && box.x + box.width <= PHONE.width
    ? null
    : `${selector}: at ${Math.round(box.x)},${Math.round(box.y)} (${Math.round(box.width)} × ${Math.round(box.height)})`;
}

test('the footer names each social network as it writes itself, and its links wrap inside a 320 px screen', async ({ page }, info) => {
  await page.setViewportSize({ width: PHONE_WIDTHS[0], height: PHONE.height });
  await page.goto(homeOf(info));
  const links = page
    .getByRole('contentinfo')
    .getByRole('listitem')
    .filter({ has: page.locator('a[href^="https://"]') });
  await expect(links).toHaveText(['Instagram', 'Facebook', 'TikTok', 'X (Twitter)', 'Pinterest', 'YouTube']);
  for (const box of await links.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().right)))
    expect(box).toBeLessThanOrEqual(PHONE_WIDTHS[0]);
});

test.describe('the header menu', () => {
  test('is a disclosure on a phone: it opens and closes without JavaScript', async ({ browser }, info) => {
    const context = await phone(browser, info, false);
    const page = await context.newPage();
    await page.goto(homeOf(info));
    const menu = page.locator('details[data-menu]');
    const button = menu.locator('summary');
    const links = page.getByRole('navigation', { name: textsOf(info)('site.mainNav') }).getByRole('link');
    await expect(button).toBeVisible();
    await expect(button).toHaveText(textsOf(info)('site.menu'));
    await expect(links.first()).toBeHidden();
    await button.click();
    await expect(menu).toHaveAttribute('open', '');
    await expect(links.first()).toBeVisible();
    // The links fit the screen, one per line, and the page stays as wide as the screen.
    expect(await widthsWiderThanScreen(page)).toEqual([]);
    await page.setViewportSize(PHONE);
    await button.click();
    await expect(menu).not.toHaveAttribute('open');
    await expect(links.first()).toBeHidden();
    await context.close();
  });

  test('with JavaScript: the keyboard opens it, Escape closes it (focus back on its button), so does a tap elsewhere', async ({
    browser,
  }, info) => {
    const t = textsOf(info);
    const context = await phone(browser, info);
    const page = await context.newPage();
    await page.goto(homeOf(info));
    await hydrated(page);
    const menu = page.locator('details[data-menu]');
    const button = menu.locator('summary');
    const links = page.getByRole('navigation', { name: t('site.mainNav') }).getByRole('link');
    // Focus order: the logo, then the menu's button, then its links.
    await page
      .getByRole('link', { name: t('site.name') })
      .first()
      .focus();
    await page.keyboard.press('Tab');
    await expect(button).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(menu).toHaveAttribute('open', '');
    await page.keyboard.press('Tab');
    await expect(links.first()).toBeFocused();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(menu).not.toHaveAttribute('open');
    await expect(button).toBeFocused();
    await button.tap();
    await expect(links.first()).toBeVisible();
    // A tap outside the menu (the open menu covers the page under the header: the footer is outside it).
    await page.locator('footer').dispatchEvent('click');
    await expect(menu).not.toHaveAttribute('open');
    // Cart, account and search stay in the bar, beside the menu.
    // (With JavaScript the search link becomes the button opening the header's search box.)
    await expect(page.getByRole('banner').getByRole('button', { name: t('site.search') })).toBeInViewport();
    await expect(page.getByRole('link', { name: t('site.account') })).toBeInViewport();
    await expect(page.locator('[data-cart-link]')).toBeInViewport();
    await context.close();
  });

  test('on a wide screen the navigation is a bar, with no menu button', async ({ page }, info) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(homeOf(info));
    await expect(page.locator('details[data-menu] > summary')).toBeHidden();
    const links = page.getByRole('navigation', { name: textsOf(info)('site.mainNav') }).getByRole('link');
    await expect(links.first()).toBeVisible();
    // One line: every top-level link at the height of the first.
    const tops = await page.locator('.main-nav > ul > li > a').evaluateAll((els) => els.map((el) => el.getBoundingClientRect().top));
    expect(new Set(tops).size).toBe(1);
  });
});

test.describe('the first screen of a product page at 390 × 844', () => {
  // The hardest pages of the build: the longest names, the most formats, a sample.
  for (const which of ['longest name', 'most formats', 'sample'] as const) {
    test(`holds the name, price, format, purchase mode and button: ${which}`, async ({ browser }, info) => {
      const products = productPages(info);
      const sample = sitemapByRoute(info).get('sample')?.[0];
      const path =
        which === 'sample'
          ? sample
          : which === 'longest name'
            ? products.toSorted((a, b) => b.name.length - a.name.length)[0]?.path
            : products.toSorted((a, b) => b.formats.length - a.formats.length)[0]?.path;
      expect(path, `a product page for ${which}`).toBeTruthy();
      for (const javaScriptEnabled of [false, true]) {
        const context = await phone(browser, info, javaScriptEnabled);
        const page = await context.newPage();
        await page.goto(path!);
        if (javaScriptEnabled) await hydrated(page);
        const outside: Array<string | null> = [];
        for (const selector of [
          'h1',
          '.main-price',
          '.formats [aria-current="true"]',
          // The purchase mode's row: the mode (none for a sample, sold once only) beside the quantity.
          which === 'sample' ? '[data-purchase] [name="quantity"]' : '[data-purchase] select[name="interval"]',
          '[data-purchase] [type="submit"]',
        ])
          outside.push(await inFirstScreen(page, selector));
        expect(outside.filter(Boolean), `${path} (JavaScript ${javaScriptEnabled ? 'on' : 'off'})`).toEqual([]);
        // A sample offers no list of one choice: it is bought once, which its cart link still says.
        if (which === 'sample') {
          await expect(page.locator('[data-purchase] select')).toHaveCount(0);
          await expect(page.locator('[data-purchase] input[name="interval"]')).toHaveValue('0');
        }
        await context.close();
      }
    });
  }

  test('the desktop keeps the pack shot beside the buying column', async ({ page }, info) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    const path = productPages(info)[0]!.path;
    await page.goto(path);
    const visual = (await page.locator('.product .visual').boundingBox())!;
    const name = (await page.locator('.product h1').boundingBox())!;
    const button = (await page.locator('[data-purchase] [type="submit"]').boundingBox())!;
    expect(visual.x + visual.width).toBeLessThanOrEqual(name.x);
    expect(button.x).toBeGreaterThanOrEqual(name.x);
  });
});

test('the cart on a phone: the summary scrolls with the page, never over the upsells', async ({ browser }, info) => {
  const context = await phone(browser, info);
  const page = await context.newPage();
  await page.goto(`${pathOf(info, 'cart')}?variantId=10000001&quantity=2`);
  await hydrated(page);
  const summary = page.locator('.cart-summary');
  const upsells = page.locator('.cart-upsells');
  await expect(summary).toBeVisible();
  await expect(upsells.locator('li').first()).toBeVisible();
  await upsells.locator('li').last().scrollIntoViewIfNeeded();
  const summaryBox = (await summary.boundingBox())!;
  const upsellsBox = (await upsells.boundingBox())!;
  expect(summaryBox.y + summaryBox.height, 'the summary ends above the upsells').toBeLessThanOrEqual(upsellsBox.y);
  await context.close();
});

test.describe('a category page on a phone', () => {
  test('shows its products first; filters and sort open from one button, with and without JavaScript', async ({ browser }, info) => {
    const t = textsOf(info);
    const path = categoryPage(info);
    for (const javaScriptEnabled of [false, true]) {
      const context = await phone(browser, info, javaScriptEnabled);
      const page = await context.newPage();
      await page.goto(path);
      if (javaScriptEnabled) await hydrated(page);
      const toggle = page.locator('[data-filters-panel] > summary');
      const radios = page.locator('[data-filters] input[type="radio"]');
      const cards = page.locator('[data-grid] > li');
      await expect(toggle).toHaveText(t('catalogue.category.filtersAndSort'));
      // Folded: no filter before the first product, which is in the first screen.
      expect(await radios.evaluateAll((els) => els.filter((el) => el.checkVisibility()).length)).toBe(0);
      expect(await inFirstScreen(page, '[data-grid] > li')).toBeNull();

      await toggle.click();
      // Each group folds too, so the panel stays short: open the sort's and the life stage's.
      const group = (name: string) => page.locator('[data-filter-group] > summary', { hasText: name });
      await group(t('catalogue.category.sort')).click();
      await expect(page.getByRole('group', { name: t('catalogue.category.sort') })).toBeVisible();
      const total = await cards.count();
      await group(t('catalogue.category.facets.lifeStage')).click();
      const lifeStage = page.getByRole('group', { name: t('catalogue.category.facets.lifeStage') });
      await lifeStage.getByRole('radio').nth(1).check();
      const shown = await cards.evaluateAll((els) => els.filter((el) => el.checkVisibility()).length);
      expect(shown).toBeGreaterThan(0);
      expect(shown).toBeLessThanOrEqual(total);
      expect(await widthsWiderThanScreen(page)).toEqual([]);
      await page.setViewportSize(PHONE);

      if (javaScriptEnabled) {
        // "Voir les N produits" counts what the filter leaves, folds the panel and lands on the count.
        expect(await seriousViolations(page)).toEqual([]);
        await page.getByRole('button', { name: t.plural('catalogue.category.showResults', shown) }).click();
        await expect(page.locator('[data-count]')).toBeFocused();
        await expect(page.locator('[data-count]')).toBeInViewport();
      } else {
        // No script to act on it: no button to show the results, and the summary folds the panel.
        await expect(page.locator('[data-show-results]')).toBeHidden();
        await toggle.click();
      }
      await expect(page.locator('[data-filters-panel]')).not.toHaveAttribute('open');
      expect(await radios.evaluateAll((els) => els.filter((el) => el.checkVisibility()).length)).toBe(0);
      // The filter chosen still applies, folded away.
      expect(await cards.evaluateAll((els) => els.filter((el) => el.checkVisibility()).length)).toBe(shown);
      await context.close();
    }
  });

  test('on a wide screen the filters are a sidebar beside the products, with no button', async ({ page }, info) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(categoryPage(info));
    await expect(page.locator('[data-filters-panel] > summary')).toBeHidden();
    const filters = (await page.locator('[data-filters]').boundingBox())!;
    const firstCard = (await page.locator('[data-grid] > li').first().boundingBox())!;
    expect(filters.x + filters.width).toBeLessThanOrEqual(firstCard.x);
  });
});
