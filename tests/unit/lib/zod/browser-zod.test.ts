/**
 * The browser's code parses with zod mini: no module an island, a store or a page script reaches (at once
 * or on demand) imports zod's classic API, which would add its 12.9 KB gzip (and the parts of zod's core
 * only it uses) to the pages that reach it. The platform and the build keep classic zod; a src/lib module
 * both sides share is written with zod mini (src/lib/shop-api, src/lib/nutrition, src/lib/marketing,
 * src/lib/content/products.ts). Imports used only as types cost nothing and are left out.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cruise, type ICruiseResult } from 'dependency-cruiser';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
/** zod's classic API by any of its names; zod/mini, zod/v4/mini and zod/v4/core are not it. */
const CLASSIC_ZOD = /^zod(?:\/v4(?:\/classic)?|\/v3)?$/;

/** The modules reached from `entries` (static and dynamic imports, not type-only ones) that import classic zod. */
async function classicZodReachedFrom(entries: string[]): Promise<string[]> {
  const { output } = await cruise(entries, { baseDir: root, tsPreCompilationDeps: false, doNotFollow: { path: 'node_modules' } });
  const byName = new Map((output as ICruiseResult).modules.map((module) => [module.source, module]));
  const seen = new Set(entries);
  const queue = [...entries];
  const classic: string[] = [];
  while (queue.length > 0) {
    const source = queue.shift()!;
    for (const dependency of byName.get(source)?.dependencies ?? []) {
      if (dependency.dependencyTypes.includes('type-only')) continue;
      if (CLASSIC_ZOD.test(dependency.module)) classic.push(source);
      else if (!dependency.resolved.startsWith('node_modules/') && !seen.has(dependency.resolved)) {
        seen.add(dependency.resolved);
        queue.push(dependency.resolved);
      }
    }
  }
  return classic.sort();
}

const browserEntries = execFileSync('git', ['ls-files', 'src/islands', 'src/stores', 'src/page-scripts'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter((file) => /\.tsx?$/.test(file));

describe('zod in the browser', () => {
  // Cruising every island, store and page script takes a few seconds, more on a busy machine.
  it('is zod mini in every module the islands, stores and page scripts reach', { timeout: 60_000 }, async () => {
    expect(browserEntries.length).toBeGreaterThan(10);
    expect(await classicZodReachedFrom(browserEntries)).toEqual([]);
  });

  it('reports a module on classic zod (the content wire the build reads)', { timeout: 30_000 }, async () => {
    expect(await classicZodReachedFrom(['src/lib/content/wire.ts'])).toEqual(['src/lib/content/wire.ts', 'src/lib/shops/opening-hours.ts']);
  });
});
