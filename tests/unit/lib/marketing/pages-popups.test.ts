import { describe, expect, it } from 'vitest';
import { marketingPageOf, routeOfPath } from '../../../../src/lib/marketing/pages.ts';
import { countryChoices, languageChoices } from '../../../../src/lib/marketing/popups.ts';
import { pathTo } from '../../../../src/lib/routes/paths.ts';
import { SHELL_ID } from '../../../../src/lib/routes/paths.ts';

describe('marketing page kinds', () => {
  it('finds the route of a path in both languages, the category catch-all last', () => {
    expect(routeOfPath('/produits/croquettes-chien-adulte/', 'fr_FR')).toBe('product');
    expect(routeOfPath('/nl/producten/brokken-hond-volwassen/3kg/', 'nl_BE')).toBe('product');
    expect(routeOfPath('/produits/echantillons/croquettes/', 'fr_BE')).toBe('sample');
    expect(routeOfPath('/chien/croquettes/', 'fr_FR')).toBe('category');
    expect(routeOfPath('/', 'fr_FR')).toBe('home');
    expect(routeOfPath('/nl/', 'nl_BE')).toBe('home');
    // A French path is not a page of the Dutch site.
    expect(routeOfPath('/panier/', 'nl_BE')).toBeNull();
  });

  it('sends view_item on a product page and view_cart on the cart, in French and Dutch', () => {
    expect(marketingPageOf('/produits/croquettes-chien-adulte/', 'fr_FR')).toBe('product');
    expect(marketingPageOf(pathTo('cart', 'fr_FR'), 'fr_FR')).toBe('cart');
    expect(marketingPageOf(pathTo('cart', 'nl_BE'), 'nl_BE')).toBe('cart');
    expect(marketingPageOf('/chien/', 'fr_FR')).toBe('other');
    expect(marketingPageOf('/nl/', 'nl_BE')).toBe('other');
  });

  it('keeps the checkout funnel, sign-in and every account page quiet', () => {
    for (const locale of ['fr_FR', 'nl_BE'] as const) {
      for (const route of ['checkout', 'orderConfirmation', 'login', 'register', 'account', 'orders', 'sponsorships', 'animalAdd'] as const)
        expect(marketingPageOf(pathTo(route, locale, { order: SHELL_ID }), locale), `${route} ${locale}`).toBe('quiet');
      expect(marketingPageOf(pathTo('subscription', locale, { subscription: SHELL_ID }), locale)).toBe('quiet');
      expect(marketingPageOf(pathTo('contact', locale), locale)).toBe('other');
      expect(marketingPageOf(pathTo('newsletter', locale), locale)).toBe('other');
    }
  });
});

describe('the walls’ choices', () => {
  const alternates = {
    fr_FR: 'https://www.maison-gamelle.fr/chien/',
    fr_BE: 'https://www.maison-gamelle.be/chien/',
    nl_BE: 'https://www.maison-gamelle.be/nl/hond/',
  };

  it('offers BE, NL and FR with the switcher’s links: Belgium in French from the French site, NL on the Dutch site', () => {
    expect(countryChoices('fr_FR', alternates, alternates.fr_FR)).toEqual([
      { code: 'BE', href: alternates.fr_BE, lang: 'fr-BE', current: false },
      { code: 'NL', href: alternates.nl_BE, lang: 'nl-BE', current: false },
      { code: 'FR', href: alternates.fr_FR, lang: 'fr-FR', current: true },
    ]);
    expect(countryChoices('nl_BE', alternates, alternates.nl_BE)).toEqual([
      { code: 'BE', href: alternates.nl_BE, lang: 'nl-BE', current: true },
      { code: 'NL', href: alternates.nl_BE, lang: 'nl-BE', current: false },
      { code: 'FR', href: alternates.fr_FR, lang: 'fr-FR', current: false },
    ]);
  });

  it('offers French and Dutch: the French of the site the shopper is on', () => {
    expect(languageChoices('fr_FR', alternates, alternates.fr_FR).map((c) => [c.code, c.href, c.current])).toEqual([
      ['fr', alternates.fr_FR, true],
      ['nl', alternates.nl_BE, false],
    ]);
    expect(languageChoices('nl_BE', alternates, alternates.nl_BE).map((c) => [c.code, c.href, c.current])).toEqual([
      ['fr', alternates.fr_BE, false],
      ['nl', alternates.nl_BE, true],
    ]);
  });

  it('leaves out a choice whose page does not exist, and falls back to this page for its own', () => {
    const here = 'https://www.maison-gamelle.fr/page/promo/';
    expect(countryChoices('fr_FR', {}, here)).toEqual([{ code: 'FR', href: here, lang: 'fr-FR', current: true }]);
    expect(languageChoices('fr_FR', {}, here).map((c) => c.code)).toEqual(['fr']);
  });
});
