/**
 * A category of more than CATEGORY_PAGE_SIZE products is split into pages (src/lib/catalogue/paging.ts).
 * The fixtures' dog category lists one product more than a page: its second page is real, not a test setting.
 */
import type { Page, TestInfo } from '@playwright/test';
import { CATEGORY_PAGE_SIZE } from '../../src/lib/constants.ts';
import { atPath, escapeRegExp, expect, expectNoSeriousViolation, languageOf, localeOf, pathOf, test, textsOf } from './helpers.ts';

const dogs = (info: TestInfo) => pathOf(info, 'category', { category: languageOf(info) === 'nl' ? 'hond' : 'chien' });
/** The second page's address, written out: the scheme is what search engines and shared links keep. */
const secondPage = (info: TestInfo) => (languageOf(info) === 'nl' ? '/nl/hond/pagina/2/' : '/chien/page/2/');

/** The product links of the grid, in the page's order, and those of its ItemList structured data with their positions. */
async function listed(page: Page) {
  const cards = await page
    .locator('[data-grid] > li a.link')
    .evaluateAll((els) => els.map((el) => new URL(el.getAttribute('href')!, location.href).href));
  const ld = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((s) => JSON.parse(s));
  const list = ld.find((d) => d['@type'] === 'ItemList') as { itemListElement: Array<{ position: number; url: string }> };
  return { cards, items: list.itemListElement };
}

const pagesNav = (page: Page, info: TestInfo) => page.getByRole('navigation', { name: textsOf(info)('catalogue.category.pages.label') });

test('a big category is split into pages reached by plain links, each a page of its own for search engines (JavaScript off)', async ({
  browser,
}, info) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: info.project.use.baseURL });
  const page = await context.newPage();
  const t = textsOf(info);
  await page.goto(dogs(info));
  const nav = pagesNav(page, info);
  await expect(nav.getByRole('link', { name: t('catalogue.category.pages.page', { page: 1 }) })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: t('catalogue.category.pages.previous') })).toHaveCount(0);
  const first = await listed(page);
  expect(first.cards).toHaveLength(CATEGORY_PAGE_SIZE);
  expect(first.items).toEqual(first.cards.map((url, i) => expect.objectContaining({ position: i + 1, url })));
  const heading = (await page.getByRole('heading', { level: 1 }).textContent())!.trim();
  // The count is the category's: more than the page lists (the fixtures' dog category has a second page).
  const count = (await page.locator('[data-count]').textContent())!.trim();
  expect(Number.parseInt(count, 10)).toBeGreaterThan(CATEGORY_PAGE_SIZE);

  await nav.getByRole('link', { name: t('catalogue.category.pages.next') }).click();
  await expect(page).toHaveURL(atPath(secondPage(info)));
  const origin = new URL(page.url()).origin;
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${origin}${secondPage(info)}`);
  // The other language's second page is its alternate: the French page's Dutch twin and back.
  const [twinLang, twin] = languageOf(info) === 'nl' ? ['fr-FR', '/chien/page/2/'] : ['nl-BE', '/nl/hond/pagina/2/'];
  await expect(page.locator(`link[rel="alternate"][hreflang="${twinLang}"]`)).toHaveAttribute('href', new RegExp(`${escapeRegExp(twin)}$`));
  // Page 2 of how many, in the heading and the title ("Chien – page 2 sur 2"); the same count as page 1.
  const pages = Math.ceil(Number.parseInt(count, 10) / CATEGORY_PAGE_SIZE);
  const pageHeading = t('catalogue.category.pages.title', { title: heading, page: 2, count: pages });
  expect(pageHeading).toMatch(languageOf(info) === 'nl' ? / – pagina 2 van \d+$/ : / – page 2 sur \d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(pageHeading);
  expect(await page.title()).toContain(pageHeading);
  await expect(page.locator('[data-count]')).toHaveText(count);
  await expect(nav.getByRole('link', { name: t('catalogue.category.pages.page', { page: 2 }) })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: t('catalogue.category.pages.page', { page: 1 }) })).not.toHaveAttribute('aria-current', /.*/);
  // The rest of the category, none of the first page's products again; its list goes on from the first page's.
  const second = await listed(page);
  expect(second.cards.length).toBeGreaterThan(0);
  expect(second.cards.length).toBeLessThanOrEqual(CATEGORY_PAGE_SIZE);
  expect(second.cards.filter((url) => first.cards.includes(url))).toEqual([]);
  expect(second.items).toEqual(second.cards.map((url, i) => expect.objectContaining({ position: CATEGORY_PAGE_SIZE + i + 1, url })));
  await expect(page.getByText(t('catalogue.category.pages.scope'))).toBeVisible();

  await nav.getByRole('link', { name: t('catalogue.category.pages.previous') }).click();
  await expect(page).toHaveURL(atPath(dogs(info)));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
  await context.close();
});

test('the later pages are in the sitemap, and a category that fits on one page has no page links', async ({ page, request }, info) => {
  const sitemap = await (await request.get(`/sitemap-${localeOf(info)}.xml`)).text();
  expect(sitemap).toMatch(new RegExp(`<loc>[^<]*${escapeRegExp(secondPage(info))}</loc>`));
  await page.goto(dogs(info));
  const subcategory = page
    .getByRole('navigation', { name: textsOf(info)('catalogue.category.subcategories') })
    .getByRole('link')
    .first();
  await subcategory.click();
  await expect(page).not.toHaveURL(atPath(dogs(info)));
  await expect(page.locator('[data-grid] > li').first()).toBeVisible();
  expect(await page.locator('[data-grid] > li').count()).toBeLessThanOrEqual(CATEGORY_PAGE_SIZE);
  await expect(pagesNav(page, info)).toHaveCount(0);
  await expect(page.getByText(textsOf(info)('catalogue.category.pages.scope'))).toHaveCount(0);
});

test('the filters chosen go along to the next page, where they apply to its products', async ({ page }, info) => {
  const t = textsOf(info);
  await page.goto(dogs(info));
  const adult = page
    .getByRole('group', { name: t('catalogue.category.facets.lifeStage') })
    .getByLabel(t('catalogue.category.values.lifeStage.adult'), { exact: true });
  await adult.check();
  await expect(page).toHaveURL(/lifeStage=adult/);
  await pagesNav(page, info)
    .getByRole('link', { name: t('catalogue.category.pages.next') })
    .click();
  await expect(page).toHaveURL(new RegExp(`${escapeRegExp(secondPage(info))}\\?lifeStage=adult$`));
  await expect(adult).toBeChecked();
  const stages = await page.locator('[data-grid] > li:visible').evaluateAll((els) => els.map((el) => el.getAttribute('data-life-stage')));
  expect(stages.filter((s) => s !== 'adult' && s !== 'all')).toEqual([]);
  // The count says what this page shows: its products for adults, or none with the empty state.
  const count = page.locator('[data-count]');
  if (stages.length > 0) await expect(count).toHaveText(t.plural('catalogue.category.products', stages.length));
  else await expect(page.getByText(t('catalogue.category.noResults'))).toBeVisible();
  // Back to every age: the count is the whole category's again, more than this page lists.
  await page
    .getByRole('group', { name: t('catalogue.category.facets.lifeStage') })
    .getByLabel(t('catalogue.category.all'), { exact: true })
    .check();
  await expect(count).toHaveText(/^\d+/);
  expect(Number.parseInt((await count.textContent())!, 10)).toBeGreaterThan(CATEGORY_PAGE_SIZE);
  await expectNoSeriousViolation(page, 'second page of a category, filtered');
});
