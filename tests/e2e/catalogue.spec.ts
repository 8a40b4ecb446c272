import { expect, homeOf, languageOf, test, texts, visibleProducts } from './helpers.ts';

test('home → category → filter and sort → product → change format', async ({ page }, info) => {
  const t = texts[languageOf(info)];
  await page.goto(homeOf(info));
  await expect(page.locator('html')).toHaveAttribute('lang', languageOf(info) === 'nl' ? 'nl-BE' : 'fr-FR');

  await page.getByRole('navigation', { name: /navigation|navigatie/i }).getByRole('link', { name: t.dogs, exact: true }).click();
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
  await expect(page.locator('[data-grid] > li:visible').first()).toHaveAttribute('data-life-stage', 'adult');
  await expect(page).toHaveURL(/lifeStage=adult/);

  // The state survives a reload (the address is the state).
  await page.reload();
  expect(await visibleProducts(page)).toEqual(adults);

  // Open a product with several formats and switch format.
  const cardWithFormats = page.locator('[data-grid] > li:visible').first();
  await cardWithFormats.locator('a').first().click();
  const formats = page.locator('.formats a');
  await expect(formats.first()).toBeVisible();
  const count = await formats.count();
  const priceBefore = await page.locator('[data-price] .main-price').textContent();
  if (count > 1) {
    const other = formats.nth(1);
    const variant = await other.getAttribute('data-variant');
    await other.click();
    await expect(page.locator('.formats a[aria-current="true"]')).toHaveAttribute('data-variant', variant!);
    await expect(page.locator('input[name="variantId"]')).toHaveValue(variant!);
    expect(await page.locator('[data-price] .main-price').textContent()).not.toBe(priceBefore);
  }
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
  await page.getByRole('navigation', { name: /navigation|navigatie/i }).getByRole('link', { name: t.dogs, exact: true }).click();
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
  const redirects = await (await request.get('/redirects.json')).json() as Array<{ from: string; to: string }>;
  const own = redirects.find((r) => r.from.startsWith(homeOf(info) === '/nl/' ? '/nl/' : '/produits/'))!;
  await page.goto(own.from);
  expect(new URL(page.url()).pathname).toBe(own.to);
});
