/**
 * `astro:env/client` for the component tests (vitest.config.ts aliases it here): Astro makes this module at
 * build time from astro.config.mjs's schema; the islands under test get a shop API of their own
 * (support/shop-api.ts answers it) and no optional service.
 */
export const PUBLIC_SHOP_API_URL = 'http://shop-api.test';
export const PUBLIC_GOOGLE_CLIENT_ID = undefined;
export const PUBLIC_CAPTCHA_SITE_KEY = undefined;
export const PUBLIC_CAPTCHA_ENTERPRISE = false;
export const PUBLIC_GOOGLE_AUTH_URL = undefined;
export const PUBLIC_MAP_TILES_URL = undefined;
export const PUBLIC_MAP_TILES_ATTRIBUTION = undefined;
export const PUBLIC_GTM_ID = undefined;
export const PUBLIC_EXIT_INTENT = true;
export const PUBLIC_MARKETING_API_URL = 'http://shop-api.test/marketing';
export const PUBLIC_SEARCH_URL = undefined;
export const PUBLIC_SEARCH_APP_ID = undefined;
export const PUBLIC_SEARCH_API_KEY = undefined;
export const PUBLIC_MOLLIE_PROFILE_ID = undefined;
export const PUBLIC_MOLLIE_TESTMODE = true;
export const PUBLIC_IMAGEKIT_PUBLIC_KEY = undefined;
export const PUBLIC_IMAGEKIT_URL_ENDPOINT = undefined;
