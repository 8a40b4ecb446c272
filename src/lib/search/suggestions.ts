/**
 * Where a shopper who found nothing may look instead (SPEC §8: the no-result message with suggestions):
 * built with the search page from the shop's content (src/site/search.ts) and shown by the search island.
 */
export interface SearchSuggestions {
  categories: Array<{ name: string; href: string }>;
  faq: string;
  guide?: string | undefined;
  contact?: string | undefined;
}
