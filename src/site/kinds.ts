/**
 * Each content kind described once. A route of the route table that names a `content` kind gets its
 * pages from that kind's entry here: which entries of the channel it publishes (`refs`), and the route
 * parameters of one entry's page in a language (`params`). The views of the kinds are picked by
 * src/components/views/View.astro, whose map must name every kind of this table.
 *
 * The table is `satisfies Record<ContentKind, ContentKindDefinition>`, so a kind the route table names
 * but this table lacks, or a kind missing a part, is a type error rather than a page silently missing.
 */
import type { RouteDefinition } from '../lib/routes/routes.ts';
import type { RouteParams } from '../lib/routes/paths.ts';
import type { Language } from '../lib/channels.ts';
import { forLists, isListed } from '../lib/catalogue/listing.ts';
import { hasPage, pageCount, pageParam } from '../lib/catalogue/paging.ts';
import type { LocaleContent, Product } from './content.ts';

export type ContentKind = NonNullable<RouteDefinition['content']>;

/** One page of a kind. */
export interface KindRef {
  /** Content entry key: SKU, category key, page key, shop key, FAQ category key. */
  key?: string;
  /** Variant slug on a product page. */
  format?: string;
  /** Page number on a category's page after the first (src/lib/catalogue/paging.ts). */
  page?: number;
}

export interface ContentKindDefinition {
  /** Every page of the kind in one locale of the channel, in the order the sitemaps list them. */
  refs(content: LocaleContent): KindRef[];
  /** The route parameters of a page in a language, or undefined when the page does not exist there. */
  params(content: LocaleContent, ref: KindRef, language: Language): RouteParams | undefined;
  /** When the page's entry was last edited (the sitemaps' lastmod), when the kind knows. */
  updatedAt(content: LocaleContent, ref: KindRef): string | undefined;
  /** Whether the page shows another language's text, its entry not being translated yet (src/content.config.ts). */
  standsIn?(content: LocaleContent, ref: KindRef): boolean;
}

/** Entries carry their slug in every language: a page exists in a language only where it has one. */
const slugIn = (entry: { localizations: Record<string, string> }, language: Language): string | undefined => entry.localizations[language];

/** A kind whose pages are its entries, found by key, with the slug as the one route parameter. */
function keyedKind<T extends { key: string; localizations: Record<string, string>; updatedAt: string }>(
  entries: (content: LocaleContent) => T[],
  find: (content: LocaleContent, key: string) => T | undefined,
  param: string,
): ContentKindDefinition {
  return {
    refs: (content) => entries(content).map((entry) => ({ key: entry.key })),
    params(content, ref, language) {
      const entry = ref.key ? find(content, ref.key) : undefined;
      const slug = entry && slugIn(entry, language);
      return slug ? { [param]: slug } : undefined;
    },
    updatedAt: (content, ref) => (ref.key ? find(content, ref.key)?.updatedAt : undefined),
  };
}

/**
 * Products and samples share one collection: a listed product is a product page, one page per shown
 * format too; a listed sample is one sample page, without formats.
 */
function productKind(sample: boolean): ContentKindDefinition {
  const shownFormats = (product: Product) => product.ProductVariants.filter((v) => v.show_variant);
  return {
    refs: (content) =>
      content.products
        .filter((p) => isListed(p) && p.isSample === sample)
        .flatMap((p) => [{ key: p.sku }, ...(sample ? [] : shownFormats(p).map((v) => ({ key: p.sku, format: v.slug })))]),
    params(content, ref, language) {
      const product = ref.key ? content.productsBySku.get(ref.key) : undefined;
      if (!product || !isListed(product) || product.isSample !== sample) return undefined;
      if (ref.format && !shownFormats(product).some((v) => v.slug === ref.format)) return undefined;
      const slug = slugIn(product, language);
      if (!slug) return undefined;
      return sample ? { sample: slug } : { product: slug, format: ref.format };
    },
    updatedAt: (content, ref) => (ref.key ? content.productsBySku.get(ref.key)?.updatedAt : undefined),
    standsIn: (content, ref) => ref.key !== undefined && content.productsBySku.get(ref.key)?.textLocale !== undefined,
  };
}

/**
 * A category is a page, then one page more for each CATEGORY_PAGE_SIZE products it lists beyond the first
 * page; the sitemaps list them in order after the category's first page.
 */
function categoryKind(): ContentKindDefinition {
  const byKey = keyedKind(
    (c) => c.categories,
    (c, key) => c.categoriesByKey.get(key),
    'category',
  );
  const listed = (content: LocaleContent, key: string) => forLists(content.productsByCategory.get(key) ?? []).length;
  return {
    refs: (content) =>
      byKey
        .refs(content)
        .flatMap((ref) => [
          ref,
          ...Array.from({ length: pageCount(listed(content, ref.key!)) - 1 }, (_, i) => ({ key: ref.key, page: i + 2 })),
        ]),
    params(content, ref, language) {
      const params = byKey.params(content, ref, language);
      if (!params?.category || ref.page === undefined) return params;
      return hasPage(listed(content, ref.key!), ref.page) ? { category: pageParam(params.category, ref.page, language) } : undefined;
    },
    updatedAt: byKey.updatedAt,
  };
}

/** Content pages and landing pages share one collection, told apart by the entry's kind. */
const pageKind = (kind: 'page' | 'landing'): ContentKindDefinition =>
  keyedKind(
    (content) => content.pages.filter((p) => p.kind === kind),
    (content, key) => {
      const page = content.pagesByKey.get(key);
      return page?.kind === kind ? page : undefined;
    },
    kind,
  );

export const contentKinds = {
  product: productKind(false),
  sample: productKind(true),
  category: categoryKind(),
  page: pageKind('page'),
  landing: pageKind('landing'),
  shop: keyedKind(
    (c) => c.shops,
    (c, key) => c.shopsByKey.get(key),
    'shop',
  ),
  // The FAQ has a page of every category and one per category (its slug is the optional query segment).
  faq: {
    refs: (content) => [{}, ...content.faq.map((c) => ({ key: c.key }))],
    params(content, ref, language) {
      if (!ref.key) return {};
      const category = content.faq.find((c) => c.key === ref.key);
      const slug = category && slugIn(category, language);
      return slug ? { faqQuery: slug } : undefined;
    },
    // The page of every category changes with any of them.
    updatedAt: (content, ref) =>
      (ref.key ? content.faq.filter((c) => c.key === ref.key) : content.faq)
        .map((c) => c.updatedAt)
        .sort()
        .at(-1),
  },
} satisfies Record<ContentKind, ContentKindDefinition>;
