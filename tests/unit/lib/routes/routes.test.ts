import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { routes, routeNames } from '../../../../src/lib/routes/routes.ts';
import { fillPattern, pathTo, patternRegExp } from '../../../../src/lib/routes/paths.ts';
import { shellRewrites } from '../../../../src/lib/routes/rewrites.ts';
import { netlifyToml } from '../../../../src/lib/seo/netlify.ts';
import { localeCodes } from '../../../../src/lib/channels.ts';

describe('route table', () => {
  it('gives every route a French and a Dutch path ending with a slash, with the same parameters', () => {
    for (const name of routeNames) {
      const { fr, nl } = routes[name];
      expect(fr.endsWith('/'), name).toBe(true);
      expect(nl.endsWith('/'), name).toBe(true);
      const params = (p: string) => [...p.matchAll(/\[([^\]]+)\]/g)].map((m) => m[1]).sort();
      expect(params(nl), name).toEqual(params(fr));
    }
  });
  it("keeps the shop's Dutch slugs", () => {
    expect(pathTo('cart', 'nl_BE')).toBe('/nl/winkelmand/');
    expect(pathTo('account', 'nl_BE')).toBe('/nl/mijn-account/');
    expect(pathTo('search', 'nl_BE')).toBe('/nl/zoeken/');
    expect(pathTo('kibbleGuide', 'nl_BE')).toBe('/nl/brokkengids/');
    expect(pathTo('kibbleGuideNew', 'nl_BE')).toBe('/nl/brokkengids/nieuw/');
    expect(pathTo('biNutritionGuide', 'nl_BE', { animal: '1' })).toBe('/nl/gids-bi-voeding/1/');
    expect(pathTo('miniBiNutritionGuide', 'nl_BE', { animal: '1' })).toBe('/nl/mini-gids-bi-voeding/1/');
    expect(pathTo('subscriptionLandingDog', 'nl_BE')).toBe('/nl/abonnement/hond/');
    expect(pathTo('subscriptionLandingCat', 'nl_BE')).toBe('/nl/abonnement/kat/');
    expect(pathTo('register', 'nl_BE')).toBe('/nl/account-aanmaken/');
    expect(pathTo('checkout', 'nl_BE', { order: 'x' })).toBe('/nl/volgorde/x/');
    expect(pathTo('orderConfirmation', 'nl_BE', { order: 'x' })).toBe('/nl/orderbevestiging/x/');
  });
  it("keeps the shop's French paths", () => {
    expect(pathTo('product', 'fr_FR', { product: 'p' })).toBe('/produits/p/');
    expect(pathTo('product', 'fr_FR', { product: 'p', format: '2-kg' })).toBe('/produits/p/2-kg/');
    expect(pathTo('webViewPayment', 'fr_BE', { subscription: 'S1' })).toBe('/web-view/S1-changement-de-paiement/');
    expect(pathTo('subscriptionHistoryOrder', 'fr_FR', { subscription: 'S', order: 'O' })).toBe(
      '/mon-compte/mes-abonnements/S/historique/O/',
    );
    expect(pathTo('category', 'fr_FR', { category: 'chien/croquettes' })).toBe('/chien/croquettes/');
    expect(pathTo('faq', 'fr_FR')).toBe('/faq/');
  });
  it('refuses a missing required parameter', () => {
    expect(() => fillPattern('/produits/[product]/')).toThrow(/product/);
  });
  it('matches paths with the same patterns', () => {
    expect(patternRegExp('/produits/[product]/[format?]/').exec('/produits/abc/2-kg/')?.groups).toEqual({ product: 'abc', format: '2-kg' });
    expect(patternRegExp('/produits/[product]/[format?]/').test('/produits/abc/')).toBe(true);
    expect(patternRegExp('/web-view/[subscription]-changement-de-paiement/').exec('/web-view/S9-changement-de-paiement/')?.groups).toEqual({
      subscription: 'S9',
    });
  });
});

describe('shell rewrites', () => {
  const rewrites = shellRewrites(localeCodes);
  const shellFor = (path: string) => rewrites.find((r) => r.match.test(path))?.to;
  it('serve one static shell for every runtime id', () => {
    expect(shellFor('/mon-compte/mes-animaux/42/')).toBe('/mon-compte/mes-animaux/_/');
    expect(shellFor('/mon-compte/mes-animaux/42/modifier/')).toBe('/mon-compte/mes-animaux/_/modifier/');
    expect(shellFor('/nl/volgorde/abc/')).toBe('/nl/volgorde/_/');
    expect(shellFor('/commande/abc/confirmation/')).toBe('/commande/_/confirmation/');
    expect(shellFor('/web-view/S1-changement-de-paiement/')).toBe('/web-view/_-changement-de-paiement/');
    expect(shellFor('/faq/livraison%20rapide/')).toBe('/faq/');
  });
  it('leave other paths alone', () => {
    expect(shellFor('/chien/croquettes/')).toBeUndefined();
  });
  it('are what the committed netlify.toml says (run `npm run netlify-toml` after changing routes)', () => {
    expect(readFileSync('netlify.toml', 'utf8')).toBe(netlifyToml());
  });
});
