/**
 * Where the route guards send a shopper (logged in or not, on which page): framework-free rules, so the
 * session store applies them and tests check them without a browser. The remembered path travels in the
 * login page's query and is followed only when it is a path of this site.
 */
import { pathTo } from './paths.ts';
import { routes, type RouteName } from './routes.ts';
import type { LocaleCode } from '../channels.ts';
import { loginWithRedirect, rememberedPath } from './redirect.ts';

const samePath = (a: string, b: string) => a.replace(/\/+$/, '') === b.replace(/\/+$/, '');
export const isLoginPath = (pathname: string, locale: LocaleCode): boolean => samePath(pathname, pathTo('login', locale));

/** The login page of the locale, remembering the full path (pathname + search) the shopper was on. */
export function loginRedirect(current: { pathname: string; search: string }, locale: LocaleCode): string {
  const login = pathTo('login', locale);
  if (isLoginPath(current.pathname, locale)) return `${login}${current.search}`;
  return loginWithRedirect(login, current);
}

/** Where to go after login: the remembered path when it is a path of this site (not login), else the account page. */
export function afterLoginTarget(search: string, locale: LocaleCode): string {
  const remembered = rememberedPath(search);
  if (remembered !== null && !isLoginPath(new URL(remembered, 'http://site.invalid').pathname, locale)) return remembered;
  return pathTo('account', locale);
}

/**
 * Where a new customer goes once registered: the remembered path when it is a path of this site (not the
 * login or register page), so a shopper who signed up on the way to the checkout goes back to the order;
 * else the welcome page.
 */
export function afterRegisterTarget(search: string, locale: LocaleCode): string {
  const remembered = rememberedPath(search);
  if (remembered === null) return pathTo('accountWelcome', locale);
  const { pathname } = new URL(remembered, 'http://site.invalid');
  if (isLoginPath(pathname, locale) || samePath(pathname, pathTo('register', locale))) return pathTo('accountWelcome', locale);
  return remembered;
}

/**
 * Where a guarded page sends the shopper, or null when they may stay: authenticated pages send
 * anonymous visitors to login (the welcome page to the homepage), anonymous-only pages send logged-in
 * customers on to where they were going.
 */
export function guardRedirect(
  route: RouteName,
  loggedIn: boolean,
  current: { pathname: string; search: string },
  locale: LocaleCode,
): string | null {
  const guard = (routes[route] as { guard?: 'anonymous' | 'authenticated' }).guard;
  if (guard === 'authenticated' && !loggedIn) return route === 'accountWelcome' ? pathTo('home', locale) : loginRedirect(current, locale);
  if (guard === 'anonymous' && loggedIn) return afterLoginTarget(current.search, locale);
  return null;
}
