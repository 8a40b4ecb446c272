/**
 * Where things are on a developer's machine when no environment variable says otherwise: the embedded
 * platform on one port, serving the shop API at its root and the content service under /content; the
 * sites' ports are the channels' (channels.ts). Production sets every one of these by environment.
 */
export const EMBEDDED_PLATFORM_PORT = 4400;
export const LOCAL_SHOP_API_URL = `http://localhost:${EMBEDDED_PLATFORM_PORT}`;
export const LOCAL_CONTENT_API_URL = `${LOCAL_SHOP_API_URL}/content`;
