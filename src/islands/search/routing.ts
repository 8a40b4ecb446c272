/**
 * The search page's query in the address (`?q=…`), as InstantSearch's routing: a result page is shareable
 * and the browser's back and forward buttons go through the queries. The query is written once the
 * shopper pauses, so typing a word makes one history entry rather than one per letter.
 */
import { queryOf, withQuery } from '../../lib/search/query.ts';

interface Route {
  q: string;
}

/** How long the shopper's typing must pause before the address takes the query (InstantSearch's own delay). */
const WRITE_DELAY_MS = 400;

export function queryRouting(indexName: string) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let onPopState: (() => void) | undefined;
  const router = {
    $$type: 'maison-gamelle.query',
    read: (): Route => ({ q: queryOf(location.search) }),
    write: (route: Route) => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        const url = router.createURL(route);
        if (url !== `${location.pathname}${location.search}${location.hash}`) history.pushState(null, '', url);
      }, WRITE_DELAY_MS);
    },
    createURL: (route: Route) => withQuery(`${location.pathname}${location.search}`, route.q),
    onUpdate: (callback: (route: Route) => void) => {
      onPopState = () => {
        clearTimeout(timer);
        callback(router.read());
      };
      window.addEventListener('popstate', onPopState);
    },
    dispose: () => {
      clearTimeout(timer);
      if (onPopState) window.removeEventListener('popstate', onPopState);
    },
  };
  const stateMapping = {
    $$type: 'maison-gamelle.query',
    stateToRoute: (uiState: Record<string, { query?: string }>): Route => ({ q: uiState[indexName]?.query ?? '' }),
    routeToState: (route: Route) => ({ [indexName]: { query: route.q } }),
  };
  return { router, stateMapping };
}
