/**
 * The search query in an address: `?q=…` on the search page (a result page is shareable and the browser's
 * back and forward buttons go through the queries), read the same way by the page and written by the
 * header's box and the FAQ's link to the whole site.
 */

/** Algolia's limit on a query's length; a longer `q` is cut there. */
export const MAX_QUERY_LENGTH = 512;

/** The query of an address's search part (`?q=…`), trimmed; '' when there is none. */
export function queryOf(search: string): string {
  const value = new URLSearchParams(search).get('q') ?? '';
  return value.replace(/\s+/g, ' ').trim().slice(0, MAX_QUERY_LENGTH);
}

/** A path with the query as its `q` (none when empty), other parameters kept. */
export function withQuery(path: string, query: string): string {
  const url = new URL(path, 'http://site.invalid');
  const q = query.replace(/\s+/g, ' ').trim().slice(0, MAX_QUERY_LENGTH);
  if (q) url.searchParams.set('q', q);
  else url.searchParams.delete('q');
  return `${url.pathname}${url.search}${url.hash}`;
}
