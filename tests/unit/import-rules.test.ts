/**
 * The architecture's import rules (.dependency-cruiser.cjs): src/lib imports no framework (nanostores
 * included) and no upper layer (the message catalogues included), the backend imports only src/lib, islands
 * never import the backend nor another island family, stores never import islands, page scripts import
 * src/lib and the stores and load islands lazily, src/site imports no island, layouts no component. The
 * second case cruises a small fixture tree that breaks each rule on purpose, so a config that silently
 * matched nothing would fail here.
 *
 * dependency-cruiser reads no .astro file: their imports are read here (astroViolations) and judged by the
 * same rules.
 */
import { globSync, readFileSync } from 'node:fs';
import { posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cruise, type ICruiseOptions, type ICruiseResult } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';

const root = fileURLToPath(new URL('../../', import.meta.url));
const fixture = fileURLToPath(new URL('../fixtures/import-rules/', import.meta.url));

interface Violation {
  rule: string;
  from: string;
  to: string;
}
type Paths = string | string[] | undefined;
interface Rule {
  name: string;
  severity?: string;
  from: { path?: Paths };
  to: { path?: Paths; pathNot?: Paths; dependencyTypesNot?: string[] };
}

const list = (paths: Paths): string[] => (paths === undefined ? [] : Array.isArray(paths) ? paths : [paths]);

/** Whether a rule forbids one import, as dependency-cruiser reads it (`$1` in `to` is the group `from.path` caught). */
function forbids(rule: Rule, edge: { from: string; to: string; dynamic: boolean }): boolean {
  const known = { from: ['path'], to: ['path', 'pathNot', 'dependencyTypesNot'] };
  for (const side of ['from', 'to'] as const)
    for (const key of Object.keys(rule[side]))
      if (!known[side].includes(key)) throw new Error(`${rule.name}: ${side}.${key} is not judged in .astro files (import-rules.test.ts)`);
  const caught = list(rule.from.path)
    .map((path) => new RegExp(path).exec(edge.from))
    .find((match) => match !== null);
  if (!caught) return false;
  const matches = (paths: Paths) =>
    list(paths).some((path) => new RegExp(path.replace(/\$(\d)/g, (_, group: string) => caught[Number(group)] ?? '')).test(edge.to));
  const dynamicAllowed = rule.to.dependencyTypesNot?.includes('dynamic-import') ?? false;
  return matches(rule.to.path) && !matches(rule.to.pathNot) && !(dynamicAllowed && edge.dynamic);
}

/** The relative imports of the .astro files under src (front matter and scripts), judged by the rules. */
function astroViolations(baseDir: string, rules: Rule[]): Violation[] {
  const imports = /\bimport\s*(\(\s*)?(?:[^'"();]*?\bfrom\s*)?['"](\.[^'"]+)['"]/g;
  return globSync('src/**/*.astro', { cwd: baseDir }).flatMap((file) =>
    [...readFileSync(`${baseDir}${file}`, 'utf8').matchAll(imports)].flatMap(([, dynamic, specifier]) => {
      const edge = { from: file, to: posix.join(posix.dirname(file), specifier!), dynamic: dynamic !== undefined };
      return rules.filter((rule) => forbids(rule, edge)).map((rule) => ({ rule: rule.name, from: edge.from, to: edge.to }));
    }),
  );
}

async function violationsIn(baseDir: string): Promise<Violation[]> {
  const options = (await extractDepcruiseOptions(`${root}.dependency-cruiser.cjs`)) as ICruiseOptions;
  const { output } = await cruise(['src'], { ...options, baseDir });
  const result = output as ICruiseResult;
  // A cruise that found no files would find no violation either.
  expect(result.summary.totalCruised).toBeGreaterThan(1);
  // Known exceptions (listed in the config) come back with severity "ignore": they fail nothing.
  const rules = ((options.ruleSet?.forbidden ?? []) as Rule[]).filter((rule) => rule.severity !== 'ignore');
  return [
    ...result.summary.violations.filter((v) => v.rule.severity !== 'ignore').map((v) => ({ rule: v.rule.name, from: v.from, to: v.to })),
    ...astroViolations(baseDir, rules),
  ].sort((a, b) => `${a.from} ${a.rule}`.localeCompare(`${b.from} ${b.rule}`));
}

describe('import rules', () => {
  // Cruising the whole tree takes a few seconds, more on a busy machine: a budget of its own.
  it('holds for the whole of src/', { timeout: 30_000 }, async () => {
    expect(await violationsIn(root)).toEqual([]);
  });

  it('reports each deliberate violation of the fixture tree', async () => {
    expect(await violationsIn(fixture)).toEqual([
      { rule: 'i18n-only-lib', from: 'src/i18n/words.ts', to: 'src/pages/index.ts' },
      { rule: 'nothing-imports-pages', from: 'src/i18n/words.ts', to: 'src/pages/index.ts' },
      { rule: 'layouts-no-components', from: 'src/layouts/Frame.astro', to: 'src/components/Card.astro' },
      // nanostores resolves into the project's node_modules, wherever that is from the fixture.
      { rule: 'lib-no-framework', from: 'src/lib/form.ts', to: expect.stringMatching(/(^|\/)node_modules\/nanostores\//) },
      { rule: 'lib-no-upper-layer', from: 'src/lib/price.ts', to: 'src/backend/tax.ts' },
      // Its dynamic import of an island is allowed: only the static one is reported.
      { rule: 'page-scripts-islands-lazily', from: 'src/page-scripts/menu.ts', to: 'src/islands/search/texts.ts' },
      { rule: 'page-scripts-only-lib-and-stores', from: 'src/page-scripts/menu.ts', to: 'src/site/suggestions.ts' },
      { rule: 'site-no-islands', from: 'src/site/suggestions.ts', to: 'src/islands/search/texts.ts' },
      { rule: 'stores-only-lib', from: 'src/stores/basket.ts', to: 'src/i18n/words.ts' },
    ]);
  });
});
