/**
 * The site's public settings an editor changes while the sites run (SPEC §4: "routes named in a public
 * configuration list show the maintenance page instead"): the content service's `site-setting` single type.
 * The sites' pages ask the route rules as they load (route-rules.ts), which read the list from here, so a
 * route goes into or out of maintenance at once, with no rebuild and no restart. The platform's
 * MAINTENANCE_ROUTES adds the routes that stay in maintenance whatever editors set (and the builds draw
 * those pages as the maintenance page).
 */
import { z } from 'zod';
import { maintenanceRoute } from '../../lib/routes/maintenance.ts';
import { routeNames, type RouteName } from '../../lib/routes/routes.ts';
import type { Database } from '../db/database.ts';

// The routes an editor may list: those that may be in maintenance (src/lib/routes/maintenance.ts).
export const siteSettingUpdate = z.strictObject({ maintenance_routes: z.array(maintenanceRoute).max(routeNames.length) });

export interface SiteSetting {
  maintenance_routes: RouteName[];
  updatedAt: string;
}

const stored = z.object({ maintenance_routes: z.array(z.string()), updated_at: z.union([z.date(), z.string()]) });

export async function readSiteSetting(db: Database): Promise<SiteSetting> {
  const [row] = await db.query(`SELECT maintenance_routes, updated_at FROM content.site_setting WHERE id`);
  const { maintenance_routes, updated_at } = stored.parse(row ?? { maintenance_routes: [], updated_at: new Date(0) });
  // A route renamed in the code since an editor listed it is left out, not an error.
  const known = maintenance_routes.filter((route): route is RouteName => maintenanceRoute.safeParse(route).success);
  return { maintenance_routes: known, updatedAt: new Date(updated_at).toISOString() };
}

export async function writeSiteSetting(db: Database, update: z.infer<typeof siteSettingUpdate>): Promise<void> {
  await db.query(
    `INSERT INTO content.site_setting (id, maintenance_routes, updated_at) VALUES (true, $1::text[], now())
     ON CONFLICT (id) DO UPDATE SET maintenance_routes = excluded.maintenance_routes, updated_at = now()`,
    [[...new Set(update.maintenance_routes)]],
  );
}

/**
 * The routes in maintenance now: the platform's fixed list and the editors' setting, the setting read at
 * most once per `ttlMs` (every page view asks; a change shows within that time).
 */
export function maintenanceRoutesNow(db: Database, fixed: ReadonlySet<RouteName>, ttlMs = 2000, now = () => Date.now()) {
  let cached: { at: number; routes: Set<RouteName> } | null = null;
  return async (): Promise<Set<RouteName>> => {
    if (!cached || now() - cached.at >= ttlMs) {
      const { maintenance_routes } = await readSiteSetting(db);
      cached = { at: now(), routes: new Set([...fixed, ...maintenance_routes]) };
    }
    return cached.routes;
  };
}
