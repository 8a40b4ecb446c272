/** Google one-click sign-in and the captcha its sign-ins pass: Google's and reCAPTCHA's, or the embedded stand-ins. */
import { EMBEDDED_GOOGLE_CLIENT_ID } from '../../lib/captcha/embedded.ts';
import type { GoogleSignInSettings } from '../google/verify.ts';
import { checkSecret, type Env, isUrl, readAlone } from './checks.ts';

/** Google one-click sign-in (null: off) and the captcha its sign-ins must pass. */
export interface SignInSettings {
  google: GoogleSignInSettings | null;
  captcha: CaptchaSettings;
}
/**
 * reCAPTCHA's siteverify (v3 keys, and Enterprise keys, which keep a secret key for this endpoint): the
 * platform posts the secret and the token; `minScore` is the least v3 score taken for a person.
 * `embedded`: the embedded captcha's tokens (google/captcha.ts); `off`: no captcha asked (outside production only).
 */
export type CaptchaSettings =
  | { kind: 'siteverify'; secret: string; verifyUrl: string; minScore: number }
  | { kind: 'embedded' }
  | { kind: 'off' };

const GOOGLE_JWKS_URL = 'https://www.googleapis.com/oauth2/v3/certs';
const RECAPTCHA_SITEVERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';

/** The sign-in settings alone, for the shop's login and the embedded issuer's mount. */
export const readSignInSettings = (env: Env): SignInSettings => readAlone(env, readSignIn);

/**
 * Production takes Google's own tokens only, checked against Google's keys, and a captcha checked by
 * reCAPTCHA with the shop's secret: Google sign-in is on when GOOGLE_CLIENT_ID is set (GOOGLE_SIGN_IN=on
 * without one is refused). Elsewhere it is on unless GOOGLE_SIGN_IN=off, with the embedded issuer and
 * captcha standing in for Google unless GOOGLE_JWKS_URL or CAPTCHA_SECRET name real ones. The embedded
 * issuer signs anyone in as any e-mail, so it goes with the developer tools: a deployment others reach
 * turns the outbox off (OUTBOX_PAGE=off), and the embedded issuer with it (Google's own tokens still work
 * there, with GOOGLE_CLIENT_ID).
 */
export function readSignIn(env: Env, production: boolean, problems: string[]): SignInSettings {
  const switched = env.GOOGLE_SIGN_IN || undefined;
  if (switched && switched !== 'on' && switched !== 'off') problems.push('GOOGLE_SIGN_IN must be on or off.');
  const clientId = env.GOOGLE_CLIENT_ID?.trim() || undefined;
  const jwksUrl = env.GOOGLE_JWKS_URL?.trim() || undefined;
  const verifyUrl = env.CAPTCHA_VERIFY_URL?.trim() || undefined;
  const https = production ? ['https:'] : ['http:', 'https:'];
  if (jwksUrl && !isUrl(jwksUrl, https))
    problems.push(`GOOGLE_JWKS_URL must be ${production ? 'an https://' : 'an http(s)://'} URL (Google's is ${GOOGLE_JWKS_URL}).`);
  if (verifyUrl && !isUrl(verifyUrl, https))
    problems.push(
      `CAPTCHA_VERIFY_URL must be ${production ? 'an https://' : 'an http(s)://'} URL (reCAPTCHA's is ${RECAPTCHA_SITEVERIFY_URL}).`,
    );
  const minScore = Number(env.CAPTCHA_MIN_SCORE || 0.5);
  if (!(minScore >= 0 && minScore <= 1))
    problems.push('CAPTCHA_MIN_SCORE must be a number from 0 to 1 (the least reCAPTCHA score taken for a person).');
  const secret = env.CAPTCHA_SECRET?.trim() || undefined;
  const siteverify = (key: string): CaptchaSettings => ({
    kind: 'siteverify',
    secret: key,
    verifyUrl: verifyUrl ?? RECAPTCHA_SITEVERIFY_URL,
    minScore,
  });
  if (production) {
    if (env.CAPTCHA === 'off') problems.push('CAPTCHA cannot be turned off in production: every Google sign-in passes the captcha.');
    const on = switched === 'on' || (switched === undefined && clientId !== undefined);
    if (!on) return { google: null, captcha: { kind: 'off' } };
    if (!clientId)
      problems.push("GOOGLE_CLIENT_ID is not set: Google sign-in checks that each token was made for the shop's OAuth client id.");
    else if (clientId === EMBEDDED_GOOGLE_CLIENT_ID)
      problems.push(
        "GOOGLE_CLIENT_ID is the embedded Google's published client id: give the shop's OAuth client id from Google's console.",
      );
    if (!secret)
      problems.push(
        'CAPTCHA_SECRET is not set: every Google sign-in passes the captcha, checked with the secret key of the reCAPTCHA site key.',
      );
    else
      checkSecret(problems, 'CAPTCHA_SECRET', secret, {
        guards: "it checks each sign-in's captcha with reCAPTCHA",
        source: "copy the secret key of the site key from reCAPTCHA's console",
      });
    return {
      google: { clientId: clientId ?? '', jwksUrl: jwksUrl ?? GOOGLE_JWKS_URL, embedded: false },
      captcha: siteverify(secret ?? ''),
    };
  }
  const captcha: CaptchaSettings = secret ? siteverify(secret) : env.CAPTCHA === 'off' ? { kind: 'off' } : { kind: 'embedded' };
  if (switched === 'off') return { google: null, captcha };
  if (env.OUTBOX_PAGE === 'off')
    return { google: clientId ? { clientId, jwksUrl: jwksUrl ?? GOOGLE_JWKS_URL, embedded: false } : null, captcha };
  return { google: { clientId: clientId ?? EMBEDDED_GOOGLE_CLIENT_ID, jwksUrl, embedded: true }, captcha };
}
