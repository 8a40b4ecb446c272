/**
 * One sitemap per locale: every indexable page (not private, not a placeholder), with its alternates in the
 * other locales and site.
 */
import type { APIRoute } from 'astro';
import { routes, type RouteDefinition, type RouteName } from '../lib/routes/routes.ts';
import { sitemapXml } from '../lib/seo/sitemap.ts';
import type { LocaleCode } from '../lib/channels.ts';
import { channel, contentOf } from '../site/content.ts';
import { alternatesOf, pagesOf } from '../site/pages.ts';
import { contentKinds } from '../site/kinds.ts';
import { isPlaceholder } from '../site/islands.ts';

export const getStaticPaths = () => channel.locales.map((locale) => ({ params: { locale } }));

export const GET: APIRoute = async ({ params }) => {
  const locale = params.locale as LocaleCode;
  const isPrivate = (ref: { route: RouteName }) => (routes[ref.route] as RouteDefinition).private === true;
  const refs = (await pagesOf(locale)).filter((ref) => !isPrivate(ref) && !isPlaceholder(ref.route) && !ref.format);
  const content = await contentOf(locale);
  const urls = [];
  for (const ref of refs) {
    const alternates = await alternatesOf(ref);
    const kind = (routes[ref.route] as RouteDefinition).content;
    const lastmod = kind && contentKinds[kind].updatedAt(content, ref);
    if (alternates[locale]) urls.push({ loc: alternates[locale]!, lastmod, alternates });
  }
  return new Response(sitemapXml(urls), { headers: { 'content-type': 'application/xml' } });
};
