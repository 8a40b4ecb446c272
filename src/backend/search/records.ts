/**
 * The search records of one language, built from the content service's own reads (content/repository.ts):
 * the one builder of both the embedded search service and the indexing script that pushes the same records
 * to Algolia (scripts/search-index.ts). French records serve fr_FR and fr_BE alike: texts, prices (stored
 * tax included, the same on both channels) and paths are the same; only the site differs.
 */
import type { Queryable } from '../db/database.ts';
import { channels, type Language, type LocaleCode } from '../../lib/channels.ts';
import { findCategories, findFaq, findPages, findProducts } from '../content/repository.ts';
import { pathTo } from '../../lib/routes/paths.ts';
import { isListed } from '../../lib/catalogue/listing.ts';
import { smallImageUrl } from '../../lib/content/products.ts';
import type { ProductSummary } from '../../lib/content/wire.ts';
import type { ArticleRecord, CategoryRecord, ProductRecord } from '../../lib/search/records.ts';
import { excerptOf, markdownToText } from '../../lib/search/text.ts';

/**
 * A record with what the search reads but never answers: the words it is also found by (the product's
 * categories, the article's whole text) and its place when relevance ties (best sellers first).
 */
export interface Indexed<R> {
  record: R;
  /** More searchable text, ranked below the record's own attributes. */
  extra: string;
  /** Lower first among equally relevant hits, and the order of an empty query. */
  rank: number;
}

export interface LanguageRecords {
  products: Indexed<ProductRecord>[];
  categories: Indexed<CategoryRecord>[];
  articles: Indexed<ArticleRecord>[];
}

/** A locale of the language: paths are the same in every locale of a language (the prefix is the language's). */
const localeOf = (language: Language): LocaleCode => (language === 'nl' ? 'nl_BE' : channels.FR.defaultLocale);

/** The format a product page opens on: the first shown format in stock, else the first shown (ProductView). */
function defaultFormat(product: ProductSummary): ProductSummary['ProductVariants'][number] | undefined {
  const shown = product.ProductVariants.filter((v) => v.show_variant);
  return shown.find((v) => v.in_stock) ?? shown[0];
}

/** Products, categories, content pages and FAQ questions of one language; images at `uploadsUrl`. */
export async function buildLanguageRecords(db: Queryable, language: Language, uploadsUrl: string): Promise<LanguageRecords> {
  const locale = localeOf(language);
  const vatRate = channels.FR.vatRate;
  const [products, categories, pages, faq] = await Promise.all([
    findProducts(db, { language, vatRate, render: 1, uploadsUrl, limit: 1_000_000 }),
    findCategories(db, language, uploadsUrl),
    findPages(db, language, uploadsUrl),
    findFaq(db, language),
  ]);
  const categoryNames = new Map(categories.map((c) => [c.key, c.name]));

  const productRecords: Indexed<ProductRecord>[] = [];
  for (const product of products as ProductSummary[]) {
    // What lists show: listed products with a page and a price; samples have their own offer, not a hit.
    const format = defaultFormat(product);
    if (!isListed(product) || product.isSample || !format) continue;
    productRecords.push({
      record: {
        objectID: product.sku,
        name: product.name,
        url: pathTo('product', locale, { product: product.slug }),
        image: product.image ? smallImageUrl(product.image) : null,
        price: format.base_price,
        species: product.animal,
        kind: product.kind,
        category: categoryNames.get(product.categories[0] ?? '') ?? '',
        description: product.short_description,
      },
      extra: product.categories
        .slice(1)
        .map((key) => categoryNames.get(key) ?? '')
        .join(' '),
      rank: product.best_seller_rank,
    });
  }

  // A category is also found by what its products are ("croquettes chaton" finds Chaton, whose own words
  // never say croquettes): the names of the other categories its listed products belong to.
  const alongside = new Map<string, Set<string>>();
  for (const product of products as ProductSummary[]) {
    if (!isListed(product) || product.isSample) continue;
    for (const key of product.categories) {
      const names = alongside.get(key) ?? new Set<string>();
      for (const other of product.categories) {
        const name = categoryNames.get(other);
        if (other !== key && name) names.add(name);
      }
      alongside.set(key, names);
    }
  }
  const categoryRecords = categories.map((category, index) => ({
    record: {
      objectID: category.key,
      name: category.name,
      url: pathTo('category', locale, { category: category.path }),
      description: category.description,
    },
    extra: [...(alongside.get(category.key) ?? [])].join(' '),
    rank: index,
  }));

  const articles: Indexed<ArticleRecord>[] = [];
  for (const page of pages) {
    const text = markdownToText(page.body);
    articles.push({
      record: {
        objectID: `page-${page.key}`,
        title: page.title,
        url: page.kind === 'landing' ? pathTo('landing', locale, { landing: page.slug }) : pathTo('page', locale, { page: page.slug }),
        excerpt: excerptOf(page.description || text),
        type: 'page',
      },
      extra: text,
      rank: articles.length,
    });
  }
  for (const category of faq) {
    // The question opens on its category's page, at its anchor (FaqView gives each question its key as id).
    const categoryPath = pathTo('faq', locale, { faqQuery: category.slug });
    for (const entry of category.entries) {
      const answer = markdownToText(entry.answer);
      articles.push({
        record: {
          objectID: `faq-${entry.key}`,
          title: entry.question,
          url: `${categoryPath}#${entry.key}`,
          excerpt: excerptOf(answer),
          type: 'faq',
        },
        extra: `${category.name} ${answer}`,
        rank: articles.length,
      });
    }
  }
  return { products: productRecords, categories: categoryRecords, articles };
}
