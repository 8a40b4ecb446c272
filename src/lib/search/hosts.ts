/**
 * Where the site's search client sends its queries, from the build's settings (PUBLIC_SEARCH_URL,
 * PUBLIC_SEARCH_APP_ID). One reading shared by the browser's client (lib/search/client.ts) and the page
 * policy (lib/security-headers.ts), so the CSP allows exactly the hosts the client calls.
 *
 * - `algolia`: Algolia's own hosts for the application id (the client's defaults: the DSN host first,
 *   then the three fallbacks);
 * - an http(s) URL: a service speaking Algolia's protocol at that address (the embedded platform's root,
 *   or under a path), the one host the client calls.
 */

/** The value of PUBLIC_SEARCH_URL that names Algolia's own hosts. */
const ALGOLIA_HOSTS = 'algolia';

/** A host in the shape of the algoliasearch client's `hosts` option. */
export interface SearchHost {
  url: string;
  protocol: 'http' | 'https';
  accept: 'read' | 'write' | 'readWrite';
}

/**
 * The client's hosts: undefined for Algolia's defaults, else the one host of the URL. The client writes
 * `{protocol}://{url}/1/indexes/…`, so a path is kept in `url` (without its last slash).
 */
export function searchHosts(searchUrl: string): SearchHost[] | undefined {
  if (searchUrl.trim() === ALGOLIA_HOSTS) return undefined;
  const url = new URL(searchUrl.trim());
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`PUBLIC_SEARCH_URL must be http(s) or ${ALGOLIA_HOSTS}, not ${searchUrl}`);
  if (url.search || url.hash) throw new Error(`PUBLIC_SEARCH_URL takes no query or fragment: ${searchUrl}`);
  return [
    { url: `${url.host}${url.pathname.replace(/\/+$/, '')}`, protocol: url.protocol === 'http:' ? 'http' : 'https', accept: 'readWrite' },
  ];
}

/** The origins the browser connects to for search (the page policy's connect-src). */
export function searchOrigins(searchUrl: string, appId: string): string[] {
  const hosts = searchHosts(searchUrl);
  if (hosts) return [new URL(searchUrl.trim()).origin];
  // Algolia's read hosts for this application (the lite client never writes).
  const id = appId.trim().toLowerCase();
  if (!/^[a-z0-9]+$/.test(id))
    throw new Error(`PUBLIC_SEARCH_URL is ${ALGOLIA_HOSTS}: PUBLIC_SEARCH_APP_ID must be the Algolia application id, not "${appId}"`);
  return [`https://${id}-dsn.algolia.net`, ...[1, 2, 3].map((n) => `https://${id}-${n}.algolianet.com`)];
}

/**
 * The embedded search service's application id and search-only key: published, like the embedded media
 * service's public key (the platform refuses them in production; a site pointed at Algolia sets its own).
 */
export const EMBEDDED_SEARCH = { appId: 'EMBEDDED', apiKey: 'embedded-search-key' } as const;
