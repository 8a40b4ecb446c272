/**
 * Optional sign-in providers: Google one-click login and the captcha of the login action.
 * Each is on only when its public key is given at build time (lib/captcha/sign-in.ts); without one nothing
 * is loaded and no call leaves the site. No Google SDK: Google's sign-in page (or the embedded platform's,
 * with its client id) sends the shopper back with an id token in the fragment.
 */
import type { createCaptchaLoader } from '../../lib/captcha/loader.ts';
import { signInProviders } from '../../lib/captcha/sign-in.ts';

const settings = {
  PUBLIC_GOOGLE_CLIENT_ID: import.meta.env.PUBLIC_GOOGLE_CLIENT_ID as string | undefined,
  PUBLIC_GOOGLE_AUTH_URL: import.meta.env.PUBLIC_GOOGLE_AUTH_URL as string | undefined,
  PUBLIC_CAPTCHA_SITE_KEY: import.meta.env.PUBLIC_CAPTCHA_SITE_KEY as string | undefined,
  PUBLIC_CAPTCHA_ENTERPRISE: import.meta.env.PUBLIC_CAPTCHA_ENTERPRISE as string | boolean | undefined,
  PUBLIC_SHOP_API_URL: import.meta.env.PUBLIC_SHOP_API_URL as string | undefined,
};
let { google, captcha } = signInProviders(settings);

/**
 * The shop API's address as the build has it (astro:env, which also knows SHOP_API_URL): import.meta.env
 * holds PUBLIC_SHOP_API_URL only when it is set by that name, and the embedded providers live there.
 */
export function setShopApiUrl(url: string): void {
  ({ google, captcha } = signInProviders({ ...settings, PUBLIC_SHOP_API_URL: url }));
}

export const googleEnabled = (): boolean => google !== null;

/** Google's sign-in page, coming back to this login page (its query, the remembered path, kept in `state`). */
export function googleSignInUrl(location: { origin: string; pathname: string; search: string }): string {
  // A refused token kept in the address is not worth bringing back.
  const remembered = new URLSearchParams(location.search);
  remembered.delete('gi-token');
  const params = new URLSearchParams({
    client_id: google?.clientId ?? '',
    redirect_uri: `${location.origin}${location.pathname}`,
    response_type: 'id_token',
    scope: 'openid email profile',
    nonce: crypto.randomUUID(),
    state: remembered.size > 0 ? `?${remembered}` : '',
    prompt: 'select_account',
  });
  return `${google?.authUrl ?? ''}?${params}`;
}

/**
 * A Google token handed to the login page: from Google's answer (`#id_token=…&state=…`) or from a failed
 * automatic login, which sends the shopper to login with the token in `?gi-token=…`. The address is
 * cleaned of it, keeping the remembered path.
 */
export function takeGoogleToken(): string | null {
  if (!google) return null;
  const hash = new URLSearchParams(window.location.hash.slice(1));
  const query = new URLSearchParams(window.location.search);
  const token = hash.get('id_token') ?? query.get('gi-token');
  if (!token) return null;
  query.delete('gi-token');
  const search = hash.get('state') ?? (query.size > 0 ? `?${query}` : '');
  window.history.replaceState(null, '', `${window.location.pathname}${search}`);
  return token;
}

/**
 * A sign-in with the token failed: the login page keeps it in `?gi-token=` (the remembered path kept
 * alongside), so reloading tries again; the shopper may also go back to Google or use their e-mail.
 */
export function keepGoogleToken(token: string): void {
  const query = new URLSearchParams(window.location.search);
  query.set('gi-token', token);
  window.history.replaceState(null, '', `${window.location.pathname}?${query}`);
}

let captchaLoader: Promise<ReturnType<typeof createCaptchaLoader>> | undefined;

/** A captcha token for an action, when the captcha is configured (its script loaded on first use). */
export async function captchaToken(action: 'login'): Promise<string | undefined> {
  if (!captcha) return undefined;
  try {
    // The loader's own code comes with the first token asked for too: the sign-in page stays within its budget.
    captchaLoader ??= import('../../lib/captcha/loader.ts').then((module) =>
      module.createCaptchaLoader(() => ({ window: window as never, document })),
    );
    const loadCaptcha = await captchaLoader;
    const language = document.documentElement.lang.slice(0, 2) || undefined;
    return await (await loadCaptcha(captcha, language)).execute(action);
  } catch (error) {
    // The login goes on without a token: the shop API decides whether it needs one, and says so.
    console.warn(error);
    return undefined;
  }
}
