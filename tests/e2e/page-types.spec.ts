/**
 * axe on every page type, in each locale on the site that serves it (fr_FR on the FR site, fr_BE and
 * nl_BE on the BE site), once the islands are hydrated, on a phone (390 px) and a laptop (1366 px).
 * One test per page type and locale, so a failure names its page and hides no other; both widths are
 * checked in the same page (resized), which costs one load instead of two.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LocaleCode } from '../../src/lib/channels.ts';
import { expect, target, test } from './helpers.ts';

const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1366, height: 768 },
] as const;

const LOCALES: ReadonlyArray<{ locale: LocaleCode; channel: 'fr' | 'be' }> = [
  { locale: 'fr_FR', channel: 'fr' },
  { locale: 'fr_BE', channel: 'be' },
  { locale: 'nl_BE', channel: 'be' },
];

/** One address of each page type in a locale: the public ones from the build's own sitemap, the others by their path. */
function pageTypes(locale: LocaleCode, channel: 'fr' | 'be'): Record<string, string> {
  const xml = readFileSync(join(target.distDir, channel, `sitemap-${locale}.xml`), 'utf8');
  const urls = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  const find = (re: RegExp) => urls.find((u) => re.test(u)) ?? '';
  const nl = locale === 'nl_BE';
  const p = nl ? '/nl' : '';
  return {
    home: `${p}/`,
    category: find(nl ? /^\/nl\/hond\/[^/]+\/$/ : /^\/chien\/[^/]+\/$/),
    product: find(nl ? /^\/nl\/producten\/(?!stalen)[^/]+\/$/ : /^\/produits\/(?!echantillons)[^/]+\/$/),
    sample: find(nl ? /\/stalen\// : /\/echantillons\//),
    faq: nl ? '/nl/veelgestelde-vragen/' : '/faq/',
    shops: nl ? '/nl/winkels/' : '/magasins/',
    shop: find(nl ? /^\/nl\/winkels\/[^/]+\/$/ : /^\/magasins\/[^/]+\/$/),
    contentPage: nl ? '/nl/pagina/gebruiksvoorwaarden/' : '/page/conditions-generales/',
    landing: find(/\/landing\//),
    subscriptionLanding: nl ? '/nl/abonnement/hond/' : '/abonnement/chien/',
    notFound: `${p}/nope-nope/`,
    error: nl ? '/nl/fout/500/' : '/erreur/500/',
    maintenance: nl ? '/nl/onderhoud/' : '/maintenance/',
    account: nl ? '/nl/mijn-account/' : '/mon-compte/',
    cart: nl ? '/nl/winkelmand/' : '/panier/',
    login: nl ? '/nl/inloggen/' : '/connexion/',
    guide: nl ? '/nl/brokkengids/' : '/guide-croquettes/',
    webView: nl ? '/nl/web-view/1-betaalwijziging/' : '/web-view/1-changement-de-paiement/',
  };
}

/** What a page type shows once its island has done its first work (beyond hydration itself). */
async function settled(page: Page, type: string): Promise<void> {
  // The account page is for customers: an anonymous visit is sent to login, which is what gets scanned.
  if (type === 'account') await page.waitForURL(/\/(connexion|inloggen)\//);
  if (type === 'account' || type === 'login') await expect(page.locator('form input[type="email"]')).toBeVisible();
  if (type === 'cart') await expect(page.locator('[data-cart-empty]')).toBeVisible();
}

async function seriousViolations(page: Page): Promise<string[]> {
  // Violations only: the passes' details are not read, and computing them doubles axe's time.
  const results = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id}: ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(', ')}`,
    );
}

for (const { locale, channel } of LOCALES) {
  test.describe(`${locale} on the ${channel.toUpperCase()} site`, () => {
    for (const [type, path] of Object.entries(pageTypes(locale, channel))) {
      test(`axe finds no serious or critical violation: ${type}`, async ({ page }) => {
        expect(path, `an address for ${type}`).not.toBe('');
        await page.setViewportSize(WIDTHS[0]);
        await page.goto(new URL(path, target.sites[channel]).href);
        await expect(page.locator('html')).toHaveAttribute('lang', locale.replace('_', '-'));
        // Every island hydrated: Astro removes `ssr` from an island once it has rendered in the browser.
        await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
        await settled(page, type);
        for (const size of WIDTHS) {
          await page.setViewportSize(size);
          expect(await seriousViolations(page), `${type} ${path} at ${size.width} px`).toEqual([]);
        }
      });
    }
  });
}
