/**
 * `npm start`: the whole shop on this machine — the embedded platform, both channels built against it,
 * and a static server per channel. `npm start -- --no-build` serves the last build.
 */
import { startPlatform } from '../src/backend/main.ts';
import { exitOnConfigError } from '../src/backend/config.ts';
import { exitIfDatabaseInUse } from '../src/backend/db/database.ts';
import { channels, type ChannelCode } from '../src/lib/channels.ts';
import { staticServer } from './lib/static-server.ts';
import { buildChannels } from './build.ts';
import { platformPort } from './lib/ports.ts';

const platform = await startPlatform(platformPort()).catch(exitIfDatabaseInUse).catch(exitOnConfigError);
console.log(`Platform (${platform.db.driver}) on ${platform.url}/`);
if (!process.argv.includes('--no-build')) await buildChannels(['fr', 'be'], { ...process.env, CONTENT_API_URL: `${platform.url}/content` });

for (const code of ['FR', 'BE'] as ChannelCode[]) {
  const port = Number(process.env[`PORT_${code}`] ?? channels[code].defaultPort);
  staticServer(code, `dist/${code.toLowerCase()}`).listen(port, '127.0.0.1');
  console.log(`${code} site on http://localhost:${port}/${code === 'BE' ? `  (Dutch: http://localhost:${port}/nl/)` : ''}`);
}
