import { expect, languageOf, test } from './helpers.ts';

const expected = {
  fr: {
    path: '/magasins/paris-bastille/',
    open: 'Ouvert · ferme à 19\u00A0h\u00A030',
    soon: 'Ferme bientôt (dans 20 minutes)',
    lunch: 'Fermé · ouvre aujourd’hui à 14\u00A0h',
    closure: 'Fermeture exceptionnelle',
    tomorrow: 'ouvre demain à 10\u00A0h',
  },
  nl: {
    path: '/nl/winkels/parijs-bastille/',
    open: 'Open · sluit om 19.30\u00A0uur',
    soon: 'Sluit binnenkort (over 20 minuten)',
    lunch: 'Gesloten · opent vandaag om 14.00\u00A0uur',
    closure: 'Uitzonderlijke sluiting',
    tomorrow: 'opent morgen om 10.00\u00A0uur',
  },
};

// The Paris shop: Monday 14:00–19:00, Tuesday to Saturday 10:00–19:30, closed on 25 December 2026.
const cases = [
  { at: '2026-12-08T10:00:00Z', text: 'open' }, // Tuesday 11:00 in Paris
  { at: '2026-12-08T18:10:00Z', text: 'soon' }, // Tuesday 19:10
  { at: '2026-12-07T11:00:00Z', text: 'lunch' }, // Monday 12:00, opens at 14:00
  { at: '2026-12-25T10:00:00Z', text: 'closure' }, // Christmas
  { at: '2026-12-25T10:00:00Z', text: 'tomorrow' },
] as const;

for (const { at, text } of cases) {
  test(`the shop page tells “${text}” at ${at}, from the visitor’s clock`, async ({ page }, info) => {
    const t = expected[languageOf(info)];
    await page.clock.setFixedTime(new Date(at));
    await page.goto(t.path);
    await expect(page.locator('[data-opening-tag]').first()).toContainText(t[text]);
  });
}

test('the shop list shows every shop with its tag, and a map with a link per shop', async ({ page }, info) => {
  const nl = languageOf(info) === 'nl';
  await page.goto(nl ? '/nl/winkels/' : '/magasins/');
  const shops = page.locator('[data-shop]');
  expect(await shops.count()).toBeGreaterThanOrEqual(6);
  await expect(shops.first().locator('[data-opening-tag]')).not.toBeEmpty();
  const pins = page.locator('#shop-map svg a');
  expect(await pins.count()).toBe(await shops.count());
  await pins.first().click();
  await expect(page.locator('#hours')).toBeVisible();
  const ld = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((s) => JSON.parse(s));
  expect(ld.find((d) => d['@type'] === 'PetStore').openingHoursSpecification.length).toBeGreaterThan(5);
});
