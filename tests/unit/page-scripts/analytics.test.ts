/**
 * The analytics script runs on every page, most of them without any island: what it bundles must stay
 * free of React, zod, the shop API's client and the stores (add_to_cart and view_cart come from the stores
 * of the pages that have them). Type-only imports (the wire shapes) bundle nothing and are not followed.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cruise, type ICruiseResult } from 'dependency-cruiser';

const root = fileURLToPath(new URL('../../../', import.meta.url));

async function bundled(entry: string): Promise<string[]> {
  const { output } = await cruise([entry], { baseDir: root, tsPreCompilationDeps: true, doNotFollow: { path: 'node_modules' } });
  const byName = new Map((output as ICruiseResult).modules.map((module) => [module.source, module]));
  const seen = new Set<string>([entry]);
  const queue = [entry];
  while (queue.length > 0) {
    for (const dependency of byName.get(queue.shift()!)?.dependencies ?? []) {
      if (dependency.dependencyTypes.includes('type-only') || seen.has(dependency.resolved)) continue;
      seen.add(dependency.resolved);
      queue.push(dependency.resolved);
    }
  }
  return [...seen];
}

describe('analytics script', () => {
  it('bundles no framework, no zod, no shop client and no store', async () => {
    const modules = await bundled('src/page-scripts/analytics.ts');
    expect(modules).toContain('src/lib/analytics/events.ts');
    expect(modules).toContain('src/lib/session-token.ts');
    const heavy = modules.filter((path) =>
      /node_modules\/(react|react-dom|zod|nanostores|@nanostores\/react)\/|src\/(islands|stores|lib\/shop-api)\//.test(path),
    );
    expect(heavy).toEqual([]);
  });
});
