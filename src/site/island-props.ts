/**
 * What the pages of more than one island family hand their island beside its texts: where "continue shopping"
 * leads, the other country's site, and the treats a cart or a subscription's next delivery offers.
 */
import { channelOf, channels, languageOf, siteUrlOf, type ChannelCode, type LocaleCode } from '../lib/channels.ts';
import type { RouteName } from '../lib/routes/routes.ts';
import { pathTo } from '../lib/routes/paths.ts';
import { contentOf } from './content.ts';
import { pictureFiles, usablePicture } from './images.ts';
import { pathOf } from './pages.ts';
import { offeredTreats } from './showcases.ts';

/** Where "continue shopping" leads: the dogs' category. */
export const continueHrefOf = async (locale: LocaleCode): Promise<string> =>
  (await pathOf({ route: 'category', key: 'dog' }, locale)) ?? '/';

/** One cart per country site: the cart and the checkout link to the other site's cart (same language where it has it). */
export function otherSiteOf(locale: LocaleCode) {
  const otherChannel: ChannelCode = channelOf(locale).code === 'FR' ? 'BE' : 'FR';
  const language = languageOf(locale);
  const otherLocale = channels[otherChannel].locales.find((l) => languageOf(l) === language) ?? channels[otherChannel].defaultLocale;
  return { channel: otherChannel, origin: siteUrlOf(otherChannel), cartHref: `${siteUrlOf(otherChannel)}${pathTo('cart', otherLocale)}` };
}

/**
 * The upsells of the cart page: the best-selling treats of each species, in a format that can be bought now (the
 * island offers those of the species in the cart). A subscription's next delivery offers the same treats, for that
 * delivery only. The cart's cards show each treat's picture (its card files, made for the catalogue anyway) and
 * link to its page.
 */
export async function upsellsOf(route: Extract<RouteName, 'cart' | 'subscription'>, locale: LocaleCode) {
  return Promise.all(
    offeredTreats(await contentOf(locale)).map(async ({ product, variant, animal }) => {
      const upsell = { name: product.name, variantCode: variant.code, variantName: variant.name, price: variant.base_price, animal };
      if (route !== 'cart') return upsell;
      const picture = await usablePicture(product.image, `${product.sku} (${locale})`);
      const files = picture && (await pictureFiles(picture, 'card'));
      const path = await pathOf({ route: 'product', key: product.sku }, locale);
      return { ...upsell, ...(files ? { picture: files } : {}), ...(path ? { path } : {}) };
    }),
  );
}
