/**
 * Where things are on a developer's machine when no environment variable says otherwise: the embedded
 * platform on one port, serving the shop API at its root and the content service under /content; the
 * sites' ports are the channels' (channels.ts). Production sets every one of these by environment.
 */
export const EMBEDDED_PLATFORM_PORT = 4400;
export const LOCAL_SHOP_API_URL = `http://localhost:${EMBEDDED_PLATFORM_PORT}`;
export const LOCAL_CONTENT_API_URL = `${LOCAL_SHOP_API_URL}/content`;

/**
 * Astro's cache folder for one channel (its content store and incremental build), under CACHE_DIR: Netlify
 * keeps that between builds (src/lib/seo/netlify.ts). One folder per channel, so building one does not
 * wipe the other's. Read by astro.config.mjs and by the build that prepares it (scripts/build.ts).
 */
export const astroCacheDir = (channel: string, env: Record<string, string | undefined>) => `${env.CACHE_DIR ?? '.cache'}/astro-${channel}`;
