/**
 * The search, in French on the FR site and in Dutch on the BE site, against the suite's own platform
 * (its search service speaks Algolia's protocol): the header's box suggesting from the indices and reaching
 * the search page (its keyboard, Escape and focus are tested once on the DOM, tests/components/header-search.test.tsx),
 * the search page's groups (Articles, Categories, Products) for queries with typos, the query in the
 * address (shared, back and forward), the no-result message with its suggestions, the network failure
 * (the search host unreachable) with its retry, and the FAQ search finding a question despite a typo.
 */
import type { Page, TestInfo } from '@playwright/test';
import { expect, expectNoSeriousViolation, languageOf, PLATFORM, pathOf, test, textsOf } from './helpers.ts';
import { hydrated } from './page-checks.ts';

/** What each language types, with its typos, and what it must find. */
const QUERIES = {
  fr: {
    page: 'croqettes chat steril',
    firstProduct: /Croquettes Chat Stérilisé/,
    box: 'chat sterilis',
    boxProduct: 'Croquettes Chat Stérilisé Poulet',
    /** A name with an ampersand (InstantSearch escapes the service's highlighted values itself before drawing them). */
    ampersand: 'chiot riz',
    ampersandProduct: 'Croquettes Chiot Poulet & Riz',
    faq: 'parainage',
    faqQuestion: 'Comment fonctionne le parrainage ?',
  },
  nl: {
    page: 'brokken kitten',
    firstProduct: /Brokken Kitten/,
    box: 'kitten',
    boxProduct: 'Brokken Kitten Kip',
    ampersand: 'puppy rijst',
    ampersandProduct: 'Brokken Puppy Kip & Rijst',
    faq: 'wachtwort vergeten',
    faqQuestion: 'Ik ben mijn wachtwoord vergeten. Wat nu?',
  },
} as const;

const queriesOf = (info: TestInfo) => QUERIES[languageOf(info)];
/** The search service's queries, as the browser sends them to the platform. */
const SEARCH_REQUESTS = `${PLATFORM}/1/indexes/**`;

const searchBox = (page: Page, info: TestInfo) =>
  page.locator('.search-page').getByRole('searchbox', { name: textsOf(info)('search.label') });
const groupHeadings = (page: Page) => page.locator('.search-group h2');

test('the search page groups what it found, Articles, Categories then Products, for a query with typos', async ({ page }, info) => {
  const t = textsOf(info);
  const q = queriesOf(info);
  await page.goto(`${pathOf(info, 'search')}?q=${encodeURIComponent(q.page)}`);
  await hydrated(page);
  await expect(searchBox(page, info)).toHaveValue(q.page);
  const products = page.locator('.search-products > li');
  await expect(products.first()).toBeVisible();
  await expect(products.first().locator('.search-product-name')).toHaveText(q.firstProduct);
  await expect(products.first().locator('.search-price')).toHaveText(/\d+,\d\d/);
  await expect(page.locator('.search-status')).toContainText(q.page);
  // The groups found, in the page's order.
  const order = [t('search.groups.articles'), t('search.groups.categories'), t('search.groups.products')];
  const headings = (await groupHeadings(page).allTextContents()).map((h) => order.find((name) => h.startsWith(name)));
  expect(headings).toContain(t('search.groups.products'));
  expect(headings).toEqual(order.filter((name) => headings.includes(name)));
  await expectNoSeriousViolation(page, 'search results');

  const href = (await products.first().locator('a').getAttribute('href'))!;
  await products.first().locator('a').click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
});

test('the query is in the address: typing writes it, back and forward go through the queries; a query that finds nothing says so, with places to look instead', async ({
  page,
}, info) => {
  const t = textsOf(info);
  const q = queriesOf(info);
  const path = pathOf(info, 'search');
  await page.goto(path);
  await hydrated(page);
  const box = searchBox(page, info);
  await box.fill(q.page);
  await expect(page).toHaveURL(`${new URL(path, page.url()).href}?q=${encodeURIComponent(q.page).replace(/%20/g, '+')}`);
  await expect(page.locator('.search-products > li').first()).toBeVisible();
  await box.fill(q.box);
  await expect(page).toHaveURL(new RegExp(`\\?q=${encodeURIComponent(q.box).replace(/%20/g, '\\+')}$`));
  await box.blur();
  await page.goBack();
  await expect(box).toHaveValue(q.page);
  await expect(page.locator('.search-status')).toContainText(q.page);
  await page.goForward();
  await expect(box).toHaveValue(q.box);

  // Nothing found: said, with the FAQ and the categories to look in instead.
  await box.fill('zzzzqqq');
  await expect(page.locator('.search-status')).toHaveText(t('search.noResults.title', { query: 'zzzzqqq' }));
  await expect(page.getByText(t('search.noResults.text'))).toBeVisible();
  await expect(page.getByRole('link', { name: t('search.noResults.faq') })).toHaveAttribute('href', pathOf(info, 'faq'));
  await expect(page.getByRole('heading', { name: t('search.noResults.categories') })).toBeVisible();
  await expect(page.locator('.search-empty .search-chips a').first()).toBeVisible();
  await expect(groupHeadings(page)).toHaveCount(0);
  await expectNoSeriousViolation(page, 'search without results');
});

test('an unreachable search service says so, and the retry searches again once it is back', async ({ page }, info) => {
  test.slow();
  const t = textsOf(info);
  const q = queriesOf(info);
  await page.route(SEARCH_REQUESTS, (route) => route.abort('internetdisconnected'));
  await page.goto(`${pathOf(info, 'search')}?q=${encodeURIComponent(q.page)}`);
  await hydrated(page);
  const alert = page.getByRole('alert');
  await expect(alert).toContainText(t('search.failure.network'));
  await expect(page.locator('.search-products > li')).toHaveCount(0);
  await expectNoSeriousViolation(page, 'search failure');
  await page.unroute(SEARCH_REQUESTS);
  await alert.getByRole('button', { name: t('search.failure.retry') }).click();
  await expect(page.locator('.search-products > li').first()).toBeVisible();
  await expect(alert).toHaveCount(0);

  // The header's box says the same and retries the same way.
  await page.route(SEARCH_REQUESTS, (route) => route.abort('internetdisconnected'));
  await page.locator('a[data-search-toggle]').click();
  await page.getByRole('combobox', { name: t('search.label') }).fill(q.box);
  const message = page.locator('[data-header-search-message]');
  await expect(message).toContainText(t('search.failure.network'));
  await page.unroute(SEARCH_REQUESTS);
  await message.getByRole('button', { name: t('search.failure.retry') }).click();
  await expect(page.getByRole('option', { name: q.boxProduct })).toBeVisible();
});

test('the header’s box suggests from the site’s indices and leads to the results page, both showing a name with an ampersand as it is written; axe finds nothing in the box', async ({
  page,
}, info) => {
  // axe over a whole page with the box open: slow on a busy machine.
  test.slow();
  const t = textsOf(info);
  const q = queriesOf(info);
  await page.goto(pathOf(info, 'home'));
  await page.locator('a[data-search-toggle]').click();
  await page.getByRole('combobox', { name: t('search.label') }).fill(q.ampersand);
  const list = page.getByRole('listbox', { name: t('search.box.suggestions') });
  await expect(list.getByRole('option', { name: q.ampersandProduct })).toBeVisible();
  await expect(list).not.toContainText('&amp;');
  await expectNoSeriousViolation(page, 'header search box with suggestions');

  // Enter searches the whole site; the results page (InstantSearch's own highlighting) draws it as written too.
  await page.getByRole('combobox', { name: t('search.label') }).press('Enter');
  await expect(page).toHaveURL(new RegExp(`${pathOf(info, 'search')}\\?q=`));
  const products = page.locator('.search-products');
  await expect(products).toContainText(q.ampersandProduct);
  await expect(products).not.toContainText('&amp;');
});

test('the FAQ search finds a question despite a typo, and says when none matches', async ({ page }, info) => {
  test.slow();
  const t = textsOf(info);
  const q = queriesOf(info);
  await page.goto(pathOf(info, 'faq'));
  const box = page.getByRole('searchbox', { name: t('pages.faq.filter') });
  await box.fill(q.faq);
  const shown = page.locator('[data-entry]:visible');
  await expect(shown.filter({ hasText: q.faqQuestion })).toHaveCount(1);
  await expect(shown.filter({ hasText: q.faqQuestion })).toHaveAttribute('open', '');
  await expect(page.locator('[data-status]')).toContainText(q.faq);
  expect(await shown.count()).toBeLessThan(5);

  await box.fill('zzzzqqq');
  await expect(shown).toHaveCount(0);
  await expect(page.locator('[data-status]')).toHaveText(t('search.faq.noResults', { query: 'zzzzqqq' }));
  const site = page.getByRole('link', { name: t('search.faq.site', { query: 'zzzzqqq' }) });
  await expect(site).toHaveAttribute('href', `${pathOf(info, 'search')}?q=zzzzqqq`);
  await expectNoSeriousViolation(page, 'FAQ without results');

  // The page's React-free: the FAQ loads no framework for its search.
  const scripts = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((e) => e.name)
      .filter((n) => n.endsWith('.js')),
  );
  for (const src of scripts) expect(await (await page.request.get(src)).text(), src).not.toMatch(/react-dom|__SECRET_INTERNALS|createRoot/);

  await box.fill('');
  await expect(shown.first()).toBeVisible();
  await expect(page.locator('[data-status]')).toHaveText('');
});
