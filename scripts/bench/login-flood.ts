/**
 * Login-flood benchmark: the embedded platform on a free port of 127.0.0.1 (in-memory PGlite, and the
 * PostgreSQL server of BENCH_DATABASE_URL when set). A real customer signs in from 127.0.0.3, first alone,
 * then while BENCH_FLOOD_CLIENTS (40) concurrent clients send logins with unknown e-mails — each costing
 * a 32 MiB scrypt hash unless refused first. Two floods: all clients from one address (127.0.0.2), and
 * each client from its own address (127.0.1.1…), which the per-address limits cannot tell apart from 40
 * shoppers and only the process-wide hashing bound holds. Linux accepts connections from any 127.x
 * source, so no header is trusted (TRUST_PROXY unset). Every loop is bounded.
 * `node scripts/bench/login-flood.ts` prints the table; `npm run bench` imports benchLoginFlood.
 */
import { request as httpRequest, Agent } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { preparePlatform } from '../../src/backend/platform.ts';
import { benchDatabases, percentile } from './shared.ts';

const FLOOD_CLIENTS = Number(process.env.BENCH_FLOOD_CLIENTS ?? 40);
/** Sign-ins of the real customer measured during each flood, one after another, SIGN_IN_PAUSE_MS apart. */
const SIGN_INS = Number(process.env.BENCH_FLOOD_SIGN_INS ?? 40);
const SIGN_IN_PAUSE_MS = 50;
/** Upper bound of requests per flood client, whatever happens. */
const MAX_PER_CLIENT = 2000;
/** The flood runs alone this long before the first measured sign-in. */
const FLOOD_HEAD_START_MS = 300;

const CUSTOMER_ADDRESS = '127.0.0.3';
const SINGLE_FLOOD_ADDRESS = '127.0.0.2';
const floodAddress = (client: number, spread: boolean) => (spread ? `127.0.1.${client + 1}` : SINGLE_FLOOD_ADDRESS);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Answer {
  status: number;
  ms: number;
}

function post(agent: Agent, port: number, localAddress: string, path: string, body: unknown): Promise<Answer> {
  const payload = JSON.stringify(body);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        localAddress,
        agent,
        method: 'POST',
        path: `/api/v2/shop${path}`,
        headers: { 'content-type': 'application/ld+json', accept: 'application/ld+json', 'content-length': Buffer.byteLength(payload) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

async function signIns(
  agent: Agent,
  port: number,
  email: string,
  password: string,
  count: number,
): Promise<{ latencies: number[]; failures: number }> {
  const latencies: number[] = [];
  let failures = 0;
  for (let i = 0; i < count; i += 1) {
    const answer = await post(agent, port, CUSTOMER_ADDRESS, '/authentication-token', { email, password });
    latencies.push(answer.ms);
    if (answer.status !== 200) failures += 1;
    await sleep(SIGN_IN_PAUSE_MS);
  }
  return { latencies: latencies.sort((a, b) => a - b), failures };
}

async function measure(databaseUrl: string | undefined) {
  const { app, db, close } = await preparePlatform({
    dataDir: 'memory://',
    env: { DATABASE_URL: databaseUrl, JWT_SECRET: 'bench-login-flood-secret-of-at-least-32-bytes' },
  });
  // Counters left by an earlier run on a kept server would start the floods already refused.
  await db.query(`DELETE FROM shop.rate_limits WHERE key LIKE '%:127.0.%'`);
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const { port } = server.address() as AddressInfo;
  const agent = new Agent({ keepAlive: true, maxSockets: Infinity });
  try {
    const email = `flood.bench.${Date.now()}@example.com`;
    const password = 'croquettes-42';
    const registered = await post(agent, port, CUSTOMER_ADDRESS, '/customers', {
      firstName: 'Camille',
      lastName: 'Martin',
      email,
      password,
      acceptTerms: true,
    });
    if (registered.status !== 201) throw new Error(`registration: ${registered.status}`);
    await signIns(agent, port, email, password, 3); // warm-up
    const alone = await signIns(agent, port, email, password, SIGN_INS);

    const floods: Record<
      string,
      { latencies: number[]; failures: number; statuses: Record<number, number>; floodRequests: number; seconds: number }
    > = {};
    for (const spread of [false, true]) {
      let done = false;
      const statuses: Record<number, number> = {};
      const started = performance.now();
      const flood = Promise.all(
        Array.from({ length: FLOOD_CLIENTS }, async (_, client) => {
          for (let i = 0; i < MAX_PER_CLIENT && !done; i += 1) {
            const answer = await post(agent, port, floodAddress(client, spread), '/authentication-token', {
              email: `nobody.${client}.${i}.${Date.now()}@example.com`,
              password: 'Password1',
            });
            statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
            // A refused client waits for nothing: the worst case for the server.
          }
        }),
      );
      await sleep(FLOOD_HEAD_START_MS);
      const during = await signIns(agent, port, email, password, SIGN_INS);
      done = true;
      await flood;
      const seconds = (performance.now() - started) / 1000;
      floods[spread ? `${FLOOD_CLIENTS} addresses` : 'one address'] = {
        ...during,
        statuses,
        floodRequests: Object.values(statuses).reduce((a, b) => a + b, 0),
        seconds,
      };
    }
    return { alone, floods };
  } finally {
    agent.destroy();
    await new Promise((resolve) => server.close(resolve));
    await close();
  }
}

export async function benchLoginFlood(): Promise<Record<string, number | string>> {
  const results: Record<string, number | string> = {};
  for (const [name, url] of benchDatabases()) {
    const { alone, floods } = await measure(url);
    results[`sign-in alone (${name}): p50 ms`] = Number(percentile(alone.latencies, 50).toFixed(1));
    results[`sign-in alone (${name}): p95 ms`] = Number(percentile(alone.latencies, 95).toFixed(1));
    for (const [label, flood] of Object.entries(floods)) {
      const prefix = `sign-in during a flood of ${FLOOD_CLIENTS} clients from ${label} (${name})`;
      results[`${prefix}: p50 ms`] = Number(percentile(flood.latencies, 50).toFixed(1));
      results[`${prefix}: p95 ms`] = Number(percentile(flood.latencies, 95).toFixed(1));
      results[`${prefix}: sign-ins refused`] = flood.failures;
      results[`${prefix}: flood answers`] = Object.entries(flood.statuses)
        .map(([status, n]) => `${n}×${status}`)
        .join(', ');
      results[`${prefix}: flood requests per second`] = Number((flood.floodRequests / flood.seconds).toFixed(0));
    }
  }
  return results;
}

if (import.meta.main) {
  console.log(`\nLogin-flood benchmark (${new Date().toISOString().slice(0, 10)}):`);
  console.table(await benchLoginFlood());
}
