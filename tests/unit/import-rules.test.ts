/**
 * The architecture's import rules (.dependency-cruiser.cjs): src/lib imports no framework (nanostores
 * included) and no upper layer, the backend imports only src/lib, islands never import the backend nor
 * another island family, stores never import islands. The second case cruises a small fixture tree that
 * breaks rules on purpose, so a config that silently matched nothing would fail here.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cruise, type ICruiseOptions, type ICruiseResult } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';

const root = fileURLToPath(new URL('../../', import.meta.url));
const fixture = fileURLToPath(new URL('../fixtures/import-rules/', import.meta.url));

async function violationsIn(baseDir: string) {
  const options = (await extractDepcruiseOptions(`${root}.dependency-cruiser.cjs`)) as ICruiseOptions;
  const { output } = await cruise(['src'], { ...options, baseDir });
  const result = output as ICruiseResult;
  // A cruise that found no files would find no violation either.
  expect(result.summary.totalCruised).toBeGreaterThan(1);
  // Known exceptions (listed in the config) come back with severity "ignore": they fail nothing.
  return result.summary.violations
    .filter((v) => v.rule.severity !== 'ignore')
    .map((v) => ({ rule: v.rule.name, from: v.from, to: v.to }))
    .sort((a, b) => a.from.localeCompare(b.from));
}

describe('import rules', () => {
  // Cruising the whole tree takes a few seconds, more on a busy machine: a budget of its own.
  it('holds for the whole of src/', { timeout: 30_000 }, async () => {
    expect(await violationsIn(root)).toEqual([]);
  });

  it('reports each deliberate violation of the fixture tree', async () => {
    expect(await violationsIn(fixture)).toEqual([
      // nanostores resolves into the project's node_modules, wherever that is from the fixture.
      { rule: 'lib-no-framework', from: 'src/lib/form.ts', to: expect.stringMatching(/(^|\/)node_modules\/nanostores\//) },
      { rule: 'lib-no-upper-layer', from: 'src/lib/price.ts', to: 'src/backend/tax.ts' },
    ]);
  });
});
