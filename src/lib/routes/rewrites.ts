/**
 * Rewrites that serve one static shell for every runtime id (an order, an address: pages that cannot be
 * pre-rendered per id), from the route table.
 * The local static server and netlify.toml both use them, so the CDN and the laptop agree.
 */
import { routes, type RouteName } from './routes.ts';
import { pathTo, patternRegExp, SHELL_ID } from './paths.ts';
import { languageOf, localeCodes, pathPrefixOf, type LocaleCode } from '../channels.ts';

export interface Rewrite {
  /**
   * Netlify `from` pattern. Netlify's placeholders are whole segments, so a segment mixing text and id
   * (`[subscription]-changement-de-paiement`) is a placeholder for the whole segment: never a splat, which
   * would answer 200 at any depth where the local server answers 404.
   */
  from: string;
  /**
   * Whether `from` matches exactly the paths `match` does. A segment mixing text and an id cannot be said
   * with Netlify's placeholders (`:subscription` would take `/web-view/foo/` too, a 404 here): such a
   * rewrite is left to an edge function that asks `match` (edgeShellOf), never to a redirect rule.
   */
  exact: boolean;
  /** Matches a request path (with its trailing slash). */
  match: RegExp;
  /** The shell page that answers, status 200. */
  to: string;
}

/** A segment that is a placeholder and something else (`[subscription]-changement-de-paiement`). */
const mixedSegment = (segment: string) => /\[[^\]]+\]/.test(segment) && !/^\[[^\]]+\]$/.test(segment);

const netlifyPattern = (path: string): string =>
  path
    .split('/')
    .map((segment) => {
      const param = /\[([^\]?]+)\??\]/.exec(segment);
      return param ? `:${param[1]}` : segment;
    })
    .join('/');

export function shellRewrites(locales: readonly LocaleCode[]): Rewrite[] {
  const rewrites: Rewrite[] = [];
  for (const locale of locales) {
    const prefix = pathPrefixOf(locale);
    for (const [name, def] of Object.entries(routes) as Array<[RouteName, (typeof routes)[RouteName]]>) {
      const pattern = def[languageOf(locale)];
      if ('shell' in def && def.shell) {
        const params = Object.fromEntries([...pattern.matchAll(/\[([^\]?]+)\??\]/g)].map((m) => [m[1]!, SHELL_ID]));
        rewrites.push({
          from: netlifyPattern(`${prefix}${pattern}`),
          exact: !pattern.split('/').some(mixedSegment),
          match: patternRegExp(`${prefix}${pattern}`),
          to: pathTo(name, locale, params),
        });
      }
    }
    // /faq/{query}/ that is no category page: the FAQ page searches for the query (one segment, no deeper).
    const faq = pathTo('faq', locale);
    rewrites.push({ from: `${faq}:faqQuery/`, exact: true, match: new RegExp(`^${faq}[^/]+/$`), to: faq });
  }
  // Most specific first: a literal segment must win over a placeholder (…/ajouter/ over …/:animal/).
  return rewrites.sort(
    (a, b) => b.from.split('/').length - a.from.split('/').length || a.from.split(':').length - b.from.split(':').length,
  );
}

/**
 * The CDN's edge function (netlify/edge-functions/shell-rewrites.ts) for the rewrites its redirect rules
 * cannot say: where it runs (a Netlify path, up to the first placeholder), and the shell a path is served,
 * by the local server's own patterns (undefined: not a shell's path, the 404 page answers).
 */
const edgeRewrites = (): Rewrite[] => shellRewrites(localeCodes).filter((r) => !r.exact);
export const edgePaths = (): string[] => [...new Set(edgeRewrites().map((r) => `${r.from.slice(0, r.from.indexOf(':'))}*`))];
export const edgeShellOf = (pathname: string): string | undefined => edgeRewrites().find((r) => r.match.test(pathname))?.to;
