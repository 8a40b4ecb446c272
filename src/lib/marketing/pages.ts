/**
 * What the marketing script needs to know of a page, decided at build time from its address and the route
 * table: which event it sends besides page_view (view_item on a product page, view_cart on the cart), and
 * whether popups may interrupt it. The checkout funnel, the account pages (sign-in and registration
 * included) and the app's web views are quiet: a shopper paying or managing their account is never
 * interrupted by an offer or a wall.
 */
import { languageOf, pathPrefixOf, type LocaleCode } from '../channels.ts';
import { patternRegExp } from '../routes/paths.ts';
import { routeNames, routes, type RouteName } from '../routes/routes.ts';

export type MarketingPage = 'product' | 'cart' | 'quiet' | 'other';

const QUIET_ROUTES: ReadonlySet<RouteName> = new Set<RouteName>([
  'checkout',
  'orderConfirmation',
  'login',
  'register',
  'forgotPassword',
  'maintenance',
  'webViewPayment',
  'webViewDemo',
]);

/** The account's pages: the French path of each starts with the account's own. */
const isAccountRoute = (route: RouteName) => routes[route].fr.startsWith(routes.account.fr);

/** The route a path of the locale's site belongs to, in the route table's order (the category catch-all last). */
export function routeOfPath(pathname: string, locale: LocaleCode): RouteName | null {
  const prefix = pathPrefixOf(locale);
  if (prefix && !(pathname === `${prefix}/` || pathname.startsWith(`${prefix}/`))) return null;
  const path = prefix ? pathname.slice(prefix.length) : pathname;
  const language = languageOf(locale);
  return routeNames.find((route) => patternRegExp(routes[route][language]).test(path)) ?? null;
}

export function marketingPageOf(pathname: string, locale: LocaleCode): MarketingPage {
  const route = routeOfPath(pathname, locale);
  if (route === null) return 'other';
  if (QUIET_ROUTES.has(route) || isAccountRoute(route)) return 'quiet';
  if (route === 'product') return 'product';
  if (route === 'cart') return 'cart';
  return 'other';
}
