/** What the benchmarks share: percentiles, the databases they run on, and the shoppers of the checkout's benchmarks. */
import type { Queryable } from '../../src/backend/db/database.ts';
import type { ChannelCode, LocaleCode } from '../../src/lib/channels.ts';

/** The value at or below which p % of the sorted latencies fall (nearest rank). */
export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

/** In-memory PGlite always, and the PostgreSQL server of BENCH_DATABASE_URL when it is set: [name, DATABASE_URL]. */
export function benchDatabases(): [string, string | undefined][] {
  const databases: [string, string | undefined][] = [['PGlite', undefined]];
  if (process.env.BENCH_DATABASE_URL) databases.push(['PostgreSQL', process.env.BENCH_DATABASE_URL]);
  return databases;
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
