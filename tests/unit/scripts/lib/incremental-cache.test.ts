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
/**
 * A build's writes: Astro's manifest of every page it holds (a picture it replays for a kept page, as Astro
 * does), and a line of the pictures each page it rendered (those given pictures) noted.
 */
function astroWrites(pages: Record<string, Page>, dependencyHash = 'code-1'): void {
  const staticImages = [{ originalPath: 'http://cms/a.png', hash: 'h', finalPath: '/_astro/replayed.avif' }];
  const paths = Object.fromEntries(
    Object.entries(pages).map(([path, { cacheKey }]) => [path, { cacheKey, outputFile: `${path.slice(1)}index.html`, staticImages }]),
  );
  writeFileSync(manifestFile(), JSON.stringify({ version: 1, configHash: 'c', routes: { [ROUTE]: { dependencyHash, paths } } }));
  const rendered = Object.entries(pages).filter(([, page]) => page.pictures);
  writeFileSync(drawnLog(dir), rendered.map(([path, { pictures }]) => `${JSON.stringify({ path, pictures })}\n`).join(''));
}
const manifest = () => JSON.parse(readFileSync(manifestFile(), 'utf8'));
/** A build in a reused tree as scripts/build.ts makes it: the cache prepared, Astro's build, the pictures moved. */
function build(pages: Record<string, Page>, dependencyHash?: string): string[] {
  const before = prepareIncrementalCache(dir, { emptyTree: false });
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
    expect(build({ '/': { cacheKey: 'home-1' } }, 'code-2')).toEqual(['index.html']);
  });

  it('keeps nothing without a manifest (a build that kept no page)', () => {
    expect(movePicturesOutOfManifest(dir, {}).size).toBe(0);
  });
});

describe('prepareIncrementalCache', () => {
  it('leaves a manifest whose pictures are where it says, and gives them', () => {
    build({ '/': { cacheKey: 'home-1', pictures: ['_astro/a.avif'] } });
    expect(prepareIncrementalCache(dir, { emptyTree: false })[ROUTE]?.paths['/']?.pictures).toEqual(['_astro/a.avif']);
    expect(existsSync(manifestFile())).toBe(true);
  });

  it('removes Astro’s own manifest before a build in a reused tree: it notes a picture for the first page that drew it only', () => {
    astroWrites({ '/': { cacheKey: 'home-1', pictures: ['_astro/a.avif'] } });
    expect(prepareIncrementalCache(dir, { emptyTree: false })).toEqual({});
    expect(existsSync(manifestFile())).toBe(false);
  });

  it('leaves Astro’s own manifest before a build in an empty folder (Netlify’s), where Astro replays its pictures', () => {
    astroWrites({ '/': { cacheKey: 'home-1', pictures: ['_astro/a.avif'] } });
    expect(prepareIncrementalCache(dir, { emptyTree: true })).toEqual({});
    expect(existsSync(manifestFile())).toBe(true);
  });

  it('removes a manifest whose pictures file is missing or another build’s: every page is rendered again', () => {
    build({ '/': { cacheKey: 'home-1', pictures: ['_astro/a.avif'] } });
    writeFileSync(join(dir, 'page-pictures.json'), '{}');
    expect(prepareIncrementalCache(dir, { emptyTree: false })).toEqual({});
    expect(existsSync(manifestFile())).toBe(false);

    build({ '/': { cacheKey: 'home-1', pictures: ['_astro/a.avif'] } });
    rmSync(join(dir, 'page-pictures.json'));
    expect(prepareIncrementalCache(dir, { emptyTree: false })).toEqual({});
    expect(existsSync(manifestFile())).toBe(false);
  });

  it('removes a moved manifest before a build in an empty folder, where Astro must write every picture', () => {
    build({ '/': { cacheKey: 'home-1', pictures: ['_astro/a.avif'] } });
    expect(prepareIncrementalCache(dir, { emptyTree: true })).toEqual({});
    expect(existsSync(manifestFile())).toBe(false);
  });
});
