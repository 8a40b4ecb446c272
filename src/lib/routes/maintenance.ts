/**
 * Which routes may show the maintenance page instead of themselves (SPEC §2: "routes named in a public
 * configuration list show the maintenance page instead, unless the target already is it"). The one statement
 * of that rule: the editors' setting (src/backend/content/site-setting.ts), the platform's MAINTENANCE_ROUTES
 * (its route rules) and the build, which draws those pages as the maintenance page (src/pages/[...path].astro),
 * all read it. The 404 page is no route of the table, so it is never in maintenance either.
 *
 * zod/mini: the build-time page and the platform use it, and a browser script may one day.
 */
import * as z from 'zod/mini';
import { routeNames, type RouteName } from './routes.ts';

/** A route that may be in maintenance: every route of the table but the maintenance page itself. */
export const maintenanceRoute = z.enum(routeNames.filter((route) => route !== 'maintenance') as [RouteName, ...RouteName[]]);

/**
 * The routes of a comma-separated list (MAINTENANCE_ROUTES: "shops, cart") that may be in maintenance.
 * Other names (a route renamed since, the maintenance page, a typo) are left out rather than refused: the
 * list is configuration read by every build and by the running platform, and one stale name must not stop them.
 */
export const maintenanceRoutesOf = (list = ''): ReadonlySet<RouteName> =>
  new Set(list.split(',').flatMap((name) => maintenanceRoute.safeParse(name.trim()).data ?? []));
