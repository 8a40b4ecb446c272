/**
 * The shop's share image, for the pages that have no picture of their own (home, FAQ, shops…): its banner
 * (src/lib/catalogue/packshot.ts) rendered to PNG once per build. Crawlers and messengers read neither SVG
 * nor AVIF in a share preview, so it is a raster file.
 */
import type { APIRoute } from 'astro';
import sharp from 'sharp';
import { BANNER_SIZE, shopBannerSvg } from '../../lib/catalogue/packshot.ts';
import { SITE_SHARE_IMAGE } from '../../lib/seo/meta.ts';

if (SITE_SHARE_IMAGE.width !== BANNER_SIZE.width || SITE_SHARE_IMAGE.height !== BANNER_SIZE.height)
  throw new Error('The share image announces the size of the banner it renders (src/lib/seo/meta.ts)');

export const GET: APIRoute = async () => {
  const png = await sharp(Buffer.from(shopBannerSvg())).removeAlpha().png().toBuffer();
  return new Response(new Uint8Array(png), { headers: { 'content-type': 'image/png' } });
};
