import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type APIRequestContext, type BrowserContext, type Page, type TestInfo } from '@playwright/test';
import { pathTo } from '../../src/lib/routes/paths.ts';
import type { RouteName } from '../../src/lib/routes/routes.ts';
import { translator } from '../../src/i18n/translate.ts';
import type { Translator } from '../../src/lib/translator.ts';
import { channelOf, type LocaleCode } from '../../src/lib/channels.ts';
import { STORAGE_KEYS } from '../../src/lib/constants.ts';
import { resolveTarget } from './target.ts';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, RunOptions } from 'axe-core';

/** The build under test and this run's servers (resolved by the configuration, inherited by workers). */
export const target = resolveTarget();

/**
 * Every test runs under the sites' Content-Security-Policy and fails if a page breaks it: each browser
 * context a test opens (its `context` and `page`, and those it makes with `browser.newContext`) reports
 * the `securitypolicyviolation` events of its documents, and Chromium's "Refused to …" console messages,
 * into `cspViolations`; a test that ends with any fails. Specs import `test` and `expect` from here.
 */
interface CspGuard {
  violations: string[];
  /** Resolves once the context reports its documents' violation events. */
  watching(context: BrowserContext): Promise<void>;
}

/** The guard of the test running in this worker (a worker runs one test at a time). */
let watchContext: ((context: BrowserContext) => void) | undefined;

export const test = base.extend<{ cspGuard: CspGuard; cspViolations: string[] }>({
  // Contexts a test makes itself (`browser.newContext`) are watched too. A test that needs no browser
  // (build.spec.ts) launches none for this.
  browser: [
    async ({ browser }, use) => {
      const onContext = (context: BrowserContext) => watchContext?.(context);
      browser.on('context', onContext);
      await use(browser);
      browser.off('context', onContext);
    },
    { scope: 'worker' },
  ],
  cspGuard: [
    async ({}, use) => {
      const violations: string[] = [];
      const watched = new WeakMap<BrowserContext, Promise<void>>();
      const watch = (context: BrowserContext) => {
        if (watched.has(context)) return;
        // At once, so that even a context used straight away (or with JavaScript off) has its console watched.
        context.on('console', (message) => {
          if (/Refused to|violates the following Content Security Policy/.test(message.text()))
            violations.push(`${message.location().url}: ${message.text()}`);
        });
        watched.set(
          context,
          (async () => {
            await context.exposeBinding('__reportCspViolation', ({ page }, report: string) => {
              violations.push(`${page.url()}: ${report}`);
            });
            // The cookie banner waits for an answer on every page: tests that are not about it start with the
            // shopper's refusal stored (marketing.spec.ts removes it to see the banner). Exit intent's offer is
            // switched off the same way (its run-time switch), so it never covers the page of a test that
            // scrolls back up on a phone or follows a link to another site (exit-intent.spec.ts turns it on;
            // init scripts run in no set order, so a switch set already is kept).
            await context.addInitScript(() => {
              const page = window as unknown as { __mgExitIntent?: boolean };
              if (!('__mgExitIntent' in page)) page.__mgExitIntent = false;
              try {
                if (!localStorage.getItem('mg-consent'))
                  localStorage.setItem(
                    'mg-consent',
                    JSON.stringify({ analytics: false, marketing: false, at: '2026-01-01T00:00:00.000Z' }),
                  );
              } catch {
                /* a page without storage (about:blank) */
              }
            });
            await context.addInitScript(() => {
              // Capture phase on the document: the event is fired at the offending element, or the document.
              document.addEventListener(
                'securitypolicyviolation',
                (event) => {
                  const report = (window as unknown as { __reportCspViolation?: (r: string) => void }).__reportCspViolation;
                  report?.(
                    `${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile || 'document'}:${event.lineNumber}) ${event.sample}`.trim(),
                  );
                },
                true,
              );
            });
          })(),
        );
      };
      watchContext = watch;
      await use({
        violations,
        watching: async (context) => {
          watch(context);
          await watched.get(context);
        },
      });
      watchContext = undefined;
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
  cspViolations: async ({ cspGuard }, use) => {
    await use(cspGuard.violations);
  },
  // The test's own context is watched before its first page opens.
  context: async ({ context, cspGuard }, use) => {
    await cspGuard.watching(context);
    await use(context);
  },
});
export { expect };

/**
 * The tag of a test whose behaviour differs by site (a country's addresses and delivery, a link to the other
 * site, each site's own build): the fr project runs only these, on the FR site in French; the be project
 * runs every journey, on the BE site in Dutch (the longer texts). The page types are checked in all three
 * locales by page-types.spec.ts.
 */
export const EACH_SITE = { tag: '@each-site' };

/** The language each project browses in: FR site in French, BE site in Dutch (its French is the FR site's). */
export const languageOf = (info: TestInfo): 'fr' | 'nl' => (info.project.name === 'be' ? 'nl' : 'fr');
export const homeOf = (info: TestInfo): string => (languageOf(info) === 'nl' ? '/nl/' : '/');

export const texts = {
  fr: {
    dogs: 'Chien',
    sort: 'Trier par',
    bestSellers: 'Meilleures ventes',
    novelty: 'Nouveautés',
    lifeStage: 'Âge',
    adult: 'Adulte',
    notFound: 'Page non trouvée',
    addToCart: 'Ajouter au panier',
  },
  nl: {
    dogs: 'Hond',
    sort: 'Sorteren op',
    bestSellers: 'Bestsellers',
    novelty: 'Nieuwste',
    lifeStage: 'Leeftijd',
    adult: 'Volwassen',
    notFound: 'Pagina niet gevonden',
    addToCart: 'In winkelmand',
  },
} as const;

/** Names of the visible product cards, in the order a shopper sees them. */
/**
 * Opens the first in-stock product of the home's first category, and answers its product page's
 * heading. Waits for the product's address: the category's heading is still on screen right after the click.
 */
export async function openFirstProduct(page: Page, home: string): Promise<string> {
  await page.goto(home);
  await page.locator('nav[aria-label] a').first().click();
  const card = page.locator('[data-grid] > li:has(.tag.ok) a').first();
  const href = (await card.getAttribute('href'))!;
  await card.click();
  await expect(page).toHaveURL(atPath(href));
  return (await page.getByRole('heading', { level: 1 }).textContent())!.trim();
}

export async function visibleProducts(page: Page): Promise<string[]> {
  const cards = page.locator('[data-grid] > li:visible');
  return cards.evaluateAll((els) =>
    els
      .map((el) => ({
        name: el.querySelector('h2, h3')?.textContent?.trim() ?? '',
        order: Number(getComputedStyle(el).order),
        top: el.getBoundingClientRect().top,
        left: el.getBoundingClientRect().left,
      }))
      .sort((a, b) => a.top - b.top || a.left - b.left)
      .map((c) => c.name),
  );
}

/** The suite's own platform, where the build under test calls the shop API (target.ts). */
export const PLATFORM = target.platform;

export const localeOf = (info: TestInfo): LocaleCode => (languageOf(info) === 'nl' ? 'nl_BE' : 'fr_FR');
export const textsOf = (info: TestInfo): Translator => translator(languageOf(info));
export const pathOf = (info: TestInfo, route: RouteName, params?: Record<string, string>) => pathTo(route, localeOf(info), params);
export const uniqueEmail = () => `shopper+${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
export const atPath = (path: string) => new RegExp(`^[^?#]*//[^/]+${escapeRegExp(path)}(?:[?#].*)?$`);

export interface Shopper {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/** A customer created through the shop API, the way the site's registration does. */
export async function createCustomer(request: APIRequestContext, info: TestInfo | LocaleCode): Promise<Shopper> {
  const shopper = { email: uniqueEmail(), password: 'croquettes-42', firstName: 'Camille', lastName: 'Martin' };
  const locale = typeof info === 'string' ? info : localeOf(info);
  const response = await request.post(`${PLATFORM}/api/v2/shop/customers?channelCode=${channelOf(locale).code}&locale=${locale}`, {
    headers: { 'Content-Type': 'application/ld+json', Accept: 'application/ld+json' },
    data: { ...shopper, gender: 'f', birthday: null, subscribedToNewsletter: false, acceptTerms: true },
  });
  expect(response.status(), await response.text()).toBe(201);
  return shopper;
}

/** The e-mail step of the login page: the address, then "Continuer". */
export async function lookUp(page: Page, info: TestInfo, email: string) {
  const t = textsOf(info);
  await page.getByLabel(t('forms.fields.email'), { exact: true }).fill(email);
  await page.getByRole('button', { name: t('account.login.emailStep') }).click();
}

/** The whole login from the login page: lookup, then password. */
export async function logIn(page: Page, info: TestInfo, email: string, password: string) {
  const t = textsOf(info);
  await lookUp(page, info, email);
  await expect(page.getByRole('heading', { name: t('account.login.hello', { email }) })).toBeVisible();
  await page.getByLabel(t('forms.fields.password'), { exact: true }).fill(password);
  await page.getByRole('button', { name: t('account.login.passwordStep') }).click();
}

/** axe-core's own build, read once per worker and evaluated in each page a scan looks at. */
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe run in the page's document (its source evaluated there first, as DevTools would: the page's CSP allows no eval). */
async function scanInPage(page: Page): Promise<AxeResults['violations']> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const { axe } = window as unknown as { axe: { run: (context: Document, options: RunOptions) => Promise<AxeResults> } };
    return (await axe.run(document, { resultTypes: ['violations'] })).violations;
  });
}

/** axe's serious and critical violations on the page as it is now, each with its first elements. */
export async function seriousViolations(page: Page): Promise<string[]> {
  // Violations only: the passes' details are not read, and computing them doubles axe's time. A page
  // without frames is scanned by axe evaluated in it directly: AxeBuilder spends longer around the scan
  // (its injection into every frame, its configuration and result calls: 0.7–1.2 s against 0.4–0.6 s for
  // the scan itself) than the scan, and the page types are scanned more than a hundred times a run. A page
  // with frames (a payment form's) goes through AxeBuilder, which scans inside them too.
  const violations =
    page.frames().length > 1
      ? (
          await new AxeBuilder({ page })
            .options({ resultTypes: ['violations'] })
            .setLegacyMode(true)
            .analyze()
        ).violations
      : await scanInPage(page);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id}: ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(', ')}`,
    );
}

/** axe on the page as it is now: no serious or critical violation (`label` says which screen failed). */
export async function expectNoSeriousViolation(page: Page, label: string) {
  expect(await seriousViolations(page), label).toEqual([]);
}

export interface ApiSession {
  token: string;
  refresh_token: string;
  customer: string;
}

/**
 * Signs the shopper in through the shop API, so no e-mail lookup is spent (60 per 10 minutes), and keeps
 * the session where the site keeps it, for every page the test opens next.
 */
export async function signInThroughApi(page: Page, info: TestInfo | LocaleCode, shopper: Shopper): Promise<ApiSession> {
  const locale = typeof info === 'string' ? info : localeOf(info);
  const response = await page.request.post(
    `${PLATFORM}/api/v2/shop/authentication-token?channelCode=${channelOf(locale).code}&locale=${locale}`,
    {
      headers: { 'Content-Type': 'application/ld+json', Accept: 'application/ld+json' },
      data: { email: shopper.email, password: shopper.password },
    },
  );
  expect(response.status(), await response.text()).toBe(200);
  const session = (await response.json()) as ApiSession;
  await keepSession(page, session);
  return session;
}

/** A session (and a cart) kept where the site keeps them, for every page the test opens next, unless one is there already. */
export async function keepSession(page: Page, session: ApiSession, cartToken?: string): Promise<void> {
  await page.addInitScript(
    ([keys, s, cart]) => {
      if (localStorage.getItem(keys.token)) return;
      localStorage.setItem(keys.refreshToken, s.refresh_token);
      localStorage.setItem(keys.customerUri, s.customer);
      localStorage.setItem(keys.token, s.token);
      if (cart) localStorage.setItem(keys.cartToken, cart);
    },
    [STORAGE_KEYS, session, cartToken ?? null] as const,
  );
}

/** A product of the suite's content service, as its summary render gives it. */
export interface CatalogueProduct {
  sku: string;
  slug: string;
  name: string;
  animal: 'dog' | 'cat';
  kind: 'dry' | 'wet' | 'treat';
  isSample: boolean;
  viewable: boolean;
  oldProduct: boolean;
  filters: { lifeStage: string };
  ProductVariants: Array<{ code: string; show_variant: boolean; in_stock: boolean; base_price_subscription: number | null }>;
}

/** The products on sale (no sample, none withdrawn) of the seed catalogue in a locale, from the suite's own content service. */
export async function productsOnSale(page: Page, locale: LocaleCode): Promise<CatalogueProduct[]> {
  const res = await page.request.get(`${PLATFORM}/content/b2c-products?locale=${locale}&render=1&pagination[pageSize]=500`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { data: CatalogueProduct[] }).data.filter((p) => p.viewable && !p.oldProduct && !p.isSample);
}
