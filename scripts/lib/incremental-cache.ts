/**
 * Astro's incremental cache (experimental.incrementalBuild) as our builds use it: which pages it holds,
 * and the pictures those pages show.
 *
 * Astro records in its manifest the picture files of the pages it renders, and on the next build replays
 * them for every page it keeps. Two faults: it notes a picture for the first page that asked for it in a
 * build only (the files are asked once per build and reused), so a picture other pages show was lost once
 * that page changed; and in a reused tree it wrote all 12,000 pictures of the 2,000-product catalogue again
 * on every build (6 s of a 17 s build that rendered nothing), although the tree already held them
 * (scripts/build.ts brings it up to date with the served one).
 *
 * So after each build the pictures leave the manifest for a file of ours beside it: each page's pictures,
 * those the page noted while it rendered (src/site/page-pictures.ts, one JSON line a page), and Astro's
 * note of how to make each picture. In a reused tree Astro then writes only the pictures of the pages it
 * renders, and the kept pages' pictures stay in the tree. In an empty tree (Netlify's, whose previous build
 * is only in the build cache) each kept page is given back, before the build, the note of every picture it
 * shows, and Astro writes them all from its cache of pictures.
 *
 * The manifest says which pictures file goes with it. Any other manifest cannot tell which pictures its
 * pages show (Astro's own, or a build stopped between the two, a cache copied without its pictures file):
 * it is removed, and Astro renders every page again.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

const MANIFEST = 'incremental-build.json';
const PICTURES = 'page-pictures.json';

/** Astro's note of a picture file: where it goes (`finalPath`, from the site's root) and how it is made. */
const staticImage = z.looseObject({ finalPath: z.string() });
type StaticImage = z.infer<typeof staticImage>;

/** The parts of Astro's manifest read here; the rest is written back as Astro wrote it. */
const pathEntry = z.looseObject({
  cacheKey: z.string().optional(),
  outputFile: z.string(),
  staticImages: z.array(staticImage).optional(),
});
const manifestSchema = z.looseObject({
  routes: z.record(z.string(), z.looseObject({ dependencyHash: z.string(), paths: z.record(z.string(), pathEntry) })),
  /** Ours: the digest of the pictures file the manifest's pictures moved to. */
  picturesMoved: z.string().optional(),
});
type Manifest = z.infer<typeof manifestSchema>;

const picturesSchema = z.object({
  /** Each page's picture files (paths under the site's root), by route and path, with what made the page. */
  pages: z.record(
    z.string(),
    z.object({
      dependencyHash: z.string(),
      paths: z.record(z.string(), z.object({ cacheKey: z.string().optional(), pictures: z.array(z.string()) })),
    }),
  ),
  /** Astro's note of each of those files, by path. */
  images: z.record(z.string(), staticImage),
});
export type PagePictures = z.infer<typeof picturesSchema>;

const NONE: PagePictures = { pages: {}, images: {} };
/** A picture's path under the site's root, as the pages note it, from Astro's `finalPath`. */
const fileOf = (image: StaticImage) => image.finalPath.replace(/^\//, '');

const digest = (text: string) => createHash('sha256').update(text).digest('base64url');

/** The manifest, or nothing when there is none or it cannot be read (a build stopped while writing it). */
function readManifest(cacheDir: string): Manifest | undefined {
  const file = join(cacheDir, MANIFEST);
  if (!existsSync(file)) return undefined;
  try {
    return manifestSchema.safeParse(JSON.parse(readFileSync(file, 'utf8'))).data;
  } catch {
    return undefined; // Not JSON.
  }
}

function readPictures(cacheDir: string, manifest: Manifest): PagePictures | undefined {
  const file = join(cacheDir, PICTURES);
  if (!manifest.picturesMoved || !existsSync(file)) return undefined;
  const text = readFileSync(file, 'utf8');
  // One of an older shape fails the schema: as good as missing.
  return digest(text) === manifest.picturesMoved ? picturesSchema.safeParse(JSON.parse(text)).data : undefined;
}

/**
 * Gives each page of the manifest the note of every picture it shows (the pictures file is the manifest's
 * own, so they are the same pages), for Astro to write those of the pages it keeps into an empty tree.
 * False when a picture's note is missing: the manifest cannot be trusted then.
 */
function giveBackPictures(manifest: Manifest, pictures: PagePictures): boolean {
  for (const [route, { paths }] of Object.entries(manifest.routes))
    for (const [path, entry] of Object.entries(paths)) {
      const images = (pictures.pages[route]?.paths[path]?.pictures ?? []).map((file) => pictures.images[file]);
      if (images.some((image) => !image)) return false;
      if (images.length > 0) entry.staticImages = images as StaticImage[];
    }
  return true;
}

/**
 * Before a build: leaves Astro a manifest it can trust, or none, and returns the pictures moved out of it
 * (for movePicturesOutOfManifest after the build; Astro writes its manifest anew). `emptyTree`: the build
 * starts from an empty folder (Netlify's, or a first build), where Astro must write the kept pages' pictures
 * itself: the manifest is given their notes back.
 */
export function prepareIncrementalCache(cacheDir: string, { emptyTree }: { emptyTree: boolean }): PagePictures {
  rmSync(drawnLog(cacheDir), { force: true });
  const manifest = readManifest(cacheDir);
  const pictures = manifest && readPictures(cacheDir, manifest);
  if (!manifest || !pictures || (emptyTree && !giveBackPictures(manifest, pictures))) {
    rmSync(join(cacheDir, MANIFEST), { force: true });
    return NONE;
  }
  if (emptyTree) writeFileSync(join(cacheDir, MANIFEST), JSON.stringify(manifest));
  return pictures;
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
 * noted when it was last rendered, which its cache key and its code vouch for. Astro's note of a picture
 * comes from this build, where it noted it, or from the pictures file before it.
 */
export function movePicturesOutOfManifest(cacheDir: string, before: PagePictures): Set<string> {
  if (!existsSync(join(cacheDir, MANIFEST))) return new Set();
  const manifest = readManifest(cacheDir);
  // Which pages the build kept is unknown: the tree is not published.
  if (!manifest) throw new Error(`Astro's incremental manifest in ${cacheDir} cannot be read after the build`);
  const drawn = readDrawn(cacheDir);
  const noted = new Map(Object.entries(before.images));
  const after: PagePictures = { pages: {}, images: {} };
  const kept = new Set<string>();
  for (const [route, { dependencyHash, paths }] of Object.entries(manifest.routes)) {
    const known = before.pages[route]?.dependencyHash === dependencyHash ? before.pages[route].paths : {};
    const pages: PagePictures['pages'][string]['paths'] = {};
    for (const [path, entry] of Object.entries(paths)) {
      const pictures = drawn.get(path) ?? (known[path]?.cacheKey === entry.cacheKey ? (known[path]?.pictures ?? []) : []);
      pages[path] = { cacheKey: entry.cacheKey, pictures };
      for (const image of entry.staticImages ?? []) noted.set(fileOf(image), image);
      delete entry.staticImages;
      kept.add(entry.outputFile);
      for (const file of pictures) kept.add(file);
    }
    after.pages[route] = { dependencyHash, paths: pages };
  }
  for (const [file, image] of noted) if (kept.has(file)) after.images[file] = image;
  const text = JSON.stringify(after);
  writeFileSync(join(cacheDir, PICTURES), text);
  writeFileSync(join(cacheDir, MANIFEST), JSON.stringify({ ...manifest, picturesMoved: digest(text) }));
  return kept;
}
