import { describe, expect, it } from 'vitest';
import { robotsTxt } from '../../../../src/lib/seo/robots.ts';

describe('robots.txt crawler rules', () => {
  const be = robotsTxt(['fr_BE', 'nl_BE'], 'https://be.example');
  const general = be.split('User-agent: Googlebot')[0]!;
  const google = be.split('User-agent: Googlebot')[1]!;

  it('disallows search, account, order, cart, login and guides in both languages', () => {
    for (const path of [
      '/rechercher/',
      '/nl/zoeken/',
      '/mon-compte/',
      '/nl/mijn-account/',
      '/commande/',
      '/nl/volgorde/',
      '/nl/orderbevestiging/',
      '/panier/',
      '/nl/winkelmand/',
      '/connexion/',
      '/nl/account-aanmaken/',
      '/guide-bi-nutrition/',
      '/nl/gids-bi-voeding/',
      '/nl/mini-gids-bi-voeding/',
      '/guide-croquettes/',
      '/nl/brokkengids/',
    ]) {
      expect(general).toContain(`Disallow: ${path}\n`);
    }
  });
  it('disallows subscription landing sub-pages but allows the dog and cat pages', () => {
    expect(general).toContain('Disallow: /abonnement/\n');
    expect(general).toContain('Allow: /abonnement/chien/\n');
    expect(general).toContain('Allow: /nl/abonnement/hond/\n');
    expect(general).toContain('Allow: /nl/abonnement/kat/\n');
  });
  it('allows the kibble-guide root only', () => {
    expect(general).toContain('Allow: /guide-croquettes/$\n');
    expect(general).toContain('Allow: /nl/brokkengids/$\n');
  });
  it('lets the search engine bot crawl query and search pages, not others', () => {
    expect(general).toContain('Disallow: /*?');
    expect(google).not.toContain('Disallow: /*?');
    expect(google).toContain('Allow: /nl/zoeken/');
    expect(google).not.toContain('Disallow: /nl/zoeken/');
  });
  it('names the sitemap index', () => {
    expect(be).toContain('Sitemap: https://be.example/sitemap-index.xml');
  });
});
