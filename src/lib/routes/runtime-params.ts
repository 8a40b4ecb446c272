/**
 * The runtime id a shell page serves (an order token, an animal, a reset token): one static page answers
 * every id, so its island reads the id from the address. The shell's own id (the one it was generated
 * with) and an undecodable one are none.
 */
import { languageOf, pathPrefixOf, type LocaleCode } from '../channels.ts';
import { patternRegExp, SHELL_ID } from './paths.ts';
import { routes, type RouteName } from './routes.ts';

export function runtimeParamOf(route: RouteName, name: string, pathname: string, locale: LocaleCode): string | null {
  const prefix = pathPrefixOf(locale);
  const path = prefix && pathname.startsWith(`${prefix}/`) ? pathname.slice(prefix.length) : pathname;
  const raw = patternRegExp(routes[route][languageOf(locale)]).exec(path)?.groups?.[name];
  if (!raw) return null;
  try {
    const value = decodeURIComponent(raw);
    return value === SHELL_ID ? null : value;
  } catch {
    return null;
  }
}
