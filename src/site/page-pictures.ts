/**
 * The picture files each page draws, noted while Astro renders it (the valid-HTML middleware opens a note
 * per page, src/site/valid-html.ts; src/site/images.ts adds to it). The incremental build keeps in the tree
 * the files its kept pages drew when last rendered (scripts/lib/incremental-cache.ts). Astro notes them too,
 * but only for the page that first asked for a picture in a build: the files are asked once per build and
 * reused, and a picture noted by one page only was lost once that page changed, though others showed it.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { appendFileSync } from 'node:fs';

const drawn = new AsyncLocalStorage<Set<string>>();

/** Where scripts/build.ts has the build write each page's pictures, one JSON line a page; unset, none are noted. */
const LOG = process.env.PAGE_PICTURES_LOG;

/** Renders a page (`render`, which resolves once its HTML is whole) with a note of the pictures it draws. */
export async function notingPictures<T>(path: string, render: () => Promise<T>): Promise<T> {
  if (!LOG) return render();
  const files = new Set<string>();
  const result = await drawn.run(files, render);
  appendFileSync(LOG, `${JSON.stringify({ path, pictures: [...files] })}\n`);
  return result;
}

/** Notes picture addresses (a `src` or a `srcset`) for the page being rendered; only the site's own files. */
export function noteDrawn(...addresses: string[]): void {
  const files = drawn.getStore();
  if (!files) return;
  for (const address of addresses)
    for (const candidate of address.split(',')) {
      const url = candidate.trim().split(/\s+/)[0];
      if (url?.startsWith('/')) files.add(url.slice(1));
    }
}
