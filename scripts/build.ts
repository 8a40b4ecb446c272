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
import { existsSync, lstatSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ensureContentService } from './lib/content-service.ts';
import { exitIfDatabaseInUse } from '../src/backend/db/database.ts';

export interface BuildOptions {
  /** Renders every page again, ignoring the previous build (Astro's --force). */
  full?: boolean;
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
      await new Promise<void>((resolve, reject) => {
        const child = spawn(
          process.execPath,
          ['node_modules/astro/bin/astro.mjs', 'build', '--silent', ...(options.full ? ['--force'] : [])],
          { stdio: 'inherit', env: { ...env, CHANNEL: channel, CONTENT_API_URL: contentUrl, DIST_DIR: distDir } },
        );
        child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`astro build (${channel}) exited with ${code}`))));
      }).catch((error: unknown) => {
        if (!inPlace) rmSync(out, { recursive: true, force: true });
        throw error;
      });
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
  const trees = readdirSync(join(dist, BUILDS))
    .filter((name) => name.startsWith(`${channel}-`))
    .sort((a, b) => Number(a.slice(channel.length + 1)) - Number(b.slice(channel.length + 1)));
  for (const old of trees.slice(0, -2)) renameSync(join(dist, BUILDS, old), join(dist, BUILDS, `${TRASH}${old}`));
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
