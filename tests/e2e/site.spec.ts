import { routes, type RouteName } from '../../src/lib/routes/routes.ts';
import { isPlaceholder } from '../../src/site/islands.ts';
import { expect, homeOf, languageOf, pathOf, test, texts, textsOf } from './helpers.ts';

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
  // The served document itself: in a browser the page's guard sends an anonymous visitor on to login.
  const response = await page.request.get(path);
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toContain('data-island="animalEdit"');
  expect(html).toMatch(/<meta name="robots" content="[^"]*noindex/);
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

test('the 404 page shows the missing address after its title, as text, and its language switcher goes home', async ({ page }, info) => {
  const missing = `${homeOf(info)}<b>nope</b>/`;
  const response = await page.goto(missing);
  expect(response?.status()).toBe(404);
  await expect(page.locator('[data-missing-path]')).toHaveText(missing);
  await expect(page.locator('main b')).toHaveCount(0);
  const switcher = await page
    .locator('.switcher a')
    .evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
  expect(switcher.length).toBeGreaterThan(0);
  for (const path of switcher) expect(['/', '/nl/']).toContain(path);
});

test("addresses below a shell's one segment are 404, as netlify.toml answers them", async ({ request }, info) => {
  const faq = pathOf(info, 'faq');
  expect((await request.get(`${faq}a/b/`)).status()).toBe(404);
  expect((await request.get('/web-view/a/b/')).status()).toBe(404);
});

test('a page that is only a shell is noindex, out of the sitemap and behind no menu link', async ({ page, request }, info) => {
  const t = textsOf(info);
  const sitemap = await (await request.get(`/sitemap-${languageOf(info) === 'nl' ? 'nl_BE' : 'fr_FR'}.xml`)).text();
  // The public placeholders, if any are left (the contact page left the list with issue 13: it is checked as a page below).
  const shells = (Object.keys(routes) as RouteName[]).filter((route) => isPlaceholder(route) && !('private' in routes[route]));
  await page.goto(homeOf(info));
  const hrefs = await page
    .locator('header a, main a')
    .evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
  await expect(page.getByRole('link', { name: t('site.account') })).toBeVisible();
  for (const route of shells) {
    expect(sitemap).not.toContain(pathOf(info, route));
    expect(hrefs).not.toContain(pathOf(info, route));
    await page.goto(pathOf(info, route));
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  }
  // The contact page is a page now: indexed and in the sitemap.
  expect(sitemap).toContain(pathOf(info, 'contact'));
  await page.goto(pathOf(info, 'contact'));
  await expect(page.locator('meta[name="robots"][content*="noindex"]')).toHaveCount(0);
});
