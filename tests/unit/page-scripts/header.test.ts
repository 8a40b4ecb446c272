/**
 * The header's script runs on every page, most of them without any island: what it imports before the
 * mini cart is opened must stay free of React, zod and the shop API's client (the mini cart's island is
 * a dynamic import, loaded on the first opening).
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cruise, type ICruiseResult } from 'dependency-cruiser';

const root = fileURLToPath(new URL('../../../', import.meta.url));

/** The modules a script loads at once: its static imports, followed, not its dynamic ones. */
async function staticClosure(entry: string): Promise<{ modules: string[]; dynamic: string[] }> {
  const { output } = await cruise([entry], { baseDir: root, tsPreCompilationDeps: true, doNotFollow: { path: 'node_modules' } });
  const byName = new Map((output as ICruiseResult).modules.map((module) => [module.source, module]));
  const seen = new Set<string>([entry]);
  const dynamic: string[] = [];
  const queue = [entry];
  while (queue.length > 0) {
    for (const dependency of byName.get(queue.shift()!)?.dependencies ?? []) {
      if (dependency.dynamic) dynamic.push(dependency.resolved);
      else if (!seen.has(dependency.resolved)) {
        seen.add(dependency.resolved);
        queue.push(dependency.resolved);
      }
    }
  }
  return { modules: [...seen], dynamic };
}

describe('header script', () => {
  it('loads no framework, no zod and no shop client before the mini cart opens', async () => {
    const { modules, dynamic } = await staticClosure('src/page-scripts/header.ts');
    expect(modules).toContain('src/stores/mini-cart.ts');
    expect(modules).toContain('src/lib/session-token.ts');
    const heavy = modules.filter((path) =>
      /node_modules\/(react|react-dom|zod|@nanostores\/react)\/|src\/(islands|lib\/shop|lib\/zod)\/|src\/stores\/(cart\/index|session|shop)/.test(
        path,
      ),
    );
    expect(heavy).toEqual([]);
    expect(dynamic).toEqual(['src/islands/cart/MiniCartIsland.tsx']);
  });
});
