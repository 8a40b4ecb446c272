/**
 * The embedded platform's stand-ins for Google sign-in and its captcha, so the whole one-click sign-in runs
 * offline (src/backend/google): a site built with this client id (or this site key) talks to the platform
 * instead of Google. Published and worthless elsewhere: production refuses the embedded issuer's tokens.
 */
export const EMBEDDED_GOOGLE_CLIENT_ID = 'maison-gamelle-embedded.apps.googleusercontent.com';
export const EMBEDDED_CAPTCHA_SITE_KEY = 'maison-gamelle-embedded-captcha';
/** Where the platform serves them, under its root (the site's PUBLIC_SHOP_API_URL). */
export const EMBEDDED_GOOGLE_AUTH_PATH = '/google/o/oauth2/v2/auth';
export const EMBEDDED_CAPTCHA_SCRIPT_PATH = '/captcha/api.js';
