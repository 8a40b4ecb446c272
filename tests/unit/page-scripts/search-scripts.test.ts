/**
 * The header's search box and the FAQ's search run on pages without islands: what they load at once must
 * stay free of React, zod and the search client; the suggestions and the FAQ's answers come from modules
 * imported the first time the shopper searches (src/page-scripts/header-search.ts, faq-search.ts).
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cruise, type ICruiseResult } from 'dependency-cruiser';

const root = fileURLToPath(new URL('../../../', import.meta.url));

/** The modules a script loads at once: its static imports, followed (type-only ones aside), not its dynamic ones. */
async function staticClosure(entry: string): Promise<{ modules: string[]; dynamic: string[] }> {
  const { output } = await cruise([entry], { baseDir: root, tsPreCompilationDeps: true, doNotFollow: { path: 'node_modules' } });
  const byName = new Map((output as ICruiseResult).modules.map((module) => [module.source, module]));
  const seen = new Set<string>([entry]);
  const dynamic: string[] = [];
  const queue = [entry];
  while (queue.length > 0) {
    for (const dependency of byName.get(queue.shift()!)?.dependencies ?? []) {
      if (dependency.dynamic) dynamic.push(dependency.resolved);
      else if (!dependency.dependencyTypes.includes('type-only') && !seen.has(dependency.resolved)) {
        seen.add(dependency.resolved);
        queue.push(dependency.resolved);
      }
    }
  }
  return { modules: [...seen], dynamic };
}

const heavy = (modules: string[]) =>
  modules.filter((path) =>
    /node_modules\/(react|react-dom|zod|algoliasearch|react-instantsearch|@algolia)\/|src\/(lib\/search\/(client|hits)|lib\/zod)/.test(
      path,
    ),
  );

describe('search scripts of every page', () => {
  it('the header’s box loads its suggestions only when opened', async () => {
    const { modules, dynamic } = await staticClosure('src/page-scripts/header-search.ts');
    expect(heavy(modules)).toEqual([]);
    expect(dynamic).toEqual(['src/islands/search/header-box.ts']);
  });

  it('the FAQ loads the search client only when the shopper searches', async () => {
    const { modules, dynamic } = await staticClosure('src/page-scripts/faq-search.ts');
    expect(heavy(modules)).toEqual([]);
    expect(dynamic).toEqual(['src/islands/search/faq-answers.ts']);
  });
});
