/**
 * The header's script runs on every page, most of them without any island: what it imports before the
 * mini cart is opened must stay free of React, zod and the shop API's client (the mini cart's island is
 * a dynamic import, loaded on the first opening).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { staticClosure } from '../../support/static-closure.ts';

describe('header script', () => {
  it('loads no framework, no zod and no shop client before the mini cart opens', { timeout: 30_000 }, async () => {
    const { modules, dynamic } = await staticClosure('src/page-scripts/header.ts');
    expect(modules).toContain('src/stores/mini-cart.ts');
    expect(modules).toContain('src/lib/session-token.ts');
    const heavy = modules.filter((path) =>
      /node_modules\/(react|react-dom|zod|@nanostores\/react)\/|src\/(islands|lib\/shop|lib\/zod)\/|src\/stores\/(cart\/index|session|shop)/.test(
        path,
      ),
    );
    expect(heavy).toEqual([]);
    // The island one import further (src/page-scripts/on-demand.ts): its files' list stays out of the header's chunk.
    expect(dynamic).toEqual(['src/page-scripts/on-demand.ts']);
    expect(readFileSync('src/page-scripts/on-demand.ts', 'utf8')).toContain("import('../islands/cart/MiniCartIsland.tsx')");
  });
});
