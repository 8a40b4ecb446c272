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
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadEnv } from 'vite';
import { type AstroBuilders, astroBuilders } from './lib/astro-builders.ts';
import { ensureContentService } from './lib/content-service.ts';
import { drawnLog, movePicturesOutOfManifest, prepareIncrementalCache } from './lib/incremental-cache.ts';
import { BUILDS, prepareTreeAside, publish } from './lib/served-trees.ts';
import { removeUnwritten } from './lib/tree-mirror.ts';
import { exitIfDatabaseInUse } from '../src/backend/db/database.ts';
import { EMBEDDED_GOOGLE_CLIENT_ID } from '../src/lib/captcha/embedded.ts';
import { astroCacheDir, nodeCompileCacheDir } from '../src/lib/local-defaults.ts';
import { reportSummary } from '../src/site/content-report.ts';

export interface BuildOptions {
  /** Renders every page again, ignoring the previous build (Astro's --force). */
  full?: boolean;
  /** The caller's Astro builders, which start each build's process ahead (the publish receiver's); else each build starts its own. */
  builders?: AstroBuilders;
}

/**
 * The environment Astro builds in, without the shell's note of the command it last ran (`_`). Astro writes
 * into a module that reads `import.meta.env` whole every variable whose name appears in its source, and
 * `_` appears in every source: its value (/usr/bin/time, npm, node…) then changed the code of every page,
 * so an incremental build launched another way than the last one rendered the whole catalogue again.
 */
function astroEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { _: _lastCommand, ...rest } = env;
  return withLocalGoogle(rest);
}

/**
 * Google one-click sign-in on a build made here: the embedded platform's issuer stands in for Google, as the
 * platform does outside production (src/backend/config.ts), so a shopper trying the shop sees the button.
 * A production or Netlify build shows it only with the shop's own PUBLIC_GOOGLE_CLIENT_ID; GOOGLE_SIGN_IN=off,
 * or PUBLIC_GOOGLE_CLIENT_ID set empty, builds without it.
 */
export function withLocalGoogle(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const local = env.NODE_ENV !== 'production' && !env.NETLIFY && env.GOOGLE_SIGN_IN !== 'off';
  // A client id in a .env file is the shop's choice too (astro.config.mjs reads those files).
  const given = env.PUBLIC_GOOGLE_CLIENT_ID ?? loadEnv('production', process.cwd(), 'PUBLIC_GOOGLE_CLIENT_ID').PUBLIC_GOOGLE_CLIENT_ID;
  return local && given === undefined ? { ...env, PUBLIC_GOOGLE_CLIENT_ID: EMBEDDED_GOOGLE_CLIENT_ID } : env;
}

/**
 * Astro's build of one channel into `distDir`/<channel>, by the channel's builder (scripts/lib/astro-builders.ts),
 * at the scheduler's `niceness`.
 */
function astroBuild(
  builders: AstroBuilders,
  channel: string,
  env: NodeJS.ProcessEnv,
  contentUrl: string,
  distDir: string,
  options: BuildOptions,
  niceness: number,
) {
  const cacheDir = astroCacheDir(channel, env);
  // A failed build's folder is left where it is: the next one starts from it (served-trees.ts).
  return builders.build(
    channel,
    {
      ...astroEnv(env),
      CHANNEL: channel,
      CONTENT_API_URL: contentUrl,
      DIST_DIR: distDir,
      // The pages note the pictures they draw, for the next build (scripts/lib/incremental-cache.ts).
      PAGE_PICTURES_LOG: drawnLog(cacheDir),
      // V8's compiled code of Astro, Vite and the rest, kept for the next builder: about half a second off its start.
      NODE_COMPILE_CACHE: nodeCompileCacheDir(env),
    },
    Boolean(options.full),
    niceness,
  );
}

/**
 * A later channel's Astro build (BE after FR) has the lowest priority of the scheduler: at the same
 * priority, the two builds shared the 2 cores and both ended more than 10 s after the edit; one after the
 * other, BE's waited for the whole of FR's. At the lowest it takes only what FR's leaves idle, and FR's
 * ends about as soon as alone (BE about 2 to 4 s sooner than after FR's, docs/benchmarks.md).
 */
const LATER_CHANNEL_NICENESS = 19;

/**
 * The channels are built at once, each in its own folder, the first one first in the scheduler's eyes
 * (LATER_CHANNEL_NICENESS), and each served as soon as it is built. Their trees and incremental caches are
 * made ready one after the other (each a walk of a whole tree), the first one while the content service
 * starts; a channel that cannot be built leaves the others served.
 */
export async function buildChannels(
  channels: string[] = ['fr', 'be'],
  env: NodeJS.ProcessEnv = process.env,
  options: BuildOptions = {},
): Promise<void> {
  const started = performance.now();
  const builders = options.builders ?? astroBuilders({ keep: false });
  const dist = env.DIST_DIR ?? 'dist';
  const inPlace = Boolean(env.NETLIFY);
  // astro.config.mjs builds into <DIST_DIR>/<channel>: always the same folder, as Astro's incremental
  // cache holds only while the build's code is the same (its output folder is written in it).
  const distDir = inPlace ? dist : join(dist, BUILDS, 'next');
  /** The channel's tree prepared (a worker thread walks and copies it), then its incremental cache. */
  const ready = (channel: string) => {
    const tree = inPlace ? Promise.resolve(false) : prepareTreeAside(dist, channel, join(distDir, channel), Boolean(options.full));
    return tree.then((reused) => ({
      reused,
      pictures: prepareIncrementalCache(astroCacheDir(channel, env), { emptyTree: !reused }),
    }));
  };
  /** After Astro: the pictures out of its manifest, the tree rid of what the build did not write, then served. */
  const finish = (channel: string, { reused, pictures }: Awaited<ReturnType<typeof ready>>, astroStarted: number) => {
    const out = join(distDir, channel);
    const kept = movePicturesOutOfManifest(astroCacheDir(channel, env), pictures);
    if (reused) removeUnwritten(out, astroStarted, kept);
    const redirects = JSON.parse(readFileSync(`${out}/redirects.json`, 'utf8')) as Array<{ from: string; to: string; status: number }>;
    writeFileSync(`${out}/_redirects`, `${redirects.map((r) => `${r.from} ${r.to} ${r.status}`).join('\n')}\n`);
    if (!inPlace) publish(dist, channel, out);
    console.log(`Built ${channel} in ${((performance.now() - started) / 1000).toFixed(1)} s → ${dist}/${channel}/`);
    // What the content left out, for the editors (the publish receiver's log, Netlify's build log).
    for (const line of reportSummary(channel, env)) console.warn(line);
  };

  // The first channel's tree is prepared while the content service starts (the first second of an edit's build).
  const readies: Array<ReturnType<typeof ready>> = [];
  for (const channel of channels) {
    const before = readies.at(-1);
    const readyThis = () => ready(channel);
    const prepared = before ? before.then(readyThis, readyThis) : readyThis();
    // Its failure is met where its channel's build awaits it; until then it must not end the process.
    prepared.catch(() => {});
    readies.push(prepared);
  }
  let contentService: Awaited<ReturnType<typeof ensureContentService>>;
  try {
    contentService = await ensureContentService(env);
  } catch (error) {
    // Nothing is left running on a failure: the next build would meet this one's tree workers.
    await Promise.allSettled(readies);
    throw error;
  }
  const { contentUrl, stop } = contentService;
  try {
    const builds = channels.map(async (channel, index) => {
      const prepared = await readies[index]!;
      const astroStarted = Date.now();
      await astroBuild(builders, channel, env, contentUrl, distDir, options, index === 0 ? 0 : LATER_CHANNEL_NICENESS);
      finish(channel, prepared, astroStarted);
    });
    const failed = (await Promise.allSettled(builds)).find((build) => build.status === 'rejected');
    if (failed) throw failed.reason;
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
