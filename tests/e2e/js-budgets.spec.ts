/**
 * The JavaScript budgets of issue 14, held over the build under test: per page type, in each locale of
 * each site (fr_FR on the FR site, fr_BE and nl_BE on the BE site; read from the build's files, so one
 * project checks both), the gzip bytes of what a page
 * loads before any interaction (tests/support/static-closure.ts reads them from its HTML) stay within the
 * budget of its type. The catalogue's pages carry no framework; the product page loads its purchase form's
 * code when the shopper reaches for it (client:intent); the islands' pages share one runtime chunk; the
 * search page loads its search when there is a query to answer.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, target, test } from './helpers.ts';
import { scriptBytesBeforeInteraction } from '../support/static-closure.ts';
import { pathTo, SHELL_ID } from '../../src/lib/routes/paths.ts';
import type { RouteName } from '../../src/lib/routes/routes.ts';
import { languageOf, type LocaleCode } from '../../src/lib/channels.ts';

/** The budgets, bytes of gzip. */
const CATALOGUE = 15_000;
const PRODUCT = 80_000;
const ISLAND_PAGE = 130_000;

/** The pages of each type, in a locale, and the budget of the type (bytes, gzip). */
function pagesOf(locale: LocaleCode): Array<{ type: string; path: string | undefined; budget: number }> {
  // A page of a content kind: the first of its folder whose HTML says it is one (`marker`).
  const first = (route: RouteName, param: string, marker: string) => {
    const folder = pathTo(route, locale, { [param]: '_' }).replace(/_\/$/, '');
    const dir = join(siteDir, folder);
    if (!existsSync(dir)) return undefined;
    const name = readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && existsSync(join(dir, entry.name, 'index.html')))
      .map((entry) => entry.name)
      .sort()
      .find((entry) => readFileSync(join(dir, entry, 'index.html'), 'utf8').includes(marker));
    return name && `${folder}${name}/`;
  };
  const siteDir = join(target.distDir, locale === 'fr_FR' ? 'fr' : 'be');
  return [
    { type: 'home', path: pathTo('home', locale), budget: CATALOGUE },
    { type: 'category', path: pathTo('category', locale, { category: languageOf(locale) === 'nl' ? 'hond' : 'chien' }), budget: CATALOGUE },
    { type: 'content page', path: first('page', 'page', '<main'), budget: CATALOGUE },
    { type: 'FAQ', path: pathTo('faq', locale), budget: CATALOGUE },
    { type: 'shops', path: pathTo('shops', locale), budget: CATALOGUE },
    { type: 'shop', path: first('shop', 'shop', '<main'), budget: CATALOGUE },
    { type: 'product', path: first('product', 'product', 'data-purchase'), budget: PRODUCT },
    { type: 'cart', path: pathTo('cart', locale), budget: ISLAND_PAGE },
    { type: 'login', path: pathTo('login', locale), budget: ISLAND_PAGE },
    { type: 'checkout', path: pathTo('checkout', locale, { order: SHELL_ID }), budget: ISLAND_PAGE },
    // Issue 47: the search box and its line; InstantSearch comes with the first query (SearchIsland.tsx).
    { type: 'search', path: pathTo('search', locale), budget: ISLAND_PAGE },
  ];
}

for (const site of ['fr', 'be'] as const) {
  const locales: LocaleCode[] = site === 'fr' ? ['fr_FR'] : ['fr_BE', 'nl_BE'];
  test(`the ${site.toUpperCase()} site's pages load no more JavaScript before any interaction than their budget`, () => {
    const siteDir = join(target.distDir, site);
    const over: string[] = [];
    const measured: string[] = [];
    for (const locale of locales) {
      for (const { type, path, budget } of pagesOf(locale)) {
        const file = path && join(siteDir, path, 'index.html');
        expect(file && existsSync(file), `a ${type} page in ${locale} (${path})`).toBeTruthy();
        const bytes = scriptBytesBeforeInteraction(siteDir, readFileSync(file!, 'utf8'));
        measured.push(`${locale} ${type} ${path}: ${bytes} B`);
        if (bytes > budget) over.push(`${locale} ${type} (${path}): ${bytes} B, over its budget (${budget} B)`);
      }
    }
    test.info().annotations.push({ type: 'JavaScript before any interaction (gzip)', description: measured.join('\n') });
    expect(over).toEqual([]);
  });
}
