import { atPath, expect, homeOf, languageOf, test, texts, visibleProducts } from './helpers.ts';

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

  // Filter on adults: fewer products, all of them adult recipes.
  await page.getByRole('group', { name: t.lifeStage }).getByLabel(t.adult, { exact: true }).check();
  const adults = await visibleProducts(page);
  expect(adults.length).toBeGreaterThan(0);
  expect(adults.length).toBeLessThan(all.length);
  // Every card shown, not only the first.
  const stages = await page.locator('[data-grid] > li:visible').evaluateAll((els) => els.map((el) => el.getAttribute('data-life-stage')));
  expect(stages).toEqual(adults.map(() => 'adult'));
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

test('a SKU address redirects to the product’s page', async ({ page, request }, info) => {
  const redirects = (await (await request.get('/redirects.json')).json()) as Array<{ from: string; to: string }>;
  const own = redirects.find((r) => r.from.startsWith(homeOf(info) === '/nl/' ? '/nl/' : '/produits/'))!;
  await page.goto(own.from);
  await expect(page).toHaveURL(atPath(own.to));
});
