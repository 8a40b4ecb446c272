/**
 * Where a species' growth foods are: the category whose every product is made for puppies (dogs) or kittens
 * (cats). The product page's ration calculator sends a young pet there from a food not made for growth; the
 * page's cache key names it, since an editor's change to a category or a product's life stage may move it.
 */
import type { LocaleCode } from '../lib/channels.ts';
import type { Species } from '../lib/pets/profile.ts';
import { contentOf, type LocaleContent } from './content.ts';
import { pathOf } from './pages.ts';

const GROWTH_STAGE: Record<Species, string> = { dog: 'puppy', cat: 'kitten' };

// Found once per species and content (each product page asks; a large catalogue has thousands).
const found = new WeakMap<LocaleContent, Map<Species, string | undefined>>();

/** The key of the species' growth range, or undefined when no category is one. */
function growthCategory(content: LocaleContent, species: Species): string | undefined {
  const ranges = found.get(content) ?? new Map<Species, string | undefined>();
  found.set(content, ranges);
  if (!ranges.has(species)) {
    const range = content.categories.find((category) => {
      const products = content.productsByCategory.get(category.key) ?? [];
      return category.animal === species && products.length > 0 && products.every((p) => p.filters.lifeStage === GROWTH_STAGE[species]);
    });
    ranges.set(species, range?.key);
  }
  return ranges.get(species);
}

/** The path of the species' growth range in a locale of this channel, or undefined when no category is one. */
export async function growthRangeOf(species: Species, locale: LocaleCode): Promise<string | undefined> {
  const key = growthCategory(await contentOf(locale), species);
  return key && pathOf({ route: 'category', key }, locale);
}
