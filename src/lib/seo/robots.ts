/**
 * robots.txt of a site, from the route table and the crawler rules: private routes (search, account,
 * order, cart, login, guides, subscription landing sub-pages) are disallowed; the dog and cat subscription
 * landing pages and the kibble-guide root are allowed; the search engine's own bot may crawl query and
 * search pages.
 */
import { routes, type RouteName } from '../routes/routes.ts';
import { pathTo } from '../routes/paths.ts';
import { languageOf, pathPrefixOf, type LocaleCode } from '../channels.ts';

/** The part of a route's path before its first parameter: what a Disallow line can name. */
const staticPrefix = (route: RouteName, locale: LocaleCode): string => {
  const full = `${pathPrefixOf(locale)}${routes[route][languageOf(locale)]}`;
  const param = full.indexOf('[');
  return param === -1 ? full : full.slice(0, full.lastIndexOf('/', param) + 1);
};

function robotsRules(locales: readonly LocaleCode[]): { disallow: string[]; allow: string[]; searchPages: string[] } {
  const disallow = new Set<string>();
  const allow = new Set<string>();
  const searchPages = new Set<string>();
  for (const locale of locales) {
    for (const [name, def] of Object.entries(routes) as Array<[RouteName, (typeof routes)[RouteName]]>) {
      if ('private' in def && def.private) disallow.add(staticPrefix(name, locale));
    }
    searchPages.add(pathTo('search', locale));
    // The subscription landing sub-pages are closed, its dog and cat pages open.
    const dogLanding = pathTo('subscriptionLandingDog', locale);
    disallow.add(dogLanding.replace(/[^/]+\/$/, ''));
    allow.add(dogLanding);
    allow.add(pathTo('subscriptionLandingCat', locale));
    // The kibble-guide root is open; what lies below it (an animal's guide, results) is not.
    const guide = pathTo('kibbleGuide', locale);
    disallow.add(guide);
    allow.add(`${guide}$`);
  }
  // A prefix already covered by a shorter one is noise.
  const minimal = [...disallow].filter((p) => ![...disallow].some((q) => q !== p && p.startsWith(q) && q !== '/'));
  return { disallow: minimal.sort(), allow: [...allow].sort(), searchPages: [...searchPages].sort() };
}

export function robotsTxt(locales: readonly LocaleCode[], siteUrl: string): string {
  const { disallow, allow, searchPages } = robotsRules(locales);
  const lines = (extraAllow: string[], queries: boolean) => [
    ...allow.map((p) => `Allow: ${p}`),
    ...extraAllow.map((p) => `Allow: ${p}`),
    ...disallow.filter((p) => !extraAllow.includes(p)).map((p) => `Disallow: ${p}`),
    ...(queries ? [] : ['Disallow: /*?']),
  ];
  return [
    'User-agent: *',
    ...lines([], false),
    '',
    // Google's bot may crawl the search and query pages.
    'User-agent: Googlebot',
    ...lines(searchPages, true),
    '',
    `Sitemap: ${siteUrl}/sitemap-index.xml`,
    '',
  ].join('\n');
}
