/**
 * The pass over every page type: in each locale on the site that serves it (fr_FR on the FR site, fr_BE
 * and nl_BE on the BE site), on a phone (390 × 844) and a laptop (1366 × 900), each page loaded afresh
 * and measured once its islands have hydrated and done their first work:
 * - it does not move: the layout shifts the page reports (PerformanceObserver) add up to at most 0.01;
 * - it is no wider than the screen;
 * - it logs no console error (a 404 page's own 404 answer aside);
 * - axe finds no serious or critical violation, and no text is written in its own background's colour (which
 *   axe leaves aside);
 * - its main action is on the first screen where a shopper expects it (product, sample, category, login).
 * The account's pages are checked signed in. One test per page type, locale and size, so a failure names
 * its page and hides no other.
 */
import type { ConsoleMessage, Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LocaleCode } from '../../src/lib/channels.ts';
import { pathTo } from '../../src/lib/routes/paths.ts';
import type { RouteName } from '../../src/lib/routes/routes.ts';
import { createCustomer, escapeRegExp, expect, PLATFORM, seriousViolations, signInThroughApi, target, test } from './helpers.ts';
import { catOfCustomer, keepBiNutritionChoice } from './bi-nutrition-helpers.ts';
import { expectStill, hydrated, overflowWidth, textsInTheirBackgroundColour, watchShifts } from './page-checks.ts';

const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'laptop', width: 1366, height: 900 },
] as const;

const LOCALES: ReadonlyArray<{ locale: LocaleCode; channel: 'fr' | 'be' }> = [
  { locale: 'fr_FR', channel: 'fr' },
  { locale: 'fr_BE', channel: 'be' },
  { locale: 'nl_BE', channel: 'be' },
];

/** One address of each public page type in a locale: those of the content from the build's own sitemap, the others by their route. */
function pageTypes(locale: LocaleCode, channel: 'fr' | 'be'): Record<string, string> {
  const xml = readFileSync(join(target.distDir, channel, `sitemap-${locale}.xml`), 'utf8');
  const urls = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  const find = (re: RegExp) => urls.find((u) => re.test(u)) ?? '';
  const nl = locale === 'nl_BE';
  const p = nl ? '/nl' : '';
  const at = (route: RouteName, params?: Record<string, string>) => pathTo(route, locale, params);
  const product = find(nl ? /^\/nl\/producten\/(?!stalen)[^/]+\/$/ : /^\/produits\/(?!echantillons)[^/]+\/$/);
  return {
    home: `${p}/`,
    category: find(nl ? /^\/nl\/hond\/[^/]+\/$/ : /^\/chien\/[^/]+\/$/),
    product,
    // Format pages are not in the sitemap (their canonical is the product's): the product page links them.
    productFormat: formatOf(channel, product),
    sample: find(nl ? /\/stalen\// : /\/echantillons\//),
    faq: at('faq'),
    faqCategory: find(nl ? /^\/nl\/veelgestelde-vragen\/[^/]+\/$/ : /^\/faq\/[^/]+\/$/),
    shops: at('shops'),
    shop: find(nl ? /^\/nl\/winkels\/[^/]+\/$/ : /^\/magasins\/[^/]+\/$/),
    contentPage: nl ? '/nl/pagina/gebruiksvoorwaarden/' : '/page/conditions-generales/',
    landing: find(/\/landing\//),
    subscriptionLanding: at('subscriptionLandingDog'),
    notFound: `${p}/nope-nope/`,
    error: at('error', { status: '500' }),
    maintenance: at('maintenance'),
    // The account is for customers: an anonymous visit is sent to login, which is what is measured.
    accountAnonymous: at('account'),
    cart: at('cart'),
    contact: at('contact'),
    // With a query: its results come after hydration, in the room the page kept for them.
    search: `${at('search')}?q=${nl ? 'brokken' : 'croquettes'}`,
    newsletter: at('newsletter'),
    login: at('login'),
    register: at('register'),
    resetPassword: at('forgotPassword', { forgotPassword: 'a-reset-token' }),
    guide: at('kibbleGuide'),
    nutritionGuideEntrance: at('nutritionGuideFull'),
    webView: nl ? '/nl/web-view/1-betaalwijziging/' : '/web-view/1-changement-de-paiement/',
  };
}

/** The last format a product page links to (the first is often the product page itself). */
function formatOf(channel: 'fr' | 'be', product: string): string {
  if (!product) return '';
  const html = readFileSync(join(target.distDir, channel, product, 'index.html'), 'utf8');
  const formats = [...html.matchAll(new RegExp(`href="(${escapeRegExp(product)}[^"/?#]+/)`, 'g'))].map((m) => m[1]!);
  return formats.at(-1) ?? '';
}

/** The account's pages, checked signed in. */
const ACCOUNT_ROUTES = [
  'account',
  'accountWelcome',
  'personalData',
  'addresses',
  'orders',
  'subscriptions',
  'animals',
  'animalAdd',
  'sponsorships',
] as const;

/** The bi-nutrition guide and its results, checked signed in with a cat (the results with the guide's choices kept). */
const BI_NUTRITION_ROUTES = ['biNutritionGuide', 'biNutritionResults'] as const;

/** What a page type shows once its island has done its first work (beyond hydration itself). */
async function settled(page: Page, type: string): Promise<void> {
  // The account and the app's payment web view are for customers: an anonymous visit goes to login.
  if (type === 'accountAnonymous' || type === 'webView') await page.waitForURL(/\/(connexion|inloggen)\//);
  if (type === 'accountAnonymous' || type === 'webView' || type === 'login')
    await expect(page.locator('form input[type="email"]')).toBeVisible();
  if (type === 'cart') await expect(page.locator('[data-cart-empty]')).toBeVisible();
  if (ACCOUNT_ROUTES.includes(type as (typeof ACCOUNT_ROUTES)[number])) await expect(page.locator('.island-status')).toHaveCount(0);
  // The last order (a new customer has none: the card that says so, and its button) is read after the menu.
  if (type === 'account') await expect(page.locator('.last-order .card')).toBeVisible();
  if (type === 'nutritionGuideEntrance') await expect(page.locator('[data-no-cat]')).toBeVisible();
  if (type === 'search') await expect(page.locator('.search-products > li').first()).toBeVisible();
  if (BI_NUTRITION_ROUTES.includes(type as (typeof BI_NUTRITION_ROUTES)[number]))
    await expect(page.locator('.bi-day, form button[type="submit"]').first()).toBeVisible();
}

/** The element a shopper came for, which must be on the first screen without scrolling. */
const MAIN_ACTION: Record<string, string> = {
  product: '[data-purchase] [type="submit"]',
  productFormat: '[data-purchase] [type="submit"]',
  sample: '[data-purchase] [type="submit"]',
  category: '[data-grid] > li',
  login: 'form [type="submit"]',
  register: 'form input[type="email"]',
};

/** Console errors of the page; a not-found page's own 404 answer is the page working as meant. */
function watchConsole(page: Page, type: string): string[] {
  const errors: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() !== 'error') return;
    if (type === 'notFound' && /status of 404/.test(message.text()) && message.location().url === page.url()) return;
    errors.push(`${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => errors.push(String(error)));
  return errors;
}

/** Loads the page at a size and checks everything it owes the shopper. */
async function checkPage(page: Page, url: string, locale: LocaleCode, type: string, size: (typeof SIZES)[number]): Promise<void> {
  const label = `${type} ${new URL(url).pathname} at ${size.width} px`;
  await page.setViewportSize(size);
  const errors = watchConsole(page, type);
  await watchShifts(page);
  await page.goto(url);
  await expect(page.locator('html')).toHaveAttribute('lang', locale.replace('_', '-'));
  await hydrated(page);
  await settled(page, type);
  await page.evaluate(() => document.fonts.ready);
  await expectStill(page, label);
  expect(await overflowWidth(page), `${label}: wider than the screen`).toBe(0);
  const main = MAIN_ACTION[type];
  if (main) await expect(page.locator(main).first(), `${label}: the main action on the first screen`).toBeInViewport({ ratio: 1 });
  expect(await seriousViolations(page), label).toEqual([]);
  expect(await textsInTheirBackgroundColour(page), `${label}: text in its background's colour`).toEqual([]);
  expect(errors, `${label}: console errors`).toEqual([]);
}

for (const { locale, channel } of LOCALES) {
  test.describe(`${locale} on the ${channel.toUpperCase()} site`, () => {
    for (const [type, path] of Object.entries(pageTypes(locale, channel))) {
      for (const size of SIZES) {
        test(`${type} on a ${size.name}`, async ({ page }) => {
          expect(path, `an address for ${type}`).not.toBe('');
          await checkPage(page, new URL(path, target.sites[channel]).href, locale, type, size);
        });
      }
    }

    for (const route of ACCOUNT_ROUTES) {
      for (const size of SIZES) {
        test(`${route}, signed in, on a ${size.name}`, async ({ page, request }) => {
          await signInThroughApi(page, locale, await createCustomer(request, locale));
          const url = new URL(pathTo(route, locale), target.sites[channel]).href;
          await checkPage(page, url, locale, route, size);
          // Still signed in: a guard sending the shopper to login would measure the login page instead.
          expect(page.url()).toBe(url);
        });
      }
    }

    for (const route of BI_NUTRITION_ROUTES) {
      for (const size of SIZES) {
        test(`${route}, signed in with a cat, on a ${size.name}`, async ({ page, request }) => {
          const session = await signInThroughApi(page, locale, await createCustomer(request, locale));
          const cat = await catOfCustomer(request, PLATFORM, locale, session.token);
          if (route === 'biNutritionResults') await keepBiNutritionChoice(page, request, PLATFORM, locale, cat);
          await checkPage(page, new URL(pathTo(route, locale, { animal: String(cat) }), target.sites[channel]).href, locale, route, size);
        });
      }
    }
  });
}
