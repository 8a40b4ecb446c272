/**
 * Whether the local Strapi's build (cms/dist: the compiled project and its admin panel) is that of the sources now.
 * `strapi build` takes minutes (the admin panel is a Vite build); `strapi start` from a build takes seconds. So
 * `npm run cms` builds when the sources changed since the last build, and otherwise starts from it. The stamp is a
 * hash of every file the build reads: the content model, the code and the configuration, the installed versions.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';

/** What `strapi build` reads, under cms/ (cms/public is served as is, never built). */
const SOURCES = ['src', 'config', 'tsconfig.json', 'package.json', 'package-lock.json'];

async function filesUnder(root: string, path: string): Promise<string[]> {
  const full = join(root, path);
  const entries = await readdir(full, { recursive: true, withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    // A single file (tsconfig.json) is read as one.
    if (error.code === 'ENOTDIR') return null;
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  if (entries === null) return [path];
  return entries.filter((entry) => entry.isFile()).map((entry) => relative(root, join(entry.parentPath, entry.name)));
}

/** A hash of the sources' paths and contents, in a fixed order. */
export async function sourcesStamp(cmsRoot: string): Promise<string> {
  const hash = createHash('sha256');
  const files = (await Promise.all(SOURCES.map((path) => filesUnder(cmsRoot, path)))).flat().sort();
  for (const file of files)
    hash
      .update(`${file}\0`)
      .update(await readFile(join(cmsRoot, file)))
      .update('\0');
  return hash.digest('hex');
}
