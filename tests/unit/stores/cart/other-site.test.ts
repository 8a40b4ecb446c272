/** One cart per country site: the count each site leaves for the other, and what the empty cart says. */
import { describe, expect, it } from 'vitest';
import { markSiteCart, otherSiteCart, siteCartCount, type CookieJar } from '../../../../src/stores/cart/other-site.ts';

/** The browser's cookie jar, for one host: writes as `document.cookie` does (Max-Age=0 deletes). */
function jar(): CookieJar & { cookies: Map<string, string> } {
  const cookies = new Map<string, string>();
  return {
    cookies,
    read: () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    write: (cookie) => {
      const [pair = '', ...attributes] = cookie.split(';').map((part) => part.trim());
      const [name = '', value = ''] = pair.split('=');
      if (attributes.includes('Max-Age=0')) cookies.delete(name);
      else cookies.set(name, value);
    },
  };
}
const BE = { channel: 'BE' as const, origin: 'http://localhost:4322' };

describe('the other site’s cart', () => {
  it('is the count the other site wrote, removed when its cart empties', () => {
    const cookies = jar();
    markSiteCart(3, 'FR', cookies);
    expect(siteCartCount('FR', cookies)).toBe(3);
    expect(siteCartCount('BE', cookies)).toBe(0);
    expect(otherSiteCart({ channel: 'FR', origin: 'http://localhost:4321' }, { jar: cookies, referrer: '' })).toEqual({ count: 3 });
    markSiteCart(0, 'FR', cookies);
    expect(cookies.cookies.size).toBe(0);
    expect(otherSiteCart({ channel: 'FR', origin: 'http://localhost:4321' }, { jar: cookies, referrer: '' })).toBeNull();
  });
  it('writes a cookie for the whole site, kept a year, sent to links from elsewhere', () => {
    const written: string[] = [];
    markSiteCart(2, 'BE', { read: () => '', write: (cookie) => void written.push(cookie) });
    expect(written).toEqual(['store_cart_count_BE=2; Max-Age=31536000; Path=/; SameSite=Lax']);
  });
  it('ignores what is not a count', () => {
    for (const value of ['abc', '-2', '1.5', ''])
      expect(siteCartCount('BE', { read: () => `other=1; store_cart_count_BE=${value}`, write: () => undefined }), value).toBe(0);
  });
  it('may be there when the shopper arrives from the other site without a count (two domains share no cookie)', () => {
    const none = jar();
    expect(otherSiteCart(BE, { jar: none, referrer: 'http://localhost:4322/panier/' })).toEqual({ cameFrom: true });
    expect(otherSiteCart(BE, { jar: none, referrer: 'http://localhost:4321/panier/' })).toBeNull();
    expect(otherSiteCart(BE, { jar: none, referrer: 'not a url' })).toBeNull();
    expect(otherSiteCart(BE, { jar: null, referrer: '' })).toBeNull();
  });
});
