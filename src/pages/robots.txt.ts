import type { APIRoute } from 'astro';
import { robotsTxt } from '../lib/seo/robots.ts';
import { siteUrlOf } from '../lib/channels.ts';
import { channel } from '../site/content.ts';

export const GET: APIRoute = () =>
  new Response(robotsTxt(channel.locales, siteUrlOf(channel.code)), { headers: { 'content-type': 'text/plain; charset=utf-8' } });
