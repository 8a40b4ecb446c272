/** The pictures of Astro's incremental manifest, moved out of it and kept for the pages it keeps (scripts/lib/incremental-cache.ts). */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { drawnLog, movePicturesOutOfManifest, prepareIncrementalCache } from '../../../../scripts/lib/incremental-cache.ts';

let dir: string;
const manifestFile = () => join(dir, 'incremental-build.json');
const ROUTE = 'src/pages/[...path].astro';

interface Page {
  cacheKey: string;
  pictures?: string[];
}
/** Astro's note of a picture file, as its manifest holds it. */
const note = (file: string) => ({ originalPath: `http://cms/${file}.png`, hash: 'h', finalPath: `/${file}`, transform: { width: 180 } });
/**
 * A build's writes, as Astro makes them: its manifest of every page it holds, a rendered page (one given
 * pictures) with the note of each picture no page before it asked for in this build, a kept page with the
 * notes the manifest before gave it (it replays them); and a line of the pictures each rendered page drew.
 */
function astroWrites(pages: Record<string, Page>, dependencyHash = 'code-1'): void {
  const given = existsSync(manifestFile()) ? manifest().routes[ROUTE]?.paths : {};
  const asked = new Set<string>();
  const paths = Object.fromEntries(
    Object.entries(pages).map(([path, { cacheKey, pictures }]) => {
      const first = pictures?.filter((file) => !asked.has(file) && asked.add(file));
      const staticImages = first ? first.map(note) : given?.[path]?.staticImages;
      return [path, { cacheKey, outputFile: `${path.slice(1)}index.html`, ...(staticImages?.length ? { staticImages } : {}) }];
    }),
  );
  writeFileSync(manifestFile(), JSON.stringify({ version: 1, configHash: 'c', routes: { [ROUTE]: { dependencyHash, paths } } }));
  const rendered = Object.entries(pages).filter(([, page]) => page.pictures);
  writeFileSync(drawnLog(dir), rendered.map(([path, { pictures }]) => `${JSON.stringify({ path, pictures })}\n`).join(''));
}
const manifest = () => JSON.parse(readFileSync(manifestFile(), 'utf8'));
/** A build as scripts/build.ts makes it: the cache prepared, Astro's build, the pictures moved. */
function build(pages: Record<string, Page>, { dependencyHash, emptyTree = false }: { dependencyHash?: string; emptyTree?: boolean } = {}) {
  const before = prepareIncrementalCache(dir, { emptyTree });
  astroWrites(pages, dependencyHash);
  return [...movePicturesOutOfManifest(dir, before)].sort();
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'incremental-cache-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('movePicturesOutOfManifest', () => {
  it('keeps every page and the pictures it drew, and leaves Astro no picture to replay', () => {
    expect(
      build({
        '/': { cacheKey: 'home-1', pictures: ['_astro/a.avif', '_astro/b.webp'] },
        '/chat/': { cacheKey: 'cat-1', pictures: ['_astro/a.avif'] },
      }),
    ).toEqual(['_astro/a.avif', '_astro/b.webp', 'chat/index.html', 'index.html']);
    const paths = manifest().routes[ROUTE].paths;
    expect(paths['/'].staticImages).toBeUndefined();
    expect(paths['/'].outputFile).toBe('index.html');
    expect(manifest().configHash).toBe('c');
  });

  it('keeps a kept page’s pictures from its last rendering, and a re-rendered page’s from this one', () => {
    build({ '/': { cacheKey: 'home-1', pictures: ['_astro/old.avif'] }, '/chat/': { cacheKey: 'cat-1', pictures: ['_astro/cat.avif'] } });
    // The home is rendered again with another picture, the category page kept (Astro replays nothing for it).
    expect(build({ '/': { cacheKey: 'home-2', pictures: ['_astro/new.avif'] }, '/chat/': { cacheKey: 'cat-1' } })).toEqual([
      '_astro/cat.avif',
      '_astro/new.avif',
      'chat/index.html',
      'index.html',
    ]);
    // Both kept the time after.
    expect(build({ '/': { cacheKey: 'home-2' }, '/chat/': { cacheKey: 'cat-1' } })).toEqual([
      '_astro/cat.avif',
      '_astro/new.avif',
      'chat/index.html',
      'index.html',
    ]);
  });

  it('forgets the pictures of a page gone, or rendered again without any', () => {
    build({ '/': { cacheKey: 'home-1', pictures: ['_astro/a.avif'] }, '/chat/': { cacheKey: 'cat-1', pictures: ['_astro/cat.avif'] } });
    expect(build({ '/': { cacheKey: 'home-2' } })).toEqual(['index.html']);
  });

  it('takes nothing from the last rendering once the code changed', () => {
    build({ '/': { cacheKey: 'home-1', pictures: ['_astro/a.avif'] } });
    expect(build({ '/': { cacheKey: 'home-1' } }, { dependencyHash: 'code-2' })).toEqual(['index.html']);
  });

  it('keeps nothing without a manifest (a build that kept no page)', () => {
    expect(movePicturesOutOfManifest(dir, { pages: {}, images: {} }).size).toBe(0);
  });
});

describe('prepareIncrementalCache', () => {
  it('leaves a manifest whose pictures are where it says, and gives them', () => {
    build({ '/': { cacheKey: 'home-1', pictures: ['_astro/a.avif'] } });
    expect(prepareIncrementalCache(dir, { emptyTree: false }).pages[ROUTE]?.paths['/']?.pictures).toEqual(['_astro/a.avif']);
    expect(existsSync(manifestFile())).toBe(true);
  });

  it('removes Astro’s own manifest: it notes a picture for the first page that drew it only', () => {
    for (const emptyTree of [false, true]) {
      astroWrites({ '/': { cacheKey: 'home-1', pictures: ['_astro/a.avif'] } });
      expect(prepareIncrementalCache(dir, { emptyTree })).toEqual({ pages: {}, images: {} });
      expect(existsSync(manifestFile())).toBe(false);
    }
  });

  it('removes a manifest it cannot read (a build stopped while writing it)', () => {
    build({ '/': { cacheKey: 'home-1', pictures: ['_astro/a.avif'] } });
    writeFileSync(manifestFile(), '{"routes": {"src/pages/[...path].astro": {"paths"');
    expect(prepareIncrementalCache(dir, { emptyTree: false })).toEqual({ pages: {}, images: {} });
    expect(existsSync(manifestFile())).toBe(false);
  });

  it('removes a manifest whose pictures file is missing or another build’s: every page is rendered again', () => {
    build({ '/': { cacheKey: 'home-1', pictures: ['_astro/a.avif'] } });
    writeFileSync(join(dir, 'page-pictures.json'), '{}');
    expect(prepareIncrementalCache(dir, { emptyTree: false })).toEqual({ pages: {}, images: {} });
    expect(existsSync(manifestFile())).toBe(false);

    build({ '/': { cacheKey: 'home-1', pictures: ['_astro/a.avif'] } });
    rmSync(join(dir, 'page-pictures.json'));
    expect(prepareIncrementalCache(dir, { emptyTree: false })).toEqual({ pages: {}, images: {} });
    expect(existsSync(manifestFile())).toBe(false);
  });

  it('gives every page the note of each picture it shows before a build in an empty folder (Netlify’s)', () => {
    // Astro notes the shared picture for the home only, the first page that asked for it.
    build({
      '/': { cacheKey: 'home-1', pictures: ['_astro/a.avif'] },
      '/chat/': { cacheKey: 'cat-1', pictures: ['_astro/a.avif', '_astro/cat.avif'] },
    });
    expect(manifest().routes[ROUTE].paths['/chat/'].staticImages).toBeUndefined();
    prepareIncrementalCache(dir, { emptyTree: true });
    const paths = manifest().routes[ROUTE].paths;
    expect(paths['/'].staticImages).toEqual([note('_astro/a.avif')]);
    expect(paths['/chat/'].staticImages).toEqual([note('_astro/a.avif'), note('_astro/cat.avif')]);
  });

  it('keeps a picture’s note on Netlify after the page Astro noted it for changed', () => {
    const shared = { '/chat/': { cacheKey: 'cat-1', pictures: ['_astro/a.avif'] } };
    build({ '/': { cacheKey: 'home-1', pictures: ['_astro/a.avif'] }, ...shared }, { emptyTree: true });
    // The home no longer shows it; the category page, kept, still does.
    build({ '/': { cacheKey: 'home-2', pictures: [] }, '/chat/': { cacheKey: 'cat-1' } }, { emptyTree: true });
    prepareIncrementalCache(dir, { emptyTree: true });
    expect(manifest().routes[ROUTE].paths['/chat/'].staticImages).toEqual([note('_astro/a.avif')]);
  });

  it('removes the manifest before a build in an empty folder when a picture’s note is missing', () => {
    build({ '/': { cacheKey: 'home-1', pictures: ['_astro/a.avif'] } });
    // The next build draws a picture Astro does not note (asked for outside any page): the pages cannot be kept.
    const before = prepareIncrementalCache(dir, { emptyTree: false });
    writeFileSync(drawnLog(dir), `${JSON.stringify({ path: '/', pictures: ['_astro/a.avif', '_astro/unnoted.avif'] })}\n`);
    movePicturesOutOfManifest(dir, before);
    expect(prepareIncrementalCache(dir, { emptyTree: true })).toEqual({ pages: {}, images: {} });
    expect(existsSync(manifestFile())).toBe(false);
  });
});
