/**
 * Lighthouse's mobile audit (its default: a mid-range phone on a slow 4G link, simulated) of the pages a
 * shopper meets first: home, a category, a product, the cart and the login, and the island pages of issue 47:
 * the search, the kibble guide and a bi-nutrition guide (its shell, as a cat's address is served), on the FR
 * site in French and on the BE site in Dutch. Each page is audited LIGHTHOUSE_RUNS times (3) in Debian's
 * Chromium and the median score of each category is kept: performance, accessibility, best practices and SEO.
 * The goal: 100 on each for catalogue pages, at least 95 for the island pages. LIGHTHOUSE_PAGES (`search,kibble
 * guide`) audits only those page types. The signed-in pages, checkout (a filled cart at its address step) and account,
 * are audited as a customer made through the shop API sees them: their session and cart are put in the browser's
 * storage before each run, which Lighthouse then keeps, and the HTTP cache is emptied here instead.
 *
 * It serves a build made for known ports (scripts/bench/shared.ts). `npm run bench -- lighthouse`
 * builds the fixtures' catalogue first; `node scripts/bench/lighthouse.ts <dist> <platform port> <FR
 * port> <BE port>` audits a build that exists.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import type { ChannelCode, LocaleCode } from '../../src/lib/channels.ts';
import { STORAGE_KEYS } from '../../src/lib/constants.ts';
import { pathTo, SHELL_ID } from '../../src/lib/routes/paths.ts';
import { shopper } from './funnel.ts';
import { type BuildPorts, CHROMIUM_PATH, sellableVariant, serveBuild } from './shared.ts';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);

/** The pages audited on a site, in a locale: the catalogue's from the build's sitemap, the rest by route. */
function auditedPages(distDir: string, channel: 'fr' | 'be', locale: LocaleCode): Record<string, string> {
  const xml = readFileSync(join(distDir, channel, `sitemap-${locale}.xml`), 'utf8');
  const paths = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  const nl = locale === 'nl_BE';
  const find = (re: RegExp) => {
    const path = paths.find((p) => re.test(p));
    if (!path) throw new Error(`No page matching ${re} in the ${locale} sitemap of ${distDir}.`);
    return path;
  };
  return {
    home: pathTo('home', locale),
    category: find(nl ? /^\/nl\/hond\/[^/]+\/$/ : /^\/chien\/[^/]+\/$/),
    product: find(nl ? /^\/nl\/producten\/(?!stalen)[^/]+\/$/ : /^\/produits\/(?!echantillons)[^/]+\/$/),
    cart: pathTo('cart', locale),
    login: pathTo('login', locale),
    search: pathTo('search', locale),
    'kibble guide': pathTo('kibbleGuide', locale),
    'bi-nutrition guide': pathTo('biNutritionGuide', locale, { animal: SHELL_ID }),
  };
}

/** The page types audited signed in, with what they need: the checkout a cart of its own at each run. */
const SIGNED_IN_PAGES = {
  checkout: (locale: LocaleCode, cart: string) => pathTo('checkout', locale, { order: cart }),
  account: (locale: LocaleCode) => pathTo('account', locale),
};

/** The page types LIGHTHOUSE_PAGES names (comma-separated), or all of them. */
const onlyPages = process.env.LIGHTHOUSE_PAGES?.split(',').map((type) => type.trim());

const median = (values: number[]) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function benchLighthouse(distDir: string, ports: BuildPorts): Promise<Record<string, string>> {
  const served = await serveBuild(distDir, ports);
  const chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
  const results: Record<string, string> = {};
  // The same browser driven through its DevTools port: the storage of the signed-in pages, and the cache emptied.
  const driver = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  const variant = await sellableVariant(served.db);
  try {
    for (const [channel, locale] of [
      ['fr', 'fr_FR'],
      ['be', 'nl_BE'],
    ] as const) {
      const code: ChannelCode = channel === 'fr' ? 'FR' : 'BE';
      const site = served.sites[code];
      const customer = await shopper(served.platform, code, variant);
      const pages: [string, (() => Promise<string>) | string][] = [
        ...Object.entries(auditedPages(distDir, channel, locale)),
        ...Object.entries(SIGNED_IN_PAGES).map(
          ([type, path]) =>
            [type, async () => path(locale, await signIn(driver, site, customer, await customer.cart()))] as [
              string,
              () => Promise<string>,
            ],
        ),
      ];
      for (const [type, path] of pages) {
        if (onlyPages && !onlyPages.includes(type)) continue;
        const signedIn = typeof path !== 'string';
        const scores = Object.fromEntries(CATEGORIES.map((c) => [c, [] as number[]]));
        for (let run = 0; run < RUNS; run++) {
          const url = `${site}${signedIn ? await path() : path}`;
          const result = await lighthouse(url, {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: [...CATEGORIES],
            disableStorageReset: signedIn,
          });
          if (!result) throw new Error(`Lighthouse gave no result for ${url}.`);
          for (const category of CATEGORIES) scores[category]!.push(Math.round((result.lhr.categories[category]?.score ?? 0) * 100));
          if (run === 0) {
            const metrics = ['largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift'];
            console.warn(
              `Lighthouse ${locale} ${type}: ${metrics.map((id) => `${id} ${result.lhr.audits[id]?.displayValue ?? '?'}`).join(', ')}`,
            );
            // What costs the page points, once: the audits that did not pass.
            const failed = Object.values(result.lhr.audits)
              .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative')
              .map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ''}`);
            if (failed.length > 0) console.warn(`Lighthouse ${locale} ${type} (${new URL(url).pathname}): ${failed.join(', ')}`);
          }
        }
        results[`Lighthouse mobile ${locale} ${type}`] = CATEGORIES.map((c) => median(scores[c]!)).join(' / ');
      }
    }
    return results;
  } finally {
    await driver.close();
    chrome.kill();
    await served.close();
  }
}

/**
 * Puts the customer's session and cart in the site's storage, as the site leaves them after a sign-in, and empties
 * the HTTP cache (which Lighthouse empties itself only with the storage); answers the cart's token.
 */
async function signIn(
  driver: Awaited<ReturnType<typeof chromium.connectOverCDP>>,
  site: string,
  customer: Awaited<ReturnType<typeof shopper>>,
  cart: string,
): Promise<string> {
  const page = await driver.contexts()[0]!.newPage();
  try {
    await page.goto(`${site}/robots.txt`);
    await page.evaluate(
      ([keys, session, token]) => {
        localStorage.clear();
        localStorage.setItem(keys.refreshToken, session.refresh_token);
        localStorage.setItem(keys.customerUri, session.customer);
        localStorage.setItem(keys.token, session.token);
        localStorage.setItem(keys.cartToken, token);
      },
      [STORAGE_KEYS, customer.session, cart] as const,
    );
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    return cart;
  } finally {
    await page.close();
  }
}

if (import.meta.main) {
  const [distDir, platform, fr, be] = process.argv.slice(2);
  if (!distDir || !platform || !fr || !be) {
    console.error(
      'Usage: node scripts/bench/lighthouse.ts <dist folder> <platform port> <FR port> <BE port> (the ports the build was made for)',
    );
    process.exit(2);
  }
  console.table(await benchLighthouse(distDir, { platform: Number(platform), fr: Number(fr), be: Number(be) }));
}
