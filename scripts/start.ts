/**
 * `npm start`: the whole shop on this machine — the embedded platform, both channels built against it,
 * a static server per channel, and the publish receiver (scripts/webhook.ts) the platform's content
 * service sends its webhooks to: an editor's change is rebuilt and served within seconds.
 * `npm start -- --no-build` serves the last build. With CONTENT_API_URL set (`npm run cms`'s Strapi:
 * http://127.0.0.1:1337/api, and CONTENT_API_TOKEN its build token), the sites are built from that service instead,
 * its webhooks rebuild them, and the platform copies its catalogue for the carts (CONTENT_SOURCE_URL, the same
 * service and token: src/backend/content/mirror.ts), on Strapi's second webhook and at start.
 */
import { startPlatform } from '../src/backend/main.ts';
import { exitOnConfigError } from '../src/backend/config.ts';
import { exitIfDatabaseInUse } from '../src/backend/db/database.ts';
import { channels, type ChannelCode } from '../src/lib/channels.ts';
import { staticServer } from './lib/static-server.ts';
import { platformPort } from './lib/ports.ts';
import { keptBuilds, startPublishReceiver } from './webhook.ts';
import { LOCAL_WEBHOOK_PORT } from '../src/lib/local-defaults.ts';

// The content service announces each editor write to this process's receiver, unless told otherwise.
const webhookPort = Number(process.env.PORT_WEBHOOK ?? LOCAL_WEBHOOK_PORT);
process.env.CONTENT_WEBHOOK_URLS ||= `http://127.0.0.1:${webhookPort}/`;
// Sites built from another content service: the carts sell what it publishes, not the embedded service's catalogue.
if (process.env.CONTENT_API_URL) {
  process.env.CONTENT_SOURCE_URL ||= process.env.CONTENT_API_URL;
  if (process.env.CONTENT_API_TOKEN) process.env.CONTENT_SOURCE_TOKEN ||= process.env.CONTENT_API_TOKEN;
}

const platform = await startPlatform(platformPort()).catch(exitIfDatabaseInUse).catch(exitOnConfigError);
console.log(`Platform (${platform.db.driver}) on ${platform.url}/`);
const buildEnv = { ...process.env, CONTENT_API_URL: process.env.CONTENT_API_URL || `${platform.url}/content` };
// The start's build and the receiver's share their Astro builders: each build finds its process started ahead.
const build = keptBuilds(buildEnv);
if (!process.argv.includes('--no-build')) await build(['fr', 'be']);
const receiver = startPublishReceiver(webhookPort, buildEnv, build);
console.log(`Publish receiver on ${receiver.url} (the content service's webhooks rebuild the sites)`);

for (const code of ['FR', 'BE'] as ChannelCode[]) {
  const port = Number(process.env[`PORT_${code}`] ?? channels[code].defaultPort);
  staticServer(code, `${process.env.DIST_DIR ?? 'dist'}/${code.toLowerCase()}`).listen(port, '127.0.0.1');
  console.log(`${code} site on http://localhost:${port}/${code === 'BE' ? `  (Dutch: http://localhost:${port}/nl/)` : ''}`);
}
