/**
 * Add-to-cart benchmark: the embedded platform on a free port of 127.0.0.1, over real HTTP, measured on PGlite
 * (in memory) and, when BENCH_DATABASE_URL is set, on that PostgreSQL server, two ways:
 * - closed loop: BENCH_CART_CLIENTS (50) clients, each sending its next add once the last one answered,
 *   BENCH_CART_REQUESTS (2,000) in all: requests per second (information: on two cores it measures
 *   the machine as much as the code) and the platform's CPU time per add;
 * - open loop: adds started on a fixed schedule, BENCH_CART_RATE (200) per second for BENCH_CART_SECONDS (30),
 *   whether or not the earlier ones answered, each timed from when it was due: a platform slower than the rate
 *   shows as queueing in the p95, where a closed loop would only slow its clients down (issue 47).
 * Either way a shopper's cart takes BENCH_CART_LINES (5) adds of different formats before the next shopper's cart
 * (until 2026-12-07 each client's one cart took all its adds and grew to 40 lines, whose answers and reads
 * then made most of an add's cost).
 * `node scripts/bench/cart.ts` prints the table; `npm run bench` imports benchCart.
 *
 * The clients run in a worker thread, as shoppers' browsers are not the platform's work: the platform's
 * thread is measured alone. Its CPU time per add (HTTP, the handler and, on PGlite, the database; on a
 * server, not the server's own time) is steadier than the throughput on a machine shared with other work.
 * The clients' own CPU time per add is given too: on this machine they share the cores with the platform
 * (and the PostgreSQL server), so what they spend is taken from the throughput.
 */
import type { AddressInfo } from 'node:net';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { serve } from '@hono/node-server';
import { preparePlatform } from '../../src/backend/platform.ts';
import { benchDatabases, percentile } from './shared.ts';

const CLIENTS = Number(process.env.BENCH_CART_CLIENTS ?? 50);
const REQUESTS = Number(process.env.BENCH_CART_REQUESTS ?? 2000);
const RATE = Number(process.env.BENCH_CART_RATE ?? 200);
const SECONDS = Number(process.env.BENCH_CART_SECONDS ?? 30);
/** Untimed adds per client first, so connections and query plans are warm. */
const WARM_UP_PER_CLIENT = 2;
/** The lines of a shopper's cart (BENCH_CART_LINES): the adds a cart takes before the next shopper's. */
const LINES = Number(process.env.BENCH_CART_LINES ?? 5);

interface ClientsTask {
  base: string;
  variants: string[];
  /** Adds per second on a fixed schedule (open loop); else each client's next add once the last answered. */
  rate?: number;
}
/** What the clients' thread tells: the timed adds start, then their latencies and the CPU time they took. */
type ClientsMessage = { started: true } | { latencies: number[]; errors: number; seconds: number; cpuMs: number };

/** The shoppers: their carts made and the connections warmed, then their adds timed. */
async function runClients({ base, variants, rate }: ClientsTask, tell: (message: ClientsMessage) => void) {
  const headers = { 'content-type': 'application/merge-patch+json', accept: 'application/ld+json' };
  // A refused connection is an error counted, not the end of the run: past the platform's pace, the open loop's
  // queue outgrows the listen backlog.
  const add = async (token: string, n: number): Promise<boolean> => {
    try {
      const res = await fetch(`${base}/orders/${token}/items`, {
        method: 'PATCH',
        headers,
        body: JSON.stringify({ productVariant: variants[n % variants.length], quantity: 1, subscriptionInterval: n % 3 === 0 ? 31 : 0 }),
      });
      await res.arrayBuffer();
      return res.status === 200;
    } catch {
      return false;
    }
  };
  const newCarts = async (count: number): Promise<string[]> => {
    const made: string[] = [];
    // CLIENTS at a time, untimed: the preparation is not what is measured.
    while (made.length < count)
      made.push(
        ...(await Promise.all(
          Array.from({ length: Math.min(CLIENTS, count - made.length) }, async () => {
            const res = await fetch(`${base}/orders`, {
              method: 'POST',
              headers: { ...headers, 'content-type': 'application/ld+json' },
              body: '{"localeCode":"fr_FR","channelCode":"FR"}',
            });
            return ((await res.json()) as { tokenValue: string }).tokenValue;
          }),
        )),
      );
    return made;
  };
  // Connections and query plans warmed on carts of their own.
  await Promise.all(
    (await newCarts(CLIENTS)).map(async (token) => {
      for (let i = 0; i < WARM_UP_PER_CLIENT; i += 1) await add(token, i);
    }),
  );
  // A shopper's cart takes LINES adds, each of another format, then the next shopper comes: the answer is a
  // cart as shoppers have them, not one that grew to every format of the bench.
  const total = rate ? Math.round(rate * SECONDS) : REQUESTS;
  const perClient = Math.ceil(REQUESTS / CLIENTS);
  const carts = await newCarts(rate ? Math.ceil(total / LINES) : CLIENTS * Math.ceil(perClient / LINES));

  const latencies: number[] = [];
  let errors = 0;
  tell({ started: true });
  const cpuBefore = process.threadCpuUsage();
  const started = performance.now();
  if (rate) {
    // Open loop: the n-th add is due at started + n / rate, sent then (or at once when the loop runs late), and
    // timed from when it was due, so that a late start counts as the queueing it is. `rate` shoppers add at
    // once, each about once a second, LINES times, then the next `rate` shoppers.
    const pending: Promise<void>[] = [];
    for (let n = 0; n < total; n += 1) {
      const due = started + (n * 1000) / rate;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const shopper = (n % rate) + rate * Math.floor(n / (rate * LINES));
      pending.push(
        add(carts[shopper]!, shopper + Math.floor(n / rate)).then((ok) => {
          latencies.push(performance.now() - due);
          if (!ok) errors += 1;
        }),
      );
    }
    await Promise.all(pending);
  } else
    await Promise.all(
      Array.from({ length: CLIENTS }, async (_, client) => {
        for (let i = 0; i < perClient; i += 1) {
          const shopper = client + CLIENTS * Math.floor(i / LINES);
          const t0 = performance.now();
          const ok = await add(carts[shopper]!, shopper + i);
          latencies.push(performance.now() - t0);
          if (!ok) errors += 1;
        }
      }),
    );
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.threadCpuUsage(cpuBefore);
  tell({ latencies, errors, seconds, cpuMs: (cpu.user + cpu.system) / 1000 });
}

async function measure(databaseUrl: string | undefined, rate?: number) {
  // DATABASE_POOL_SIZE of the shell, to compare sizes of the pool on a PostgreSQL server.
  const env = { DATABASE_URL: databaseUrl, DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE, JWT_SECRET: 'bench-cart' };
  const { app, db, close } = await preparePlatform({ dataDir: 'memory://', env });
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v2/shop`;
  try {
    const variants = (
      await db.query<{ code: string }>(
        `SELECT v.code FROM content.product_variants v JOIN content.products p ON p.sku = v.product_sku AND p.language = v.language
       WHERE v.language = 'fr' AND v.show_variant AND v.in_stock AND p.viewable ORDER BY v.code LIMIT 20`,
      )
    ).map((r) => r.code);
    const clients = new Worker(new URL(import.meta.url), { workerData: { base, variants, rate } satisfies ClientsTask });
    let cpuBefore: NodeJS.CpuUsage | undefined;
    const done = await new Promise<Extract<ClientsMessage, { latencies: number[] }>>((resolve, reject) => {
      clients.on('error', reject);
      clients.on('message', (message: ClientsMessage) => {
        if ('started' in message) cpuBefore = process.threadCpuUsage();
        else resolve(message);
      });
    });
    const cpu = process.threadCpuUsage(cpuBefore);
    await clients.terminate();
    const latencies = done.latencies.sort((a, b) => a - b);
    return {
      requests: latencies.length,
      errors: done.errors,
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      rps: latencies.length / done.seconds,
      cpuPerAdd: (cpu.user + cpu.system) / 1000 / latencies.length,
      clientsCpuPerAdd: done.cpuMs / latencies.length,
    };
  } finally {
    await new Promise((resolve) => server.close(resolve));
    // The platform whole: its payment sandbox's webhook deliveries would poll a closed database.
    await close();
  }
}

export async function benchCart(): Promise<Record<string, number | string>> {
  const results: Record<string, number | string> = {};
  for (const [name, url] of benchDatabases()) {
    const r = await measure(url);
    const label = `add to cart (${name}, ${CLIENTS} clients, closed loop)`;
    results[`${label}: requests`] = r.requests;
    results[`${label}: errors`] = r.errors;
    results[`${label}: p50 ms`] = Number(r.p50.toFixed(1));
    results[`${label}: p95 ms`] = Number(r.p95.toFixed(1));
    results[`${label}: requests per second`] = Number(r.rps.toFixed(0));
    results[`${label}: platform CPU ms per add`] = Number(r.cpuPerAdd.toFixed(2));
    results[`${label}: clients CPU ms per add`] = Number(r.clientsCpuPerAdd.toFixed(2));
    const open = await measure(url, RATE);
    const openLabel = `add to cart (${name}, open loop at ${RATE}/s for ${SECONDS} s)`;
    results[`${openLabel}: errors`] = open.errors;
    results[`${openLabel}: p50 ms`] = Number(open.p50.toFixed(1));
    results[`${openLabel}: p95 ms`] = Number(open.p95.toFixed(1));
    results[`${openLabel}: platform CPU ms per add`] = Number(open.cpuPerAdd.toFixed(2));
  }
  return results;
}

if (!isMainThread) {
  await runClients(workerData as ClientsTask, (message) => parentPort!.postMessage(message));
} else if (import.meta.main) {
  console.log(`\nAdd-to-cart benchmark (${REQUESTS} requests, ${new Date().toISOString().slice(0, 10)}):`);
  console.table(await benchCart());
}
