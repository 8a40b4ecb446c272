/**
 * What the end-to-end suite runs against, read from the build it tests, never assumed: the built pages
 * bake in their own site URL (canonical links, from SITE_URL_FR/BE or PORT_FR/BE) and the shop API they
 * call (the page policy's connect-src, from SHOP_API_URL), so the suite serves that build on exactly those
 * ports, with its own platform there (tests/e2e/servers.ts), and refuses a build it cannot serve.
 *
 * Loaded by playwright.config.ts in the runner and again in each worker: it reads files and the
 * environment only, so every process gets the same answer. The run id is made once, by the runner
 * (workers and the servers inherit its environment), and every server of this run answers with it.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const RUN_HEADER = 'x-e2e-run';

export interface E2eTarget {
  /** The folder holding fr/ and be/ of the build under test (DIST_DIR, else dist). */
  distDir: string;
  /** The shop API the build's islands call: the suite's own platform listens there. */
  platform: string;
  sites: { fr: string; be: string };
  ports: { platform: number; fr: number; be: number };
  /** Made for this run: the platform and both sites send it in RUN_HEADER. */
  runId: string;
}

export class TargetError extends Error {}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1']);

/** The origin and port of a local http URL the suite can serve, or a TargetError saying why not. */
function localOrigin(url: string, what: string, distDir: string): { origin: string; port: number } {
  const parsed = new URL(url);
  if (parsed.protocol !== 'http:' || !LOCAL_HOSTS.has(parsed.hostname) || !parsed.port) {
    throw new TargetError(
      `The build in ${distDir}/ was made for ${what} at ${url}, which the end-to-end suite cannot serve: ` +
        'it serves the build on this machine. Build for local ports (npm run build, without SITE_URL_FR/SITE_URL_BE/SHOP_API_URL pointing elsewhere).',
    );
  }
  return { origin: parsed.origin, port: Number(parsed.port) };
}

function readPage(distDir: string, channel: 'fr' | 'be'): string {
  const file = join(distDir, channel, 'index.html');
  if (!existsSync(file)) {
    throw new TargetError(
      `No build in ${distDir}/${channel}/: run \`npm run build\` first (or \`npm test\`, which builds and runs everything).`,
    );
  }
  return readFileSync(file, 'utf8');
}

/** The site URL a channel's home page names as canonical. */
function siteOf(html: string, channel: string, distDir: string): string {
  const canonical = /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
  if (!canonical) throw new TargetError(`${distDir}/${channel}/index.html has no canonical link: is it a build of this shop?`);
  return canonical;
}

/** The shop API origin a page's policy lets the islands call (connect-src, besides 'self' and the captcha's). */
function shopApiOf(html: string, channel: string, distDir: string): string {
  const policy = /<meta http-equiv="content-security-policy" content="([^"]*)"/.exec(html)?.[1] ?? '';
  const sources =
    policy
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .find(([name]) => name === 'connect-src')
      ?.slice(1) ?? [];
  const api = sources.find((s) => /^https?:\/\//.test(s) && !s.includes('google.com'));
  if (!api) throw new TargetError(`${distDir}/${channel}/index.html allows no shop API in its connect-src: is it a build of this shop?`);
  return api;
}

/** The ports the environment asks for must be the build's: a suite on other ports would test nothing it built. */
function checkEnvironmentPorts(ports: E2eTarget['ports'], distDir: string, env: NodeJS.ProcessEnv): void {
  const asked = { platform: env.PORT_PLATFORM, fr: env.PORT_FR, be: env.PORT_BE };
  const names = { platform: 'PORT_PLATFORM', fr: 'PORT_FR', be: 'PORT_BE' } as const;
  const conflicts = (Object.keys(asked) as Array<keyof typeof asked>)
    .filter((key) => asked[key] !== undefined && asked[key] !== '' && Number(asked[key]) !== ports[key])
    .map((key) => `${names[key]}=${asked[key]} but the build in ${distDir}/ uses ${ports[key]}`);
  if (conflicts.length > 0) {
    throw new TargetError(
      `The build was made for other ports than this shell asks for (${conflicts.join('; ')}). ` +
        'Build again with the same variables (PORT_PLATFORM, PORT_FR, PORT_BE and SHOP_API_URL=http://localhost:$PORT_PLATFORM), or unset them.',
    );
  }
}

export function resolveTarget(env: NodeJS.ProcessEnv = process.env): E2eTarget {
  const distDir = env.DIST_DIR || 'dist';
  const fr = readPage(distDir, 'fr');
  const be = readPage(distDir, 'be');
  const sites = {
    fr: localOrigin(siteOf(fr, 'fr', distDir), 'the FR site', distDir),
    be: localOrigin(siteOf(be, 'be', distDir), 'the BE site', distDir),
  };
  const apis = [shopApiOf(fr, 'fr', distDir), shopApiOf(be, 'be', distDir)];
  if (apis[0] !== apis[1])
    throw new TargetError(
      `The two channels of ${distDir}/ call different shop APIs (${apis.join(', ')}): build both at once (npm run build).`,
    );
  const platform = localOrigin(apis[0]!, 'the shop API', distDir);
  const ports = { platform: platform.port, fr: sites.fr.port, be: sites.be.port };
  if (new Set(Object.values(ports)).size !== 3)
    throw new TargetError(`The build in ${distDir}/ uses one port for two servers (${JSON.stringify(ports)}).`);
  checkEnvironmentPorts(ports, distDir, env);
  return {
    distDir: resolve(distDir),
    platform: platform.origin,
    sites: { fr: sites.fr.origin, be: sites.be.origin },
    ports,
    runId: env.E2E_RUN_ID ?? '',
  };
}

/** The runner's target: resolved once, with a run id that the workers and the servers inherit. */
export function runTarget(): E2eTarget {
  process.env.E2E_RUN_ID ||= randomUUID();
  return resolveTarget(process.env);
}
