import type { Page } from '@playwright/test';
import { expect, homeOf, languageOf, seriousViolations, test } from './helpers.ts';
import { expectStill, overflowWidth, watchShifts } from './page-checks.ts';

const banner = {
  fr: {
    title: 'Vos cookies, votre choix',
    refuse: 'Tout refuser',
    accept: 'Tout accepter',
    choose: 'Choisir',
    save: 'Enregistrer mes choix',
    manage: 'Gérer les cookies',
    analytics: 'Mesure d’audience',
  },
  nl: {
    title: 'Jouw cookies, jouw keuze',
    refuse: 'Alles weigeren',
    accept: 'Alles accepteren',
    choose: 'Kiezen',
    save: 'Mijn keuzes opslaan',
    manage: 'Cookies beheren',
    analytics: 'Bezoekersmeting',
  },
};

/** A first visit: the answer the helpers store for other tests is removed, once per tab. */
async function firstVisit(page: Page) {
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('first-visit-done')) {
      localStorage.removeItem('mg-consent');
      sessionStorage.setItem('first-visit-done', '1');
    }
  });
}
const storedConsent = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem('mg-consent') ?? 'null'));

test('the consent banner asks first, sends nothing before the answer, remembers a refusal, and an acceptance sends the page view', async ({
  page,
}, info) => {
  const t = banner[languageOf(info)];
  const tracked: string[] = [];
  const marketingEvents: string[] = [];
  page.on('request', (request) => {
    if (/googletagmanager|google-analytics|\/marketing(\/|\?|$)/.test(request.url())) tracked.push(request.url());
    if (request.method() === 'POST' && new URL(request.url()).pathname.endsWith('/marketing'))
      marketingEvents.push((request.postDataJSON() as { event: string }).event);
  });
  await firstVisit(page);
  await page.goto(homeOf(info));
  const region = page.getByRole('region', { name: t.title });
  await expect(region).toBeVisible();
  expect(tracked).toEqual([]);
  await region.getByRole('button', { name: t.refuse }).click();
  await expect(region).toBeHidden();
  expect(await storedConsent(page)).toMatchObject({ analytics: false, marketing: false });
  await page.reload();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await expect(region).toBeHidden();
  expect(tracked).toEqual([]);
  // Changeable later from the footer.
  await page.getByRole('button', { name: t.manage }).click();
  await expect(region).toBeVisible();
  await region.getByRole('button', { name: t.accept }).click();
  await expect(region).toBeHidden();
  expect(await storedConsent(page)).toMatchObject({ analytics: true, marketing: true });
  // Accepted on the page: the marketing service gets its page view at once, and its top header shows.
  await expect.poll(() => marketingEvents).toEqual(['page_view']);
  await expect(page.locator('#top-header')).toBeVisible();
});

test('the consent banner takes a choice per purpose', async ({ page }, info) => {
  const t = banner[languageOf(info)];
  await firstVisit(page);
  await page.goto(homeOf(info));
  const region = page.getByRole('region', { name: t.title });
  await region.getByRole('button', { name: t.choose }).click();
  await region.getByRole('checkbox', { name: t.analytics }).check();
  await region.getByRole('button', { name: t.save }).click();
  await expect(region).toBeHidden();
  expect(await storedConsent(page)).toMatchObject({ analytics: true, marketing: false });
});

for (const screen of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1366, height: 900 },
])
  test(`the consent banner on a ${screen.name}: accessible, within the screen, its answers visible, nothing moved`, async ({
    page,
  }, info) => {
    const t = banner[languageOf(info)];
    await page.setViewportSize({ width: screen.width, height: screen.height });
    await firstVisit(page);
    await watchShifts(page);
    await page.goto(homeOf(info));
    const region = page.getByRole('region', { name: t.title });
    await expect(region).toBeVisible();
    for (const name of [t.accept, t.refuse, t.choose]) await expect(region.getByRole('button', { name })).toBeInViewport();
    expect(await overflowWidth(page)).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await expectStill(page, `home with the consent banner (${screen.name})`);
  });

// The language and country switcher's link to the Netherlands: exit-intent.spec.ts (no exit offer on the way).
