/**
 * `npm run webhook`: the publish receiver on this machine (POST /, port PORT_WEBHOOK or 4499): checks the
 * content service's webhooks, Strapi's (a secret header) or the embedded service's (signed) (publish/receiver.ts, the same code as the Netlify
 * function) and rebuilds the channels concerned, a burst of events coalesced into one build
 * (WEBHOOK_QUIET_MS, a quarter of a second by default). The build is incremental and swapped into the served folder at once;
 * it publishes a new /builds/latest.json, which tells open pages to reload on their next navigation.
 * `npm start` runs the same receiver in its own process. PUBLISH_CHANNELS=fr (or be) builds that channel alone, as
 * its own Netlify site does.
 */
import { serve } from '@hono/node-server';
import { pathToFileURL } from 'node:url';
import { publishReceiver } from './publish/receiver.ts';
import { replayMemory, type BuildChannel } from './publish/judge.ts';
import { rebuildQueue } from './publish/rebuild-queue.ts';
import { exitOnConfigError } from '../src/backend/config.ts';
import { readWebhookConfig } from '../src/backend/config/publishing.ts';
import type { Env } from '../src/backend/config/checks.ts';
import { buildChannels } from './build.ts';
import { LOCAL_WEBHOOK_PORT } from '../src/lib/local-defaults.ts';
import { astroBuilders } from './lib/astro-builders.ts';

/** Builds of the channels, each Astro build in a process started ahead of it (scripts/lib/astro-builders.ts). */
export function keptBuilds(env: Env): (channels: BuildChannel[]) => Promise<void> {
  const builders = astroBuilders({ keep: true });
  return (channels) => buildChannels(channels, env as NodeJS.ProcessEnv, { builders });
}

/** Serves the receiver on 127.0.0.1:`port` (HOST to listen elsewhere); `build` rebuilds the given channels. */
export function startPublishReceiver(
  port: number,
  env: Env = process.env,
  build: (channels: BuildChannel[]) => Promise<void> = keptBuilds(env),
) {
  let secret: string;
  let quietMs: number;
  let own: BuildChannel[];
  try {
    ({ secret, quietMs, channels: own } = readWebhookConfig(env));
  } catch (error) {
    exitOnConfigError(error);
  }
  const queue = rebuildQueue(async (channels) => {
    console.log(`Publish: rebuilding ${channels.join(' and ')}…`);
    try {
      await build(channels);
    } catch (error) {
      console.error('Rebuild failed:', error);
    }
  }, quietMs);
  const fetch = publishReceiver({
    secret,
    replays: replayMemory(),
    rebuild: (channels) => {
      const built = channels.filter((channel) => own.includes(channel));
      if (built.length) queue.request(built);
    },
  });
  const server = serve({ fetch, port, hostname: env.HOST ?? '127.0.0.1' });
  return { url: `http://localhost:${port}/`, server, queue };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { url } = startPublishReceiver(Number(process.env.PORT_WEBHOOK ?? LOCAL_WEBHOOK_PORT));
  console.log(`Publish receiver on ${url}`);
}
