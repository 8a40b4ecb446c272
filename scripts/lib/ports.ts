/** Local ports: the embedded platform's, and free ones for a run that must not meet the shop already running on the default ones. */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { EMBEDDED_PLATFORM_PORT } from '../../src/lib/local-defaults.ts';

/** The embedded platform's port: PORT_PLATFORM, else the default one. */
export const platformPort = (): number => Number(process.env.PORT_PLATFORM ?? EMBEDDED_PLATFORM_PORT);

/** The local platform's address for a command: one listening on every address (HOST=0.0.0.0 or ::) answers on the loopback too. */
export function platformUrlOf(env: NodeJS.ProcessEnv): string {
  const host = env.HOST && !['0.0.0.0', '::'].includes(env.HOST) ? env.HOST : '127.0.0.1';
  return `http://${host.includes(':') ? `[${host}]` : host}:${env.PORT_PLATFORM || EMBEDDED_PLATFORM_PORT}`;
}

/**
 * The first port the system hands out to outgoing connections (Linux's ip_local_port_range). Ports are
 * chosen below it: a port of that range, free now, may become the local end of any connection before
 * the server that needs it starts (the build takes a while), and its TIME_WAIT then refuses the bind.
 */
function ephemeralStart(): number {
  try {
    const [low] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    return low && low > 12_000 ? low : 32_768;
  } catch {
    return 32_768;
  }
}

const isFree = (port: number, host: string) =>
  new Promise<boolean>((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, host, () => server.close(() => resolve(true)));
  });

/**
 * `count` distinct ports nothing listens on now, drawn at random from the 10,000 ports below the
 * system's ephemeral range (so that two runs at once rarely draw the same, and the next check sees it
 * if they do). Another process may still take one before it is used: the suite's servers then stop
 * with a message naming the port.
 */
export async function freePorts(count: number, host = '127.0.0.1'): Promise<number[]> {
  const high = ephemeralStart();
  const low = high - 10_000;
  const ports: number[] = [];
  for (let tries = 0; ports.length < count; tries += 1) {
    if (tries > 1000) throw new Error(`No ${count} free ports between ${low} and ${high}.`);
    const port = low + Math.floor(Math.random() * (high - low));
    if (!ports.includes(port) && (await isFree(port, host))) ports.push(port);
  }
  return ports;
}
