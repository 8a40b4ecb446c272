/**
 * Which page file of src/pages draws each page, and the static paths of each. Astro links to a page the style
 * sheets of everything its page file imports, whatever the page renders: so an island family has a file of its
 * own (`[...cart].astro`, `[...auth].astro` …, src/site/islands.ts names the families), importing that family's
 * page alone, and the dispatcher `[...path].astro` draws every other page (the views, the placeholders, the
 * 404s, and any route under maintenance, drawn as the maintenance page). Paths come from the route table and the
 * content service (translated slugs cannot be file names); props stay small (a route, a locale, a key), and each
 * page carries its cache key (src/site/cache-keys.ts): an incremental build copies the unchanged pages.
 */
import { MAINTENANCE_ROUTES } from 'astro:env/server';
import type { RouteName } from '../lib/routes/routes.ts';
import type { LocaleCode } from '../lib/channels.ts';
import { maintenanceRoutesOf } from '../lib/routes/maintenance.ts';
import { cacheKeyOf } from './cache-keys.ts';
import { channel } from './content.ts';
import { type IslandFamily, islandFamilyOf } from './islands.ts';
import { type PageRef, pagesOf, pathOf } from './pages.ts';

/** The dispatcher's name (its rest parameter), or an island family's. */
export type PageFile = 'path' | IslandFamily;

// Routes listed in the public maintenance list show the maintenance page instead (src/lib/routes/maintenance.ts).
const maintenance: ReadonlySet<string> = maintenanceRoutesOf(MAINTENANCE_ROUTES);

/** Whether a route is drawn as the maintenance page. */
export const inMaintenance = (route: RouteName | 'notFound'): boolean => maintenance.has(route);

/** The page file that draws a route. */
function pageFileOf(route: RouteName): PageFile {
  return (!inMaintenance(route) && islandFamilyOf(route)) || 'path';
}

/** The static paths of a page file (its getStaticPaths), its rest parameter named after it. */
export async function staticPathsOf(file: PageFile) {
  const paths = [];
  for (const locale of channel.locales) {
    for (const ref of await pagesOf(locale)) {
      if (pageFileOf(ref.route) !== file) continue;
      const path = await pathOf(ref, locale);
      if (path === undefined) continue;
      paths.push({ params: pathParam(file, path), props: { pageRef: ref, locale }, cacheKey: await cacheKeyOf(ref, locale) });
    }
  }
  return paths;
}

/** The dispatcher's static paths: its pages, and the Dutch 404 page (the French one is src/pages/404.astro). */
export async function dispatcherPaths() {
  const paths: Array<{
    params: Record<string, string | undefined>;
    props: { pageRef: PageRef | { route: 'notFound' }; locale: LocaleCode };
    cacheKey: string;
  }> = await staticPathsOf('path');
  if (channel.locales.includes('nl_BE')) {
    const ref = { route: 'notFound' } as const;
    paths.push({ params: pathParam('path', 'nl/404'), props: { pageRef: ref, locale: 'nl_BE' }, cacheKey: await cacheKeyOf(ref, 'nl_BE') });
  }
  return paths;
}

const pathParam = (file: PageFile, path: string) => ({ [file]: path.replace(/^\/|\/$/g, '') || undefined });
