/**
 * `npm run webhook`: receives the content service's publish webhooks (POST /, port PORT_WEBHOOK or 4499,
 * token WEBHOOK_SECRET) and rebuilds both channels, so an editor's change reaches the sites; the new
 * build publishes a new /builds/latest.json, which tells open pages to reload on their next navigation.
 * On Netlify the same job is done by a build hook; this is the local and self-hosted equivalent.
 */
import { createServer } from 'node:http';
import { judgeWebhook, rebuildQueue } from '../src/lib/content/webhook.ts';
import { buildChannels } from './build.ts';
import { exitOnConfigError, readWebhookConfig } from '../src/backend/config.ts';

let secret: string | undefined;
try {
  ({ secret } = readWebhookConfig(process.env));
} catch (error) {
  exitOnConfigError(error);
}
if (!secret) console.warn('WEBHOOK_SECRET is not set: any POST can trigger a rebuild (refused in production).');
const port = Number(process.env.PORT_WEBHOOK ?? 4499);
const queue = rebuildQueue(
  async () => {
    console.log('Rebuilding both channels…');
    try {
      await buildChannels();
    } catch (error) {
      console.error('Rebuild failed:', error);
    }
  },
  Number(process.env.WEBHOOK_QUIET_MS ?? 3000),
);

createServer((req, res) => {
  if (req.method !== 'POST') {
    res.writeHead(405).end();
    return;
  }
  let raw = '';
  req.setEncoding('utf8');
  req.on('data', (chunk: string) => {
    raw += chunk;
    if (raw.length > 1_000_000) {
      res.writeHead(413).end();
      req.destroy();
    }
  });
  req.on('end', () => {
    let body: unknown = null;
    try {
      body = JSON.parse(raw);
    } catch {
      /* judged below as not a webhook */
    }
    const verdict = judgeWebhook(
      { event: req.headers['x-strapi-event'] as string | undefined, authorization: req.headers.authorization },
      body,
      secret,
    );
    if (verdict.rebuild) {
      console.log(`Publish event on ${verdict.model}: rebuild scheduled`);
      queue.request();
      res.writeHead(202, { 'content-type': 'application/json' }).end(JSON.stringify({ scheduled: true }));
    } else {
      res
        .writeHead(verdict.status, { 'content-type': 'application/json' })
        .end(JSON.stringify({ scheduled: false, reason: verdict.reason }));
    }
  });
}).listen(port, process.env.HOST ?? '127.0.0.1', () => console.log(`Webhook receiver on http://localhost:${port}/`));
