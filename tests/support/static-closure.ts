/**
 * What a page script loads at once, for the tests that keep React, zod and service clients out of the
 * scripts of pages without islands: its static imports, followed, and the dynamic imports it leaves for
 * later. Imports used only as types are left out, as TypeScript leaves them out of the bundle
 * (`tsPreCompilationDeps: false` reads the compiled code).
 */
import { fileURLToPath } from 'node:url';
import { cruise, type ICruiseResult } from 'dependency-cruiser';

const root = fileURLToPath(new URL('../../', import.meta.url));

export async function staticClosure(entry: string): Promise<{ modules: string[]; dynamic: string[] }> {
  const { output } = await cruise([entry], { baseDir: root, tsPreCompilationDeps: false, doNotFollow: { path: 'node_modules' } });
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
