/** Breadcrumb trail of a category (root first), with paths in the given locale. */
import { pathTo } from '../lib/routes/paths.ts';
import { translate } from '../i18n/translate.ts';
import { languageOf, type LocaleCode } from '../lib/channels.ts';
import { contentOf } from './content.ts';
import { pathOf } from './pages.ts';

export async function categoryTrail(categoryKey: string | undefined, locale: LocaleCode): Promise<Array<{ name: string; href: string }>> {
  const content = await contentOf(locale);
  const chain = [];
  for (let key = categoryKey; key; key = content.categoriesByKey.get(key)?.parent ?? undefined) {
    const category = content.categoriesByKey.get(key);
    if (!category) break;
    chain.unshift({ name: category.name, href: (await pathOf({ route: 'category', key }, locale))! });
  }
  return [{ name: translate(languageOf(locale), 'site.home'), href: pathTo('home', locale) }, ...chain];
}
