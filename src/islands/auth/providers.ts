/**
 * Optional sign-in providers: Google one-click login and the captcha of the login action.
 * Each is on only when its public key is given at build time; without one nothing is loaded and no call
 * leaves the site. No SDK: Google's sign-in page sends the shopper back with an id token in the fragment.
 */
const GOOGLE_CLIENT_ID = (import.meta.env.PUBLIC_GOOGLE_CLIENT_ID as string | undefined) || null;
const CAPTCHA_SITE_KEY = (import.meta.env.PUBLIC_CAPTCHA_SITE_KEY as string | undefined) || null;

export const googleEnabled = (): boolean => GOOGLE_CLIENT_ID !== null;

/** Google's sign-in page, coming back to this login page (its query, the remembered path, kept in `state`). */
export function googleSignInUrl(location: { origin: string; pathname: string; search: string }): string {
  const params = new URLSearchParams({
    client_id: GOOGLE_CLIENT_ID ?? '',
    redirect_uri: `${location.origin}${location.pathname}`,
    response_type: 'id_token',
    scope: 'openid email profile',
    nonce: crypto.randomUUID(),
    state: location.search,
    prompt: 'select_account',
  });
  return `https://accounts.google.com/o/oauth2/v2/auth?${params}`;
}

/**
 * A Google token handed to the login page: from Google's answer (`#id_token=…&state=…`) or from a failed
 * automatic login, which sends the shopper to login with the token in `?gi-token=…`. The address is
 * cleaned of it, keeping the remembered path.
 */
export function takeGoogleToken(): string | null {
  if (!GOOGLE_CLIENT_ID) return null;
  const hash = new URLSearchParams(window.location.hash.slice(1));
  const query = new URLSearchParams(window.location.search);
  const token = hash.get('id_token') ?? query.get('gi-token');
  if (!token) return null;
  query.delete('gi-token');
  const search = hash.get('state') ?? (query.size > 0 ? `?${query}` : '');
  window.history.replaceState(null, '', `${window.location.pathname}${search}`);
  return token;
}

type Recaptcha = { execute?: (key: string, options: { action: string }) => Promise<string> };
/** A captcha token for an action, when the captcha is configured and its script is on the page. */
export async function captchaToken(action: 'login'): Promise<string | undefined> {
  if (!CAPTCHA_SITE_KEY) return undefined;
  const grecaptcha = (window as { grecaptcha?: Recaptcha & { enterprise?: Recaptcha } }).grecaptcha;
  const api = grecaptcha?.enterprise ?? grecaptcha;
  if (!api?.execute) return undefined;
  try {
    return await api.execute(CAPTCHA_SITE_KEY, { action });
  } catch {
    // The login goes on without a token: the shop API decides whether it needs one.
    return undefined;
  }
}
