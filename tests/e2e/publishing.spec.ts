/**
 * From editor to site (issue 14): an editor changes a format's price through the content service's editor
 * API; the platform's signed webhook reaches the publish receiver the suite's servers run (as `npm start`
 * does), which rebuilds the site; the new price is on the product page, and a tab opened before the
 * publish shows the update notice, in French on the FR site and in Dutch on the BE site.
 */
import { LOCAL_CONTENT_EDITOR_TOKEN } from '../../src/backend/config.ts';
import { formatPrice } from '../../src/lib/catalogue/money.ts';
import { intlLocaleOf } from '../../src/lib/channels.ts';
import { loadFixtures } from '../../src/backend/seed/seed.ts';
import { expect, languageOf, localeOf, pathOf, PLATFORM, test, textsOf } from './helpers.ts';

// Products no other spec opens, one per project: each project publishes its own change.
const SKUS = { fr: 'CAT-TREAT-MALT-TURKEY', nl: 'CAT-TREAT-DENTAL' } as const;
// A rebuild of both channels (a price shows on both sites): about 45 s on a busy two-core machine.
const REBUILD_MS = 150_000;

test('an edited price is published to the site and to a tab already open', async ({ page, context, request }, info) => {
  test.setTimeout(REBUILD_MS + 60_000);
  const language = languageOf(info);
  const t = textsOf(info);
  const product = loadFixtures().products.find((p) => p.sku === SKUS[language])!;
  const format = product.variants[0]!;
  const newPrice = format.basePrice + 5;
  const shown = (minor: number) => formatPrice(minor, intlLocaleOf(language), t('generic.free'));
  const path = pathOf(info, 'product', { product: product.slug[language] });

  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.name[language]);
  await expect(page.locator('main').getByText(shown(format.basePrice)).first()).toBeVisible();
  await expect(page.locator('main').getByText(shown(newPrice))).toHaveCount(0);
  const notice = page.getByRole('status').filter({ hasText: t('site.newBuild') });
  await expect(notice).toHaveCount(0);
  const builtBefore = ((await (await request.get('/builds/latest.json')).json()) as { id: string }).id;

  const edit = await request.put(`${PLATFORM}/content/api/products/${product.sku}?locale=${localeOf(info)}`, {
    headers: { authorization: `Bearer ${LOCAL_CONTENT_EDITOR_TOKEN}` },
    data: { data: { variants: [{ code: format.code, base_price: newPrice }] } },
  });
  expect(edit.status(), await edit.text()).toBe(200);

  // The receiver debounces, then builds; the site's build id moves when the new tree is served.
  await expect
    .poll(async () => ((await (await request.get(`/builds/latest.json?t=${Date.now()}`)).json()) as { id: string }).id, {
      timeout: REBUILD_MS,
      intervals: [2000],
    })
    .not.toBe(builtBefore);

  // The open tab asks again when it comes back into view (and every minute): the notice appears over the page.
  await expect(async () => {
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await expect(notice).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await expect(notice.getByRole('button', { name: t('site.newBuildReload') })).toBeVisible();
  expect(await notice.evaluate((el) => getComputedStyle(el).position)).toBe('fixed');

  // The next navigation is a full load of the new build.
  await notice.getByRole('button', { name: t('site.newBuildReload') }).click();
  await expect(page.locator('main').getByText(shown(newPrice)).first()).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: t('site.newBuild') })).toHaveCount(0);

  // A fresh tab gets the new price too.
  const fresh = await context.newPage();
  await fresh.goto(path);
  await expect(fresh.locator('main').getByText(shown(newPrice)).first()).toBeVisible();
});
