/**
 * The pass over every page type: in each locale on the site that serves it (fr_FR on the FR site, fr_BE
 * and nl_BE on the BE site), each page loaded on a phone (390 × 844, touch), and again on a laptop
 * (1366 × 900) in Dutch (LAPTOP_LOCALE), and measured once its islands have hydrated and done their first work:
 * - it does not move: the layout shifts the page reports (PerformanceObserver) add up to at most 0.01;
 * - it is no wider than the screen: on the phone at every width from 320 to 430 px (the page resized, not
 *   reloaded, to each side of the styles' breakpoints there), and on the laptop;
 * - it logs no console error (a 404 page's own 404 answer aside);
 * - axe finds no serious or critical violation, and no text is written in its own background's colour (which
 *   axe leaves aside): once per page type, on the phone in Dutch (SCAN_LOCALE), and on the laptop for the key
 *   pages, whose wide layout shows what the phone's folds away (the navigation bar, the filters' sidebar);
 * - its main action is on the first screen where a shopper expects it (product, sample, category, login).
 * The account's pages are checked signed in, in fr_FR and nl_BE: drawn by the islands from the interface's
 * texts, fr_BE's are nl_BE's build in fr_FR's words (the public pages, whose content the content service gives
 * per locale, are checked in all three). One test per page type and locale, so a failure names its page and
 * hides no other; both sizes in one test spare a second sign-in and set-up.
 */
import { devices, type APIRequestContext, type Browser, type ConsoleMessage, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { channelOf, type LocaleCode } from '../../src/lib/channels.ts';
import { pathTo } from '../../src/lib/routes/paths.ts';
import type { RouteName } from '../../src/lib/routes/routes.ts';
import {
  type ApiSession,
  createCustomer,
  escapeRegExp,
  expect,
  keepSession,
  PLATFORM,
  type Shopper,
  seriousViolations,
  target,
  test,
} from './helpers.ts';
import { catOfCustomer, keepBiNutritionChoice } from './bi-nutrition-helpers.ts';
import { expectStill, hydrated, overflowWidth, textsInTheirBackgroundColour, watchShifts } from './page-checks.ts';

const PHONE = { width: 390, height: 844 } as const;
const LAPTOP = { width: 1366, height: 900 } as const;
/**
 * The other widths of the phones a page must fit (320 to 430 px; it is loaded at 390): one on each side of
 * every breakpoint the styles have in that range (360 and 430 px), so a width between two of them lays the
 * page out as one of them does.
 */
const PHONE_WIDTHS = [320, 375, 430] as const;
/**
 * The pages most shoppers land on or buy from: scanned by axe on the laptop too. Every page type is measured on
 * the phone in every locale, and on the laptop in Dutch (LAPTOP_LOCALE: the longest words, on the BE site, whose
 * French pages share its build); axe and the colour scan run once per page type, on the phone in SCAN_LOCALE
 * (the page's markup is the same in every locale: its words are checked by tests/unit/i18n/messages.test.ts), and
 * on the laptop for the key pages.
 */
const KEY_PAGES = new Set(['home', 'category', 'product', 'cart', 'search', 'login', 'account']);
const LAPTOP_LOCALE: LocaleCode = 'nl_BE';
const SCAN_LOCALE: LocaleCode = 'nl_BE';

/** Each locale on its site; `signedIn`: the account's pages are checked there too. */
const LOCALES: ReadonlyArray<{ locale: LocaleCode; channel: 'fr' | 'be'; signedIn: boolean }> = [
  { locale: 'fr_FR', channel: 'fr', signedIn: true },
  { locale: 'fr_BE', channel: 'be', signedIn: false },
  { locale: 'nl_BE', channel: 'be', signedIn: true },
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

/** The name createCustomer gives every customer, which the account's greeting shows. */
const SHOPPER_NAME = 'Camille Martin';

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

/** The screen a guarded account page shows once the guard let the customer in (beyond its status's removal). */
const ACCOUNT_SCREENS: Partial<Record<string, string>> = {
  accountWelcome: '.welcome',
  personalData: '.personal-data',
  addresses: '[data-island="addresses"] astro-island > *',
};

/** What a page type shows once its island has done its first work (beyond hydration itself). */
async function settled(page: Page, type: string): Promise<void> {
  // The account and the app's payment web view are for customers: an anonymous visit goes to login.
  if (type === 'accountAnonymous' || type === 'webView') await page.waitForURL(/\/(connexion|inloggen)\//);
  // The login and registration forms are the page's own HTML, enabled once the guard let the shopper stay.
  if (type === 'accountAnonymous' || type === 'webView' || type === 'login' || type === 'register')
    await expect(page.locator('form input[type="email"]')).toBeEnabled();
  if (type === 'cart') {
    await expect(page.locator('[data-cart-empty]')).toBeVisible();
    await expect(page.locator('.cart-upsells')).toBeVisible();
  }
  if (ACCOUNT_ROUTES.includes(type as (typeof ACCOUNT_ROUTES)[number])) await expect(page.locator('.island-status')).toHaveCount(0);
  const screen = ACCOUNT_SCREENS[type];
  if (screen) await expect(page.locator(screen).first()).toBeVisible();
  // The last order (a new customer has none: the card that says so, and its button) is read after the menu,
  // and the greeting names the customer once known.
  if (type === 'account') {
    await expect(page.locator('.last-order .card')).toBeVisible();
    await expect(page.getByText(`${SHOPPER_NAME}`).first()).toBeVisible();
  }
  if (type === 'nutritionGuideEntrance') await expect(page.locator('[data-no-cat]')).toBeVisible();
  if (type === 'search') await expect(page.locator('.search-products > li').first()).toBeVisible();
  if (BI_NUTRITION_ROUTES.includes(type as (typeof BI_NUTRITION_ROUTES)[number]))
    await expect(page.locator('.bi-day, form button[type="submit"]').first()).toBeVisible();
}

/** The vertical gap in pixels from the bottom of `above` to the top of `below`. */
async function gapBetween(page: Page, above: string, below: string): Promise<number> {
  const [a, b] = await Promise.all([page.locator(above).first().boundingBox(), page.locator(below).first().boundingBox()]);
  expect(a && b, `${above} and ${below} shown`).toBeTruthy();
  return b!.y - (a!.y + a!.height);
}

/** What a page type owes beyond the common checks, once settled (at the size given). */
async function owes(page: Page, type: string, label: string, size: 'phone' | 'laptop'): Promise<void> {
  // A new customer has no order: the invitation's card fills the section, no empty band above the menu.
  if (type === 'account') expect(await gapBetween(page, '.last-order .order-card', '.account-menu nav'), label).toBeLessThanOrEqual(40);
  // An empty cart has its upsells right below its button: two gaps of the page's grid and the button's
  // paragraph margin (1rem each), no unseen link between them.
  if (type === 'cart' && size === 'phone')
    expect(await gapBetween(page, '[data-cart-empty]', '.cart-upsells'), label).toBeLessThanOrEqual(48);
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

/** The page's width against the screen's as loaded, then at each other phone width (resized, not reloaded), then back at 390 px. */
async function widthsWiderThanPhones(page: Page): Promise<string[]> {
  const loaded = await overflowWidth(page);
  const wider = loaded > 0 ? [`${loaded} px wider than a ${PHONE.width} px screen`] : [];
  for (const width of PHONE_WIDTHS) {
    await page.setViewportSize({ width, height: PHONE.height });
    const overflow = await overflowWidth(page);
    if (overflow > 0) wider.push(`${overflow} px wider than a ${width} px screen`);
  }
  await page.setViewportSize(PHONE);
  return wider;
}

/**
 * Loads the page and checks everything it owes the shopper at one size: `scan` runs axe and the colour scan
 * (every page on the phone, the key pages on the laptop too).
 */
async function checkPage(
  page: Page,
  url: string,
  locale: LocaleCode,
  type: string,
  size: 'phone' | 'laptop',
  scan: boolean,
): Promise<void> {
  const label = `${type} ${new URL(url).pathname} on a ${size}`;
  const errors = watchConsole(page, type);
  await watchShifts(page);
  await page.goto(url);
  await expect(page.locator('html')).toHaveAttribute('lang', locale.replace('_', '-'));
  await hydrated(page);
  await settled(page, type);
  await page.evaluate(() => document.fonts.ready);
  await expectStill(page, label);
  if (size === 'phone') expect(await widthsWiderThanPhones(page), `${label}: wider than the screen`).toEqual([]);
  else expect(await overflowWidth(page), `${label}: wider than the screen`).toBe(0);
  const main = MAIN_ACTION[type];
  if (main) await expect(page.locator(main).first(), `${label}: the main action on the first screen`).toBeInViewport({ ratio: 1 });
  await owes(page, type, label, size);
  if (scan) {
    expect(await seriousViolations(page), label).toEqual([]);
    expect(await textsInTheirBackgroundColour(page), `${label}: text in its background's colour`).toEqual([]);
  }
  expect(errors, `${label}: console errors`).toEqual([]);
}

/**
 * The page on a phone (the test's own page: a touch screen), scanned in SCAN_LOCALE, then in LAPTOP_LOCALE on a
 * laptop (a context of its own), scanned for a key page. `session` keeps a customer's session in each before
 * its first visit.
 */
async function checkBothSizes(
  browser: Browser,
  phone: Page,
  url: string,
  locale: LocaleCode,
  type: string,
  session?: ApiSession,
  prepare?: (page: Page) => Promise<void>,
): Promise<void> {
  const ready = async (page: Page) => {
    if (session) await keepSession(page, session);
    await prepare?.(page);
  };
  await ready(phone);
  await checkPage(phone, url, locale, type, 'phone', locale === SCAN_LOCALE);
  // Still signed in: a guard sending the shopper to login would measure the login page instead.
  if (session) expect(phone.url()).toBe(url);
  if (locale !== LAPTOP_LOCALE) return;
  const laptop = await browser.newContext({ ...devices['Desktop Chrome'], viewport: LAPTOP });
  try {
    const page = await laptop.newPage();
    await ready(page);
    await checkPage(page, url, locale, type, 'laptop', KEY_PAGES.has(type));
    if (session) expect(page.url()).toBe(url);
  } finally {
    await laptop.close();
  }
}

/** Signs a customer in through the shop API (no page kept: checkBothSizes keeps it in each). */
async function sessionOf(request: APIRequestContext, locale: LocaleCode, shopper: Shopper): Promise<ApiSession> {
  const response = await request.post(
    `${PLATFORM}/api/v2/shop/authentication-token?channelCode=${channelOf(locale).code}&locale=${locale}`,
    {
      headers: { 'Content-Type': 'application/ld+json', Accept: 'application/ld+json' },
      data: { email: shopper.email, password: shopper.password },
    },
  );
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as ApiSession;
}

// The phone is the test's own page; the laptop, when its pass is due, a context of its own.
test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

for (const { locale, channel, signedIn } of LOCALES) {
  test.describe(`${locale} on the ${channel.toUpperCase()} site`, () => {
    for (const [type, path] of Object.entries(pageTypes(locale, channel))) {
      test(type, async ({ browser, page }) => {
        expect(path, `an address for ${type}`).not.toBe('');
        await checkBothSizes(browser, page, new URL(path, target.sites[channel]).href, locale, type);
      });
    }

    for (const route of signedIn ? ACCOUNT_ROUTES : []) {
      test(`${route}, signed in`, async ({ browser, page, request }) => {
        const session = await sessionOf(request, locale, await createCustomer(request, locale));
        await checkBothSizes(browser, page, new URL(pathTo(route, locale), target.sites[channel]).href, locale, route, session);
      });
    }

    for (const route of signedIn ? BI_NUTRITION_ROUTES : []) {
      test(`${route}, signed in with a cat`, async ({ browser, page, request }) => {
        const session = await sessionOf(request, locale, await createCustomer(request, locale));
        const cat = await catOfCustomer(request, PLATFORM, locale, session.token);
        const url = new URL(pathTo(route, locale, { animal: String(cat) }), target.sites[channel]).href;
        const prepare =
          route === 'biNutritionResults' ? (each: Page) => keepBiNutritionChoice(each, request, PLATFORM, locale, cat) : undefined;
        await checkBothSizes(browser, page, url, locale, route, session, prepare);
      });
    }
  });
}
