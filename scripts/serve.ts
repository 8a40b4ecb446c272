/** Serves the last build of both channels (no platform): what the tests and benchmarks run against. */
import { channels, type ChannelCode } from '../src/lib/channels.ts';
import { staticServer } from './lib/static-server.ts';

for (const code of ['FR', 'BE'] as ChannelCode[]) {
  const port = Number(process.env[`PORT_${code}`] ?? channels[code].defaultPort);
  staticServer(code, `${process.env.DIST_DIR ?? 'dist'}/${code.toLowerCase()}`).listen(port, '127.0.0.1');
  console.log(`${code} site on http://localhost:${port}/`);
}
