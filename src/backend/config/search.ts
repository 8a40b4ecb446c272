/** The platform's search service (Algolia's protocol): its keys and how often it looks for published content. */
import { EMBEDDED_SEARCH } from '../../lib/search/hosts.ts';
import { type Env, readAlone } from './checks.ts';

/**
 * The platform's search service (Algolia's protocol at /1, search/routes.ts): the application id and
 * search-only key its callers send, and how often an instance looks for content changes. `null`: not mounted.
 */
export interface SearchSettings {
  appId: string;
  apiKey: string;
  refreshEveryMs: number;
}

/** The search service's settings alone, for its mount. */
export const readSearchSettings = (env: Env): SearchSettings | null => readAlone(env, readSearchConfig);

/**
 * Outside production the service answers the published embedded keys (EMBEDDED_SEARCH, the site's
 * defaults) unless SEARCH_APP_ID and SEARCH_API_KEY name others. Production's site searches Algolia, so
 * there the service is mounted only with keys of the shop's own: the published ones are refused, since
 * anyone could read the indices with them.
 */
export function readSearchConfig(env: Env, production: boolean, problems: string[]): SearchSettings | null {
  const appId = env.SEARCH_APP_ID?.trim() || undefined;
  const apiKey = env.SEARCH_API_KEY?.trim() || undefined;
  const seconds = Number(env.SEARCH_REFRESH_SECONDS || 2);
  if (!(Number.isFinite(seconds) && seconds >= 0 && seconds <= 3600))
    problems.push('SEARCH_REFRESH_SECONDS must be a number of seconds from 0 to 3600 (how often the search looks for published content).');
  const refreshEveryMs = seconds * 1000;
  if (production) {
    if (appId === EMBEDDED_SEARCH.appId || apiKey === EMBEDDED_SEARCH.apiKey)
      problems.push(
        `SEARCH_APP_ID and SEARCH_API_KEY cannot be the embedded search service's published ones (${EMBEDDED_SEARCH.appId}, ${EMBEDDED_SEARCH.apiKey}) in production: give the shop's own, or leave both unset (the sites search Algolia).`,
      );
    else if (Boolean(appId) !== Boolean(apiKey))
      problems.push(
        `${appId ? 'SEARCH_API_KEY' : 'SEARCH_APP_ID'} is not set: the platform's search service needs both its application id and its key.`,
      );
    return appId && apiKey ? { appId, apiKey, refreshEveryMs } : null;
  }
  return { appId: appId ?? EMBEDDED_SEARCH.appId, apiKey: apiKey ?? EMBEDDED_SEARCH.apiKey, refreshEveryMs };
}
