/**
 * A cart a shopper can trust: each line in the page's language with its picture and a link to its page,
 * an empty cart that says why when the other country site holds the shopper's cart, cart links that say
 * what they could not add, a discount code whose state follows the totals and is told, the focus kept after
 * a removal, and touch targets of at least 24 px. A quantity refused next to its field, and a refusal of the
 * shop API said next to the button, are island states: tests/components/add-to-cart.test.tsx and
 * cart-page.test.tsx.
 * Run in French on the FR site (project fr) and in Dutch on the BE site (project be).
 */
import type { Locator, Page, TestInfo } from '@playwright/test';
import { translator } from '../../src/i18n/translate.ts';
import type { Translator } from '../../src/lib/translator.ts';
import { CART_QUANTITY } from '../../src/lib/constants.ts';
import { pathTo } from '../../src/lib/routes/paths.ts';
import { escapeRegExp, expect, languageOf, pathOf, target, test, textsOf, EACH_SITE } from './helpers.ts';

// Variants of the seeded catalogue (src/backend/seed/fixtures/products.json): a 2 kg bag of dog food at
// 23,90 EUR, a 2 kg bag of cat food, a free sample of dog food.
const DOG_FOOD = '10000001';
const DOG_FOOD_PRICE = 2390;
const CAT_FOOD = '10000053';
const SAMPLE = '10000091';
/** CROQ5: 5 EUR off from 30 EUR of items. */
const CROQ5 = { code: 'CROQ5', amount: 500, minimum: 3000 };

const cartOf = (info: TestInfo) => pathOf(info, 'cart');
/** A price as either language writes it ("5,00 €", "€ 5,00"), whatever its spaces. */
const amount = (minor: number) => {
  const digits = escapeRegExp((minor / 100).toFixed(2).replace('.', ','));
  return `(?:€\\s?${digits}|${digits}\\s?€)`;
};
/** A message with its amounts (given as `{amount}` values) matched whatever their spaces. */
function message(t: Translator, key: string, values: Record<string, string | number> = {}, amounts: Record<string, number> = {}): RegExp {
  const marks = Object.fromEntries(Object.keys(amounts).map((name, i) => [name, `\u0000${i}\u0000`]));
  let pattern = escapeRegExp(t(key, { ...values, ...marks }));
  Object.values(amounts).forEach((minor, i) => {
    pattern = pattern.replace(`\u0000${i}\u0000`, amount(minor));
  });
  return new RegExp(pattern.replace(/\s/g, '\\s'));
}
const line = (page: Page, variant: string) => page.locator(`.cart-line[data-variant="${variant}"]`);
/** Fills the cart through a cart link and waits for its lines. */
async function fill(page: Page, info: TestInfo, lines: Array<[string, number]>) {
  await page.goto(`${cartOf(info)}?variantId=${lines.map(([v]) => v).join(',')}&quantity=${lines.map(([, q]) => q).join(',')}`);
  for (const [variant, quantity] of lines) await expect(line(page, variant).locator('input[type="number"]')).toHaveValue(String(quantity));
  await expect(page.locator('[data-cart]')).toHaveAttribute('aria-busy', 'false');
}
const box = async (locator: Locator) => (await locator.boundingBox())!;

test('a cart link with a value the shop cannot apply adds the rest, and says in words what it left out and why', async ({ page }, info) => {
  const t = textsOf(info);
  const toasts = page.locator('.toasts');
  // A frequency that is not offered: no one-off purchase at full price in its place.
  await page.goto(`${cartOf(info)}?variantId=${DOG_FOOD}&interval=30`);
  const interval = `${t('cart.link.reasons.interval', { value: 30, ...CART_QUANTITY })}.`;
  await expect(toasts.getByRole('alert')).toContainText(t('cart.link.refused', { code: DOG_FOOD, reason: interval }));
  await expect(page.locator('[data-cart-empty]')).toBeVisible();
  await expect(page.locator('[data-cart-count]')).toBeHidden();
  await expect(page).toHaveURL((url) => url.pathname === cartOf(info) && url.search === '');

  // 0 bags of one, 2 of the other: the second is added, the first is not made 1.
  await page.goto(`${cartOf(info)}?variantId=${DOG_FOOD},${CAT_FOOD}&quantity=0,2`);
  await expect(line(page, CAT_FOOD).locator('input[type="number"]')).toHaveValue('2');
  await expect(line(page, DOG_FOOD)).toHaveCount(0);
  await expect(toasts.getByRole('status')).toContainText(t('cart.link.partlyAdded'));
  const quantity = `${t('cart.link.reasons.quantity', { value: 0, ...CART_QUANTITY })}.`;
  await expect(toasts.getByRole('alert')).toContainText(t('cart.link.refused', { code: DOG_FOOD, reason: quantity }));
  await expect(page.locator('[data-cart-count]')).toHaveText('2');
});

test('each line is in the page’s language, with its picture and a link to its page; a language switch follows', async ({ page }, info) => {
  // Both languages live on the BE site: the French project goes from French to Dutch, the Dutch one back.
  const [from, to] = languageOf(info) === 'nl' ? (['nl_BE', 'fr_BE'] as const) : (['fr_BE', 'nl_BE'] as const);
  const site = target.sites.be;
  await page.goto(`${site}${pathTo('cart', from)}?variantId=${DOG_FOOD}&quantity=2`);
  await expect(line(page, DOG_FOOD)).toHaveCount(1);
  const tFrom = translator(from === 'nl_BE' ? 'nl' : 'fr');
  const tTo = translator(to === 'nl_BE' ? 'nl' : 'fr');
  await page.getByLabel(tFrom('cart.coupon.label')).fill('BIENVENUE10');
  await page.getByRole('button', { name: tFrom('cart.coupon.apply') }).click();
  await expect(page.locator('[data-coupon="BIENVENUE10"]')).toHaveAttribute('data-applicable', 'true');
  const before = (await line(page, DOG_FOOD).getByRole('link').textContent())!.trim();

  // The language switcher of the cart page: the same cart, its names and its code's label in the other language.
  await page.locator('.switcher summary').click();
  await page.locator(`.switcher a[data-locale="${to}"]`).click();
  await expect(page).toHaveURL(`${site}${pathTo('cart', to)}`);
  const link = line(page, DOG_FOOD).getByRole('link');
  await expect(link).not.toHaveText(before);
  await expect(page.locator('[data-coupon="BIENVENUE10"]')).toContainText(to === 'nl_BE' ? 'Welkom' : 'Bienvenue');
  await expect(page.locator('.cart-summary')).toContainText(tTo('cart.lines.total'));

  // Its picture: sized, lazy, described, the pack shot's thumbnail (enough for 64 pixels at twice the density,
  // not the 720-pixel master); its name leads to the product's page in this language.
  const picture = line(page, DOG_FOOD).locator('img');
  await expect(picture).toHaveAttribute('width', '64');
  await expect(picture).toHaveAttribute('height', '64');
  await expect(picture).toHaveAttribute('loading', 'lazy');
  await expect(picture).toHaveAttribute('alt', /\S/);
  await expect(picture).toHaveAttribute('src', /\/thumbnail-[a-z0-9-]+\.webp$/);
  await expect.poll(() => picture.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThanOrEqual(128);
  expect(await picture.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeLessThanOrEqual(245);
  const name = (await link.textContent())!.trim();
  await link.click();
  await expect(page).toHaveURL(new RegExp(`^${escapeRegExp(site)}${to === 'nl_BE' ? '/nl/producten/' : '/produits/'}`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
});

test('on the other country site, an empty cart says why and links back to the shopper’s cart', EACH_SITE, async ({ page }, info) => {
  // The shopper's cart is on this project's site; the other site is visited in French (both sites speak it).
  const here =
    languageOf(info) === 'nl'
      ? { site: target.sites.be, locale: 'nl_BE' as const, channel: 'BE' }
      : { site: target.sites.fr, locale: 'fr_FR' as const, channel: 'FR' };
  const there =
    languageOf(info) === 'nl' ? { site: target.sites.fr, locale: 'fr_FR' as const } : { site: target.sites.be, locale: 'fr_BE' as const };
  await page.goto(`${here.site}${pathTo('cart', here.locale)}?variantId=${DOG_FOOD}&quantity=3`);
  await expect(line(page, DOG_FOOD).locator('input[type="number"]')).toHaveValue('3');

  // The other site shows its own cart, empty, and says where the shopper's is.
  await page.goto(`${there.site}${pathTo('cart', there.locale)}`);
  const t = translator('fr');
  const country = t(`site.countries.${here.channel}`);
  const empty = page.locator('[data-cart-empty]');
  await expect(empty).toContainText(t('cart.empty'));
  await expect(empty.locator('[data-other-site]')).toContainText(t.plural('cart.otherSite.count', 3, { country }));
  const back = empty.getByRole('link', { name: t('cart.otherSite.back', { country }) });
  await back.click();
  await expect(line(page, DOG_FOOD).locator('input[type="number"]')).toHaveValue('3');
  expect(new URL(page.url()).origin).toBe(new URL(here.site).origin);

  // Once that cart is emptied, the other site says nothing more about it.
  await line(page, DOG_FOOD).locator('.link-button').click();
  await expect(page.locator('[data-cart-empty]')).toBeVisible();
  await page.goto(`${there.site}${pathTo('cart', there.locale)}`);
  await expect(page.locator('[data-cart-empty]')).toBeVisible();
  await expect(page.locator('[data-other-site]')).toHaveCount(0);
});

test('the code’s state follows the totals, and each change is told', async ({ page }, info) => {
  const t = textsOf(info);
  await fill(page, info, [[DOG_FOOD, 2]]);
  const coupon = page.locator('.coupon');
  const status = coupon.locator('[data-coupon-status]');
  await expect(status).toHaveAttribute('role', 'status');
  await page.getByLabel(t('cart.coupon.label')).fill('croq5');
  await page.getByRole('button', { name: t('cart.coupon.apply') }).click();
  await expect(coupon.locator('[data-coupon="CROQ5"]')).toHaveAttribute('data-applicable', 'true');
  await expect(status).toHaveText(message(t, 'cart.coupon.changes.applied', { code: 'CROQ5' }, { amount: CROQ5.amount }));
  await expect(page.locator('[data-totals] .promotion')).toBeVisible();
  // Saying what a new code would do.
  await expect(coupon.getByText(t('cart.coupon.oneCode', { code: 'CROQ5' }))).toBeVisible();

  // One bag less: under 30 EUR, the code stays but says it gives nothing now, why, and what is missing.
  const dog = line(page, DOG_FOOD);
  await dog.getByRole('button', { name: t('cart.item.decrease') }).click();
  await expect(dog.locator('input[type="number"]')).toHaveValue('1');
  await expect(coupon.locator('[data-coupon="CROQ5"]')).toHaveAttribute('data-applicable', 'false');
  await expect(coupon.locator('[data-coupon="CROQ5"]')).toContainText(t('cart.coupon.notApplicable', { code: 'CROQ5' }));
  const missing = message(t, 'cart.coupon.missing', {}, { amount: CROQ5.minimum - DOG_FOOD_PRICE });
  await expect(coupon.locator('[data-coupon-reason]')).toContainText(missing);
  await expect(status).toContainText(t('cart.coupon.changes.lapsed', { code: 'CROQ5', reason: '' }).trim());
  await expect(status).toContainText(missing);
  await expect(page.locator('[data-totals] .promotion')).toHaveCount(0);

  // Back over the minimum: applied again, and said.
  await dog.getByRole('button', { name: t('cart.item.increase') }).click();
  await expect(coupon.locator('[data-coupon="CROQ5"]')).toHaveAttribute('data-applicable', 'true');
  await expect(status).toHaveText(message(t, 'cart.coupon.changes.restored', { code: 'CROQ5' }, { amount: CROQ5.amount }));

  // A second code replaces the first, and says so.
  await page.getByLabel(t('cart.coupon.label')).fill('BIENVENUE10');
  await page.getByRole('button', { name: t('cart.coupon.apply') }).click();
  await expect(coupon.locator('[data-coupon="BIENVENUE10"]')).toHaveAttribute('data-applicable', 'true');
  await expect(status).toHaveText(
    message(
      t,
      'cart.coupon.changes.replaced',
      { code: 'BIENVENUE10', previous: 'CROQ5' },
      { amount: Math.round(2 * DOG_FOOD_PRICE * 0.1) },
    ),
  );

  // A refusal ("from 30 EUR") describes the cart as it was: it goes once the cart's total changes.
  await coupon.getByRole('button', { name: t('cart.coupon.remove', { code: 'BIENVENUE10' }) }).click();
  await expect(status).toHaveText(t('cart.coupon.changes.removed', { code: 'BIENVENUE10' }));
  await dog.getByRole('button', { name: t('cart.item.decrease') }).click();
  await expect(dog.locator('input[type="number"]')).toHaveValue('1');
  await page.getByLabel(t('cart.coupon.label')).fill('CROQ5');
  await page.getByRole('button', { name: t('cart.coupon.apply') }).click();
  const refusal = coupon.getByRole('alert');
  await expect(refusal).toBeVisible();
  await expect(page.getByLabel(t('cart.coupon.label'))).toHaveAttribute('aria-invalid', 'true');
  await dog.getByRole('button', { name: t('cart.item.increase') }).click();
  await expect(dog.locator('input[type="number"]')).toHaveValue('2');
  await expect(refusal).toHaveCount(0);
});

test('removing a line moves the focus to the next line, then to the cart’s heading, and says so', async ({ page }, info) => {
  const t = textsOf(info);
  await fill(page, info, [
    [DOG_FOOD, 1],
    [CAT_FOOD, 1],
  ]);
  const announcer = page.locator('[data-cart-announcer]');
  const dogName = (await line(page, DOG_FOOD).getByRole('link').textContent())!.trim();
  const dogFormat = (await line(page, DOG_FOOD).locator('.muted').first().textContent())!.replace('·', '').trim();
  await line(page, DOG_FOOD)
    .getByRole('button', { name: t('cart.item.removeNamed', { name: `${dogName} ${dogFormat}` }) })
    .click();
  await expect(line(page, DOG_FOOD)).toHaveCount(0);
  await expect(line(page, CAT_FOOD).getByRole('link')).toBeFocused();
  await expect(announcer).toHaveText(t('cart.item.removed', { name: `${dogName} ${dogFormat}` }));

  // The last line, with its "−" at 1: the cart is empty, its heading takes the focus.
  await line(page, CAT_FOOD)
    .getByRole('button', { name: t('cart.item.decrease') })
    .click();
  await expect(page.locator('[data-cart-empty]')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  await expect(page.locator('body')).not.toBeFocused();
});

test('a sample is bought once: its line offers no subscription; upsells follow the cart’s species', async ({ page }, info) => {
  const t = textsOf(info);
  await fill(page, info, [[SAMPLE, 1]]);
  await expect(line(page, SAMPLE)).toContainText(t('cart.item.sampleOnce'));
  await expect(line(page, SAMPLE).locator('select')).toHaveCount(0);

  const upsells = page.getByRole('region', { name: t('cart.upsells') }).getByRole('listitem');
  await expect(upsells).toHaveCount(3);
  await expect(upsells.and(page.locator('[data-animal="dog"]'))).toHaveCount(3);
  await fill(page, info, [[CAT_FOOD, 1]]);
  await line(page, SAMPLE)
    .getByRole('button', { name: t('cart.item.decrease') })
    .click();
  await expect(line(page, SAMPLE)).toHaveCount(0);
  await expect(upsells.and(page.locator('[data-animal="cat"]'))).toHaveCount(3);
});

test('the cart’s touch targets are at least 24 px each way', async ({ page }, info) => {
  const t = textsOf(info);
  await page.setViewportSize({ width: 390, height: 844 });
  await fill(page, info, [[DOG_FOOD, 2]]);
  await page.getByLabel(t('cart.coupon.label')).fill('CROQ5');
  await page.getByRole('button', { name: t('cart.coupon.apply') }).click();
  const targets = [
    page.getByRole('button', { name: t('cart.coupon.remove', { code: 'CROQ5' }) }),
    line(page, DOG_FOOD).getByRole('button', { name: t('cart.item.decrease') }),
    line(page, DOG_FOOD).getByRole('button', { name: t('cart.item.increase') }),
    line(page, DOG_FOOD).locator('.link-button'),
    page.getByRole('button', { name: t('cart.mini.open') }),
  ];
  for (const target of targets) {
    const { width, height } = await box(target);
    expect(Math.min(width, height), await target.evaluate((el) => el.outerHTML.slice(0, 80))).toBeGreaterThanOrEqual(24);
  }
});
