/**
 * The security policy of both sites (src/lib/security-headers.ts): what the page policy allows for each
 * configuration, and that netlify.toml sends the same headers as the local server.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  pagePolicy,
  RESPONSE_CSP,
  securityHeaders,
  servicesFromEnv,
  tileSource,
  type SiteServices,
} from '../../../src/lib/security-headers.ts';
import { LOCAL_SHOP_API_URL } from '../../../src/lib/local-defaults.ts';
import { netlifyToml } from '../../../src/lib/seo/netlify.ts';

/** The policy as a map of directive → sources, the way a browser reads it. */
function directives(services: SiteServices): Map<string, string[]> {
  const policy = pagePolicy(services);
  const styles = (kind?: 'attribute') =>
    policy.styleResources.flatMap((r) => (typeof r === 'string' ? (kind ? [] : [r]) : r.kind === kind ? [r.resource] : []));
  const all = [
    ...policy.directives,
    `script-src ${policy.scriptResources.join(' ')}`,
    `style-src ${styles().join(' ')}`,
    `style-src-attr ${styles('attribute').join(' ')}`,
  ];
  return new Map(
    all.map((d) => {
      const [name, ...sources] = d.split(/\s+/);
      return [name!, sources];
    }),
  );
}

const local: SiteServices = { shopApiUrl: LOCAL_SHOP_API_URL };

describe('the page policy', () => {
  it('runs no inline script nor eval, and loads nothing from elsewhere, by default', () => {
    const policy = directives(local);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('connect-src')).toEqual(["'self'", 'http://localhost:4400']);
    expect(policy.get('img-src')).toEqual(["'self'"]);
    expect(policy.get('frame-src')).toEqual(["'none'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'self'"]);
    expect(policy.get('form-action')).toEqual(["'self'"]);
  });

  it('never gives scripts unsafe-inline or unsafe-eval, whatever is configured', () => {
    const everything = {
      shopApiUrl: 'https://api.maison-gamelle.example/',
      mapTilesUrl: 'https://{s}.tile.example/{z}/{x}/{y}.png',
      googleClientId: 'id.apps.googleusercontent.com',
      captchaSiteKey: 'key',
    };
    for (const services of [local, everything]) {
      const script = directives(services).get('script-src')!;
      expect(script).not.toContain("'unsafe-inline'");
      expect(script).not.toContain("'unsafe-eval'");
      expect(script).not.toContain('*');
    }
  });

  it('admits style sheets by hash only, and inline style attributes', () => {
    // Astro adds the hashes of its inline sheets to style-src; 'unsafe-inline' there would void them.
    expect(directives(local).get('style-src')).toEqual(["'self'"]);
    expect(directives(local).get('style-src-attr')).toEqual(["'unsafe-inline'"]);
  });

  it('keeps frame-ancestors out of the meta policy, where browsers ignore it', () => {
    expect(pagePolicy(local).directives.some((d) => d.startsWith('frame-ancestors'))).toBe(false);
  });

  it('lets the islands call the configured shop API origin, not its path', () => {
    expect(directives({ shopApiUrl: 'https://shop.example.com:8443/api/' }).get('connect-src')).toEqual([
      "'self'",
      'https://shop.example.com:8443',
    ]);
  });

  it('allows the map tiles only when a provider is configured', () => {
    expect(directives({ ...local, mapTilesUrl: 'https://tiles.example.org/{z}/{x}/{y}.png' }).get('img-src')).toEqual([
      "'self'",
      'https://tiles.example.org',
    ]);
    expect(directives({ ...local, mapTilesUrl: 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png' }).get('img-src')).toEqual([
      "'self'",
      'https://*.tile.openstreetmap.org',
    ]);
    expect(tileSource('https://tiles-{s}.example.org:8080/{z}/{x}/{y}.png')).toBe('https://*.example.org:8080');
    expect(() => tileSource('javascript:alert(1)//{z}')).toThrow();
  });

  it('allows the captcha only when a site key is configured', () => {
    const off = directives(local);
    const on = directives({ ...local, captchaSiteKey: 'site-key' });
    expect(JSON.stringify([...off.values()])).not.toContain('google');
    expect(on.get('script-src')).toEqual(["'self'", 'https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/']);
    expect(on.get('frame-src')).toEqual(['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/']);
    expect(on.get('connect-src')).toContain('https://www.google.com/recaptcha/');
  });

  it('needs nothing for Google sign-in, a link to Google’s page', () => {
    expect(directives({ ...local, googleClientId: 'id.apps.googleusercontent.com' })).toEqual(directives(local));
  });
});

describe('servicesFromEnv', () => {
  it('reads the build environment as astro.config.mjs does', () => {
    expect(servicesFromEnv({})).toEqual({
      shopApiUrl: LOCAL_SHOP_API_URL,
      mapTilesUrl: undefined,
      googleClientId: undefined,
      captchaSiteKey: undefined,
    });
    expect(servicesFromEnv({ SHOP_API_URL: 'https://api.example' }).shopApiUrl).toBe('https://api.example');
    expect(servicesFromEnv({ SHOP_API_URL: 'https://api.example', PUBLIC_SHOP_API_URL: 'https://public.example' }).shopApiUrl).toBe(
      'https://public.example',
    );
    // Empty means off, as it does for the islands.
    expect(servicesFromEnv({ PUBLIC_CAPTCHA_SITE_KEY: '', PUBLIC_MAP_TILES_URL: ' ' })).toMatchObject({
      captchaSiteKey: undefined,
      mapTilesUrl: undefined,
    });
  });

  it('refuses a shop API that is not an http(s) URL', () => {
    expect(() => servicesFromEnv({ SHOP_API_URL: 'javascript:alert(1)' })).toThrow();
    expect(() => servicesFromEnv({ SHOP_API_URL: 'localhost:4400' })).toThrow();
  });
});

describe('the response headers', () => {
  it('are the ones both sites must send', () => {
    expect(Object.keys(securityHeaders).sort()).toEqual([
      'Content-Security-Policy',
      'Permissions-Policy',
      'Referrer-Policy',
      'Strict-Transport-Security',
      'X-Content-Type-Options',
      'X-Frame-Options',
    ]);
    expect(securityHeaders['Content-Security-Policy']).toBe(RESPONSE_CSP);
    expect(RESPONSE_CSP).toContain("frame-ancestors 'none'");
    // A script list here would apply on top of the page's and block its hashed scripts.
    expect(RESPONSE_CSP).not.toMatch(/script-src|default-src/);
    expect(securityHeaders['Strict-Transport-Security']).toMatch(/^max-age=(\d+)/);
    expect(Number(/max-age=(\d+)/.exec(securityHeaders['Strict-Transport-Security']!)![1])).toBeGreaterThanOrEqual(31_536_000);
  });

  it('are in the committed netlify.toml for every path (run `npm run netlify-toml` after a change)', () => {
    const toml = readFileSync('netlify.toml', 'utf8');
    expect(toml).toBe(netlifyToml());
    const block = /\[\[headers\]\]\nfor = "\/\*"\n\[headers\.values\]\n((?:[^\n[]+\n)+)/.exec(toml)?.[1];
    const values = Object.fromEntries(
      block!
        .trim()
        .split('\n')
        .map((line) => {
          const [name, value] = line.split(' = ');
          return [name, JSON.parse(value!)];
        }),
    );
    expect(values).toEqual(securityHeaders);
  });
});
