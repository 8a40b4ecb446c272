/**
 * The servers of one end-to-end run (Playwright's webServer starts this): the embedded platform on a
 * fresh data folder of its own, and both channels of the build under test, on the ports that build was
 * made for (tests/e2e/target.ts). Every answer carries this run's id, which the global setup checks before
 * the first test: with another copy of the shop listening, the suite stops instead of testing that copy.
 *
 * The data folder is a new temporary one, removed on exit: a run never writes into the developer's
 * .data/pglite, and never meets the rate limits' counters of an earlier run. The platform's environment
 * is the local default whatever the shell exports (no DATABASE_URL, no SMTP, the outbox on).
 */
import { serve } from '@hono/node-server';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { preparePlatform } from '../../src/backend/platform.ts';
import { servePlatform } from '../../src/backend/http-server.ts';
import { staticServer } from '../../scripts/lib/static-server.ts';
import { resolveTarget, RUN_HEADER, TargetError } from './target.ts';
import { publishReceiver } from '../../scripts/publish/receiver.ts';
import { replayMemory } from '../../scripts/publish/judge.ts';
import { rebuildQueue } from '../../scripts/publish/rebuild-queue.ts';
import { readWebhookConfig } from '../../src/backend/config/publishing.ts';
import { astroBuilders } from '../../scripts/lib/astro-builders.ts';
import { buildChannels } from '../../scripts/build.ts';

const HOST = '127.0.0.1';

function fail(message: string): never {
  console.error(`\n✖ ${message}\n`);
  process.exit(1);
}

const target = (() => {
  try {
    return resolveTarget(process.env);
  } catch (error) {
    if (error instanceof TargetError) fail(error.message);
    throw error;
  }
})();
if (!target.runId) fail('E2E_RUN_ID is not set: these servers are started by the end-to-end suite (npm run test:e2e).');

/** Whether something accepts connections at host:port (a server on ::1 would get the browser's "localhost"). */
const answers = (host: string, port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ host, port, timeout: 1000 });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });

/** Resolves when nothing listens on the port, else says who needs it and how to run beside it. */
function portFree(port: number, what: string): Promise<void> {
  return new Promise((resolve) => {
    const probe = createServer();
    const busy = () => {
      fail(
        `Port ${port} is in use, and the build in ${target.distDir} needs it for ${what} (its pages call the shop API at ` +
          `${target.platform} and name ${target.sites.fr} and ${target.sites.be} as their sites). Another copy of the shop is ` +
          'probably running (npm start, npm run platform…): stop it, or let the suite build for ports it finds free and run ' +
          "there, beside it: `npm test -- --e2e` (Playwright's arguments may follow).",
      );
    };
    probe.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE') busy();
      else throw error;
    });
    probe.listen(port, HOST, () =>
      probe.close(async () => {
        if (await answers('::1', port)) busy();
        else resolve();
      }),
    );
  });
}
await portFree(target.ports.platform, 'the platform (shop API)');
await portFree(target.ports.fr, 'the FR site');
await portFree(target.ports.be, 'the BE site');

const dataDir = mkdtempSync(join(tmpdir(), 'maison-gamelle-e2e-'));
// In this process's own environment, so that nothing read later (the database driver, the mailer, the
// shop API's options) can see what the shell exported for the shop.
for (const name of ['DATABASE_URL', 'SMTP_URL', 'OUTBOX_PAGE', 'NODE_ENV', 'TRUST_PROXY', 'SITE_ORIGINS']) delete process.env[name];
// Cheap password hashes (config.ts PASSWORD_HASH_COST): the suite registers and signs in hundreds of customers,
// and the real cost is a test of its own (tests/unit/backend/config.test.ts, tests/api/shop-throttle.test.ts).
Object.assign(process.env, { DATA_DIR: dataDir, SITE_URL_FR: target.sites.fr, SITE_URL_BE: target.sites.be, PASSWORD_HASH_COST: 'test' });
const servers: Server[] = [];

// The publish receiver, as `npm start` runs it: the platform's content service sends it its webhooks, and
// it rebuilds the channels concerned into the folder served here (tests/e2e/publishing.spec.ts), each Astro
// build in a process started ahead of it.
const builders = astroBuilders({ keep: true });
const receiver = serve({
  fetch: publishReceiver({
    secret: readWebhookConfig(process.env).secret,
    replays: replayMemory(),
    rebuild: rebuildQueue(async (channels) => {
      try {
        await buildChannels(
          channels,
          { ...process.env, CONTENT_API_URL: `${target.platform}/content`, DIST_DIR: target.distDir },
          { builders },
        );
      } catch (error) {
        console.error('e2e rebuild failed:', error);
      }
    }, 500).request,
  }),
  port: 0,
  hostname: HOST,
});
await new Promise<void>((resolve) => receiver.once('listening', () => resolve()));
servers.push(receiver as Server);
process.env.CONTENT_WEBHOOK_URLS = `http://${HOST}:${(receiver.address() as { port: number }).port}/`;
// Every shopper of the suite is the browser on 127.0.0.1: it registers about 85 customers a run, where a
// household's address may register 10 an hour (limits/policy.ts registrationAddress).
const platform = await preparePlatform({
  env: process.env,
  dataDir,
  shop: { rateLimits: { registrationAddress: { points: 1000, seconds: 60 * 60 } } },
});

const withRunId = async (response: Response): Promise<Response> => {
  const headers = new Headers(response.headers);
  headers.set(RUN_HEADER, target.runId);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
};
// The second argument carries the socket (the rate limits count by client address): passed on as is.
// Playwright's route.fetch keeps its sockets open between calls: a server closing an idle one just as a
// call goes out on it resets that call (ECONNRESET). This one keeps them for the run's length.
const api = servePlatform({
  fetch: async (request, bindings) => withRunId(await platform.app.fetch(request, bindings)),
  port: target.ports.platform,
  hostname: HOST,
  keepAliveMs: 60 * 60_000,
});
await new Promise<void>((resolve) => api.once('listening', () => resolve()));
servers.push(api);

for (const channel of ['fr', 'be'] as const) {
  const site = staticServer(channel === 'fr' ? 'FR' : 'BE', join(target.distDir, channel));
  // Before the site's own handler, which writes the head: the header goes into every answer.
  site.prependListener('request', (_request, response) => response.setHeader(RUN_HEADER, target.runId));
  await new Promise<void>((resolve) => site.listen(target.ports[channel], HOST, () => resolve()));
  servers.push(site);
}

let stopping = false;
async function stop(code: number) {
  if (stopping) return;
  stopping = true;
  for (const server of servers) server.closeAllConnections?.();
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  await builders.close();
  await platform.close().catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code);
}
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.on(signal, () => void stop(0));

console.log(
  `e2e servers ready: platform ${target.platform} (${platform.db.driver}, ${dataDir}), FR ${target.sites.fr}, BE ${target.sites.be}, run ${target.runId}`,
);
