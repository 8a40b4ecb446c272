/**
 * Feature flags that guard routes (animals, guide entrances, referral, order and subscription redirects, web
 * view). Static pages are built with them: a route whose feature is off is not published (its address
 * shows the 404 page). All are on unless FEATURES_OFF lists some.
 */
import { routes, type Feature, type RouteName } from './routes/routes.ts';

const FEATURES: readonly Feature[] = [
  'animals',
  'guideEntrance',
  'nutritionGuideEntrance',
  'referral',
  'orderRedirect',
  'subscriptionRedirect',
  'webView',
];

/** Parses a comma-separated list of feature names; unknown names are reported, not ignored silently. */
export function featuresOff(list: string | undefined): Set<Feature> {
  const names = (list ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = names.filter((n) => !(FEATURES as readonly string[]).includes(n));
  if (unknown.length) throw new Error(`Unknown feature(s) in FEATURES_OFF: ${unknown.join(', ')} (known: ${FEATURES.join(', ')})`);
  return new Set(names as Feature[]);
}

export function routeEnabled(route: RouteName, off: ReadonlySet<Feature>): boolean {
  const def = routes[route];
  return !('features' in def) || def.features.every((f) => !off.has(f));
}
