import { expect, languageOf, test } from './helpers.ts';

const expected = {
  fr: {
    path: '/magasins/paris-bastille/',
    closure: 'Fermeture exceptionnelle',
    tomorrow: 'ouvre demain à 10\u00A0h',
  },
  nl: {
    path: '/nl/winkels/parijs-bastille/',
    closure: 'Uitzonderlijke sluiting',
    tomorrow: 'opent morgen om 10.00\u00A0uur',
  },
};

// The Paris shop is closed on 25 December 2026 and opens at 10:00 the next day. Every rule of the tag (open,
// closing soon, lunch break, closures, the next opening) is a unit test (tests/unit/lib/shops/opening-tags.test.ts);
// here, that the page tells it in its language from the visitor's own clock, not the build's.
test('the shop page tells its opening from the visitor’s clock', async ({ page }, info) => {
  const t = expected[languageOf(info)];
  await page.clock.setFixedTime(new Date('2026-12-25T10:00:00Z'));
  await page.goto(t.path);
  await expect(page.locator('[data-opening-tag]').first()).toContainText(t.closure);
  await expect(page.locator('[data-opening-tag]').first()).toContainText(t.tomorrow);
});

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
