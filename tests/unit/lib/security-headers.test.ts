/**
 * The security policy of both sites (src/lib/security-headers.ts): what the page policy allows for each
 * configuration, and that netlify.toml sends the same headers as the local server.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  cardFormProblem,
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
    // Images: the site's own, and the cart lines' pictures the shop API names (on its host).
    expect(policy.get('img-src')).toEqual(["'self'", 'http://localhost:4400']);
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

  it('shows the pictures of a content service of another origin, which no island calls', () => {
    const env = { SHOP_API_URL: 'https://shop.example.com', CONTENT_API_URL: 'https://content.example.com/api/' };
    // The guides ask the shop platform (lib/nutrition/requests.ts nutritionServiceUrl), whatever the content service.
    expect(directives(servicesFromEnv(env)).get('connect-src')).toEqual(["'self'", 'https://shop.example.com']);
    // The cart lines' pictures are its uploads, on its own origin or a CDN's.
    const images = directives(servicesFromEnv({ ...env, CONTENT_IMAGES_URL: 'https://cdn.example.com/uploads/' })).get('img-src');
    expect(images).toEqual(expect.arrayContaining(['https://content.example.com', 'https://cdn.example.com']));
  });

  it('allows the map tiles only when a provider is configured', () => {
    expect(directives({ ...local, mapTilesUrl: 'https://tiles.example.org/{z}/{x}/{y}.png' }).get('img-src')).toEqual([
      "'self'",
      'http://localhost:4400',
      'https://tiles.example.org',
    ]);
    expect(directives({ ...local, mapTilesUrl: 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png' }).get('img-src')).toEqual([
      "'self'",
      'http://localhost:4400',
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

  it("allows the embedded captcha's script from the shop API's platform only, with the embedded Google client id", () => {
    const services = servicesFromEnv({
      SHOP_API_URL: 'http://localhost:4500',
      PUBLIC_GOOGLE_CLIENT_ID: 'maison-gamelle-embedded.apps.googleusercontent.com',
    });
    expect(services.captchaSiteKey).toBe('maison-gamelle-embedded-captcha');
    const on = directives(services);
    expect(on.get('script-src')).toEqual(["'self'", 'http://localhost:4500']);
    expect(on.get('frame-src')).toEqual(["'none'"]);
    expect(JSON.stringify([...on.values()])).not.toContain('google');
    // A real client id brings no captcha by itself, and Google's sign-in page is a navigation: nothing to allow.
    const real = directives(servicesFromEnv({ PUBLIC_GOOGLE_CLIENT_ID: 'id.apps.googleusercontent.com' }));
    expect(JSON.stringify([...real.values()])).not.toContain('google');
    expect(real.get('script-src')).toEqual(["'self'"]);
  });

  it('allows Mollie Components (mollie.js and its card-field frames) only when a Mollie profile is configured', () => {
    const off = directives(local);
    const on = directives({ ...local, mollieProfileId: 'pfl_3RkSN1zuPE' });
    expect(JSON.stringify([...off.values()])).not.toContain('mollie');
    expect(on.get('script-src')).toEqual(["'self'", 'https://js.mollie.com']);
    expect(on.get('frame-src')).toEqual(['https://js.mollie.com']);
    // The card is read inside Mollie's frames: the page itself calls only the shop API.
    expect(on.get('connect-src')).toEqual(off.get('connect-src'));
    const both = directives({ ...local, mollieProfileId: 'pfl_3RkSN1zuPE', captchaSiteKey: 'site-key' });
    expect(both.get('frame-src')).toEqual([
      'https://www.google.com/recaptcha/',
      'https://recaptcha.google.com/recaptcha/',
      'https://js.mollie.com',
    ]);
  });

  it('needs nothing for Google sign-in, a link to Google’s page', () => {
    expect(directives({ ...local, googleClientId: 'id.apps.googleusercontent.com' })).toEqual(directives(local));
  });

  it("lets the pets' photos go to ImageKit and come from the shop's URL endpoint when the build names it", () => {
    const imagekit = directives({ ...local, ...servicesFromEnv({ PUBLIC_IMAGEKIT_URL_ENDPOINT: 'https://ik.imagekit.io/maisongamelle' }) });
    expect(imagekit.get('connect-src')).toContain('https://upload.imagekit.io');
    expect(imagekit.get('img-src')).toContain('https://ik.imagekit.io');
    // Unset: the embedded media service, on the shop API's platform, needs nothing more.
    expect(directives(local).get('connect-src')).not.toContain('https://upload.imagekit.io');
    expect(() => servicesFromEnv({ PUBLIC_IMAGEKIT_URL_ENDPOINT: 'javascript:alert(1)' })).toThrow();
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

  it('reads the Mollie profile id, and refuses anything else there (an API key above all)', () => {
    expect(servicesFromEnv({ PUBLIC_MOLLIE_PROFILE_ID: ' pfl_3RkSN1zuPE ' }).mollieProfileId).toBe('pfl_3RkSN1zuPE');
    expect(servicesFromEnv({ PUBLIC_MOLLIE_PROFILE_ID: '' }).mollieProfileId).toBeUndefined();
    expect(() => servicesFromEnv({ PUBLIC_MOLLIE_PROFILE_ID: 'live_dHar4XY7LxsDOtmnkVtjNVWXLSlXsM' })).toThrow(/pfl_/);
    expect(() => servicesFromEnv({ PUBLIC_MOLLIE_PROFILE_ID: 'pfl_"; script-src *' })).toThrow();
  });

  it('refuses a shop API that is not an http(s) URL', () => {
    expect(() => servicesFromEnv({ SHOP_API_URL: 'javascript:alert(1)' })).toThrow();
    expect(() => servicesFromEnv({ SHOP_API_URL: 'localhost:4400' })).toThrow();
  });
});

describe('cardFormProblem', () => {
  it('refuses a build with a live Mollie key whose card form would be the sandbox’s, or in test mode', () => {
    expect(cardFormProblem({})).toBeNull();
    expect(cardFormProblem({ MOLLIE_API_KEY: 'test_MaisonGamelleSandbox000000000000' })).toBeNull();
    expect(cardFormProblem({ MOLLIE_API_KEY: 'live_abc' })).toMatch(/PUBLIC_MOLLIE_PROFILE_ID/);
    expect(cardFormProblem({ MOLLIE_API_KEY: 'live_abc', PUBLIC_MOLLIE_PROFILE_ID: ' ' })).toMatch(/PUBLIC_MOLLIE_PROFILE_ID/);
    expect(cardFormProblem({ MOLLIE_API_KEY: 'live_abc', PUBLIC_MOLLIE_PROFILE_ID: 'pfl_1', PUBLIC_MOLLIE_TESTMODE: 'true' })).toMatch(
      /PUBLIC_MOLLIE_TESTMODE/,
    );
    expect(cardFormProblem({ MOLLIE_API_KEY: 'live_abc', PUBLIC_MOLLIE_PROFILE_ID: 'pfl_1', PUBLIC_MOLLIE_TESTMODE: 'false' })).toBeNull();
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
