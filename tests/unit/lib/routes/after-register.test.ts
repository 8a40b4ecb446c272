/** The way on after registration (issue 44): the path the login or register page remembers, a path of this site only; else the welcome page. */
import { describe, expect, it } from 'vitest';
import { afterRegisterTarget } from '../../../../src/lib/routes/guards.ts';

const query = (path: string) => `?redirect=${encodeURIComponent(path)}`;

describe('where a new customer goes', () => {
  it('back to the remembered path: the checkout they were on the way to, its query included', () => {
    expect(afterRegisterTarget(query('/commande/abc123/'), 'fr_FR')).toBe('/commande/abc123/');
    expect(afterRegisterTarget(query('/nl/volgorde/abc123/?step=address'), 'nl_BE')).toBe('/nl/volgorde/abc123/?step=address');
    expect(afterRegisterTarget(`${query('/panier/')}&parrain=LOTTE1`, 'fr_FR')).toBe('/panier/');
  });
  it('to the welcome page without one', () => {
    expect(afterRegisterTarget('', 'fr_FR')).toBe('/mon-compte/bienvenue/');
    expect(afterRegisterTarget('?parrain=LOTTE1', 'nl_BE')).toBe('/nl/mijn-account/welkom/');
  });
  it('to the welcome page rather than another site, or the login and register pages', () => {
    for (const unsafe of [
      'https://evil.example/',
      '//evil.example',
      '/\\evil.example',
      '/\t/evil.example',
      'javascript:alert(1)',
      '/connexion/',
      '/creer-un-compte/',
    ]) {
      expect(afterRegisterTarget(query(unsafe), 'fr_FR'), unsafe).toBe('/mon-compte/bienvenue/');
    }
    expect(afterRegisterTarget(query('/nl/account-aanmaken/?redirect=/nl/winkelmand/'), 'nl_BE')).toBe('/nl/mijn-account/welkom/');
  });
});
