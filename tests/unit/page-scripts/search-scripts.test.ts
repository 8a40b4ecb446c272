/**
 * The header's search box and the FAQ's search run on pages without islands: what they load at once must
 * stay free of React, zod and the search client; the suggestions and the FAQ's answers come from modules
 * imported the first time the shopper searches (src/page-scripts/header-search.ts, faq-search.ts).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { staticClosure } from '../../support/static-closure.ts';

const heavy = (modules: string[]) =>
  modules.filter((path) =>
    /node_modules\/(react|react-dom|zod|algoliasearch|react-instantsearch|@algolia)\/|src\/(lib\/search\/(client|hits)|lib\/zod)/.test(
      path,
    ),
  );

describe('search scripts of every page', () => {
  it('the header’s box loads its suggestions only when opened', { timeout: 30_000 }, async () => {
    const { modules, dynamic } = await staticClosure('src/page-scripts/header-search.ts');
    expect(heavy(modules)).toEqual([]);
    expect(dynamic).toEqual(['src/page-scripts/on-demand.ts']);
    expect(readFileSync('src/page-scripts/on-demand.ts', 'utf8')).toContain("import('../islands/search/header-box.ts')");
  });

  it('the FAQ loads the search client only when the shopper searches', async () => {
    const { modules, dynamic } = await staticClosure('src/page-scripts/faq-search.ts');
    expect(heavy(modules)).toEqual([]);
    expect(dynamic).toEqual(['src/islands/search/faq-answers.ts']);
  });
});
