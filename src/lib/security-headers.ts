/**
 * The security policy of both sites, in one place: netlify.toml's `[[headers]]`
 * (src/lib/seo/netlify.ts), the local static server (scripts/lib/static-server.ts) and the page policy
 * Astro writes into every page (astro.config.mjs, `security.csp`) all read it.
 *
 * The Content-Security-Policy comes in two parts, and the browser enforces both:
 * - the page policy, a `<meta http-equiv="content-security-policy">` that Astro writes per page with the
 *   SHA-256 hashes of the inline scripts it emits (island loader, hydration directives, small bundled
 *   scripts). It depends on the build (hashes, and the origins the build is configured with), so it cannot
 *   live in the committed netlify.toml;
 * - the response policy, an HTTP header with what a meta policy cannot say (`frame-ancestors` is ignored
 *   in a meta element) and what also protects responses that are not Astro pages. It carries no
 *   `script-src`: a second script list would have to repeat every page's hashes, since both policies apply.
 */
import { z } from 'zod';
import { LOCAL_SHOP_API_URL } from './local-defaults.ts';
import { EMBEDDED_CAPTCHA_SITE_KEY } from './captcha/embedded.ts';
import { signInProviders } from './captcha/sign-in.ts';
import { tagManagerId } from './marketing/tag-manager.ts';
import { searchOrigins } from './search/hosts.ts';

/** What the browser side talks to, as the build is configured (astro.config.mjs reads it from the environment). */
export interface SiteServices {
  /** The shop API the islands call (PUBLIC_SHOP_API_URL, from SHOP_API_URL at build time). */
  shopApiUrl: string;
  /** The content service the build reads (CONTENT_API_URL): the pictures of its uploads are shown from there. */
  contentApiUrl?: string | undefined;
  /** Where the content service's uploads live when not on its own origin (CONTENT_IMAGES_URL, a CDN): cart lines show them. */
  contentImagesUrl?: string | undefined;
  /** An XYZ tile template for the shop map (PUBLIC_MAP_TILES_URL), e.g. `https://{s}.tile.example/{z}/{x}/{y}.png`. */
  mapTilesUrl?: string | undefined;
  /** Google sign-in (PUBLIC_GOOGLE_CLIENT_ID). */
  googleClientId?: string | undefined;
  /**
   * The login captcha, reCAPTCHA v3 or Enterprise (PUBLIC_CAPTCHA_SITE_KEY); the embedded platform's key
   * (lib/captcha/sign-in.ts) when the build signs in with the embedded Google, its script then on the platform.
   */
  captchaSiteKey?: string | undefined;
  /** Mollie Components' card form for this Mollie profile (PUBLIC_MOLLIE_PROFILE_ID, `pfl_…`). */
  mollieProfileId?: string | undefined;
  /**
   * The shop's ImageKit URL endpoint (PUBLIC_IMAGEKIT_URL_ENDPOINT), where the pets' photos are served;
   * unset, the embedded media service on the shop API's platform.
   */
  imagekitUrlEndpoint?: string | undefined;
  /** The tag manager (PUBLIC_GTM_ID, GTM-… or G-…), loaded only after the shopper's consent. */
  tagManagerId?: string | undefined;
  /** The marketing-event service (PUBLIC_MARKETING_API_URL); unset, the embedded one on the shop API's platform. */
  marketingApiUrl?: string | undefined;
  /**
   * The search service (PUBLIC_SEARCH_URL: a URL speaking Algolia's protocol, or `algolia` for Algolia's
   * own hosts of PUBLIC_SEARCH_APP_ID); unset, the embedded one at the root of the shop API's platform.
   */
  search?: { url: string; appId: string } | undefined;
}

/**
 * Google Tag Manager's and Google Analytics 4's documented CSP needs (their CSP guide): the scripts from
 * googletagmanager.com, beacons and pixels to google-analytics.com. Only listed when an id is configured.
 */
const TAG_MANAGER = {
  script: ['https://*.googletagmanager.com'],
  connect: ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com'],
  img: ['https://*.google-analytics.com', 'https://*.googletagmanager.com'],
};

/** Where a page sends a pet's photo when the shop's photos live at ImageKit. */
const IMAGEKIT_UPLOAD_ORIGIN = 'https://upload.imagekit.io';

const httpUrl = z.url({ protocol: /^https?$/ });
/** Unset and empty mean the same: the feature is off. */
const optional = z
  .string()
  .trim()
  .optional()
  .transform((value) => value || undefined);
const envSchema = z.object({
  PUBLIC_SHOP_API_URL: optional,
  SHOP_API_URL: optional,
  CONTENT_API_URL: optional,
  CONTENT_IMAGES_URL: optional,
  PUBLIC_MAP_TILES_URL: optional,
  PUBLIC_GOOGLE_CLIENT_ID: optional,
  PUBLIC_CAPTCHA_SITE_KEY: optional,
  PUBLIC_CAPTCHA_ENTERPRISE: optional,
  PUBLIC_IMAGEKIT_URL_ENDPOINT: optional,
  PUBLIC_GTM_ID: optional,
  PUBLIC_MARKETING_API_URL: optional,
  PUBLIC_SEARCH_URL: optional,
  PUBLIC_SEARCH_APP_ID: optional,
  // A Mollie profile id starts with pfl_ (an API key, test_ or live_, must never reach a page).
  PUBLIC_MOLLIE_PROFILE_ID: optional.pipe(
    z
      .string()
      .regex(/^pfl_[A-Za-z0-9]+$/, 'PUBLIC_MOLLIE_PROFILE_ID must be a Mollie profile id (pfl_…)')
      .optional(),
  ),
});

/** The services of a build, from its environment, with the same precedence as astro.config.mjs's env schema. */
export function servicesFromEnv(env: Record<string, string | undefined>): SiteServices {
  const parsed = envSchema.parse(env);
  return {
    shopApiUrl: httpUrl.parse(parsed.PUBLIC_SHOP_API_URL ?? parsed.SHOP_API_URL ?? LOCAL_SHOP_API_URL),
    contentApiUrl: parsed.CONTENT_API_URL && httpUrl.parse(parsed.CONTENT_API_URL),
    contentImagesUrl: parsed.CONTENT_IMAGES_URL && httpUrl.parse(parsed.CONTENT_IMAGES_URL),
    mapTilesUrl: parsed.PUBLIC_MAP_TILES_URL,
    googleClientId: parsed.PUBLIC_GOOGLE_CLIENT_ID,
    captchaSiteKey: signInProviders(parsed).captcha?.siteKey,
    mollieProfileId: parsed.PUBLIC_MOLLIE_PROFILE_ID,
    imagekitUrlEndpoint: parsed.PUBLIC_IMAGEKIT_URL_ENDPOINT && httpUrl.parse(parsed.PUBLIC_IMAGEKIT_URL_ENDPOINT),
    // A malformed id throws here, so the build stops instead of shipping pages without their tags.
    tagManagerId: tagManagerId(parsed.PUBLIC_GTM_ID),
    marketingApiUrl: parsed.PUBLIC_MARKETING_API_URL && httpUrl.parse(parsed.PUBLIC_MARKETING_API_URL),
    search: parsed.PUBLIC_SEARCH_URL ? { url: parsed.PUBLIC_SEARCH_URL, appId: parsed.PUBLIC_SEARCH_APP_ID ?? '' } : undefined,
  };
}

/**
 * A build whose environment holds Mollie's live API key serves real shoppers, and its card form must be
 * Mollie Components: the sandbox's form would post card numbers to the shop's own platform (where no
 * sandbox answers in production). The reason the build is refused, or null when the settings agree.
 */
export function cardFormProblem(env: Record<string, string | undefined>): string | null {
  if (!env.MOLLIE_API_KEY?.trim().startsWith('live_')) return null;
  if (!env.PUBLIC_MOLLIE_PROFILE_ID?.trim())
    return 'MOLLIE_API_KEY is a live key but PUBLIC_MOLLIE_PROFILE_ID is unset: the card form would be the sandbox’s. Set the Mollie profile id (pfl_…).';
  if (/^(true|1)$/i.test(env.PUBLIC_MOLLIE_TESTMODE?.trim() ?? ''))
    return 'MOLLIE_API_KEY is a live key but PUBLIC_MOLLIE_TESTMODE is true: Mollie would refuse the test card tokens. Unset it.';
  return null;
}

/**
 * The CSP source of a tile template. Its host may hold the `{s}` subdomain placeholder (tileUrl fills it
 * with a, b or c), which becomes the one wildcard CSP allows: a leftmost `*.` label.
 */
export function tileSource(template: string): string {
  const authority = /^(https?):\/\/([^/?#]+)/i.exec(template);
  // The whole template must be a URL once its placeholders are filled.
  if (!authority || !URL.canParse(template.replaceAll(/\{[a-z]+\}/gi, 'a'))) {
    throw new Error(`PUBLIC_MAP_TILES_URL must be an http(s) URL template, not ${template}`);
  }
  const scheme = authority[1]!.toLowerCase();
  const labels = authority[2]!.toLowerCase().split('.');
  const templated = labels.findLastIndex((label) => label.includes('{'));
  return templated === -1 ? `${scheme}://${labels.join('.')}` : `${scheme}://*.${labels.slice(templated + 1).join('.')}`;
}

/**
 * reCAPTCHA's documented CSP needs (its FAQ): the script from www.google.com and www.gstatic.com, its
 * frames from www.google.com and recaptcha.google.com. Only listed when a site key is configured.
 */
const CAPTCHA = {
  script: ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
  frame: ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
  connect: ['https://www.google.com/recaptcha/'],
};

/**
 * Mollie Components: mollie.js comes from js.mollie.com, and its four card fields are frames from the same
 * host (Mollie's own CSP allow-list for its shop modules). The card is read inside those frames, so the
 * page itself connects to nothing of Mollie's. Only listed when a profile id is configured.
 */
const MOLLIE = { script: ['https://js.mollie.com'], frame: ['https://js.mollie.com'] };

/** The page policy, in the shape of Astro's `security.csp` config (it adds the script and style hashes). */
export interface PagePolicy {
  /** Directives other than script-src and style-src, each `name source…`. */
  directives: string[];
  /** Sources of script-src besides the hashes Astro computes. */
  scriptResources: string[];
  /** Sources of style-src, and of style-src-attr for those of kind `attribute`. */
  styleResources: Array<string | { resource: string; kind: 'attribute' }>;
}

export function pagePolicy(services: SiteServices): PagePolicy {
  // The embedded captcha's script comes from the shop API's platform (already a connect source), and it opens no frame.
  const embeddedCaptcha = services.captchaSiteKey === EMBEDDED_CAPTCHA_SITE_KEY;
  const captcha = services.captchaSiteKey !== undefined && !embeddedCaptcha;
  const mollie = services.mollieProfileId !== undefined;
  const tags = services.tagManagerId !== undefined;
  const frames = [...(captcha ? CAPTCHA.frame : []), ...(mollie ? MOLLIE.frame : [])];
  const photos = services.imagekitUrlEndpoint && new URL(services.imagekitUrlEndpoint).origin;
  // The embedded media service is on the shop API's platform, already listed; ImageKit takes uploads on its own host.
  const photoUploads = photos && photos !== new URL(services.shopApiUrl).origin && IMAGEKIT_UPLOAD_ORIGIN;
  const list = (...sources: Array<string | false | undefined>) =>
    [...new Set(sources.filter((s): s is string => typeof s === 'string'))].join(' ');
  return {
    directives: [
      "default-src 'self'",
      // Islands call the shop platform (cart, session, account, and the guides' and the ration calculator's
      // recommendations at its /content: lib/nutrition/requests.ts), never the content service; the captcha script calls home.
      `connect-src ${list(
        "'self'",
        new URL(services.shopApiUrl).origin,
        photoUploads,
        services.marketingApiUrl && new URL(services.marketingApiUrl).origin,
        // The search client's hosts (a malformed setting throws: the build stops).
        ...(services.search ? searchOrigins(services.search.url, services.search.appId) : []),
        ...(captcha ? CAPTCHA.connect : []),
        ...(tags ? TAG_MANAGER.connect : []),
      )}`,
      // Images are the site's own; the cart lines' pictures, at the addresses the shop API gives (the
      // content service's uploads, on the same platform here); the map's raster tiles when a provider is configured.
      `img-src ${list(
        "'self'",
        new URL(services.shopApiUrl).origin,
        services.contentApiUrl && new URL(services.contentApiUrl).origin,
        services.contentImagesUrl && new URL(services.contentImagesUrl).origin,
        photos,
        services.mapTilesUrl && tileSource(services.mapTilesUrl),
        ...(tags ? TAG_MANAGER.img : []),
      )}`,
      "font-src 'self'",
      // No frames but the captcha's challenge and Mollie's card fields.
      `frame-src ${frames.length > 0 ? list(...frames) : "'none'"}`,
      "object-src 'none'",
      "base-uri 'self'",
      // Forms stay on the site (add to cart is a GET to the cart page). Google sign-in is a link to
      // Google's page, a navigation no CSP directive restricts, so it needs nothing here.
      "form-action 'self'",
    ],
    scriptResources: [
      "'self'",
      ...(captcha ? CAPTCHA.script : []),
      ...(embeddedCaptcha ? [new URL(services.shopApiUrl).origin] : []),
      ...(mollie ? MOLLIE.script : []),
      ...(tags ? TAG_MANAGER.script : []),
    ],
    // Style sheets: the site's files and, by hash, the inline ones (Astro's, and CategoryView's filter
    // rules). Style attributes keep 'unsafe-inline' (style-src-attr): the markup sets custom properties
    // with them (rating bars, sort ranks of the product cards), which no hash can cover.
    styleResources: ["'self'", { resource: "'unsafe-inline'", kind: 'attribute' }],
  };
}

/** The response policy: what only an HTTP header can carry, plus what protects non-page responses. */
export const RESPONSE_CSP = "frame-ancestors 'none'; base-uri 'self'; object-src 'none'; form-action 'self'";

/** Headers of every response of both sites, pages and files alike. */
export const securityHeaders: Readonly<Record<string, string>> = Object.freeze({
  'Content-Security-Policy': RESPONSE_CSP,
  // Two years, subdomains included: the shop is HTTPS only. Browsers ignore it over plain http (localhost).
  'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
  'X-Content-Type-Options': 'nosniff',
  // Other sites learn the origin only (never the path, which may carry a reset token or an order token).
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  // Powerful features the shop never uses are off for it and any frame it might embed.
  'Permissions-Policy':
    'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), usb=(), browsing-topics=()',
  // For browsers older than frame-ancestors.
  'X-Frame-Options': 'DENY',
});
