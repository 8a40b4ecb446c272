import type { APIRoute } from 'astro';
import { sitemapIndexXml } from '../lib/seo/sitemap.ts';
import { siteUrlOf } from '../lib/channels.ts';
import { channel } from '../site/content.ts';

export const GET: APIRoute = () =>
  new Response(sitemapIndexXml(channel.locales.map((l) => `${siteUrlOf(channel.code)}/sitemap-${l}.xml`)), {
    headers: { 'content-type': 'application/xml' },
  });
