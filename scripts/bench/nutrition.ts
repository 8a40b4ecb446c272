/**
 * Nutrition calls of the embedded content service: BENCH_NUTRITION_CLIENTS (20) concurrent clients send
 * BENCH_NUTRITION_REQUESTS (1,000) ration calls (GET b2c-rations/getReco) and as many recommendation calls
 * (POST b2c-recommendation/getReco) over real HTTP, with varied weights, ages and profiles; p50/p95 per
 * call. On PGlite and, when the bench has one, a PostgreSQL server. `node scripts/bench/nutrition.ts`
 * prints the table; `npm run bench -- nutrition` imports benchNutrition.
 */
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { preparePlatform } from '../../src/backend/platform.ts';
import { benchDatabases, percentile } from './shared.ts';

const CLIENTS = Number(process.env.BENCH_NUTRITION_CLIENTS ?? 20);
const REQUESTS = Number(process.env.BENCH_NUTRITION_REQUESTS ?? 1000);

async function measure(databaseUrl: string | undefined) {
  const { app, db, close } = await preparePlatform({
    dataDir: 'memory://',
    env: { DATABASE_URL: databaseUrl, JWT_SECRET: 'bench-nutrition' },
  });
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/content`;
  try {
    const skus = (
      await db.query<{ sku: string }>(
        `SELECT sku FROM content.products WHERE language = 'fr' AND kind IN ('dry', 'wet') AND NOT is_sample AND viewable AND NOT old_product ORDER BY sku LIMIT 20`,
      )
    ).map((r) => r.sku);
    const ration = (n: number) =>
      fetch(`${base}/b2c-rations/getReco?ref=${skus[n % skus.length]}&weight=${(n % 12) + 2}&month=${n % 60}&locale=fr`);
    const reco = (n: number) =>
      fetch(`${base}/b2c-recommendation/getReco?locale=${n % 2 ? 'fr' : 'nl'}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          type: n % 2 ? 'dog' : 'cat',
          weight: (n % 12) + 2,
          month: n % 150,
          sterilized: n % 3 === 0,
          condition: ['ideal', 'overweight', 'thin'][n % 3],
          activity: ['low', 'moderate', 'high'][n % 3],
          ...(n % 4 === 0 ? { kinds: ['dry', 'wet'], wet: { share: 0.3, daysPerWeek: 3 } } : {}),
        }),
      });
    const run = async (call: (n: number) => Promise<Response>) => {
      const latencies: number[] = [];
      let errors = 0;
      const perClient = Math.ceil(REQUESTS / CLIENTS);
      await Promise.all(
        Array.from({ length: CLIENTS }, async (_, client) => {
          for (let i = 0; i < perClient; i += 1) {
            const t0 = performance.now();
            const res = await call(client * perClient + i);
            await res.arrayBuffer();
            latencies.push(performance.now() - t0);
            if (res.status !== 200) errors += 1;
          }
        }),
      );
      latencies.sort((a, b) => a - b);
      return { requests: latencies.length, errors, p50: percentile(latencies, 50), p95: percentile(latencies, 95) };
    };
    // Warm connections and query plans first.
    await Promise.all(
      Array.from({ length: CLIENTS }, (_, n) => Promise.all([ration(n), reco(n)]).then((r) => Promise.all(r.map((x) => x.arrayBuffer())))),
    );
    return { ration: await run(ration), recommendation: await run(reco) };
  } finally {
    await new Promise((resolve) => server.close(resolve));
    // The platform whole: its payment sandbox's webhook deliveries would poll a closed database.
    await close();
  }
}

export async function benchNutrition(): Promise<Record<string, number | string>> {
  const results: Record<string, number | string> = {};
  for (const [name, url] of benchDatabases()) {
    const r = await measure(url);
    for (const [call, m] of Object.entries(r)) {
      const label = `${call} call (${name}, ${CLIENTS} clients)`;
      results[`${label}: requests / errors`] = `${m.requests} / ${m.errors}`;
      results[`${label}: p50 ms`] = Number(m.p50.toFixed(1));
      results[`${label}: p95 ms`] = Number(m.p95.toFixed(1));
    }
  }
  return results;
}

if (import.meta.main) {
  console.log(`\nNutrition calls benchmark (${REQUESTS} requests per call, ${new Date().toISOString().slice(0, 10)}):`);
  console.table(await benchNutrition());
}
