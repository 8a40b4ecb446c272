/**
 * What the search service holds, shared by the platform's embedded service (src/backend/search), the
 * indexing script that pushes the same records to Algolia (scripts/search-index.ts) and the site's search
 * islands: three indices per locale, named `{kind}_{locale}` (products_fr_FR, articles_nl_BE…).
 * Every record's objectID is a string; prices are euro cents.
 */
import type { LocaleCode } from '../channels.ts';

export type SearchIndexKind = 'products' | 'categories' | 'articles';

/** A product as a search hit: its page (`url`, a site path), pack shot and the price of its default format. */
export interface ProductRecord {
  /** The SKU. */
  objectID: string;
  name: string;
  /** The product's page on the site, a path (`/produits/croquettes-chat-sterilise-poulet/`). */
  url: string;
  /** The pack shot's URL, or null when the product has none. */
  image: string | null;
  /** Tax included, in cents: the format the product page opens on (the first shown one in stock). */
  price: number;
  species: 'dog' | 'cat';
  kind: 'dry' | 'wet' | 'treat';
  /** The name of the product's main category. */
  category: string;
  /** The short description, plain text. */
  description: string;
}

export interface CategoryRecord {
  /** The category key. */
  objectID: string;
  name: string;
  url: string;
  description: string;
}

/** A content page or one FAQ question (its url is the FAQ category's page with the question's anchor). */
export interface ArticleRecord {
  objectID: string;
  title: string;
  url: string;
  /** Plain text, a few sentences at most. */
  excerpt: string;
  type: 'page' | 'faq';
}

export interface SearchRecords {
  products: ProductRecord;
  categories: CategoryRecord;
  articles: ArticleRecord;
}

/** The index of one kind of record in one locale: `products_fr_FR`, `categories_nl_BE`, `articles_fr_BE`. */
export const indexName = (kind: SearchIndexKind, locale: LocaleCode): string => `${kind}_${locale}`;
