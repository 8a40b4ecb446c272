import type { Page } from '@playwright/test';
import { STORAGE_KEYS } from '../../src/lib/constants.ts';
import { channelOf } from '../../src/lib/channels.ts';
import { atPath, expect, homeOf, languageOf, localeOf, PLATFORM, test, textsOf } from './helpers.ts';
import { purchaseFormReady } from './page-checks.ts';

const texts = {
  fr: {
    add: 'Ajouter au panier',
    cart: '/panier/',
    empty: 'Votre panier est vide.',
    coupon: 'Code promo',
    apply: 'Appliquer',
    invalid: 'Ce code promo n’est pas valide.',
    purchase: 'Mode d’achat',
    monthly: 'Tous les mois',
    remove: 'Supprimer',
    freeShippingFrom: 'Plus que',
    promotion: 'Réduction',
    linkAdded: 'Les articles du lien ont été ajoutés à votre panier.',
  },
  nl: {
    add: 'In winkelmand',
    cart: '/nl/winkelmand/',
    empty: 'Je winkelmand is leeg.',
    coupon: 'Kortingscode',
    apply: 'Toepassen',
    invalid: 'Deze kortingscode is niet geldig.',
    purchase: 'Aankoopwijze',
    monthly: 'Elke maand',
    remove: 'Verwijderen',
    freeShippingFrom: 'Nog',
    promotion: 'Korting',
    linkAdded: 'De artikelen van de link zijn aan je winkelmand toegevoegd.',
  },
} as const;

/** Opens a dry food product of the dog section that is in stock. */
async function openProduct(page: Page, home: string, { hydrated = true } = {}): Promise<void> {
  await page.goto(home);
  await page.locator('nav[aria-label] a').first().click();
  const card = page.locator('[data-grid] > li:has(.tag.ok) a').first();
  const href = (await card.getAttribute('href'))!;
  await card.click();
  await expect(page).toHaveURL(atPath(href));
  await expect(page.locator('[data-purchase] button[type="submit"]')).toBeEnabled();
  // The form's island loads when the shopper reaches for it (client:intent); wait for it as a shopper would.
  if (hydrated) await purchaseFormReady(page);
}

/**
 * A 2 kg bag of dog food of the seeded catalogue (src/backend/seed/fixtures/products.json), in stock and sold by
 * subscription: for the tests about the cart page, which need no product page to reach it.
 */
const DOG_FOOD = '10000001';

const total = (page: Page) => page.locator('[data-total]').textContent();
/** Cents of a price as the page writes it (24,90 €, € 24,90, 1 234,50 €). */
const cents = (text: string | null) => Math.round(Number(text!.replace(/[^\d,]/g, '').replace(',', '.')) * 100);

test('add from a product page → badge and mini cart → cart page: quantity, subscription, coupons, remove', async ({ page }, info) => {
  const t = texts[languageOf(info)];
  await openProduct(page, homeOf(info));
  const name = (await page.getByRole('heading', { level: 1 }).textContent())!.trim();
  await page.getByRole('button', { name: t.add }).click();
  await expect(page.locator('[data-cart-count]')).toHaveText('1');
  await expect(page.locator('[data-mini-cart]')).toContainText(name);

  await page.goto(t.cart);
  const line = page.locator('.cart-line').first();
  await expect(line).toContainText(name);
  // The total is read once the cart page is settled (loaded, no change under way), one-off line of one.
  await expect(page.locator('[data-cart]')).toHaveAttribute('aria-busy', 'false');
  await expect(line.locator('[data-line-total] s')).toHaveCount(0);
  await expect(line.locator('input[type="number"]')).toHaveValue('1');
  const first = await total(page);
  const unit = cents(await line.locator('[data-line-total]').textContent());
  expect(unit).toBeGreaterThan(0);
  await line.getByRole('button', { name: textsOf(info)('cart.item.increase') }).click();
  await expect(line.locator('input[type="number"]')).toHaveValue('2');
  await expect.poll(async () => cents(await line.locator('[data-line-total]').textContent())).toBe(unit * 2);
  await expect.poll(() => total(page)).not.toBe(first);
  await expect(page.locator('[data-cart-count]')).toHaveText('2');

  // Subscribe monthly: the line price drops by 10% and shows the one-off price struck through.
  const oneOff = await line.locator('[data-line-total]').textContent();
  await line.getByLabel(t.purchase).selectOption({ label: t.monthly });
  await expect(line.locator('[data-line-total] s')).toBeVisible();
  expect(await line.locator('[data-line-total]').textContent()).not.toBe(oneOff);

  // A bad code shows the server's message; a good one adds the reduction line.
  await page.getByLabel(t.coupon).fill('PASUNCODE');
  await page.getByRole('button', { name: t.apply }).click();
  await expect(page.getByRole('alert').filter({ hasText: t.invalid })).toBeVisible();
  await page.getByLabel(t.coupon).fill('BIENVENUE10');
  await page.getByRole('button', { name: t.apply }).click();
  await expect(page.locator('[data-coupon="BIENVENUE10"]')).toBeVisible();
  await expect(page.locator('[data-totals]')).toContainText(t.promotion);

  // Removing the last line deletes the cart.
  await line.getByRole('button', { name: new RegExp(t.remove, 'i') }).click();
  await expect(page.locator('[data-cart-empty]')).toContainText(t.empty);
  await expect(page.locator('[data-cart-count]')).toBeHidden();
});

test('a cart link fills the cart and leaves a clean address', async ({ page }, info) => {
  const t = texts[languageOf(info)];
  const variant = DOG_FOOD;
  await page.goto(`${t.cart}?variantId=${variant}&quantity=3&interval=31&utm_source=mail`);
  const line = page.locator(`.cart-line[data-variant="${variant}"]`);
  await expect(line.locator('input[type="number"]')).toHaveValue('3');
  await expect(line.getByLabel(t.purchase)).toHaveValue('31');
  await expect(page.getByText(t.linkAdded)).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === t.cart && url.search === '?utm_source=mail');
  // Bad parameters are ignored, not an error page.
  await page.goto(`${t.cart}?variantId=12&quantity=abc`);
  await expect(line.locator('input[type="number"]')).toHaveValue('3');
});

test('the cart is shared between tabs', async ({ context }, info) => {
  const t = texts[languageOf(info)];
  const first = await context.newPage();
  await openProduct(first, homeOf(info));
  const other = await context.newPage();
  await other.goto(t.cart);
  await expect(other.locator('[data-cart-empty]')).toBeVisible();
  await first.getByRole('button', { name: t.add }).click();
  await expect(other.locator('.cart-line')).toHaveCount(1);
  await expect(other.locator('[data-cart-count]')).toHaveText('1');
});

test('without JavaScript, add to cart is a cart link to the cart page', async ({ browser }, info) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: info.project.use.baseURL });
  const page = await context.newPage();
  await openProduct(page, homeOf(info), { hydrated: false });
  await page.getByRole('button', { name: texts[languageOf(info)].add }).click();
  // Read once the form's navigation is done, not right after the click.
  await expect(page).toHaveURL(atPath(texts[languageOf(info)].cart));
  const url = new URL(page.url());
  expect(url.pathname).toBe(texts[languageOf(info)].cart);
  expect(url.searchParams.get('variantId')).toMatch(/^\d{8}$/);
  expect(url.searchParams.get('quantity')).toBe('1');
  // The cart cannot run without JavaScript: the page says so on its first screen, and no status waits for ever.
  await expect(page.locator('[data-no-script]')).toBeInViewport();
  await expect(page.getByText(textsOf(info)('cart.loading'))).toBeHidden();
  await context.close();
});

test('upsells: shown on the cart page, one added lands in the cart as an upsell and leaves the list', async ({ page, request }, info) => {
  const t = texts[languageOf(info)];
  const m = textsOf(info);
  const upsells = page.getByRole('region', { name: m('cart.upsells') });
  // On the empty cart too.
  await page.goto(t.cart);
  await expect(page.locator('[data-cart-empty]')).toBeVisible();
  await expect(upsells.getByRole('listitem')).toHaveCount(3);

  const variant = DOG_FOOD;
  await page.goto(`${t.cart}?variantId=${variant}&quantity=1`);
  await expect(page.locator('.cart-line')).toHaveCount(1);
  const offered = upsells.getByRole('listitem');
  await expect(offered).toHaveCount(3);
  const first = offered.first();
  const name = (await first.locator('strong').textContent())!.trim();
  const format = (await first.locator('.muted').textContent())!.trim();
  // Each offer shows its pack shot (the catalogue's card files, drawn whole) and leads to its page.
  for (const card of await offered.all()) {
    const picture = card.locator('img.upsell-picture');
    await picture.scrollIntoViewIfNeeded();
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0))).toBeGreaterThan(0);
    await expect(card.getByRole('link')).toHaveAttribute('href', /\/(produits|producten)\/[^/]+\/$/);
  }
  await first.getByRole('button', { name: `${m('cart.addUpsell')} ${name} ${format}` }).click();

  await expect(page.locator('.toasts .toast-success').filter({ hasText: m('cart.added', { name }) })).toHaveCount(1);
  const added = page.locator('.cart-line').filter({ hasText: name });
  await expect(added).toHaveCount(1);
  await expect(added.locator('input[type="number"]')).toHaveValue('1');
  await expect(page.locator('.cart-line')).toHaveCount(2);
  await expect(page.locator('[data-cart-count]')).toHaveText('2');
  // Out of the offers once in the cart; another takes its place.
  await expect(offered.filter({ hasText: name })).toHaveCount(0);
  await expect(offered).toHaveCount(3);

  // The shop API has it as an upsell from the cart page, bought once.
  const token = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.cartToken);
  const locale = localeOf(info);
  const cart = (await (
    await request.get(`${PLATFORM}/api/v2/shop/orders/${token}?channelCode=${channelOf(locale).code}&locale=${locale}`, {
      headers: { Accept: 'application/ld+json' },
    })
  ).json()) as {
    items: Array<{
      productName: string;
      variantCode: string;
      upsell: boolean;
      sourceItemList: string | null;
      subscriptionInterval: number;
      quantity: number;
    }>;
  };
  const item = cart.items.find((i) => i.productName === name);
  expect(item).toMatchObject({ upsell: true, sourceItemList: 'cart_upsell', subscriptionInterval: 0, quantity: 1 });
  expect(cart.items.find((i) => i.variantCode === variant)).toMatchObject({ upsell: false });
});
