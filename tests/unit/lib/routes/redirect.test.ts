/** The way back after login: a path of this site only, never an open redirect. */
import { describe, expect, it } from 'vitest';
import { afterLoginTarget } from '../../../../src/lib/routes/guards.ts';
import { loginWithRedirect, rememberedPath } from '../../../../src/lib/routes/redirect.ts';

const query = (path: string) => `?redirect=${encodeURIComponent(path)}`;

describe('the path remembered by the login page', () => {
  it('is the page the shopper was on, its query included', () => {
    const login = loginWithRedirect('/connexion/', { pathname: '/produits/croquettes-adulte-poulet/3kg/', search: '?interval=31' });
    expect(login).toBe('/connexion/?redirect=%2Fproduits%2Fcroquettes-adulte-poulet%2F3kg%2F%3Finterval%3D31');
    expect(rememberedPath(new URL(login, 'https://shop.example').search)).toBe('/produits/croquettes-adulte-poulet/3kg/?interval=31');
    expect(afterLoginTarget(query('/nl/winkelmand/'), 'nl_BE')).toBe('/nl/winkelmand/');
  });
  it('is never another site: absolute, protocol-relative, backslashed or script addresses go to the account', () => {
    for (const unsafe of [
      'https://evil.example/',
      '//evil.example/',
      '/\\evil.example',
      '\\\\evil.example',
      'javascript:alert(1)',
      // Browsers drop tabs and line breaks from addresses: these are "//evil.example" once followed.
      '/\t/evil.example',
      '/\n/evil.example',
      '/\r\n/evil.example',
      ' //evil.example',
      '',
    ]) {
      expect(rememberedPath(query(unsafe)), JSON.stringify(unsafe)).toBeNull();
      expect(afterLoginTarget(query(unsafe), 'fr_FR'), JSON.stringify(unsafe)).toBe('/mon-compte/');
    }
  });
  it('stays a path when it only looks like an address: encoded slashes are a path’s characters', () => {
    expect(rememberedPath(query('/%2F%2Fevil.example/'))).toBe('/%2F%2Fevil.example/');
    expect(rememberedPath(query('/panier/../mon-compte/'))).toBe('/mon-compte/');
  });
  it('is not the login page itself', () => {
    expect(afterLoginTarget(query('/connexion/?redirect=%2Fpanier%2F'), 'fr_FR')).toBe('/mon-compte/');
  });
});
