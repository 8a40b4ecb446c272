/**
 * The channel's content, read once from the content collections and indexed, so that rendering
 * thousands of pages does not scan the collections again for each one.
 */
import { getCollection, type CollectionEntry } from 'astro:content';
import { CHANNEL } from 'astro:env/server';
import { channels, type ChannelCode, type LocaleCode } from '../lib/channels.ts';
import { bestSellers, crossSellAmong } from '../lib/catalogue/listing.ts';
import { detailsDir, readDetails, type ProductDetails } from './product-details.ts';

export const channel = channels[CHANNEL.toUpperCase() as ChannelCode];

export type Product = CollectionEntry<'products'>['data'];
type Category = CollectionEntry<'categories'>['data'];
type Page = CollectionEntry<'pages'>['data'];
type FaqCategory = CollectionEntry<'faq'>['data'];
type Shop = CollectionEntry<'shops'>['data'];

export interface LocaleContent {
  products: Product[];
  productsBySku: Map<string, Product>;
  categories: Category[];
  categoriesByKey: Map<string, Category>;
  pages: Page[];
  pagesByKey: Map<string, Page>;
  faq: FaqCategory[];
  shops: Shop[];
  shopsByKey: Map<string, Shop>;
  header: Extract<CollectionEntry<'menus'>['data'], { key: 'header' }>;
  footer: Extract<CollectionEntry<'menus'>['data'], { key: 'footer' }>;
  /** Products of each category key, in the editor's order. */
  productsByCategory: Map<string, Product[]>;
  /** The products each category's lists may show, best seller first (ranked once, not for every page). */
  bestSellersByCategory: Map<string, Product[]>;
}

/** The loader's digest of each entry's data (src/content.config.ts), for the pages' cache keys (src/site/cache-keys.ts). */
const digests = new WeakMap<object, string>();
export function digestOf(data: object): string {
  const digest = digests.get(data);
  if (digest === undefined) throw new Error('A content entry without its digest: every loader of src/content.config.ts sets one.');
  return digest;
}

/** What only the product's own page shows, read from its file (src/site/product-details.ts). */
export function detailsOf(product: Product): ProductDetails {
  return readDetails(detailsDir(channel.code.toLowerCase(), process.env), digestOf(product), `${product.sku} (${product.locale})`);
}

const byLocale = <T extends { locale: LocaleCode }>(entries: Array<{ data: T; digest?: string | number }>, locale: LocaleCode) =>
  entries
    .filter((e) => e.data.locale === locale)
    .map((e) => {
      if (e.digest !== undefined) digests.set(e.data, String(e.digest));
      return e.data;
    });

/** Code-point order, as the content service's ORDER BY on its keys (not the machine's locale). */
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

let cache: Promise<Map<LocaleCode, LocaleContent>> | undefined;

async function loadAll(): Promise<Map<LocaleCode, LocaleContent>> {
  const [products, categories, pages, faq, shops, menus] = await Promise.all([
    getCollection('products'),
    getCollection('categories'),
    getCollection('pages'),
    getCollection('faq'),
    getCollection('shops'),
    getCollection('menus'),
  ]);
  const result = new Map<LocaleCode, LocaleContent>();
  for (const locale of channel.locales) {
    // The content service's own orders, ties included: the store's order of its entries changes as they are
    // edited, and a list (its HTML, its pages' cache keys) must not change with it.
    const localeProducts = byLocale(products, locale).sort((a, b) => a.position - b.position || compare(a.sku, b.sku));
    const productsByCategory = new Map<string, Product[]>();
    for (const product of localeProducts) {
      for (const key of product.categories) {
        const list = productsByCategory.get(key);
        if (list) list.push(product);
        else productsByCategory.set(key, [product]);
      }
    }
    const localeCategories = byLocale(categories, locale).sort((a, b) => a.position - b.position || compare(a.key, b.key));
    const localePages = byLocale(pages, locale).sort((a, b) => compare(a.key, b.key));
    const localeShops = byLocale(shops, locale).sort((a, b) => compare(a.country, b.country) || compare(a.key, b.key));
    const localeMenus = byLocale(menus, locale);
    result.set(locale, {
      products: localeProducts,
      productsBySku: new Map(localeProducts.map((p) => [p.sku, p])),
      categories: localeCategories,
      categoriesByKey: new Map(localeCategories.map((c) => [c.key, c])),
      pages: localePages,
      pagesByKey: new Map(localePages.map((p) => [p.key, p])),
      faq: byLocale(faq, locale).sort((a, b) => a.position - b.position || compare(a.key, b.key)),
      shops: localeShops,
      shopsByKey: new Map(localeShops.map((s) => [s.key, s])),
      header: localeMenus.find((m) => m.key === 'header') as LocaleContent['header'],
      footer: localeMenus.find((m) => m.key === 'footer') as LocaleContent['footer'],
      productsByCategory,
      bestSellersByCategory: new Map([...productsByCategory].map(([key, list]) => [key, bestSellers(list, Infinity)])),
    });
  }
  return result;
}

export async function contentOf(locale: LocaleCode): Promise<LocaleContent> {
  cache ??= loadAll();
  const content = (await cache).get(locale);
  if (!content) throw new Error(`Locale ${locale} is not part of channel ${channel.code}`);
  return content;
}

/** How many products a product page cross-sells. */
const CROSS_SELL_COUNT = 4;

/**
 * What a product page cross-sells: the products ranked right after it among its main category's best
 * sellers, wrapping round to the top (a sample, outside the ranking, shows the top ones). Not the
 * category's top four on every page: a price edit of a best seller would change (and re-render) every
 * product page of its category, over a thousand in a large catalogue; this way a product shows on the
 * pages of the few products ranked just above it.
 */
export function crossSellOf(product: Product, content: LocaleContent): Product[] {
  return crossSellAmong(content.bestSellersByCategory.get(product.categories[0] ?? '') ?? [], product, CROSS_SELL_COUNT);
}
