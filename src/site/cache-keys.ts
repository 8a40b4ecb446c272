/**
 * The cache key of each page (Astro's experimental incremental build): Astro copies a page from the
 * previous build when its key and its code are unchanged, so a key names every piece of content the page
 * shows. Every page shows the menus, the categories (trails, search, analytics), the content pages (the
 * footer) and the build's public settings: that is the frame. A product page adds its own entry, where its
 * pages are in the other locales, its cross-sells and its species' growth range; a category page the products it lists and what it
 * shows of the whole category; any other page the products its view shows (src/site/showcases.ts: the
 * home's best sellers, the treats of the cart…, none on most). One product edit thus re-renders its own
 * pages, the category pages listing it and the pages that show it, not the catalogue.
 */
import { createHash } from 'node:crypto';
import { CONTENT_API_URL, FEATURES_OFF, MAINTENANCE_ROUTES } from 'astro:env/server';
import { channelCodes, type LocaleCode } from '../lib/channels.ts';
import { channel, contentOf, crossSellOf, digestOf, type LocaleContent, type Product } from './content.ts';
import type { PageRef } from './pages.ts';
import { growthRangeOf } from './ranges.ts';
import { productsShownOn } from './showcases.ts';
import { facetValues, sortRanks } from '../lib/catalogue/facets.ts';
import { forLists, samplesOf } from '../lib/catalogue/listing.ts';
import { pageCount, pageOf } from '../lib/catalogue/paging.ts';

const hash = (parts: Iterable<string>) => {
  const h = createHash('sha256');
  for (const part of parts) h.update(part).update('\0');
  return h.digest('base64url').slice(0, 22);
};
const digests = (entries: readonly object[]) => entries.map(digestOf);

/**
 * The settings a page's HTML depends on besides its content and code (the config is Astro's own check).
 * Of the ports, only the sites' own (their local address, siteUrlOf): `npm start` also sets the publish
 * receiver's, and a key naming every PORT_ made its first rebuild after an edit render every page.
 */
const settingNames = new RegExp(
  `^(PUBLIC_|SITE_URL_)|^(PORT_(${channelCodes.join('|')})|MAINTENANCE_ROUTES|FEATURES_OFF|CONTENT_API_URL|CONTENT_IMAGES_URL)$`,
);
/** Those settings as the build reads them: the environment, and .env files through astro:env and Vite. */
const settings = () =>
  Object.entries({ ...process.env, ...import.meta.env, MAINTENANCE_ROUTES, FEATURES_OFF, CONTENT_API_URL })
    .filter(([name]) => settingNames.test(name))
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, value]) => `${name}=${String(value)}`);

/** Product SKUs a menu links to (a menu entry names a product by its key). */
function menuProducts(content: LocaleContent): Product[] {
  const keys = new Set<string>();
  JSON.stringify([content.header, content.footer], (name, value: unknown) => {
    if (name === 'params' && value && typeof value === 'object' && 'key' in value) keys.add(String(value.key));
    return value;
  });
  return [...keys].flatMap((key) => content.productsBySku.get(key) ?? []);
}

/**
 * What a product page shows of the product's entry in the channel's other locales: where its page and its
 * formats are there (the head's alternates and the language switcher, src/site/pages.ts), not its texts.
 * So a French edit renders the French pages of the product, not the Dutch ones, unless a slug changed.
 */
const whereShownIn = (product: Product | undefined): string =>
  product
    ? JSON.stringify([
        product.viewable,
        product.isSample,
        product.localizations,
        product.ProductVariants.map((v) => [v.code, v.slug, v.show_variant]),
      ])
    : '';

/**
 * What a page of a category shows (src/components/views/CategoryView.astro): its own products with their
 * ranks, and of the category's whole list only its length (the count, the pages), its facets and its
 * samples. So an edit renders the page of the category that lists the product, not all its pages.
 */
function categoryPageKeys(frame: string, content: LocaleContent, key: string): string[] {
  const all = content.productsByCategory.get(key) ?? [];
  const listed = forLists(all);
  const ranks = sortRanks(listed);
  const whole = hash([frame, String(listed.length), JSON.stringify(facetValues(listed)), ...digests(samplesOf(all))]);
  return Array.from({ length: pageCount(listed.length) }, (_, i) =>
    hash([whole, String(i + 1), ...pageOf(listed, i + 1).items.flatMap((p) => [digestOf(p), JSON.stringify(ranks.get(p.sku))])]),
  );
}

interface LocaleKeys {
  frame: string;
  catalogue: string;
  /** Each category's pages' keys, page 1 first. */
  category: Map<string, string[]>;
}

async function localeKeys(): Promise<Map<LocaleCode, LocaleKeys>> {
  const all = await Promise.all(channel.locales.map(async (locale) => [locale, await contentOf(locale)] as const));
  // Alternates and menus of one locale read the others' entries too: the frame covers every locale.
  const frame = hash([
    ...settings(),
    ...all.flatMap(([, c]) => [
      ...digests([c.header, c.footer, ...c.categories, ...c.pages, ...c.faq, ...c.shops]),
      ...digests(menuProducts(c)),
    ]),
  ]);
  const catalogue = hash([frame, ...all.flatMap(([, c]) => digests(c.products))]);
  return new Map(
    all.map(([locale, c]) => [
      locale,
      { frame, catalogue, category: new Map(c.categories.map((category) => [category.key, categoryPageKeys(frame, c, category.key)])) },
    ]),
  );
}

let keys: Promise<Map<LocaleCode, LocaleKeys>> | undefined;

/** The cache key of a page in a locale of this channel. */
export async function cacheKeyOf(ref: PageRef | { route: 'notFound' }, locale: LocaleCode): Promise<string> {
  keys ??= localeKeys();
  const { frame, catalogue, category } = (await keys).get(locale)!;
  const key = 'key' in ref ? ref.key : undefined;
  if ((ref.route === 'product' || ref.route === 'sample') && key) {
    const content = await contentOf(locale);
    const product = content.productsBySku.get(key)!;
    // What src/components/views/ProductView.astro cross-sells.
    const crossSell = crossSellOf(product, content);
    const others = await Promise.all(
      channel.locales.filter((l) => l !== locale).map(async (l) => whereShownIn((await contentOf(l)).productsBySku.get(key))),
    );
    // Where its ration calculator sends a puppy or kitten from a food not made for growth.
    const growthRange = (await growthRangeOf(product.animal, locale)) ?? '';
    return hash([ref.route, frame, digestOf(product), ...others, ...digests(crossSell), growthRange]);
  }
  if (ref.route === 'category' && key) return hash([ref.route, category.get(key)![(('page' in ref && ref.page) || 1) - 1]!]);
  // The home, the error and landing pages, the island pages: the products they show (src/site/showcases.ts).
  const shown = productsShownOn(ref.route, await contentOf(locale));
  return hash([ref.route, ...(shown ? [frame, ...digests(shown)] : [catalogue])]);
}
