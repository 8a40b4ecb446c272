/**
 * From editor to site (issue 14): an editor changes a Dutch content page's title through the content service's
 * editor API; the platform's signed webhook reaches the publish receiver the suite's servers run (as `npm
 * start` does), which rebuilds the site; the new title is on the page, and a tab opened before the publish
 * shows the update notice. A Dutch page is the BE site's alone, so one channel is built (a product's price
 * shows on both sites: the two builds are the incremental build's own test, tests/api/incremental-build.test.ts,
 * with what each renders).
 */
import { LOCAL_CONTENT_EDITOR_TOKEN } from '../../src/backend/config/published.ts';
import { loadFixtures } from '../../src/backend/seed/seed.ts';
import { expect, languageOf, localeOf, pathOf, PLATFORM, test, textsOf } from './helpers.ts';

// A page no other spec opens.
const PAGE = 'about';
// A rebuild of one channel: about 25 s on a busy two-core machine.
const REBUILD_MS = 120_000;

test('an edited page is published to the site and to a tab already open', async ({ page, context, request }, info) => {
  test.setTimeout(REBUILD_MS + 60_000);
  const language = languageOf(info);
  const t = textsOf(info);
  const fixture = loadFixtures().pages.find((p) => p.key === PAGE)!;
  const title = fixture.title[language];
  const newTitle = `${title}: ${language === 'nl' ? 'vernieuwd' : 'nouvelle version'}`;
  const path = pathOf(info, 'page', { page: fixture.slug[language] });

  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  const notice = page.getByRole('status').filter({ hasText: t('site.newBuild') });
  await expect(notice).toHaveCount(0);
  const builtBefore = ((await (await request.get('/builds/latest.json')).json()) as { id: string }).id;

  const edit = await request.put(`${PLATFORM}/content/api/pages/${PAGE}?locale=${localeOf(info)}`, {
    headers: { authorization: `Bearer ${LOCAL_CONTENT_EDITOR_TOKEN}` },
    data: { data: { title: newTitle } },
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
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(newTitle);
  await expect(page.getByRole('status').filter({ hasText: t('site.newBuild') })).toHaveCount(0);

  // A fresh tab gets the new title too.
  const fresh = await context.newPage();
  await fresh.goto(path);
  await expect(fresh.getByRole('heading', { level: 1 })).toHaveText(newTitle);
});
