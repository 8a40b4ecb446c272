/**
 * What the search page offers a shopper whose query found nothing (SPEC §8: the no-result message with
 * suggestions), built with the page: the shop's departments, the FAQ, the kibble guide and the customer
 * service, each only when the channel has its page.
 */
import { FEATURES_OFF } from 'astro:env/server';
import type { LocaleCode } from '../lib/channels.ts';
import { featuresOff, routeEnabled } from '../lib/features.ts';
import { pathTo } from '../lib/routes/paths.ts';
import type { SearchSuggestions } from '../lib/search/suggestions.ts';
import { contentOf } from './content.ts';
import { isPlaceholder } from './islands.ts';
import { pathOf } from './pages.ts';

/** How many departments the suggestions name: the two animals and their first shelves. */
const CATEGORIES = 6;

export async function searchSuggestions(locale: LocaleCode): Promise<SearchSuggestions> {
  const { categories } = await contentOf(locale);
  // The animals first, then their shelves in the editor's order.
  const ordered = [...categories.filter((c) => c.parent === null), ...categories.filter((c) => c.parent !== null)].slice(0, CATEGORIES);
  const links = await Promise.all(
    ordered.map(async (c) => ({ name: c.name, href: await pathOf({ route: 'category', key: c.key }, locale) })),
  );
  const off = featuresOff(FEATURES_OFF);
  return {
    categories: links.filter((l): l is { name: string; href: string } => l.href !== undefined),
    faq: pathTo('faq', locale),
    guide: routeEnabled('kibbleGuide', off) && !isPlaceholder('kibbleGuide') ? pathTo('kibbleGuide', locale) : undefined,
    contact: isPlaceholder('contact') ? undefined : pathTo('contact', locale),
  };
}
