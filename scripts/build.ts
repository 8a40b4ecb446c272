/**
 * `npm run build [-- fr|be] [-- --full]`: builds each channel against the content service (the embedded
 * platform unless CONTENT_API_URL is set), then writes Netlify's _redirects from the build's redirects.json.
 *
 * Locally the build is incremental and atomic: Astro reuses the pages whose content and code did not
 * change since the previous build (its incremental cache under CACHE_DIR, see src/site/cache-keys.ts), in
 * an older tree brought up to date with the served one, which it replaces in one rename once done
 * (scripts/lib/served-trees.ts). On Netlify (NETLIFY set) the build goes straight to dist/<channel>: Netlify
 * publishes a deploy atomically itself, and its previous build comes from the build cache (CACHE_DIR).
 */
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureContentService } from './lib/content-service.ts';
import { drawnLog, movePicturesOutOfManifest, prepareIncrementalCache } from './lib/incremental-cache.ts';
import { BUILDS, prepareTreeAside, publish } from './lib/served-trees.ts';
import { removeUnwritten } from './lib/tree-mirror.ts';
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

export async function buildChannels(
  channels: string[] = ['fr', 'be'],
  env: NodeJS.ProcessEnv = process.env,
  options: BuildOptions = {},
): Promise<void> {
  let started = performance.now();
  const dist = env.DIST_DIR ?? 'dist';
  const inPlace = Boolean(env.NETLIFY);
  // astro.config.mjs builds into <DIST_DIR>/<channel>: always the same folder, as Astro's incremental
  // cache holds only while the build's code is the same (its output folder is written in it).
  const distDir = inPlace ? dist : join(dist, BUILDS, 'next');
  const treeOf = (channel: string) =>
    inPlace ? Promise.resolve(false) : prepareTreeAside(dist, channel, join(distDir, channel), Boolean(options.full));
  // The first channel's tree is prepared while the content service starts (the first second of an edit's build).
  const firstTree = channels[0] ? treeOf(channels[0]) : undefined;
  const [service] = await Promise.allSettled([ensureContentService(env), firstTree]);
  if (service.status === 'rejected') throw service.reason;
  const { contentUrl, stop } = service.value;
  try {
    for (const [index, channel] of channels.entries()) {
      const out = join(distDir, channel);
      const reused = await (index === 0 ? firstTree! : treeOf(channel));
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
        // A failed build's folder is left where it is: the next one starts from it (served-trees.ts).
      });
      const kept = movePicturesOutOfManifest(cacheDir, pictures);
      if (reused) removeUnwritten(out, astroStarted, kept);
      const redirects = JSON.parse(readFileSync(`${out}/redirects.json`, 'utf8')) as Array<{ from: string; to: string; status: number }>;
      writeFileSync(`${out}/_redirects`, `${redirects.map((r) => `${r.from} ${r.to} ${r.status}`).join('\n')}\n`);
      if (!inPlace) publish(dist, channel, out);
      console.log(`Built ${channel} in ${((performance.now() - started) / 1000).toFixed(1)} s → ${dist}/${channel}/`);
      started = performance.now();
    }
  } finally {
    await stop();
  }
}

if (import.meta.main) {
  const wanted = process.argv.slice(2).filter((a) => a === 'fr' || a === 'be');
  await buildChannels(wanted.length ? wanted : undefined, process.env, { full: process.argv.includes('--full') }).catch(
    exitIfDatabaseInUse,
  );
}
