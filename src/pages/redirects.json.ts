/**
 * Content redirects of this build (a product address is checked for a SKU first:
 * /produits/sku-{sku}/ goes to the product's slug, /produits/sku-{sku}/{format}/ to that format's page; a slug
 * an editor replaced goes to the current one). The build script turns them into Netlify's _redirects; the local server reads them.
 */
import type { APIRoute } from 'astro';
import { pathTo } from '../lib/routes/paths.ts';
import { channel, contentOf } from '../site/content.ts';
import { isListed } from '../lib/catalogue/listing.ts';
import { pathOf } from '../site/pages.ts';

export const GET: APIRoute = async () => {
  const redirects = [];
  for (const locale of channel.locales) {
    for (const product of (await contentOf(locale)).products.filter(isListed)) {
      const route = product.isSample ? 'sample' : 'product';
      const to = await pathOf({ route, key: product.sku }, locale);
      if (!to) continue;
      const formats = product.isSample ? [] : product.ProductVariants.filter((v) => v.show_variant).map((v) => v.slug);
      // Its SKU's address, and the slugs an editor replaced: each leads to the current address, and the same with
      // a format to that format's page.
      for (const alias of [`sku-${product.sku}`, ...(product.formerSlugs ?? [])]) {
        redirects.push({ from: pathTo(route, locale, { [route]: alias }), to, status: 301 });
        for (const format of formats) {
          const formatTo = await pathOf({ route, key: product.sku, format }, locale);
          if (formatTo) redirects.push({ from: pathTo(route, locale, { [route]: alias, format }), to: formatTo, status: 301 });
        }
      }
    }
  }
  return Response.json(redirects);
};
