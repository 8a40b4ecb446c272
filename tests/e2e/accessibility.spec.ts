import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext } from '@playwright/test';
import { expect, languageOf, test } from './helpers.ts';

/** One address of each page type, found in the site's own sitemap (private pages by their path). */
async function pageTypes(request: APIRequestContext, nl: boolean): Promise<Record<string, string>> {
  const locale = nl ? 'nl_BE' : (await (await request.get('/sitemap-index.xml')).text()).includes('fr_FR') ? 'fr_FR' : 'fr_BE';
  const xml = await (await request.get(`/sitemap-${locale}.xml`)).text();
  const urls = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  const find = (re: RegExp) => urls.find((u) => re.test(u)) ?? '';
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

test('axe finds no serious or critical violation on any page type', async ({ page, request }, info) => {
  test.setTimeout(120_000);
  const types = await pageTypes(request, languageOf(info) === 'nl');
  for (const [type, path] of Object.entries(types)) {
    expect(path, `an address for ${type}`).not.toBe('');
    await page.goto(path);
    // The account page is for customers: an anonymous visit is sent to login, which is what gets scanned.
    if (type === 'account') await page.waitForURL(/\/(connexion|inloggen)\//);
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
    expect(serious, `${type} ${path}`).toEqual([]);
  }
});
