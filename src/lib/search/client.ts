/**
 * The site's search client: algoliasearch's lite client, unchanged, pointed by `hosts` at the service of
 * PUBLIC_SEARCH_URL (the embedded platform speaks Algolia's protocol) or at Algolia itself (SPEC §7: an
 * application id and a public key, lite, with timeouts). The search page's InstantSearch, the header's
 * suggestions and the FAQ search all use it.
 */
import { liteClient, type LiteClient } from 'algoliasearch/lite';
import { searchHosts } from './hosts.ts';

export interface SearchSettings {
  /** PUBLIC_SEARCH_APP_ID. */
  appId: string;
  /** PUBLIC_SEARCH_API_KEY: a search-only key, public by design. */
  apiKey: string;
  /** PUBLIC_SEARCH_URL: a URL, or `algolia`. */
  url: string;
}

/**
 * Time-outs of one query, in milliseconds: beyond them the page says the service did not answer (with a
 * retry) rather than spinning. Longer than Algolia's browser defaults (1 s, 2 s): the embedded service
 * builds a locale's indices on its first query after a start or a publish.
 */
const TIMEOUTS = { connect: 5_000, read: 10_000, write: 30_000 };

/**
 * The transporter's memory of hosts that failed, kept by nobody: the client would otherwise write it to
 * localStorage (outside STORAGE_KEYS) and skip a host that failed once for two minutes, so a retry the
 * shopper asks for would not reach the service again.
 */
const noHostMemory = {
  get: <T>(_key: unknown, defaultValue: () => Promise<T>) => defaultValue(),
  set: <T>(_key: unknown, value: T) => Promise.resolve(value),
  delete: () => Promise.resolve(),
  clear: () => Promise.resolve(),
};

export function createSearchClient(settings: SearchSettings): LiteClient {
  const hosts = searchHosts(settings.url);
  return liteClient(settings.appId, settings.apiKey, { ...(hosts ? { hosts } : {}), timeouts: TIMEOUTS, hostsCache: noHostMemory });
}

/**
 * What a failed search says to the shopper (SPEC §8): `network` when the service could not be reached
 * (status 0, "Network request failed", "Connection timeout", "Socket timeout": the shopper's connection or
 * the service's host), `unavailable` for any other failure (the service answered with an error).
 */
export type SearchFailure = 'network' | 'unavailable';

const NETWORK_MESSAGES = /^(Network request failed|Connection timeout|Socket timeout)$/;

interface FailedResponse {
  status?: unknown;
  content?: unknown;
  isTimedOut?: unknown;
}

const isNetworkResponse = (response: FailedResponse | undefined): boolean =>
  response !== undefined &&
  (response.isTimedOut === true ||
    response.status === 0 ||
    (typeof response.content === 'string' && NETWORK_MESSAGES.test(response.content)));

/**
 * Reads an error thrown by the client. The transporter tries each host and, when none answers, throws a
 * RetryError whose stack trace holds each try's response; an answer with an error status throws an
 * ApiError with that status. A bare response-like error (another requester) is read the same way.
 */
export function searchFailure(error: unknown): SearchFailure {
  if (typeof error !== 'object' || error === null) return 'unavailable';
  const failed = error as { status?: unknown; message?: unknown; stackTrace?: Array<{ response?: FailedResponse }> };
  if (failed.status === 0) return 'network';
  if (typeof failed.message === 'string' && NETWORK_MESSAGES.test(failed.message)) return 'network';
  const last = Array.isArray(failed.stackTrace) ? failed.stackTrace.at(-1)?.response : undefined;
  return isNetworkResponse(last) ? 'network' : 'unavailable';
}
