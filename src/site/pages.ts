/**
 * Which pages the channel has, and the path of any page in any locale. A page is a route plus, for
 * content routes, the key of its entry (a SKU, a category key, a page key…).
 */
import { FEATURES_OFF } from 'astro:env/server';
import { routes, routeNames, type RouteName } from '../lib/routes/routes.ts';
import { pathTo, paramsOf, SHELL_ID, type RouteParams } from '../lib/routes/paths.ts';
import { channelOf, languageOf, localeCodes, siteUrlOf, type LocaleCode } from '../lib/channels.ts';
import { channel, contentOf } from './content.ts';
import { type ContentKindDefinition, contentKinds, type KindRef } from './kinds.ts';
import { featuresOff, routeEnabled } from '../lib/features.ts';
import { isPlaceholder } from './islands.ts';

const off = featuresOff(FEATURES_OFF);

/** A route, plus the key of its entry on a content route (its `key` is an error's status on the error route). */
export interface PageRef extends KindRef {
  route: RouteName;
}

/** Error pages pre-rendered for the CDN and the islands; any other status falls back to the generic text. */
const ERROR_STATUSES = ['400', '403', '500', '502', '503'] as const;

/** Route params of a page in a locale of this channel, or undefined when the page does not exist there. */
async function paramsFor(ref: PageRef, locale: LocaleCode): Promise<RouteParams | undefined> {
  const def = routes[ref.route];
  const language = languageOf(locale);
  if ('shell' in def && def.shell) return Object.fromEntries(paramsOf(def.fr).map((p) => [p.replace('?', ''), SHELL_ID]));
  if (ref.route === 'error') return ref.key ? { status: ref.key } : undefined;
  if (!('content' in def)) return {};
  return contentKinds[def.content].params(await contentFor(locale), ref, language);
}

/** The content a locale's pages are drawn from: the other site's locales are not loaded here, and entries carry their slug in every language. */
const contentFor = (locale: LocaleCode) => contentOf(channel.locales.includes(locale) ? locale : channel.defaultLocale);

/** Whether a page in a locale shows another language's text (a missing translation's stand-in): not an alternate of the others. */
async function standsIn(ref: PageRef, locale: LocaleCode): Promise<boolean> {
  const def = routes[ref.route];
  return (
    'content' in def &&
    def.content !== undefined &&
    ((contentKinds[def.content] as ContentKindDefinition).standsIn?.(await contentFor(locale), ref) ?? false)
  );
}

/** Path of a page in a locale of this channel (undefined when it does not exist there). */
export async function pathOf(ref: PageRef, locale: LocaleCode): Promise<string | undefined> {
  const params = await paramsFor(ref, locale);
  return params && pathTo(ref.route, locale, params);
}

/**
 * Absolute URLs of a page in every locale of both sites, for hreflang, the sitemaps and the language switcher.
 * French texts are the same on both sites, so the French path of this build serves fr_FR and fr_BE. A page showing
 * another language's text (a missing translation) is not one of them: it is not indexed (ProductView.astro).
 */
export async function alternatesOf(ref: PageRef): Promise<Partial<Record<LocaleCode, string>>> {
  const result: Partial<Record<LocaleCode, string>> = {};
  for (const locale of localeCodes) {
    if (await standsIn(ref, locale)) continue;
    const path = await pathOf(ref, locale);
    if (path !== undefined) result[locale] = `${siteUrlOf(channelOf(locale).code)}${path}`;
  }
  return result;
}

/**
 * Where the language switcher leads from a format's page (whose alternates, its canonical and hreflang, are
 * its product's): the same format in each locale, by its variant's slug there; a locale without that format
 * keeps the product's alternate. The other site's catalogue is not loaded here: its French slugs are this
 * build's French ones, and a Dutch format of the FR site is named as in French (as `pathOf` does).
 */
export async function formatAlternatesOf(
  ref: PageRef & { key: string; format: string },
  locale: LocaleCode,
  alternates: Partial<Record<LocaleCode, string>>,
): Promise<Partial<Record<LocaleCode, string>>> {
  const variantsIn = async (l: LocaleCode) =>
    (await contentOf(channel.locales.includes(l) ? l : channel.defaultLocale)).productsBySku.get(ref.key)?.ProductVariants;
  const code = (await variantsIn(locale))?.find((v) => v.slug === ref.format)?.code;
  const links = { ...alternates };
  for (const other of localeCodes) {
    const format = (await variantsIn(other))?.find((v) => v.code === code)?.slug;
    const otherPath = format && (await pathOf({ ...ref, format }, other));
    if (otherPath) links[other] = `${siteUrlOf(channelOf(other).code)}${otherPath}`;
  }
  return links;
}

/** Every page of the channel in one locale. */
export async function pagesOf(locale: LocaleCode): Promise<PageRef[]> {
  const content = await contentOf(locale);
  const refs: PageRef[] = [];
  for (const route of routeNames) {
    const def = routes[route];
    if (!routeEnabled(route, off)) continue;
    if (route === 'error') {
      refs.push(...ERROR_STATUSES.map((key) => ({ route, key })));
      continue;
    }
    if (!('content' in def)) {
      refs.push({ route });
      continue;
    }
    refs.push(...contentKinds[def.content].refs(content).map((ref) => ({ route, ...ref })));
  }
  return refs;
}

/**
 * The path a menu entry of the content service points at (routes by name, content by key); none for a
 * route the site lacks or whose page is still a placeholder, so the menus leave that entry out.
 */
export async function menuHref(link: { route: string; params: Record<string, string> }, locale: LocaleCode): Promise<string | undefined> {
  if (!(link.route in routes) || isPlaceholder(link.route as RouteName)) return undefined;
  return pathOf({ route: link.route as RouteName, key: link.params.key }, locale);
}
