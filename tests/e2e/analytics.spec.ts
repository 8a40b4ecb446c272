import type { Page } from '@playwright/test';
import { STORAGE_KEYS } from '../../src/lib/constants.ts';
import { atPath, createCustomer, expect, homeOf, localeOf, pathOf, signInThroughApi, test, textsOf } from './helpers.ts';
import { purchaseFormReady } from './page-checks.ts';

/**
 * The analytics events in the tag manager's data layer (window.dataLayer), read as the tag manager would:
 * no tag manager is configured in the test build (PUBLIC_GTM_ID unset), and the layer is filled anyway
 * once the shopper consented to the audience measure, and never otherwise.
 */

type Item = Record<string, unknown> & { item_id: string; item_name: string; price: number; quantity: number };
type PushedEvent = {
  event: string;
  user_connection?: string;
  user_type?: string;
  page_path?: string;
  page_title?: string;
  page_locale?: string;
  ecommerce?: { item_list_id?: string; item_list_name?: string; currency?: string; value?: number; items: Item[] };
};
const SHOP_EVENTS = ['page_view', 'view_item_list', 'view_item', 'add_to_cart', 'view_cart'];

/** The events pushed so far on this page (the `{ ecommerce: null }` resets left out). */
const pushed = (page: Page): Promise<PushedEvent[]> =>
  page.evaluate(() =>
    ((window as { dataLayer?: Array<{ event?: string }> }).dataLayer ?? []).filter((e) => typeof e.event === 'string'),
  ) as Promise<PushedEvent[]>;
const named = async (page: Page, name: string) => (await pushed(page)).filter((e) => e.event === name);
/** The one event of that name on this page, once it is there. */
async function single(page: Page, name: string): Promise<PushedEvent> {
  await expect.poll(async () => (await named(page, name)).length).toBe(1);
  return (await named(page, name))[0]!;
}

/** The shopper accepted the audience measure (marketing stays refused: its service is another story). */
async function consentToAnalytics(page: Page) {
  await page.addInitScript(() => {
    localStorage.setItem('mg-consent', JSON.stringify({ analytics: true, marketing: false, at: '2026-01-01T00:00:00.000Z' }));
  });
}

/** SPEC §3's analytics item, for a product bought once from a list or not. */
function expectItem(item: Item, listName: string) {
  expect(item.item_id).toMatch(/^\d{8}$/);
  expect(item.item_name.length).toBeGreaterThan(0);
  expect(typeof item.item_variant).toBe('string');
  expect(typeof item.item_category).toBe('string');
  expect(item.price).toBeGreaterThan(0);
  expect(item).toMatchObject({ item_brand: 'Maison Gamelle', item_list_name: listName, item_subscribed: false, discount: 0 });
  expect(typeof item.item_list_id).toBe('string');
}

/**
 * The first category of the header's menu, then its first product in stock: answers the category page's
 * events (read before leaving it), its number of products and the product's name.
 */
async function categoryThenProduct(page: Page): Promise<{ events: PushedEvent[]; cards: number; product: string }> {
  await page.locator('nav[aria-label] a').first().click();
  await expect(page.locator('[data-grid]')).toBeVisible();
  // The script runs once the page is parsed: its events are there when the page's load event is.
  await page.waitForLoadState('load');
  const events = await pushed(page);
  const cards = await page.locator('[data-grid] > li').count();
  const card = page.locator('[data-grid] > li:has(.tag.ok) a').first();
  const href = (await card.getAttribute('href'))!;
  await card.click();
  await expect(page).toHaveURL(atPath(href));
  return { events, cards, product: (await page.getByRole('heading', { level: 1 }).textContent())!.trim() };
}

test('with consent: page_view, view_item_list, view_item, add_to_cart and view_cart, each once, with the shopper’s classes', async ({
  page,
}, info) => {
  // A whole visit of five pages, each read as the tag manager would.
  test.slow();
  const t = textsOf(info);
  const guest = { user_connection: 'Non-connected', user_type: 'Guest' };
  await consentToAnalytics(page);
  await page.goto(homeOf(info));
  expect(await single(page, 'page_view')).toMatchObject({
    page_path: homeOf(info),
    page_title: await page.title(),
    page_locale: localeOf(info),
    ...guest,
  });

  const { events, cards, product } = await categoryThenProduct(page);
  expect(events.map((e) => e.event)).toEqual(['page_view', 'view_item_list']);
  const category = events[1]!;
  expect(category).toMatchObject(guest);
  expect(category.ecommerce!.item_list_id).toMatch(/^category_/);
  expect(category.ecommerce!.items).toHaveLength(cards);
  category.ecommerce!.items.forEach((item, index) => {
    expectItem(item, category.ecommerce!.item_list_name!);
    expect(item).toMatchObject({ index, quantity: 1 });
  });

  // The product page: the format it shows, once, even after its island hydrated.
  await purchaseFormReady(page);
  const view = await single(page, 'view_item');
  expect(view).toMatchObject({ ...guest, ecommerce: { currency: 'EUR' } });
  const [viewed] = view.ecommerce!.items;
  expect(viewed).toMatchObject({ item_name: product, item_id: await page.locator('input[name="variantId"]').inputValue() });
  expectItem(viewed!, 'Other');
  expect(view.ecommerce!.value).toBe(viewed!.price);

  await page.getByRole('button', { name: t('catalogue.product.addToCart') }).click();
  await expect(page.locator('[data-cart-count]')).toHaveText('1');
  const added = await single(page, 'add_to_cart');
  expect(added).toMatchObject({ ...guest, ecommerce: { currency: 'EUR', value: viewed!.price } });
  expect(added.ecommerce!.items).toEqual([
    expect.objectContaining({
      item_id: viewed!.item_id,
      item_name: product,
      item_category: viewed!.item_category,
      quantity: 1,
      price: viewed!.price,
      item_list_name: 'product_page',
    }),
  ]);
  expect(await named(page, 'view_item')).toHaveLength(1);

  // The cart page: one view_cart, whatever the page redraws after (a quantity changed).
  await page.goto(pathOf(info, 'cart'));
  const cart = await single(page, 'view_cart');
  expect(cart).toMatchObject({ ...guest, ecommerce: { currency: 'EUR', value: viewed!.price } });
  // The cart page renders no product data: the categories are those its product page showed this visit.
  expect(cart.ecommerce!.items).toEqual([
    expect.objectContaining({
      item_id: viewed!.item_id,
      item_name: product,
      item_category: viewed!.item_category,
      quantity: 1,
      price: viewed!.price,
      item_list_name: 'product_page',
    }),
  ]);
  const line = page.locator('.cart-line').first();
  await line.getByRole('button', { name: textsOf(info)('cart.item.increase') }).click();
  await expect(line.locator('input[type="number"]')).toHaveValue('2');
  await expect(page.locator('[data-cart]')).toHaveAttribute('aria-busy', 'false');
  expect(await named(page, 'view_cart')).toHaveLength(1);
  expect(await named(page, 'page_view')).toHaveLength(1);
});

test('signed in: Connected and New client, for a customer without a paid order', async ({ page, request }, info) => {
  await consentToAnalytics(page);
  await signInThroughApi(page, info, await createCustomer(request, info));
  await page.goto(homeOf(info));
  expect(await single(page, 'page_view')).toMatchObject({ user_connection: 'Connected', user_type: 'New client' });
  expect(await single(page, 'view_item_list')).toMatchObject({ user_connection: 'Connected', user_type: 'New client' });
});

test('after a refusal nothing is pushed: no page view, no list, no product, no add, no cart', async ({ page }, info) => {
  const t = textsOf(info);
  // The helpers store a refusal in every context.
  await page.goto(homeOf(info));
  expect((await categoryThenProduct(page)).events).toEqual([]);
  await page.waitForLoadState('load');
  expect(await pushed(page)).toEqual([]);
  await purchaseFormReady(page);
  await page.getByRole('button', { name: t('catalogue.product.addToCart') }).click();
  await expect(page.locator('[data-cart-count]')).toHaveText('1');
  expect(await pushed(page)).toEqual([]);
  await page.goto(pathOf(info, 'cart'));
  await expect(page.locator('.cart-line')).toHaveCount(1);
  await expect(page.locator('[data-cart]')).toHaveAttribute('aria-busy', 'false');
  expect((await pushed(page)).filter((e) => SHOP_EVENTS.includes(e.event))).toEqual([]);
  // Nor is anything kept for analytics.
  expect(await page.evaluate((key) => sessionStorage.getItem(key), STORAGE_KEYS.analyticsItems)).toBeNull();
});

test('no answer yet: nothing pushed; accepting on the page pushes its page_view once, not what it showed before', async ({
  page,
}, info) => {
  const t = textsOf(info);
  // The refusal the helpers store on every page is no answer here: only the shopper's own (dated now) is kept.
  await page.addInitScript(() => {
    if (localStorage.getItem('mg-consent')?.includes('2026-01-01T00:00:00.000Z')) localStorage.removeItem('mg-consent');
  });
  await page.goto(homeOf(info));
  await page.locator('nav[aria-label] a').first().click();
  await expect(page.locator('[data-grid]')).toBeVisible();
  const region = page.getByRole('region', { name: t('marketing.consent.title') });
  await expect(region).toBeVisible();
  expect(await pushed(page)).toEqual([]);
  await region.getByRole('button', { name: t('marketing.consent.acceptAll') }).click();
  await expect(region).toBeHidden();
  const view = await single(page, 'page_view');
  expect(view).toMatchObject({ page_path: new URL(page.url()).pathname, user_connection: 'Non-connected', user_type: 'Guest' });
  // Reopened and accepted again: still one page view on this page, and the list shown before the answer never.
  await page.getByRole('button', { name: t('marketing.consent.manage') }).click();
  await region.getByRole('button', { name: t('marketing.consent.acceptAll') }).click();
  await expect(region).toBeHidden();
  expect((await pushed(page)).map((e) => e.event)).toEqual(['page_view']);
  // The next page is counted whole.
  await page.reload();
  await single(page, 'page_view');
  await single(page, 'view_item_list');
});
