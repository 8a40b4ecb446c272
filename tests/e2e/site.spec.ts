import { expect, homeOf, languageOf, test, texts } from './helpers.ts';

test('an unknown address shows the 404 page with links to dogs and cats', async ({ page }, info) => {
  const response = await page.goto(`${homeOf(info)}cette-page-n-existe-pas/`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts[languageOf(info)].notFound);
  await expect(page.locator('main a.button')).toHaveCount(2);
  await page.locator('main a.button').first().click();
  await expect(page.locator('[data-grid] > li').first()).toBeVisible();
});

test('a missing trailing slash redirects, except for .xml and .txt', async ({ request }, info) => {
  const home = homeOf(info);
  const faq = languageOf(info) === 'nl' ? `${home}veelgestelde-vragen` : '/faq';
  const res = await request.get(faq, { maxRedirects: 0 });
  expect(res.status()).toBe(301);
  expect(res.headers().location).toBe(`${faq}/`);
  expect((await request.get('/robots.txt', { maxRedirects: 0 })).status()).toBe(200);
  expect((await request.get('/sitemap-index.xml', { maxRedirects: 0 })).status()).toBe(200);
});

test('a runtime id is served its page shell', async ({ page }, info) => {
  const path = languageOf(info) === 'nl' ? '/nl/mijn-account/mijn-dieren/123/bewerken/' : '/mon-compte/mes-animaux/123/modifier/';
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  await expect(page.locator('[data-island="animalEdit"]')).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
});

test('a FAQ query segment searches the questions', async ({ page }, info) => {
  const path = languageOf(info) === 'nl' ? '/nl/veelgestelde-vragen/abonnement/' : '/faq/abonnement/';
  await page.goto(path);
  await expect(page.locator('[data-entry]:visible').first()).toBeVisible();
  const base = languageOf(info) === 'nl' ? '/nl/veelgestelde-vragen/zzzzqqq/' : '/faq/zzzzqqq/';
  await page.goto(base);
  await expect(page.locator('[data-status]')).toContainText('zzzzqqq');
  await expect(page.locator('[data-entry]:visible')).toHaveCount(0);
});

test('pages without islands ship no framework JavaScript', async ({ page }, info) => {
  await page.goto(homeOf(info));
  const scripts = await page.locator('script[src]').evaluateAll((els) => els.map((e) => (e as HTMLScriptElement).src));
  for (const src of scripts) {
    const body = await (await page.request.get(src)).text();
    expect(body, src).not.toMatch(/react-dom|__SECRET_INTERNALS|createRoot/);
  }
  expect(await page.locator('astro-island').count()).toBe(0);
});
