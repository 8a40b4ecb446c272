/**
 * Astro's incremental cache (experimental.incrementalBuild) as the local build uses it: which pages it
 * holds, and the pictures those pages show.
 *
 * Astro records in its manifest picture files of the pages it renders, and on the next build replays them
 * for every page it keeps: it wrote all 12,000 pictures of the 2,000-product catalogue again on every build
 * (6 s of a 17 s build that rendered nothing), although the tree it builds in already holds them
 * (scripts/build.ts brings it up to date with the served one). So after each build the pictures leave the
 * manifest, and Astro writes only the pictures of the pages it renders; the kept pages' pictures stay in the
 * tree, listed in a file of ours beside the manifest so that the build does not remove them. Each page's
 * pictures are those the page noted while it rendered (src/site/page-pictures.ts), one JSON line a page.
 *
 * The manifest says which pictures file goes with it. In a reused tree any other manifest cannot tell
 * which pictures its pages show (Astro's own notes a picture for the first page that drew it in a build
 * only; a pictures file missing or another build's: a build stopped between the two, a cache copied
 * without it): it is removed, and Astro renders every page again.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

const MANIFEST = 'incremental-build.json';
const PICTURES = 'page-pictures.json';

/** The parts of Astro's manifest read here; the rest is written back as Astro wrote it. */
const pathEntry = z.looseObject({ cacheKey: z.string().optional(), outputFile: z.string(), staticImages: z.unknown().optional() });
const manifestSchema = z.looseObject({
  routes: z.record(z.string(), z.looseObject({ dependencyHash: z.string(), paths: z.record(z.string(), pathEntry) })),
  /** Ours: the digest of the pictures file the manifest's pictures moved to. */
  picturesMoved: z.string().optional(),
});
type Manifest = z.infer<typeof manifestSchema>;

/** Each page's picture files (paths under the site's root), by route and path, with what made the page. */
const picturesSchema = z.record(
  z.string(),
  z.object({
    dependencyHash: z.string(),
    paths: z.record(z.string(), z.object({ cacheKey: z.string().optional(), pictures: z.array(z.string()) })),
  }),
);
export type PagePictures = z.infer<typeof picturesSchema>;

const digest = (text: string) => createHash('sha256').update(text).digest('base64url');

function readManifest(cacheDir: string): Manifest | undefined {
  const file = join(cacheDir, MANIFEST);
  return existsSync(file) ? manifestSchema.parse(JSON.parse(readFileSync(file, 'utf8'))) : undefined;
}

function readPictures(cacheDir: string, manifest: Manifest): PagePictures | undefined {
  const file = join(cacheDir, PICTURES);
  if (!manifest.picturesMoved || !existsSync(file)) return undefined;
  const text = readFileSync(file, 'utf8');
  return digest(text) === manifest.picturesMoved ? picturesSchema.parse(JSON.parse(text)) : undefined;
}

/**
 * Before a build: leaves Astro a manifest it can trust, or none, and returns the pictures moved out of it
 * (for movePicturesOutOfManifest after the build; Astro writes its manifest anew). `emptyTree`: the build
 * starts from an empty folder (Netlify's, or a first build), where Astro must write the kept pages' pictures
 * itself: its own manifest, which replays them, will do there, a moved one will not; in a reused tree only
 * a moved manifest with its pictures file will.
 */
export function prepareIncrementalCache(cacheDir: string, { emptyTree }: { emptyTree: boolean }): PagePictures {
  rmSync(drawnLog(cacheDir), { force: true });
  const manifest = readManifest(cacheDir);
  if (!manifest) return {};
  if (emptyTree) {
    if (manifest.picturesMoved) rmSync(join(cacheDir, MANIFEST));
    return {};
  }
  const pictures = readPictures(cacheDir, manifest);
  if (!pictures) rmSync(join(cacheDir, MANIFEST));
  return pictures ?? {};
}

/** Where a build's pages note the pictures they draw (PAGE_PICTURES_LOG, src/site/page-pictures.ts). */
export const drawnLog = (cacheDir: string) => join(cacheDir, 'page-pictures.log');

const drawnLine = z.object({ path: z.string(), pictures: z.array(z.string()) });

/** The pictures each page rendered by the last build drew, by path. */
function readDrawn(cacheDir: string): Map<string, string[]> {
  const file = drawnLog(cacheDir);
  if (!existsSync(file)) return new Map();
  const lines = readFileSync(file, 'utf8').split('\n').filter(Boolean);
  return new Map(lines.map((line) => drawnLine.parse(JSON.parse(line))).map(({ path, pictures }) => [path, pictures]));
}

/**
 * After a build: takes the pictures out of Astro's manifest, writes the pictures file, and returns the
 * files the tree must keep for the pages the manifest holds (the pages and the pictures they show, relative
 * to the site's root). A page rendered by this build lists the pictures it noted; a page kept lists those
 * noted when it was last rendered, which its cache key and its code vouch for.
 */
export function movePicturesOutOfManifest(cacheDir: string, before: PagePictures): Set<string> {
  const manifest = readManifest(cacheDir);
  if (!manifest) return new Set();
  const drawn = readDrawn(cacheDir);
  const after: PagePictures = {};
  const kept = new Set<string>();
  for (const [route, { dependencyHash, paths }] of Object.entries(manifest.routes)) {
    const known = before[route]?.dependencyHash === dependencyHash ? before[route].paths : {};
    const pages: PagePictures[string]['paths'] = {};
    for (const [path, entry] of Object.entries(paths)) {
      const pictures = drawn.get(path) ?? (known[path]?.cacheKey === entry.cacheKey ? (known[path]?.pictures ?? []) : []);
      pages[path] = { cacheKey: entry.cacheKey, pictures };
      delete entry.staticImages;
      kept.add(entry.outputFile);
      for (const file of pictures) kept.add(file);
    }
    after[route] = { dependencyHash, paths: pages };
  }
  const text = JSON.stringify(after);
  writeFileSync(join(cacheDir, PICTURES), text);
  writeFileSync(join(cacheDir, MANIFEST), JSON.stringify({ ...manifest, picturesMoved: digest(text) }));
  return kept;
}
