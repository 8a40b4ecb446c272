import type { Page, TestInfo } from '@playwright/test';
import { loadFixtures } from '../../src/backend/seed/seed.ts';
import { numberFormat } from '../../src/lib/intl.ts';
import { pathTo } from '../../src/lib/routes/paths.ts';
import { atPath, escapeRegExp, expect, homeOf, languageOf, localeOf, pathOf, test, texts, textsOf, visibleProducts } from './helpers.ts';
import { purchaseFormReady } from './page-checks.ts';

test('home → category → filter and sort → product → change format', async ({ page }, info) => {
  const t = texts[languageOf(info)];
  await page.goto(homeOf(info));
  await expect(page.locator('html')).toHaveAttribute('lang', languageOf(info) === 'nl' ? 'nl-BE' : 'fr-FR');

  await page
    .getByRole('navigation', { name: /navigation|navigatie/i })
    .getByRole('link', { name: t.dogs, exact: true })
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const all = await visibleProducts(page);
  expect(all.length).toBeGreaterThan(3);

  // Sort by best sellers, then novelty: the order changes and the address says so.
  await page.getByRole('group', { name: t.sort }).getByLabel(t.bestSellers).check();
  const best = await visibleProducts(page);
  expect(best).not.toEqual(all);
  expect(best.slice().sort()).toEqual(all.slice().sort());
  await expect(page).toHaveURL(/sort=best_sellers/);
  await page.getByRole('group', { name: t.sort }).getByLabel(t.novelty).check();
  expect(await visibleProducts(page)).not.toEqual(best);

  // Filter on adults: fewer products, all of them recipes for adults (or for every age, which adults are).
  await page.getByRole('group', { name: t.lifeStage }).getByLabel(t.adult, { exact: true }).check();
  const adults = await visibleProducts(page);
  expect(adults.length).toBeGreaterThan(0);
  expect(adults.length).toBeLessThan(all.length);
  // Every card shown, not only the first.
  const stages = await page.locator('[data-grid] > li:visible').evaluateAll((els) => els.map((el) => el.getAttribute('data-life-stage')));
  expect(stages.length).toBe(adults.length);
  expect(stages.filter((s) => s !== 'adult' && s !== 'all')).toEqual([]);
  expect(stages).toContain('adult');
  await expect(page).toHaveURL(/lifeStage=adult/);

  // The state survives a reload (the address is the state).
  await page.reload();
  expect(await visibleProducts(page)).toEqual(adults);

  // Open a product with several formats (the first such adult recipe shown) and switch format: the test
  // fails if none has several, rather than skipping the switch its title promises.
  const hrefs = await page.locator('[data-grid] > li:visible a.link').evaluateAll((els) => els.map((el) => el.getAttribute('href')!));
  let withFormats: string | undefined;
  for (const href of hrefs) {
    const html = await (await page.request.get(href)).text();
    const list = /<ul class="formats"[\s\S]*?<\/ul>/.exec(html)?.[0] ?? '';
    if ((list.match(/data-variant=/g) ?? []).length > 1) {
      withFormats = href;
      break;
    }
  }
  expect(withFormats, 'an adult recipe with several formats').toBeDefined();
  await page.locator(`[data-grid] > li:visible a.link[href="${withFormats}"]`).click();
  await expect(page).toHaveURL(atPath(withFormats!));
  const formats = page.locator('.formats a');
  await expect(formats.first()).toBeVisible();
  expect(await formats.count()).toBeGreaterThan(1);
  const current = await page.locator('.formats a[aria-current="true"]').getAttribute('data-variant');
  const priceBefore = await page.locator('[data-price] .main-price').textContent();
  const other = page.locator('.formats a:not([aria-current="true"])').first();
  const variant = (await other.getAttribute('data-variant'))!;
  expect(variant).not.toBe(current);
  const otherPath = new URL((await other.getAttribute('href'))!, page.url()).pathname;
  await other.click();
  await expect(page).toHaveURL(atPath(otherPath));
  await expect(page.locator('.formats a[aria-current="true"]')).toHaveAttribute('data-variant', variant);
  await expect(page.locator('input[name="variantId"]')).toHaveValue(variant);
  await expect(page.locator('[data-price] .main-price')).not.toHaveText(priceBefore!);
  await expect(page.getByRole('button', { name: t.addToCart })).toBeVisible();
  // Product pages carry Product JSON-LD with offers and rating.
  const ld = await page.locator('script[type="application/ld+json"]').allTextContents();
  const product = ld.map((s) => JSON.parse(s)).find((d) => d['@type'] === 'Product');
  expect(product.offers.length).toBeGreaterThan(0);
  expect(product.aggregateRating.ratingValue).toBeGreaterThan(0);
});

test('filters and sort work with JavaScript off', async ({ browser }, info) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: info.project.use.baseURL });
  const page = await context.newPage();
  const t = texts[languageOf(info)];
  await page.goto(homeOf(info));
  await page
    .getByRole('navigation', { name: /navigation|navigatie/i })
    .getByRole('link', { name: t.dogs, exact: true })
    .click();
  const all = await visibleProducts(page);
  await page.getByRole('group', { name: t.lifeStage }).getByLabel(t.adult, { exact: true }).check();
  const adults = await visibleProducts(page);
  expect(adults.length).toBeLessThan(all.length);
  await page.getByRole('group', { name: t.sort }).getByLabel(t.bestSellers).check();
  const sorted = await visibleProducts(page);
  expect(sorted.slice().sort()).toEqual(adults.slice().sort());
  await context.close();
});

test('a SKU address redirects to the product’s page, and with a format to the format’s page', async ({ page, request }, info) => {
  const redirects = (await (await request.get('/redirects.json')).json()) as Array<{ from: string; to: string }>;
  const ownSite = (r: { from: string }) => r.from.startsWith(homeOf(info) === '/nl/' ? '/nl/' : '/produits/');
  const productOf = (r: { from: string }) => redirects.find((o) => o.from === r.from.replace(/[^/]+\/$/, ''));
  // A format of a SKU whose page is not the product's own (its first format often is).
  const format = redirects.find((r) => ownSite(r) && /\/sku-[^/]+\/[^/]+\/$/.test(r.from) && r.to !== productOf(r)?.to)!;
  const own = productOf(format)!;
  await page.goto(own.from);
  await expect(page).toHaveURL(atPath(own.to));
  await page.goto(format.from);
  await expect(page).toHaveURL(atPath(format.to));
  await expect(page.locator('.formats a[aria-current="true"]')).toHaveAttribute('href', format.to);
});

/** The life stage and size of each card shown, after the filters. */
const shownFacets = (page: Page) =>
  page
    .locator('[data-grid] > li:visible')
    .evaluateAll((els) => els.map((el) => ({ stage: el.getAttribute('data-life-stage'), size: el.getAttribute('data-size') })));

for (const javaScript of [true, false]) {
  test(`a recipe for all sizes or all ages stays under every size or age chosen (JavaScript ${javaScript ? 'on' : 'off'})`, async ({
    browser,
  }, info) => {
    const context = await browser.newContext({ javaScriptEnabled: javaScript, baseURL: info.project.use.baseURL });
    const page = await context.newPage();
    const t = textsOf(info);
    /** A facet's choice in the filters, by its words. */
    const choice = (facet: 'size' | 'lifeStage', value: string) =>
      page
        .getByRole('group', { name: t(`catalogue.category.facets.${facet}`) })
        .getByLabel(t(`catalogue.category.values.${facet}.${value}`));
    await page.goto(pathTo('category', localeOf(info), { category: languageOf(info) === 'nl' ? 'hond' : 'chien' }));
    const all = await shownFacets(page);
    const forEverySize = all.filter((p) => p.size === 'all').length;
    expect(forEverySize, 'dog recipes for every size').toBeGreaterThan(1);
    // "Toutes tailles" and "Tous âges" are no choice of their own.
    await expect(choice('size', 'all')).toHaveCount(0);
    await expect(choice('lifeStage', 'all')).toHaveCount(0);

    // "Petite taille": the small dogs' recipes and every recipe for all sizes.
    await choice('size', 'small').check();
    const small = await shownFacets(page);
    expect(small.filter((p) => p.size !== 'small' && p.size !== 'all')).toEqual([]);
    expect(small.filter((p) => p.size === 'all').length).toBe(forEverySize);
    expect(small.some((p) => p.size === 'small')).toBe(true);
    if (javaScript) await expect(page.locator('[data-count]')).toHaveText(t.plural('catalogue.category.products', small.length));

    // "Chiot" on top of it: puppies' recipes and those for every age.
    await choice('lifeStage', 'puppy').check();
    const puppies = await shownFacets(page);
    expect(puppies.filter((p) => p.stage !== 'puppy' && p.stage !== 'all')).toEqual([]);
    expect(puppies.map((p) => p.stage)).toEqual(expect.arrayContaining(['puppy', 'all']));
    await context.close();
  });
}

test('choosing a format keeps the purchase mode, the frequency, the quantity and the shopper’s place', async ({ page }, info) => {
  await page.goto(await productWithFormats(page, info));
  const purchase = page.locator('form[data-purchase]');
  // The island runs once the shopper reaches for the form: the choice is made in it, as a shopper makes it.
  await purchaseFormReady(page);

  // The price block tells the mode's figures (the price, before tax, per kilo): the one-off ones, then the
  // subscription's once a frequency is chosen.
  const prices = page.locator('[data-price]');
  await expect(prices.locator('.price-once').first()).toBeVisible();
  await expect(prices.locator('.price-subscribed')).toHaveCount(3);
  for (const figure of await prices.locator('.price-subscribed').all()) await expect(figure).toBeHidden();
  await purchase.locator('select[name="interval"]').selectOption('42');
  for (const figure of await prices.locator('.price-subscribed').all()) await expect(figure).toBeVisible();
  for (const figure of await prices.locator('.price-once').all()) await expect(figure).toBeHidden();
  await purchase.locator('input[name="quantity"]').fill('3');
  // The shopper scrolled a little: the formats sit 120 px from the top of the screen.
  const formats = page.locator('ul[data-formats]');
  const top = async () => (await formats.boundingBox())!.y;
  await page.evaluate((y) => window.scrollBy(0, y), (await top()) - 120);
  const before = await top();
  expect(Math.abs(before - 120)).toBeLessThanOrEqual(1);

  const other = formats.locator('a[data-variant]:not([aria-current="true"])').first();
  const otherPath = new URL((await other.getAttribute('href'))!, page.url()).pathname;
  const variant = await other.getAttribute('data-variant');
  await other.click();
  await expect(page).toHaveURL(new RegExp(`${escapeRegExp(otherPath)}\\?interval=42&quantity=3$`));
  await expect(page.locator('.formats a[aria-current="true"]')).toHaveAttribute('data-variant', variant!);
  await expect(purchase.locator('select[name="interval"]')).toHaveValue('42');
  await expect(purchase.locator('input[name="quantity"]')).toHaveValue('3');
  expect(Math.abs((await top()) - before), 'the format list where the shopper saw it').toBeLessThanOrEqual(2);

  // What is added is what the page shows: the new format, every six weeks, three bags.
  await purchaseFormReady(page);
  const added = page.waitForRequest((r) => r.method() === 'PATCH' && /\/orders\/[^/]+\/items$/.test(new URL(r.url()).pathname));
  await page.getByRole('button', { name: textsOf(info)('catalogue.product.addToCart') }).click();
  expect((await added).postDataJSON()).toMatchObject({
    productVariant: expect.stringContaining(variant!),
    quantity: 3,
    subscriptionInterval: 42,
  });
});

test('with JavaScript off, formats are plain links to their pages', async ({ browser }, info) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: info.project.use.baseURL });
  const page = await context.newPage();
  await page.goto(await productWithFormats(page, info));
  const other = page.locator('ul[data-formats] a[data-variant]:not([aria-current="true"])').first();
  const href = (await other.getAttribute('href'))!;
  expect(href).not.toContain('?');
  await other.click();
  await expect(page).toHaveURL(atPath(href));
  await expect(page.locator('.formats a[aria-current="true"]')).toHaveAttribute('href', href);
  await context.close();
});

/** The page of a product with several formats that can be bought once and subscribed, from the dog category. */
async function productWithFormats(page: Page, info: TestInfo): Promise<string> {
  const category = pathTo('category', localeOf(info), { category: languageOf(info) === 'nl' ? 'hond' : 'chien' });
  const html = await (await page.request.get(category)).text();
  const products = [...new Set([...html.matchAll(/<a href="([^"]+)" class="link"/g)].map((m) => m[1]!))];
  for (const href of products) {
    const product = await (await page.request.get(href)).text();
    const formats = (/<ul class="formats"[\s\S]*?<\/ul>/.exec(product)?.[0].match(/data-variant=/g) ?? []).length;
    if (formats > 1 && /<option value="0"/.test(product) && /<optgroup/.test(product)) return href;
  }
  throw new Error('no product with several formats, bought once and subscribed');
}

test('a product’s reviews: the page’s language first, then the others, each saying it is in another language', async ({ page }, info) => {
  const language = languageOf(info);
  const t = textsOf(info);
  // The product of the reported page: two French reviews and two Dutch ones.
  const product = loadFixtures().products.find((p) => p.sku === 'DOG-DRY-ADULT-CHICKEN')!;
  const other = language === 'fr' ? 'nl' : 'fr';
  expect(new Set(product.reviews.map((r) => r.locale))).toEqual(new Set([language, other]));
  await page.goto(pathOf(info, 'product', { product: product.slug[language] }));

  const reviews = page.locator('ul.reviews > li');
  // Each part's language is that of its nearest lang attribute, the page's <html> at worst.
  const shown = await reviews.evaluateAll((items) =>
    items.map((li) => {
      const langOf = (el: Element | null | undefined) => el?.closest('[lang]')?.getAttribute('lang') ?? null;
      const title = li.querySelector('strong');
      const body = [...li.querySelectorAll(':scope > p')].find((p) => !p.querySelector('strong') && !p.matches('.muted, .review-language'));
      const note = li.querySelector('.review-language');
      return {
        title: title?.textContent,
        titleLang: langOf(title),
        bodyLang: langOf(body),
        note: note?.textContent?.trim() ?? null,
        noteLang: note ? langOf(note) : null,
      };
    }),
  );
  const inOrder = [...product.reviews.filter((r) => r.locale === language), ...product.reviews.filter((r) => r.locale === other)];
  expect(shown.map((r) => r.title)).toEqual(inOrder.map((r) => r.title));
  const pageLang = await page.locator('html').getAttribute('lang');
  for (const [i, review] of inOrder.entries()) {
    // The review's own words carry its language; the note saying so is in the page's (WCAG 3.1.2).
    expect(shown[i]).toEqual({
      title: review.title,
      titleLang: review.locale,
      bodyLang: review.locale,
      note: review.locale === language ? null : t(`catalogue.product.reviewLanguage.${review.locale}`),
      noteLang: review.locale === language ? null : pageLang,
    });
  }
  await expect(reviews.filter({ hasText: t(`catalogue.product.reviewLanguage.${other}`) })).toHaveCount(
    product.reviews.filter((r) => r.locale === other).length,
  );
  // The rating and its count stay those of every review, whatever their language.
  await expect(page.locator('#reviews + p')).toContainText(
    t.plural('catalogue.product.reviewCount', product.reviewCount, { count: numberFormat(language).format(product.reviewCount) }),
  );
  // The analysis table writes its percentages the language's way: "30\u00A0%" in French, "30%" in Dutch.
  const percentages = await page.locator('table.constituents td').filter({ hasText: '%' }).allTextContents();
  expect(percentages.length).toBeGreaterThan(0);
  for (const cell of percentages) expect(cell).toMatch(language === 'fr' ? /^\d+(,\d)?\u00A0%$/ : /^\d+(,\d)?%$/);
});

test('a sample says its price once: free', async ({ page }, info) => {
  const sample = loadFixtures().products.find((p) => p.isSample && p.viewable)!;
  await page.goto(pathOf(info, 'sample', { sample: sample.slug[languageOf(info)] }));
  const price = page.locator('[data-price]');
  await expect(price.locator('.main-price')).toHaveText(textsOf(info)('generic.free'));
  // Once: no tax-free "free" under the free one (it read "Gratuit Gratuit").
  const free = new RegExp(escapeRegExp(textsOf(info)('generic.free')), 'g');
  expect(((await price.textContent()) ?? '').match(free)).toHaveLength(1);
});
