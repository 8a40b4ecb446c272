/**
 * The built trees of a channel on this machine (scripts/build.ts): each build is made in dist/.builds/next,
 * moved once done to a folder of its own under dist/.builds/, and dist/<channel> is a symbolic link swapped
 * to it in one rename, so the static server (scripts/lib/static-server.ts) serves the old tree or the new
 * one, never a half-written one. The served tree and the one before it are kept; the older ones go.
 */
import { spawn } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, readdirSync, realpathSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { Worker } from 'node:worker_threads';
import { mirrorTree } from './tree-mirror.ts';

/** Where the built trees live beside the served links. */
export const BUILDS = '.builds';

/**
 * The folder Astro builds in: empty for a full build; otherwise the oldest tree kept (or the one a failed
 * build left), made equal to the served tree file by file. Astro leaves in place the pages it would
 * copy from its cache (vite.build.emptyOutDir is false in astro.config.mjs), so an edit's build writes the
 * pages it renders and not the whole catalogue's (the copy took 8 to 10 s of a 22 s one-edit build).
 * The tree taken is the one before the served one: a request begun on it finished long ago. Says
 * whether a tree was reused (otherwise the folder is empty).
 */
export function prepareTree(dist: string, channel: string, out: string, full: boolean): boolean {
  const served = join(dist, channel);
  const servedTree = existsSync(served) && lstatSync(served).isSymbolicLink() ? realpathSync(served) : null;
  if (full || !servedTree) {
    if (existsSync(out)) discard(dist, out);
    return false;
  }
  if (!existsSync(out)) {
    const older = keptTrees(dist, channel).filter((tree) => tree !== basename(servedTree));
    mkdirSync(dirname(out), { recursive: true });
    if (older.length > 0) renameSync(join(dist, BUILDS, older[0]!), out);
  }
  // Pictures too: Astro writes those of the pages it renders only (scripts/lib/incremental-cache.ts).
  mirrorTree(servedTree, out);
  return true;
}

/**
 * prepareTree in a thread of its own: walking and copying a catalogue's tree (a second after an edit) then
 * runs while this thread starts the content service, instead of before it.
 */
export function prepareTreeAside(dist: string, channel: string, out: string, full: boolean): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./prepare-tree-worker.ts', import.meta.url), { workerData: { dist, channel, out, full } });
    worker.once('message', (reused: boolean) => resolve(reused));
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`Preparing the ${channel} tree stopped (exit code ${code})`)));
  });
}

/** The channel's built trees under dist/.builds/, oldest first. */
const keptTrees = (dist: string, channel: string) =>
  readdirSync(join(dist, BUILDS))
    .filter((name) => name.startsWith(`${channel}-`))
    .sort((a, b) => Number(a.slice(channel.length + 1)) - Number(b.slice(channel.length + 1)));

/** Moves a tree out of the way at once, to be deleted by a process of its own. */
function discard(dist: string, tree: string): void {
  renameSync(tree, join(dist, BUILDS, `${TRASH}${Date.now()}-${basename(tree)}`));
}

/**
 * Points dist/<channel> at the new tree in one rename of a symbolic link (atomic on POSIX), then removes
 * the trees older than the previous one: a request that began on the previous tree can still finish.
 * They are renamed out of the way at once and deleted by a process of their own: deleting a tree of
 * thousands of pages and pictures took 53 s of a 123 s build that changed nothing, after the swap.
 */
export function publish(dist: string, channel: string, built: string): void {
  const served = join(dist, channel);
  const tree = join(dist, BUILDS, `${channel}-${Date.now()}`);
  renameSync(built, tree);
  const link = join(dist, BUILDS, `link-${channel}`);
  rmSync(link, { force: true });
  symlinkSync(relative(dist, tree), link);
  // A tree built before links existed is a plain folder: moved aside once (the only non-atomic swap).
  if (existsSync(served) && !lstatSync(served).isSymbolicLink()) renameSync(served, join(dist, BUILDS, `${channel}-0`));
  renameSync(link, served);
  for (const old of keptTrees(dist, channel).slice(0, -2)) discard(dist, join(dist, BUILDS, old));
  removeInBackground(
    readdirSync(join(dist, BUILDS))
      .filter((name) => name.startsWith(TRASH))
      .map((name) => join(dist, BUILDS, name)),
  );
}

/** Old trees awaiting removal (a removal the machine stopped is taken up again by the next build). */
const TRASH = 'trash-';

/** Removes folders in a detached process, which outlives this one: the build ends once its tree is served. */
function removeInBackground(folders: string[]): void {
  if (folders.length === 0) return;
  spawn(
    process.execPath,
    ['-e', 'for (const f of process.argv.slice(1)) require("node:fs").rmSync(f, { recursive: true, force: true })', ...folders],
    { detached: true, stdio: 'ignore' },
  ).unref();
}
