/**
 * The server check before a navigation (SPEC §7: route rules by path, answering an optional redirect):
 * `GET /builds/<channel>/route-rules?path=/produits/ancien-nom/` answers `{ path, redirect }` from the
 * redirect table the channel's last build published (redirects.json: SKU addresses, and the slugs editors
 * replaced), so a renamed product's old address leads to its page as soon as the rebuild is served; and
 * from the routes in maintenance now (site-setting.ts: the editors' setting and the platform's
 * MAINTENANCE_ROUTES), which leads their pages to the maintenance page at once, without a rebuild. The
 * sites' pages ask it when they load (src/page-scripts/build-watch.ts).
 */
import { Hono } from 'hono';
import { readFile, stat } from 'node:fs/promises';
import { z } from 'zod';
import type { LocaleCode } from '../../lib/channels.ts';
import { routeOfPath } from '../../lib/marketing/pages.ts';
import { pathTo } from '../../lib/routes/paths.ts';
import type { RouteName } from '../../lib/routes/routes.ts';

const redirectTable = z.array(z.object({ from: z.string(), to: z.string(), status: z.number().int() }));
const pathQuery = z.object({ path: z.string().min(1).max(2048).startsWith('/') });

/** The locale a path of the channel's site is in: the BE site's Dutch pages are under /nl/. */
const localeOfPath = (channel: 'fr' | 'be', path: string): LocaleCode =>
  channel === 'fr' ? 'fr_FR' : path === '/nl/' || path.startsWith('/nl/') ? 'nl_BE' : 'fr_BE';

export function routeRulesRoutes(distDir: string, maintenanceNow: () => Promise<ReadonlySet<RouteName>> = async () => new Set()): Hono {
  const app = new Hono();
  // Read again only when the published file is another one (a rebuild swaps the tree).
  const tables = new Map<string, { version: string; redirects: Map<string, string> }>();
  const redirectsOf = async (channel: string): Promise<Map<string, string> | null> => {
    const file = `${distDir}/${channel}/redirects.json`;
    const stats = await stat(file).catch(() => null);
    if (!stats) return null;
    const version = `${stats.ino}:${stats.mtimeMs}`;
    const known = tables.get(channel);
    if (known?.version === version) return known.redirects;
    const rows = redirectTable.parse(JSON.parse(await readFile(file, 'utf8')));
    const redirects = new Map(rows.map((row) => [row.from, row.to]));
    tables.set(channel, { version, redirects });
    return redirects;
  };

  app.get('/:channel/route-rules', async (c) => {
    const channel = c.req.param('channel').toLowerCase();
    if (channel !== 'fr' && channel !== 'be') return c.json({ error: 'Unknown channel' }, 404);
    const query = pathQuery.safeParse({ path: c.req.query('path') });
    if (!query.success) return c.json({ error: 'path: an absolute path of the site is required (/produits/…/)' }, 400);
    const path = query.data.path.split(/[?#]/)[0]!;
    const locale = localeOfPath(channel, path);
    const maintenance = await maintenanceNow();
    const route = maintenance.size ? routeOfPath(path, locale) : null;
    if (route && maintenance.has(route)) return c.json({ path, redirect: pathTo('maintenance', locale) });
    // No build published here yet: no redirect known (every page asks, so this is no error).
    const redirects = (await redirectsOf(channel)) ?? new Map<string, string>();
    const redirect = redirects.get(path) ?? (path.endsWith('/') ? undefined : redirects.get(`${path}/`)) ?? null;
    return c.json({ path, redirect });
  });
  return app;
}
