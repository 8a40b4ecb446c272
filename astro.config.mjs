// One codebase, two channels (DESIGN.md): `CHANNEL=fr|be astro build` builds one site into dist/<channel>/.
import { defineConfig, envField } from 'astro/config';
import react from '@astrojs/react';
import { fileURLToPath } from 'node:url';
import { loadEnv } from 'vite';
import { cardFormProblem, pagePolicy, servicesFromEnv } from './src/lib/security-headers.ts';
import { channels } from './src/lib/channels.ts';
import { LOCAL_CONTENT_API_URL, astroCacheDir } from './src/lib/local-defaults.ts';
import { EMBEDDED_SEARCH } from './src/lib/search/hosts.ts';
import { signInProblem } from './src/lib/captcha/sign-in.ts';

/**
 * Valid HTML: the islands' style in the head of each page and React's attribute names in lower case, by a
 * middleware run on every rendered page (src/site/valid-html.ts), so pages the incremental build copies
 * are not read again.
 */
const islandStyle = {
  name: 'island-style-in-head',
  hooks: {
    'astro:config:setup': ({ addMiddleware }) =>
      addMiddleware({ entrypoint: fileURLToPath(new URL('./src/site/valid-html.ts', import.meta.url)), order: 'post' }),
  },
};

/** `client:intent`: an island that loads its code when the shopper reaches for it (src/islands/shared/intent.ts). */
const intentDirective = {
  name: 'client-intent',
  hooks: {
    'astro:config:setup': ({ addClientDirective }) =>
      addClientDirective({ name: 'intent', entrypoint: fileURLToPath(new URL('./src/islands/shared/intent.ts', import.meta.url)) }),
  },
};

const channel = (process.env.CHANNEL ?? 'fr').toLowerCase();
if (!['fr', 'be'].includes(channel)) throw new Error(`CHANNEL must be fr or be, not ${channel}`);
const code = channel.toUpperCase();
const port = process.env[`PORT_${code}`] ?? String(channels[code].defaultPort);
const site = (process.env[`SITE_URL_${code}`] ?? `http://localhost:${port}`).replace(/\/+$/, '');
// What the islands talk to, read as astro:env reads it (.env files, then the environment), so the page
// policy allows exactly the origins the build bakes in.
const buildEnv = {
  ...loadEnv(process.env.NODE_ENV === 'development' ? 'development' : 'production', process.cwd(), ''),
  ...process.env,
};
const services = servicesFromEnv(buildEnv);
// A live Mollie key with the sandbox's card form would send card numbers to our own platform: refused.
const cardProblem = cardFormProblem(buildEnv);
if (cardProblem) throw new Error(cardProblem);
// A Google sign-in button without the captcha the shop API asks for would always fail: refused.
const signInSettingsProblem = signInProblem(buildEnv);
if (signInSettingsProblem) throw new Error(signInSettingsProblem);
// A live build (its Mollie key is live) sends photos to ImageKit: the embedded media service is not there.
if (buildEnv.MOLLIE_API_KEY?.trim().startsWith('live_'))
  for (const name of ['PUBLIC_IMAGEKIT_URL_ENDPOINT', 'PUBLIC_IMAGEKIT_PUBLIC_KEY'])
    if (!buildEnv[name]?.trim())
      throw new Error(`MOLLIE_API_KEY is a live key but ${name} is unset: the pets' photos would go to the embedded media service.`);
const policy = pagePolicy(services);
// Pictures come from the content service (its uploads, as it names them); the build fetches and
// re-encodes those only. CONTENT_IMAGES_URL names another origin when its uploads live elsewhere (a CDN).
const imageOrigins = [buildEnv.CONTENT_API_URL || LOCAL_CONTENT_API_URL, buildEnv.CONTENT_IMAGES_URL]
  .filter(Boolean)
  .map((url) => new URL(url));

export default defineConfig({
  site,
  output: 'static',
  trailingSlash: 'always',
  // DIST_DIR lets the benchmarks build elsewhere without touching the shop's own build.
  outDir: `${process.env.DIST_DIR ?? 'dist'}/${channel}`,
  cacheDir: astroCacheDir(channel, process.env),
  // Four pages in flight: while one page's file is written the next renders (one at a time, the build's
  // thread waited on the disk for a fifth to a quarter of the render: warm FR build 130 → 109 s at load 7–9).
  build: { format: 'directory', inlineStylesheets: 'auto', concurrency: 4 },
  server: { port: Number(port) },
  // SPEC §9: the next page is fetched when the shopper points at (or focuses, or touches) an in-site link;
  // Astro's prefetch skips it on save-data and 2g connections, and never fetches another origin.
  prefetch: { prefetchAll: true, defaultStrategy: 'hover' },
  // Pages whose cache key (src/site/cache-keys.ts) and code are unchanged are copied from the previous
  // build (kept under cacheDir): one product edit re-renders a few dozen pages, not the catalogue.
  experimental: { incrementalBuild: true },
  image: {
    // Astro's sharp service, its transforms named by the picture's path rather than its host (src/site/image-service.ts).
    service: {
      entrypoint: './src/site/image-service.ts',
      // The encoders' faster efforts (AVIF's fastest; WebP's half the default's time for files 7 % larger): a
      // drawn pack shot loses nothing to them, and each product costs five encodings per language on a cold build.
      // AVIF's colour at half resolution (4:2:0, as WebP and JPEG always are): a third less time for a 720 px
      // pack shot (70 -> 45 ms of CPU) and 5 % fewer bytes (14.4 -> 13.6 KB). Measured on the seed's pack shots,
      // 2026-12-07; efforts 1 and up cost 2.5 to 30 times the CPU for 30 to 47 % fewer bytes.
      config: { avif: { effort: 0, chromaSubsampling: '4:2:0' }, webp: { effort: 2 } },
    },
    remotePatterns: imageOrigins.map((url) => ({
      protocol: url.protocol.slice(0, -1),
      hostname: url.hostname,
      ...(url.port ? { port: url.port } : {}),
    })),
  },
  integrations: [react(), islandStyle, intentDirective],
  vite: {
    // scripts/build.ts hands Astro an empty folder or one equal to the served tree (npm run build): Astro
    // then leaves an unchanged page where it is rather than copying it from its cache.
    build: { emptyOutDir: false },
    plugins: [
      {
        // No eval in the browser: the page policy has no 'unsafe-eval', and zod would probe for it (src/lib/zod/browser.ts).
        name: 'zod-without-eval-in-the-browser',
        enforce: 'pre',
        resolveId(source, importer, options) {
          if (source !== 'zod' || this.environment?.config.consumer !== 'client') return null;
          return this.resolve(fileURLToPath(new URL('./src/lib/zod/browser.ts', import.meta.url)), importer, {
            ...options,
            skipSelf: true,
          });
        },
      },
    ],
    // One chunk for what every island runs on (React and its renderer) rather than a dozen: fewer requests
    // and one gzip stream for an island page. None of it is in the scripts of pages without islands. Not zod:
    // the FAQ's and the header's search parse answers with it, and would then download React.
    environments: {
      client: {
        build: {
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: [{ name: 'islands-runtime', test: /[\\/]node_modules[\\/](react|react-dom|scheduler|@astrojs[\\/]react)[\\/]/ }],
              },
            },
          },
        },
      },
    },
  },
  // The page half of the Content-Security-Policy (src/lib/security-headers.ts): Astro writes a <meta> per
  // page with the hashes of the inline scripts and styles it emits; the HTTP half (frame-ancestors…)
  // comes from netlify.toml and the local server. Not applied by `astro dev`.
  security: {
    csp: {
      algorithm: 'SHA-256',
      directives: policy.directives,
      scriptDirective: { resources: policy.scriptResources },
      styleDirective: { resources: policy.styleResources },
    },
  },
  env: {
    schema: {
      CHANNEL: envField.enum({ context: 'server', access: 'public', values: ['fr', 'be'], default: 'fr' }),
      CONTENT_API_URL: envField.string({ context: 'server', access: 'public', default: LOCAL_CONTENT_API_URL }),
      MAINTENANCE_ROUTES: envField.string({ context: 'server', access: 'public', default: '' }),
      FEATURES_OFF: envField.string({ context: 'server', access: 'public', default: '' }),
      BUILD_ID: envField.string({ context: 'server', access: 'public', optional: true }),
      // Where the islands call the shop API: SHOP_API_URL at build time (production's), else the embedded platform.
      PUBLIC_SHOP_API_URL: envField.string({ context: 'client', access: 'public', default: services.shopApiUrl }),
      // Optional sign-in providers: unset, no button is shown and no call leaves the site.
      PUBLIC_GOOGLE_CLIENT_ID: envField.string({ context: 'client', access: 'public', optional: true }),
      PUBLIC_CAPTCHA_SITE_KEY: envField.string({ context: 'client', access: 'public', optional: true }),
      // reCAPTCHA Enterprise's script (enterprise.js) rather than v3's; another page than Google's for the
      // Google sign-in (with the embedded platform's client id, its own page: src/lib/captcha/sign-in.ts).
      PUBLIC_CAPTCHA_ENTERPRISE: envField.boolean({ context: 'client', access: 'public', default: false }),
      PUBLIC_GOOGLE_AUTH_URL: envField.string({ context: 'client', access: 'public', optional: true }),
      PUBLIC_MAP_TILES_URL: envField.string({ context: 'client', access: 'public', optional: true }),
      // The tag manager (checked by servicesFromEnv above: a malformed id stops the build) and the
      // marketing-event service, the embedded one on the shop API's platform unless another is named.
      PUBLIC_GTM_ID: envField.string({ context: 'client', access: 'public', optional: true }),
      // Exit intent (the 5 € newsletter offer when a shopper is about to leave): on unless a site turns it off.
      // A page can also turn it off at run time (src/page-scripts/marketing.ts: window.__mgExitIntent = false).
      PUBLIC_EXIT_INTENT: envField.boolean({ context: 'client', access: 'public', default: true }),
      PUBLIC_MARKETING_API_URL: envField.string({
        context: 'client',
        access: 'public',
        default: services.marketingApiUrl ?? `${services.shopApiUrl.replace(/\/+$/, '')}/marketing`,
      }),
      PUBLIC_MAP_TILES_ATTRIBUTION: envField.string({ context: 'client', access: 'public', optional: true }),
      // The search (src/lib/search/client.ts): a service speaking Algolia's protocol, the embedded one at the
      // root of the shop API's platform unless named; `algolia` means Algolia's own hosts for the app id.
      // The embedded service's app id and search-only key are published (src/lib/search/hosts.ts).
      PUBLIC_SEARCH_APP_ID: envField.string({ context: 'client', access: 'public', default: EMBEDDED_SEARCH.appId }),
      PUBLIC_SEARCH_API_KEY: envField.string({ context: 'client', access: 'public', default: EMBEDDED_SEARCH.apiKey }),
      PUBLIC_SEARCH_URL: envField.string({
        context: 'client',
        access: 'public',
        default: services.search?.url ?? new URL(services.shopApiUrl).origin,
      }),
      // The card form: Mollie Components for this Mollie profile (pfl_…); unset, the embedded sandbox's form.
      PUBLIC_MOLLIE_PROFILE_ID: envField.string({ context: 'client', access: 'public', optional: true, startsWith: 'pfl_' }),
      // Mollie Components in test mode (the platform then uses a test_ API key of the same profile).
      PUBLIC_MOLLIE_TESTMODE: envField.boolean({ context: 'client', access: 'public', default: false }),
      // The pets' photos: the shop's ImageKit URL endpoint and public key (the same as the platform's
      // IMAGEKIT_URL_ENDPOINT and IMAGEKIT_PUBLIC_KEY); unset, the embedded media service and its published key.
      PUBLIC_IMAGEKIT_URL_ENDPOINT: envField.string({
        context: 'client',
        access: 'public',
        default: `${services.shopApiUrl.replace(/\/+$/, '')}/media`,
      }),
      PUBLIC_IMAGEKIT_PUBLIC_KEY: envField.string({ context: 'client', access: 'public', default: 'public_embedded_media_key' }),
    },
  },
});
