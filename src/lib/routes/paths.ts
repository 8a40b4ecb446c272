/**
 * Paths from the route table: `pathTo('product', 'nl_BE', { product: 'kip' })` → `/nl/producten/kip/`.
 * Every path ends with a slash (a path without one is redirected to the slashed form).
 */
import { routes, type RouteName } from './routes.ts';
import { languageOf, pathPrefixOf, type LocaleCode } from '../channels.ts';

export type RouteParams = Record<string, string | undefined>;

/** Placeholders of a pattern, e.g. ['product', 'format?'] for the product route. */
export const paramsOf = (pattern: string): string[] => [...pattern.matchAll(/\[(?:\.\.\.)?([^\]]+)\]/g)].map((m) => m[1]!);

export function fillPattern(pattern: string, params: RouteParams = {}): string {
  const path = pattern.replace(
    /\[(\.\.\.)?([^\]?]+)(\?)?\]/g,
    (_whole, rest: string | undefined, name: string, optional: string | undefined) => {
      const value = params[name];
      if (value === undefined || value === '') {
        if (optional) return '';
        throw new Error(`Missing route parameter "${name}" for ${pattern}`);
      }
      return rest ? value.split('/').map(encodeURIComponent).join('/') : encodeURIComponent(value);
    },
  );
  return path.replace(/\/{2,}/g, '/');
}

export function pathTo(route: RouteName, locale: LocaleCode, params?: RouteParams): string {
  const pattern = routes[route][languageOf(locale)];
  return `${pathPrefixOf(locale)}${fillPattern(pattern, params)}`;
}

/** A regular expression matching a route's pattern in one language, with named groups. */
export function patternRegExp(pattern: string): RegExp {
  const escapeRegExp = (text: string) => text.replace(/[.*+^${}()|\\[\]]/g, '\\$&');
  let source = '';
  let rest = pattern;
  // Placeholders are replaced one at a time, so the groups written never look like placeholders again.
  for (let m = /\[(\.\.\.)?([^\]?]+)(\?)?\]\/?/.exec(rest); m; m = /\[(\.\.\.)?([^\]?]+)(\?)?\]\/?/.exec(rest)) {
    const [whole, spread, name, optional] = m;
    const slash = whole.endsWith('/') ? '/' : '';
    source += escapeRegExp(rest.slice(0, m.index));
    source += spread ? `(?<${name}>.+?)${slash}` : optional ? `(?:(?<${name}>[^/]+)${slash})?` : `(?<${name}>[^/]+?)${slash}`;
    rest = rest.slice(m.index + whole.length);
  }
  return new RegExp(`^${source}${escapeRegExp(rest)}$`);
}

export { SHELL_ID } from './shell.ts';
