/**
 * Maintenance at run time (SPEC §4, issue 14): an editor puts a route in maintenance through the content
 * service's site setting, and its pages lead shoppers to the maintenance page at once, without a rebuild,
 * in French on the FR site and in Dutch on the BE site; taken out again, the pages come back. The setting
 * is the whole platform's, so this spec runs after every other one (its own project in playwright.config.ts).
 */
import { LOCAL_CONTENT_EDITOR_TOKEN } from '../../src/backend/config/published.ts';
import { pathTo } from '../../src/lib/routes/paths.ts';
import { translator } from '../../src/i18n/translate.ts';
import { atPath, expect, PLATFORM, target, test } from './helpers.ts';

const setMaintenance = async (request: import('@playwright/test').APIRequestContext, routes: string[]) => {
  const response = await request.put(`${PLATFORM}/content/api/site-setting`, {
    headers: { authorization: `Bearer ${LOCAL_CONTENT_EDITOR_TOKEN}` },
    data: { data: { maintenance_routes: routes } },
  });
  expect(response.status(), await response.text()).toBe(200);
};

test.afterAll(async ({ request }) => {
  await setMaintenance(request, []);
});

test('a route an editor puts in maintenance leads to the maintenance page at once, and comes back when taken out', async ({
  page,
  request,
}) => {
  const sites = [
    { site: target.sites.fr, locale: 'fr_FR', language: 'fr' },
    { site: target.sites.be, locale: 'nl_BE', language: 'nl' },
  ] as const;
  await setMaintenance(request, ['shops']);
  for (const { site, locale, language } of sites) {
    const t = translator(language);
    // The platform reads the setting again within 2 seconds: a page opened before may still show.
    await expect(async () => {
      await page.goto(`${site}${pathTo('shops', locale)}`);
      await expect(page).toHaveURL(atPath(pathTo('maintenance', locale)), { timeout: 3000 });
    }).toPass({ timeout: 15_000 });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('pages.maintenance.message'));
    // Other pages are not concerned.
    await page.goto(`${site}${pathTo('home', locale)}`);
    await page.waitForLoadState('networkidle');
    await expect(page).toHaveURL(atPath(pathTo('home', locale)));
  }

  await setMaintenance(request, []);
  const { site, locale } = sites[0];
  await expect(async () => {
    await page.goto(`${site}${pathTo('shops', locale)}`);
    await page.waitForLoadState('networkidle');
    await expect(page).toHaveURL(atPath(pathTo('shops', locale)), { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(translator('fr')('pages.maintenance.message'));
});
