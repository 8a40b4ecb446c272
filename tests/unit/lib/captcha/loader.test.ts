/**
 * The captcha loader (src/lib/captcha/loader.ts) on a fake page: one script for every caller, explicit
 * render of one invisible widget, enterprise or not, refusals (another site key, a script that fails or
 * never gets ready) and a retry after a failure. And which providers a build's settings give (sign-in.ts).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CaptchaLoadError, createCaptchaLoader, type CaptchaHost } from '../../../../src/lib/captcha/loader.ts';
import { signInProblem, signInProviders } from '../../../../src/lib/captcha/sign-in.ts';

const SITE_KEY = '6LcShopKey';
const settings = { siteKey: SITE_KEY, enterprise: false, scriptUrl: 'https://www.google.com/recaptcha/api.js' };

interface FakeScript {
  src: string;
  async: boolean;
  listeners: Record<string, () => void>;
  addEventListener(type: string, listener: () => void): void;
}

/** A page whose scripts load only when the test says so, and a grecaptcha that records what it is asked. */
function fakePage() {
  const scripts: FakeScript[] = [];
  const containers: Array<{ className: string }> = [];
  const rendered: unknown[] = [];
  const executed: unknown[] = [];
  const api = (kind: string) => ({
    ready: (callback: () => void) => queueMicrotask(callback),
    render: (container: unknown, parameters: { sitekey: string }) => {
      rendered.push({ kind, parameters, container });
      return 7;
    },
    execute: async (widget: number, options: { action: string }) => {
      executed.push({ kind, widget, options });
      return `${kind}-token-for-${options.action}`;
    },
  });
  const window: CaptchaHost['window'] = {};
  const document = {
    createElement: (tag: string) => {
      if (tag === 'script') {
        const script: FakeScript = {
          src: '',
          async: false,
          listeners: {},
          addEventListener(type, listener) {
            this.listeners[type] = listener;
          },
        };
        return script;
      }
      const div = { className: '' };
      containers.push(div);
      return div;
    },
    head: { append: (script: FakeScript) => scripts.push(script) },
    body: { append: () => {} },
  } as unknown as CaptchaHost['document'];
  return {
    host: { window, document },
    scripts,
    rendered,
    executed,
    /** The script arrives and sets up grecaptcha (with its enterprise half), as Google's does. */
    loadScript(index = 0) {
      window.grecaptcha = Object.assign(api('v3'), { enterprise: api('enterprise') }) as never;
      scripts[index]!.listeners.load!();
    },
  };
}

afterEach(() => vi.useRealTimers());

describe('captcha loader', () => {
  it('loads the script once for every caller, with explicit render, and executes for an action', async () => {
    const page = fakePage();
    const load = createCaptchaLoader(() => page.host);
    const first = load(settings);
    const second = load(settings);
    expect(page.scripts).toHaveLength(1);
    expect(page.scripts[0]!.src).toBe('https://www.google.com/recaptcha/api.js?render=explicit');
    expect(page.scripts[0]!.async).toBe(true);
    page.loadScript();
    const [a, b] = await Promise.all([first, second]);
    expect(a).toBe(b);
    expect(await a.execute('login')).toBe('v3-token-for-login');
    expect(page.rendered).toEqual([
      { kind: 'v3', parameters: { sitekey: SITE_KEY, size: 'invisible', badge: 'bottomleft' }, container: expect.anything() },
    ]);
    expect(page.executed).toEqual([{ kind: 'v3', widget: 7, options: { action: 'login' } }]);
    // Later callers get the loaded captcha without another script.
    await load(settings);
    expect(page.scripts).toHaveLength(1);
  });

  it('uses grecaptcha.enterprise for an Enterprise key, in the page language', async () => {
    const page = fakePage();
    const load = createCaptchaLoader(() => page.host);
    const captcha = load({ ...settings, enterprise: true, scriptUrl: 'https://www.google.com/recaptcha/enterprise.js' }, 'nl');
    expect(page.scripts[0]!.src).toBe('https://www.google.com/recaptcha/enterprise.js?render=explicit&hl=nl');
    page.loadScript();
    expect(await (await captcha).execute('login')).toBe('enterprise-token-for-login');
  });

  it('rejects a caller asking for another site key, loaded or loading', async () => {
    const page = fakePage();
    const load = createCaptchaLoader(() => page.host);
    const first = load(settings);
    await expect(load({ ...settings, siteKey: 'another' })).rejects.toMatchObject({ reason: 'site-key' });
    page.loadScript();
    await first;
    await expect(load({ ...settings, siteKey: 'another' })).rejects.toBeInstanceOf(CaptchaLoadError);
    expect(page.scripts).toHaveLength(1);
  });

  it('rejects when the script fails to load, and loads again on the next call', async () => {
    const page = fakePage();
    const load = createCaptchaLoader(() => page.host);
    const failed = load(settings);
    page.scripts[0]!.listeners.error!();
    await expect(failed).rejects.toMatchObject({ reason: 'load' });
    const retried = load(settings);
    expect(page.scripts).toHaveLength(2);
    page.loadScript(1);
    expect(await (await retried).execute('login')).toBe('v3-token-for-login');
  });

  it('rejects a script that loads without grecaptcha (a blocked or wrong script)', async () => {
    const page = fakePage();
    const captcha = createCaptchaLoader(() => page.host)(settings);
    page.scripts[0]!.listeners.load!();
    await expect(captcha).rejects.toMatchObject({ reason: 'load' });
  });

  it('rejects when the script is not ready in time, and the next caller loads afresh', async () => {
    vi.useFakeTimers();
    const page = fakePage();
    const load = createCaptchaLoader(() => page.host, 5000);
    const captcha = load(settings);
    const outcome = captcha.then(
      () => 'resolved',
      (error: CaptchaLoadError) => error.reason,
    );
    await vi.advanceTimersByTimeAsync(4999);
    expect(page.scripts).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toBe('timeout');
    // The next caller starts a fresh load.
    load(settings);
    expect(page.scripts).toHaveLength(2);
  });

  it('rejects when the captcha refuses the site key at render', async () => {
    const page = fakePage();
    const captcha = createCaptchaLoader(() => page.host)(settings);
    page.host.window.grecaptcha = {
      ready: (callback: () => void) => callback(),
      render: () => {
        throw new Error('Invalid site key or not loaded in api.js');
      },
      execute: async () => '',
    };
    page.scripts[0]!.listeners.load!();
    await expect(captcha).rejects.toMatchObject({ reason: 'site-key' });
  });
});

describe('sign-in providers of a build', () => {
  it('refuses a build with a Google client id and no captcha site key (every sign-in would be refused)', () => {
    expect(signInProblem({ PUBLIC_GOOGLE_CLIENT_ID: 'id.apps.googleusercontent.com' })).toMatch(/PUBLIC_CAPTCHA_SITE_KEY is not/);
    expect(signInProblem({ PUBLIC_GOOGLE_CLIENT_ID: 'id.apps.googleusercontent.com', PUBLIC_CAPTCHA_SITE_KEY: SITE_KEY })).toBeNull();
    // The embedded platform's client id brings its captcha along.
    expect(signInProblem({ PUBLIC_GOOGLE_CLIENT_ID: 'maison-gamelle-embedded.apps.googleusercontent.com' })).toBeNull();
    expect(signInProblem({})).toBeNull();
  });

  it('nothing without a client id or a site key', () => {
    expect(signInProviders({})).toEqual({ google: null, captcha: null });
  });

  it("Google's page and reCAPTCHA (v3 or Enterprise) with real keys", () => {
    expect(signInProviders({ PUBLIC_GOOGLE_CLIENT_ID: 'id.apps.googleusercontent.com', PUBLIC_CAPTCHA_SITE_KEY: SITE_KEY })).toEqual({
      google: { clientId: 'id.apps.googleusercontent.com', authUrl: 'https://accounts.google.com/o/oauth2/v2/auth' },
      captcha: { siteKey: SITE_KEY, enterprise: false, scriptUrl: 'https://www.google.com/recaptcha/api.js' },
    });
    expect(signInProviders({ PUBLIC_CAPTCHA_SITE_KEY: SITE_KEY, PUBLIC_CAPTCHA_ENTERPRISE: 'true' }).captcha).toEqual({
      siteKey: SITE_KEY,
      enterprise: true,
      scriptUrl: 'https://www.google.com/recaptcha/enterprise.js',
    });
  });

  it("the embedded platform's issuer and captcha with its client id, at the shop API's address", () => {
    expect(
      signInProviders({
        PUBLIC_GOOGLE_CLIENT_ID: 'maison-gamelle-embedded.apps.googleusercontent.com',
        PUBLIC_SHOP_API_URL: 'http://localhost:4500/',
      }),
    ).toEqual({
      google: { clientId: 'maison-gamelle-embedded.apps.googleusercontent.com', authUrl: 'http://localhost:4500/google/o/oauth2/v2/auth' },
      captcha: { siteKey: 'maison-gamelle-embedded-captcha', enterprise: false, scriptUrl: 'http://localhost:4500/captcha/api.js' },
    });
    expect(
      signInProviders({
        PUBLIC_GOOGLE_CLIENT_ID: 'id.apps.googleusercontent.com',
        PUBLIC_GOOGLE_AUTH_URL: 'https://idp.staging.example/auth',
      }).google?.authUrl,
    ).toBe('https://idp.staging.example/auth');
  });
});
