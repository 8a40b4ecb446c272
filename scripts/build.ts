/**
 * `npm run build [-- fr|be] [-- --full]`: builds each channel against the content service (the embedded
 * platform unless CONTENT_API_URL is set), then writes Netlify's _redirects from the build's redirects.json.
 *
 * Locally the build is incremental and atomic: Astro reuses the pages whose content and code did not
 * change since the previous build (its incremental cache under CACHE_DIR, see src/site/cache-keys.ts), each
 * build is moved once done to a folder of its own under dist/.builds/, and dist/<channel> is a symbolic
 * link swapped to it in one rename, so the static server (scripts/lib/static-server.ts) serves the old tree or the new one,
 * never a half-written one. On Netlify (NETLIFY set) the build goes straight to dist/<channel>: Netlify
 * publishes a deploy atomically itself, and its previous build comes from the build cache (CACHE_DIR).
 */
import { spawn } from 'node:child_process';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { ensureContentService } from './lib/content-service.ts';
import { drawnLog, movePicturesOutOfManifest, prepareIncrementalCache } from './lib/incremental-cache.ts';
import { mirrorTree, removeUnwritten } from './lib/tree-mirror.ts';
import { exitIfDatabaseInUse } from '../src/backend/db/database.ts';
import { astroCacheDir, nodeCompileCacheDir } from '../src/lib/local-defaults.ts';

export interface BuildOptions {
  /** Renders every page again, ignoring the previous build (Astro's --force). */
  full?: boolean;
}

/**
 * The environment Astro builds in, without the shell's note of the command it last ran (`_`). Astro writes
 * into a module that reads `import.meta.env` whole every variable whose name appears in its source, and
 * `_` appears in every source: its value (/usr/bin/time, npm, node…) then changed the code of every page,
 * so an incremental build launched another way than the last one rendered the whole catalogue again.
 */
function astroEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { _: _lastCommand, ...rest } = env;
  return rest;
}

/** Where the built trees live beside the served links; the served one and the one before it are kept. */
const BUILDS = '.builds';

export async function buildChannels(
  channels: string[] = ['fr', 'be'],
  env: NodeJS.ProcessEnv = process.env,
  options: BuildOptions = {},
): Promise<void> {
  const { contentUrl, stop } = await ensureContentService(env);
  const dist = env.DIST_DIR ?? 'dist';
  const inPlace = Boolean(env.NETLIFY);
  try {
    for (const channel of channels) {
      const started = performance.now();
      // astro.config.mjs builds into <DIST_DIR>/<channel>: always the same folder, as Astro's incremental
      // cache holds only while the build's code is the same (its output folder is written in it).
      const distDir = inPlace ? dist : join(dist, BUILDS, 'next');
      const out = join(distDir, channel);
      const reused = !inPlace && prepareTree(dist, channel, out, options);
      const cacheDir = astroCacheDir(channel, env);
      const pictures = prepareIncrementalCache(cacheDir, { emptyTree: !reused });
      const astroStarted = Date.now();
      await new Promise<void>((resolve, reject) => {
        const child = spawn(
          process.execPath,
          ['node_modules/astro/bin/astro.mjs', 'build', '--silent', ...(options.full ? ['--force'] : [])],
          {
            stdio: 'inherit',
            env: {
              ...astroEnv(env),
              CHANNEL: channel,
              CONTENT_API_URL: contentUrl,
              DIST_DIR: distDir,
              // The pages note the pictures they draw, for the next build (scripts/lib/incremental-cache.ts).
              PAGE_PICTURES_LOG: drawnLog(cacheDir),
              // V8's compiled code of Astro, Vite and the rest, kept for the next build: about half a second off each.
              NODE_COMPILE_CACHE: nodeCompileCacheDir(env),
            },
          },
        );
        child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`astro build (${channel}) exited with ${code}`))));
        // A failed build's folder is left where it is: the next one starts from it (prepareTree).
      });
      const kept = movePicturesOutOfManifest(cacheDir, pictures);
      if (reused) removeUnwritten(out, astroStarted, kept);
      const redirects = JSON.parse(readFileSync(`${out}/redirects.json`, 'utf8')) as Array<{ from: string; to: string; status: number }>;
      writeFileSync(`${out}/_redirects`, `${redirects.map((r) => `${r.from} ${r.to} ${r.status}`).join('\n')}\n`);
      if (!inPlace) publish(dist, channel, out);
      console.log(`Built ${channel} in ${((performance.now() - started) / 1000).toFixed(1)} s → ${dist}/${channel}/`);
    }
  } finally {
    await stop();
  }
}

/**
 * The folder Astro builds in: empty for a full build; otherwise the oldest tree kept (or the one a failed
 * build left), made equal to the served tree file by file. Astro leaves in place the pages it would
 * copy from its cache (vite.build.emptyOutDir is false in astro.config.mjs), so an edit's build writes the
 * pages it renders and not the whole catalogue's (the copy took 8 to 10 s of a 22 s one-edit build).
 * The tree taken is the one before the served one: a request begun on it finished long ago. Says
 * whether a tree was reused (otherwise the folder is empty).
 */
function prepareTree(dist: string, channel: string, out: string, options: BuildOptions): boolean {
  const served = join(dist, channel);
  const servedTree = existsSync(served) && lstatSync(served).isSymbolicLink() ? realpathSync(served) : null;
  if (options.full || !servedTree) {
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
function publish(dist: string, channel: string, built: string): void {
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

if (import.meta.main) {
  const wanted = process.argv.slice(2).filter((a) => a === 'fr' || a === 'be');
  await buildChannels(wanted.length ? wanted : undefined, process.env, { full: process.argv.includes('--full') }).catch(
    exitIfDatabaseInUse,
  );
}
