/** Free local ports, for a run that must not meet the shop already running on the default ones. */
import { createServer, type Server } from 'node:net';

/**
 * `count` distinct ports nothing listens on now, as the system hands them out (all held until every one
 * is known, so they differ). Another process may still take one before it is used: rare, and the suite's
 * servers then stop with a message naming the port.
 */
export async function freePorts(count: number, host = '127.0.0.1'): Promise<number[]> {
  const servers: Server[] = [];
  try {
    for (let i = 0; i < count; i += 1) {
      const server = createServer();
      servers.push(server);
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(0, host, () => resolve());
      });
    }
    return servers.map((server) => (server.address() as { port: number }).port);
  } finally {
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  }
}
