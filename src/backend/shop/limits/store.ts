/**
 * The shop's rate limits, counted in PostgreSQL with rate-limiter-flexible's RateLimiterPostgres so that
 * every platform instance shares them. The library speaks to a node-postgres-like client
 * (`query({ name, text, values })` → `{ rows, rowCount }`); `storeClientOf` gives it one over our
 * Database, which works on PGlite and on postgres.js alike. The table is made by migration
 * 005_rate_limits.sql, never at run time.
 *
 * The library reads the time from Date.now(), not from the shop's injected clock: windows are real time.
 */
import { createHash } from 'node:crypto';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import type { Database, Queryable } from '../../db/database.ts';
import { RATE_LIMITS, type RateLimit, type RateLimitName } from './policy.ts';

export const RATE_LIMITS_TABLE = { schemaName: 'shop', tableName: 'rate_limits' } as const;

interface StoreQuery {
  name?: string;
  text: string;
  values?: unknown[];
}

/**
 * A node-postgres-shaped client over our Database. The statement name (a prepared-statement cache key
 * for node-postgres) is not needed: postgres.js prepares on its own and PGlite does not cache by name.
 * `expire` is a bigint column: drivers may hand it back as a string or a BigInt, the library computes
 * with it as a number. Our drivers return no row count, so the DELETE of one key (whose count the
 * library reads) is asked to return its row.
 */
function storeClientOf(db: Queryable) {
  return {
    async query({ text, values = [] }: StoreQuery): Promise<{ rows: Record<string, unknown>[]; rowCount: number }> {
      const deletesOneKey = /^\s*DELETE\b[^;]*\bWHERE\s+key\s*=\s*\$1\s*;?\s*$/i.test(text);
      const sql = deletesOneKey ? `${text.trim().replace(/;$/, '')} RETURNING 1 AS deleted` : text;
      const rows = (await db.query<Record<string, unknown>>(sql, values)).map((row) => {
        const out: Record<string, unknown> = { ...row };
        for (const column of ['points', 'expire']) {
          const value = out[column];
          if (typeof value === 'bigint' || typeof value === 'string') out[column] = Number(value);
        }
        return out;
      });
      return { rows, rowCount: rows.length };
    },
  };
}

/** `used`: what the key has used in its window, this request included. */
export type LimitCheck = { allowed: true; used: number } | { allowed: false; retryAfterSeconds: number };

/** Seconds until a refused key may try again, rounded up, at least one (a Retry-After of 0 means "now"). */
const retryAfterSeconds = (msBeforeNext: number): number => Math.max(1, Math.ceil(msBeforeNext / 1000));

/** One named limit: counts against a key, gives a count back, forgets a key. */
export class Limit {
  readonly name: RateLimitName;
  readonly policy: RateLimit;
  readonly #limiter: RateLimiterPostgres;

  constructor(name: RateLimitName, policy: RateLimit, limiter: RateLimiterPostgres) {
    this.name = name;
    this.policy = policy;
    this.#limiter = limiter;
  }

  /**
   * Counts one request for the key, atomically in the database, before the work it guards: parallel
   * requests each see the ones counted before them, so no burst gets past the limit. A refused request
   * is counted too, but the window does not move, so hammering a refused key does not lengthen its wait.
   */
  async consume(key: string): Promise<LimitCheck> {
    try {
      const counted = await this.#limiter.consume(key);
      return { allowed: true, used: counted.consumedPoints };
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) return { allowed: false, retryAfterSeconds: retryAfterSeconds(rejection.msBeforeNext) };
      throw rejection;
    }
  }

  /** Gives one count back (the request succeeded, or never ran). */
  async refund(key: string): Promise<void> {
    await this.#limiter.reward(key, 1);
  }

  async forget(key: string): Promise<void> {
    await this.#limiter.delete(key);
  }
}

export type ShopLimits = { readonly [N in RateLimitName]: Limit };

export type Counted = { allowed: true; refund(): Promise<void> } | { allowed: false; limit: RateLimitName; retryAfterSeconds: number };

/**
 * Counts one request against several limits in order (the broadest first). When one refuses, the counts
 * already taken are given back: a refused request did nothing, so it only counts where it was refused.
 * `refund` gives every count back (the request succeeded and the limits count failures only).
 */
export async function countAll(checks: readonly (readonly [Limit, string])[]): Promise<Counted> {
  const counted: (readonly [Limit, string])[] = [];
  const refundAll = async () => {
    await Promise.all(counted.map(([limit, key]) => limit.refund(key)));
  };
  for (const [limit, key] of checks) {
    const check = await limit.consume(key);
    if (!check.allowed) {
      await refundAll();
      return { allowed: false, limit: limit.name, retryAfterSeconds: check.retryAfterSeconds };
    }
    counted.push([limit, key]);
  }
  return { allowed: true, refund: refundAll };
}

/** Limits set apart from RATE_LIMITS, by name (ShopOptions.rateLimits). */
export type RateLimitOverrides = Partial<Record<RateLimitName, RateLimit>>;

/**
 * The limits of one shop app; counters are shared through the database with every other instance.
 * `overrides` replace some of RATE_LIMITS: for a platform whose every client is one address (the
 * end-to-end suite's browser on 127.0.0.1), never in production.
 */
export function createShopLimits(db: Database, overrides: RateLimitOverrides = {}): ShopLimits {
  const storeClient = storeClientOf(db);
  const entries = (Object.entries(RATE_LIMITS) as [RateLimitName, RateLimit][]).map(([name, standard], index) => {
    const policy = overrides[name] ?? standard;
    const limiter = new RateLimiterPostgres({
      storeClient,
      storeType: 'client',
      ...RATE_LIMITS_TABLE,
      tableCreated: true,
      keyPrefix: name,
      points: policy.points,
      duration: policy.seconds,
      ...(name === 'loginAccountAddress'
        ? {}
        : {
            // Once a key is refused, this process refuses it again until its window ends without asking the
            // database: a flood's refused requests cost no query. Not for the account-and-address pairs, which
            // a password reset forgets in the database (clearFailures) and must then be let through at once.
            inMemoryBlockOnConsumed: policy.points + 1,
          }),
      // Every limit shares the table: one of them sweeping expired rows is enough.
      clearExpiredByTimeout: index === 0,
    });
    return [name, new Limit(name, policy, limiter)] as const;
  });
  return Object.fromEntries(entries) as ShopLimits;
}

/** Keys never hold an e-mail in clear, and stay short whatever its length. */
export const emailKey = (canonicalEmail: string): string => createHash('sha256').update(canonicalEmail).digest('base64url');
