/**
 * What the benchmarks share: percentiles, the databases they run on, the shoppers of the checkout's
 * benchmarks, and a build served as the CDN and the platform would serve it.
 */
import type { Server } from 'node:http';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import type { Queryable } from '../../src/backend/db/database.ts';
import { preparePlatform } from '../../src/backend/platform.ts';
import type { ChannelCode, LocaleCode } from '../../src/lib/channels.ts';
import { staticServer } from '../lib/static-server.ts';

/** Debian's Chromium, as the end-to-end suite uses it (CHROMIUM_PATH names another one). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The value at or below which p % of the sorted latencies fall (nearest rank). */
export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

/**
 * In-memory PGlite, and the PostgreSQL server of BENCH_DATABASE_URL when it is set: [name, DATABASE_URL].
 * BENCH_DRIVERS=postgresql (or pglite) keeps one of them, to profile it alone.
 */
export function benchDatabases(): [string, string | undefined][] {
  const databases: [string, string | undefined][] = [['PGlite', undefined]];
  if (process.env.BENCH_DATABASE_URL) databases.push(['PostgreSQL', process.env.BENCH_DATABASE_URL]);
  const kept = process.env.BENCH_DRIVERS?.toLowerCase().split(',');
  return kept ? databases.filter(([name]) => kept.includes(name.toLowerCase())) : databases;
}

/** A shopper per site, in the site's second language on the BE site, with an address the site delivers. */
export const BENCH_SHOPPERS: Record<ChannelCode, { locale: LocaleCode; address: Record<string, string> }> = {
  FR: {
    locale: 'fr_FR',
    address: {
      firstName: 'Louise',
      lastName: 'Garnier',
      street: '21 cours de l’Intendance',
      city: 'Bordeaux',
      postcode: '33000',
      countryCode: 'FR',
      phoneNumber: '+33611223344',
    },
  },
  BE: {
    locale: 'nl_BE',
    address: {
      firstName: 'Ruben',
      lastName: 'Claes',
      street: 'Korenmarkt 7',
      city: 'Gent',
      postcode: '9000',
      countryCode: 'BE',
      phoneNumber: '+32478112233',
    },
  },
};

/** A variant a shopper can buy (shown, in stock, not a free sample): what the checkout's benchmarks put in carts. */
export async function sellableVariant(db: Queryable): Promise<string> {
  const [variant] = await db.query<{ code: string }>(
    `SELECT v.code FROM content.product_variants v JOIN content.products p ON p.sku = v.product_sku AND p.language = v.language
     WHERE v.language = 'fr' AND v.show_variant AND v.in_stock AND p.viewable AND NOT p.is_sample AND v.base_price > 0
     ORDER BY v.code LIMIT 1`,
  );
  if (!variant) throw new Error('No sellable variant in the catalogue.');
  return variant.code;
}

/** The ports a build was made for: its pages name their site and the shop API. */
export interface BuildPorts {
  platform: number;
  fr: number;
  be: number;
}

const HOST = '127.0.0.1';

/**
 * Serves a build where its pages expect it: both sites as the CDN would (scripts/lib/static-server.ts)
 * and the embedded platform on a fresh in-memory database. `close` stops all of it.
 */
export async function serveBuild(distDir: string, ports: BuildPorts) {
  const sites: Record<ChannelCode, string> = { FR: `http://localhost:${ports.fr}`, BE: `http://localhost:${ports.be}` };
  const prepared = await preparePlatform({
    dataDir: 'memory://',
    env: {
      JWT_SECRET: 'bench-served-build-secret-of-at-least-32-bytes',
      PORT_PLATFORM: String(ports.platform),
      SITE_URL_FR: sites.FR,
      SITE_URL_BE: sites.BE,
    },
  });
  const servers: Server[] = [];
  const close = async () => {
    for (const server of servers) server.closeAllConnections?.();
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
    await prepared.close();
  };
  try {
    const api = serve({ fetch: prepared.app.fetch, port: ports.platform, hostname: HOST });
    await new Promise<void>((resolve) => api.once('listening', () => resolve()));
    servers.push(api as Server);
    for (const [code, port] of [
      ['FR', ports.fr],
      ['BE', ports.be],
    ] as const) {
      const site = staticServer(code, join(distDir, code.toLowerCase()));
      await new Promise<void>((resolve) => site.listen(port, HOST, () => resolve()));
      servers.push(site);
    }
  } catch (error) {
    await close();
    throw error;
  }
  return { db: prepared.db, platform: `http://localhost:${ports.platform}`, sites, close };
}
