/** Runs the embedded platform: `npm run platform` (PORT_PLATFORM, HOST, DATABASE_URL, DATA_DIR, NODE_ENV…). */
import { exitOnConfigError } from './config.ts';
import { servePlatform } from './http-server.ts';
import { exitIfDatabaseInUse } from './db/database.ts';
import { preparePlatform } from './platform.ts';
import { EMBEDDED_PLATFORM_PORT } from '../lib/local-defaults.ts';

/** Refuses to start (ConfigError) on an unsafe production configuration. */
export async function startPlatform(
  port = Number(process.env.PORT_PLATFORM ?? EMBEDDED_PLATFORM_PORT),
  hostname = process.env.HOST ?? '127.0.0.1',
) {
  const platform = await preparePlatform();
  const server = servePlatform({ fetch: platform.app.fetch, port, hostname });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  // Once the port answers: the first charges and a charge cut by a crash go to the provider this very process may serve.
  platform.start();
  return { ...platform, server, url: `http://localhost:${port}` };
}

if (import.meta.main) {
  const { url, db, config } = await startPlatform().catch(exitIfDatabaseInUse).catch(exitOnConfigError);
  console.log(`Platform (${db.driver}${config.production ? ', production mode' : ''}) on ${url}/ — content service at ${url}/content`);
}
