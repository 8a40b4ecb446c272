/**
 * Whether two builds of a channel are the same site, read from two content services: the embedded one and Strapi.
 * Byte for byte, but for what names the service rather than the content:
 * - the build's id (builds/latest.json), which differs between any two builds;
 * - the service's address (the pages' content security policy names it, the islands ask it);
 * - a picture's file names: Strapi names an upload `<name>_<random>.png`, so Astro's files made of it are named
 *   after that; each is matched to the other tree's file of the same bytes (the same master, encoded alike);
 * - the edit times (sitemaps' lastmod, structured data's dateModified): each service stamps its own writes;
 * - an island's uid, a hash of its props, which hold the service's address.
 * Returns the paths that differ still, with the first difference of each.
 */
import { builtTree as files } from '../support/built-tree.ts';

const PICTURE = /\.(avif|webp|jpe?g|png)$/;
const TEXT = /\.(html|xml|json|txt|js|css|webmanifest)$/;
const ISLAND_UID = /(?<=<astro-island )uid="[^"]*"/g;
const ISO_TIME = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})/g;

const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function siteDifferences(
  expectedRoot: string,
  actualRoot: string,
  services: { expected: string; actual: string },
): { path: string; difference: string }[] {
  const expected = files(expectedRoot);
  const actual = files(actualRoot);
  // The pictures: each of the actual tree's named as the expected tree's file of the same bytes.
  const byBytes = new Map([...expected].filter(([path]) => PICTURE.test(path)).map(([path, bytes]) => [bytes.toString('base64'), path]));
  const renamed = new Map<string, string>();
  for (const [path, bytes] of actual)
    if (PICTURE.test(path)) {
      const same = byBytes.get(bytes.toString('base64'));
      if (same && same !== path) renamed.set(path, same);
    }
  const names = [...renamed]
    .map(([from, to]) => [from.split('/').pop()!, to.split('/').pop()!] as const)
    .sort(([a], [b]) => b.length - a.length);
  const origin = (url: string) => new URL(url).origin;
  const normalise = (text: string, side: 'expected' | 'actual') => {
    let out = text.replace(ISO_TIME, '<time>').replace(ISLAND_UID, 'uid=""');
    if (side === 'actual') {
      out = out.replaceAll(services.actual, services.expected).replaceAll(origin(services.actual), origin(services.expected));
      if (names.length) {
        const pattern = new RegExp(names.map(([from]) => literally(from)).join('|'), 'g');
        const to = new Map(names);
        out = out.replace(pattern, (name) => to.get(name)!);
      }
    }
    return out;
  };
  const differences: { path: string; difference: string }[] = [];
  const actualPaths = new Map([...actual.keys()].map((path) => [renamed.get(path) ?? path, path]));
  for (const [path, bytes] of expected) {
    const theirs = actualPaths.get(path);
    if (theirs === undefined) {
      differences.push({ path, difference: 'missing from the build read from Strapi' });
      continue;
    }
    const other = actual.get(theirs)!;
    if (bytes.equals(other)) continue;
    if (!TEXT.test(path)) {
      differences.push({ path, difference: 'different bytes' });
      continue;
    }
    const a = normalise(bytes.toString('utf8'), 'expected');
    const b = normalise(other.toString('utf8'), 'actual');
    if (a === b) continue;
    let at = 0;
    while (at < a.length && a[at] === b[at]) at += 1;
    differences.push({
      path,
      difference: `embedded «${a.slice(Math.max(0, at - 60), at + 100)}» ≠ Strapi «${b.slice(Math.max(0, at - 60), at + 100)}»`,
    });
  }
  for (const path of actualPaths.keys())
    if (!expected.has(path)) differences.push({ path, difference: 'only in the build read from Strapi' });
  return differences;
}
