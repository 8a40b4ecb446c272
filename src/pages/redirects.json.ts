/**
 * Content redirects of this build (a product address is checked for a SKU first:
 * /produits/sku-{sku}/ goes to the product's slug; a slug an editor replaced goes to the current one). The build script turns them into Netlify's _redirects; the local server reads them.
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
      const from = pathTo(route, locale, { [route]: `sku-${product.sku}` });
      if (!to) continue;
      redirects.push({ from, to, status: 301 });
      // An editor renamed it: its former addresses lead to the current ones, its formats' pages too.
      const formats = product.isSample ? [] : product.ProductVariants.filter((v) => v.show_variant).map((v) => v.slug);
      for (const slug of product.formerSlugs ?? []) {
        redirects.push({ from: pathTo(route, locale, { [route]: slug }), to, status: 301 });
        for (const format of formats) {
          const formatTo = await pathOf({ route, key: product.sku, format }, locale);
          if (formatTo) redirects.push({ from: pathTo(route, locale, { [route]: slug, format }), to: formatTo, status: 301 });
        }
      }
    }
  }
  return Response.json(redirects);
};
