/** Runs the embedded platform: `npm run platform` (PORT_PLATFORM, DATABASE_URL, DATA_DIR). */
import { serve } from '@hono/node-server';
import { preparePlatform } from './platform.ts';

export async function startPlatform(port = Number(process.env.PORT_PLATFORM ?? 4400)) {
  const { db, app } = await preparePlatform();
  const server = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  return { db, server, url: `http://localhost:${port}` };
}

if (import.meta.main) {
  const { url, db } = await startPlatform();
  console.log(`Platform (${db.driver}) on ${url}/ — content service at ${url}/content`);
}
