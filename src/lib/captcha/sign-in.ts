/**
 * Which sign-in providers a build has, from its public settings: Google one-click sign-in when
 * PUBLIC_GOOGLE_CLIENT_ID is set, and the login captcha when PUBLIC_CAPTCHA_SITE_KEY is. With the embedded
 * platform's client id both talk to the platform (its issuer and its captcha, the captcha coming along by
 * itself), so the whole flow runs offline; with a real client id, to Google. Read by the login island
 * (islands/auth/providers.ts) and by the page policy (security-headers.ts), so the CSP allows exactly what
 * the page loads.
 */
import { LOCAL_SHOP_API_URL } from '../local-defaults.ts';
import {
  EMBEDDED_CAPTCHA_SCRIPT_PATH,
  EMBEDDED_CAPTCHA_SITE_KEY,
  EMBEDDED_GOOGLE_AUTH_PATH,
  EMBEDDED_GOOGLE_CLIENT_ID,
} from './embedded.ts';

export interface SignInEnv {
  PUBLIC_GOOGLE_CLIENT_ID?: string | undefined;
  /** Another authorisation page than Google's (a staging identity provider speaking Google's implicit flow). */
  PUBLIC_GOOGLE_AUTH_URL?: string | undefined;
  PUBLIC_CAPTCHA_SITE_KEY?: string | undefined;
  /** reCAPTCHA Enterprise (enterprise.js, grecaptcha.enterprise) rather than reCAPTCHA v3 (api.js). */
  PUBLIC_CAPTCHA_ENTERPRISE?: string | boolean | undefined;
  PUBLIC_SHOP_API_URL?: string | undefined;
}

export interface CaptchaSettings {
  siteKey: string;
  enterprise: boolean;
  /** The script, without its query (the loader adds `render=explicit`). */
  scriptUrl: string;
}

export interface SignInProviders {
  google: { clientId: string; authUrl: string } | null;
  captcha: CaptchaSettings | null;
}

const GOOGLE_AUTH_URL = 'https://accounts.google.com/o/oauth2/v2/auth';
const RECAPTCHA_SCRIPT = 'https://www.google.com/recaptcha/api.js';
const RECAPTCHA_ENTERPRISE_SCRIPT = 'https://www.google.com/recaptcha/enterprise.js';

const given = (value: string | undefined) => value?.trim() || undefined;

export function signInProviders(env: SignInEnv): SignInProviders {
  const platform = (given(env.PUBLIC_SHOP_API_URL) ?? LOCAL_SHOP_API_URL).replace(/\/+$/, '');
  const clientId = given(env.PUBLIC_GOOGLE_CLIENT_ID);
  const embeddedGoogle = clientId === EMBEDDED_GOOGLE_CLIENT_ID;
  const siteKey = given(env.PUBLIC_CAPTCHA_SITE_KEY) ?? (embeddedGoogle ? EMBEDDED_CAPTCHA_SITE_KEY : undefined);
  const enterprise = env.PUBLIC_CAPTCHA_ENTERPRISE === true || /^(true|1)$/i.test(String(env.PUBLIC_CAPTCHA_ENTERPRISE ?? '').trim());
  return {
    google: clientId
      ? {
          clientId,
          authUrl: given(env.PUBLIC_GOOGLE_AUTH_URL) ?? (embeddedGoogle ? `${platform}${EMBEDDED_GOOGLE_AUTH_PATH}` : GOOGLE_AUTH_URL),
        }
      : null,
    captcha: siteKey
      ? {
          siteKey,
          enterprise,
          scriptUrl:
            siteKey === EMBEDDED_CAPTCHA_SITE_KEY
              ? `${platform}${EMBEDDED_CAPTCHA_SCRIPT_PATH}`
              : enterprise
                ? RECAPTCHA_ENTERPRISE_SCRIPT
                : RECAPTCHA_SCRIPT,
        }
      : null,
  };
}

/**
 * The platform lets a Google sign-in through only with a captcha token (in production always): a build
 * with a client id but no captcha site key would show a button that always fails. The reason the build
 * is refused, or null when the settings agree.
 */
export function signInProblem(env: SignInEnv): string | null {
  const { google, captcha } = signInProviders(env);
  if (google && !captcha)
    return 'PUBLIC_GOOGLE_CLIENT_ID is set but PUBLIC_CAPTCHA_SITE_KEY is not: the shop API refuses every Google sign-in without the captcha of the login. Set the reCAPTCHA site key (its secret is the platform’s CAPTCHA_SECRET).';
  return null;
}
