/**
 * Where things are on a developer's machine when no environment variable says otherwise: the embedded
 * platform on one port, serving the shop API at its root and the content service under /content; the
 * sites' ports are the channels' (channels.ts). Production sets every one of these by environment.
 */
export const EMBEDDED_PLATFORM_PORT = 4400;
export const LOCAL_SHOP_API_URL = `http://localhost:${EMBEDDED_PLATFORM_PORT}`;
/** The platform on this machine, on PORT_PLATFORM or the default port: its sandboxes' addresses when none is set. */
export const localPlatformUrl = (env: Record<string, string | undefined>): string =>
  `http://localhost:${env.PORT_PLATFORM || EMBEDDED_PLATFORM_PORT}`;
/** The shop API's origin as others reach it (a payment provider's redirects and webhooks): SHOP_API_URL, else this machine's. */
export const platformOrigin = (env: Record<string, string | undefined>): string =>
  (env.SHOP_API_URL ?? localPlatformUrl(env)).replace(/\/+$/, '');
export const LOCAL_CONTENT_API_URL = `${LOCAL_SHOP_API_URL}/content`;
/** The publish receiver's port (`npm start`'s, `npm run webhook`'s): where a local Strapi sends its webhooks. */
export const LOCAL_WEBHOOK_PORT = 4499;

/**
 * Astro's cache folder for one channel (its content store and incremental build), under CACHE_DIR: Netlify
 * keeps that between builds (src/lib/seo/netlify.ts). One folder per channel, so building one does not
 * wipe the other's. Read by astro.config.mjs and by the build that prepares it (scripts/build.ts).
 */
export const astroCacheDir = (channel: string, env: Record<string, string | undefined>) => `${cacheRoot(env)}/astro-${channel}`;

/**
 * Where Node keeps V8's compiled code of Astro, Vite and the rest between builds (NODE_COMPILE_CACHE), beside
 * Astro's own cache so that Netlify keeps it too. Shared by both channels: their code is the same.
 */
export const nodeCompileCacheDir = (env: Record<string, string | undefined>) => env.NODE_COMPILE_CACHE ?? `${cacheRoot(env)}/node-compile`;

/**
 * The encoded pictures every build of this machine shares, both channels and every language, named by the
 * hash of the picture's bytes and of how it is encoded (src/site/image-service.ts). Under CACHE_DIR, so that
 * Netlify keeps them between builds too.
 */
export const pictureCacheDir = (env: Record<string, string | undefined>) => `${cacheRoot(env)}/pictures`;

const cacheRoot = (env: Record<string, string | undefined>) => env.CACHE_DIR ?? '.cache';
