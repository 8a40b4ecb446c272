/**
 * What a page loads at once, read two ways. From the sources (staticClosure), for the tests that keep
 * React, zod and service clients out of the scripts of pages without islands: a page script's static
 * imports, followed, and the dynamic imports it leaves for later. Imports used only as types are left out,
 * as TypeScript leaves them out of the bundle (`tsPreCompilationDeps: false` reads the compiled code).
 * From a build (scriptBytesBeforeInteraction), for the JavaScript budgets (tests/e2e/js-budgets.spec.ts)
 * and `npm run bench`: the same rule over a built page's HTML and its chunks.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
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

/** The islands whose code a page fetches before any interaction: at load, when idle, or when shown. */
const EAGER_ISLANDS = new Set(['load', 'idle', 'visible']);

/**
 * The same reading over a build: the JavaScript a built page loads before any interaction, as files of
 * the site (under /_astro/) and the text of its inline scripts. Its module scripts, its modulepreloads,
 * the component and renderer of every island that hydrates without being touched (client:load, idle,
 * and visible unless it sits in a closed disclosure, which hides it), the modules those import
 * statically, followed; not their dynamic imports (the mini cart opened on demand), nor an island that
 * hydrates when the shopper first interacts with it.
 */
function builtPageScripts(site: string, html: string): { files: string[]; inline: string } {
  const entries: string[] = [];
  for (const [, src] of html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)) entries.push(src!);
  for (const [, before, after] of html.matchAll(
    /<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"|<link[^>]*href="([^"]+)"[^>]*rel="modulepreload"/g,
  ))
    entries.push((before ?? after)!);
  for (const [island] of islandsShownAtOnce(html)) {
    const client = /\sclient="([^"]+)"/.exec(island)?.[1] ?? '';
    if (!EAGER_ISLANDS.has(client)) continue;
    for (const [, url] of island.matchAll(/\s(?:component|renderer|before-hydration)-url="([^"]+)"/g)) entries.push(url!);
  }
  const inline = [...html.matchAll(/<script(?![^>]*(?:\ssrc=|application\/ld\+json))[^>]*>([\s\S]*?)<\/script>/g)]
    .map((m) => m[1]!)
    .join('');
  entries.push(...[...inline.matchAll(/(?:from|import)\s*["'](\/_astro\/[^"']+\.js)["']/g)].map((m) => m[1]!));
  const seen = new Set<string>();
  const visit = (url: string) => {
    const file = join(site, url);
    if (seen.has(url) || !url.startsWith('/') || !existsSync(file)) return;
    seen.add(url);
    const code = readFileSync(file, 'utf8');
    // Static imports and re-exports only: `import("./x.js")` has a parenthesis before its string.
    for (const m of code.matchAll(/(?:^|[;}\s])(?:import|export)\s*(?:[^'"();]*?from\s*)?["'](\.\/[^"']+\.js)["']/g))
      visit(posix.join(posix.dirname(url), m[1]!));
  };
  entries.forEach(visit);
  return { files: [...seen].sort(), inline };
}

/** The gzip bytes of what builtPageScripts finds: what a shopper downloads before touching the page. */
export function scriptBytesBeforeInteraction(site: string, html: string): number {
  const { files, inline } = builtPageScripts(site, html);
  let bytes = inline ? gzipSync(inline).length : 0;
  for (const url of files) bytes += gzipSync(readFileSync(join(site, url))).length;
  return bytes;
}

/** The opening tags of the page's islands that are not inside a closed <details> (their code waits for it to open). */
function islandsShownAtOnce(html: string): RegExpMatchArray[] {
  const closed: Array<[number, number]> = [];
  const opens: number[] = [];
  for (const m of html.matchAll(/<details(\s[^>]*)?>|<\/details>/g)) {
    if (m[0].startsWith('</')) {
      const start = opens.pop();
      if (start !== undefined && start >= 0) closed.push([start, m.index!]);
    } else opens.push(/\sopen(?:[\s=>]|$)/.test(m[1] ?? '') ? -1 : m.index!);
  }
  return [...html.matchAll(/<astro-island\s[^>]*>/g)].filter((m) => !closed.some(([from, to]) => m.index! > from && m.index! < to));
}
