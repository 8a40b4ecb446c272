/**
 * What the pages render for the analytics script (page-scripts/analytics/page-events.ts): a product's item as a small
 * JSON attribute, its categories named from the broadest (its main category's trail) in the page's
 * language. Built here, at build time, so the script reads the page and fetches nothing.
 */
import { pageItem } from '../lib/analytics/events.ts';
import type { LocaleCode } from '../lib/channels.ts';
import { contentOf, type Product } from './content.ts';

/** A category trail is a few levels deep; the bound only guards against a loop in the editor's parents. */
const MAX_DEPTH = 8;

/** The product's item (the format `variantCode`, else the one its page opens on), as the attribute's JSON. */
export async function pageItemAttribute(product: Product, locale: LocaleCode, variantCode?: string): Promise<string | undefined> {
  const content = await contentOf(locale);
  const names: string[] = [];
  let key: string | null | undefined = product.categories[0];
  for (let depth = 0; key && depth < MAX_DEPTH; depth += 1) {
    const category = content.categoriesByKey.get(key);
    if (!category) break;
    names.unshift(category.name);
    key = category.parent;
  }
  const item = pageItem(product, names, variantCode);
  return item ? JSON.stringify(item) : undefined;
}
