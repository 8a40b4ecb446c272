/**
 * Which pages the channel has, and the path of any page in any locale. A page is a route plus, for
 * content routes, the key of its entry (a SKU, a category key, a page key…).
 */
import { FEATURES_OFF } from 'astro:env/server';
import { routes, routeNames, type RouteName } from '../lib/routes/routes.ts';
import { pathTo, paramsOf, SHELL_ID, type RouteParams } from '../lib/routes/paths.ts';
import { channelOf, languageOf, localeCodes, siteUrlOf, type LocaleCode } from '../lib/channels.ts';
import { channel, contentOf, isListed } from './content.ts';
import { featuresOff, routeEnabled } from '../lib/features.ts';

const off = featuresOff(FEATURES_OFF);

export interface PageRef {
  route: RouteName;
  /** Content entry key: SKU, category key, page key, shop key, FAQ category key, error status. */
  key?: string;
  /** Variant slug on a product page. */
  format?: string;
}

/** Error pages pre-rendered for the CDN and the islands; any other status falls back to the generic text. */
export const ERROR_STATUSES = ['400', '403', '500', '502', '503'] as const;

/** Route params of a page in a locale of this channel, or undefined when the page does not exist there. */
export async function paramsFor(ref: PageRef, locale: LocaleCode): Promise<RouteParams | undefined> {
  const def = routes[ref.route];
  const language = languageOf(locale);
  if ('shell' in def && def.shell) return Object.fromEntries(paramsOf(def.fr).map((p) => [p.replace('?', ''), SHELL_ID]));
  if (ref.route === 'error') return ref.key ? { status: ref.key } : undefined;
  if (!('content' in def)) return {};
  // The other site's locales are not loaded here: entries carry their slug in every language.
  const content = await contentOf(channel.locales.includes(locale) ? locale : channel.defaultLocale);
  const slugIn = (entry: { localizations: Record<string, string> }) => entry.localizations[language];
  switch (def.content) {
    case 'product':
    case 'sample': {
      const product = ref.key ? content.productsBySku.get(ref.key) : undefined;
      if (!product || !isListed(product) || product.isSample !== (def.content === 'sample')) return undefined;
      if (ref.format && !product.ProductVariants.some((v) => v.slug === ref.format && v.show_variant)) return undefined;
      const slug = slugIn(product);
      if (!slug) return undefined;
      return def.content === 'sample' ? { sample: slug } : { product: slug, format: ref.format };
    }
    case 'category': {
      const category = ref.key ? content.categoriesByKey.get(ref.key) : undefined;
      return category && slugIn(category) ? { category: slugIn(category) } : undefined;
    }
    case 'page':
    case 'landing': {
      const page = ref.key ? content.pagesByKey.get(ref.key) : undefined;
      return page && page.kind === def.content && slugIn(page) ? { [def.content]: slugIn(page) } : undefined;
    }
    case 'shop': {
      const shop = ref.key ? content.shopsByKey.get(ref.key) : undefined;
      return shop && slugIn(shop) ? { shop: slugIn(shop) } : undefined;
    }
    case 'faq': {
      if (!ref.key) return {};
      const category = content.faq.find((c) => c.key === ref.key);
      return category && slugIn(category) ? { faqQuery: slugIn(category) } : undefined;
    }
  }
}

/** Path of a page in a locale of this channel (undefined when it does not exist there). */
export async function pathOf(ref: PageRef, locale: LocaleCode): Promise<string | undefined> {
  const params = await paramsFor(ref, locale);
  return params && pathTo(ref.route, locale, params);
}

/**
 * Absolute URLs of a page in every locale of both sites, for hreflang and the language switcher.
 * French texts are the same on both sites, so the French path of this build serves fr_FR and fr_BE.
 */
export async function alternatesOf(ref: PageRef): Promise<Partial<Record<LocaleCode, string>>> {
  const result: Partial<Record<LocaleCode, string>> = {};
  for (const locale of localeCodes) {
    const path = await pathOf(ref, locale);
    if (path !== undefined) result[locale] = `${siteUrlOf(channelOf(locale).code)}${path}`;
  }
  return result;
}

/** Every page of the channel in one locale. */
export async function pagesOf(locale: LocaleCode): Promise<PageRef[]> {
  const content = await contentOf(locale);
  const refs: PageRef[] = [];
  for (const route of routeNames) {
    const def = routes[route];
    if (!routeEnabled(route, off)) continue;
    if (route === 'error') { refs.push(...ERROR_STATUSES.map((key) => ({ route, key }))); continue; }
    if (!('content' in def)) { refs.push({ route }); continue; }
    switch (def.content) {
      case 'product':
        for (const p of content.products.filter((p) => isListed(p) && !p.isSample)) {
          refs.push({ route, key: p.sku });
          for (const v of p.ProductVariants.filter((v) => v.show_variant)) refs.push({ route, key: p.sku, format: v.slug });
        }
        break;
      case 'sample':
        refs.push(...content.products.filter((p) => isListed(p) && p.isSample).map((p) => ({ route, key: p.sku })));
        break;
      case 'category': refs.push(...content.categories.map((c) => ({ route, key: c.key }))); break;
      case 'page': case 'landing':
        refs.push(...content.pages.filter((p) => p.kind === def.content).map((p) => ({ route, key: p.key })));
        break;
      case 'shop': refs.push(...content.shops.map((s) => ({ route, key: s.key }))); break;
      case 'faq': refs.push({ route }, ...content.faq.map((c) => ({ route, key: c.key }))); break;
    }
  }
  return refs;
}

/** The path a menu entry of the content service points at (routes by name, content by key). */
export async function menuHref(link: { route: string; params: Record<string, string> }, locale: LocaleCode): Promise<string | undefined> {
  if (!(link.route in routes)) return undefined;
  return pathOf({ route: link.route as RouteName, key: link.params.key }, locale);
}
