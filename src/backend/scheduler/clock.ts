/**
 * The platform's clock for demonstrations: real time plus an offset kept in shop.clock_offset, so a demo can
 * jump days ahead (`npm run clock -- advance 5d`) and watch a subscription lock, remind, place and charge.
 * Only outside production is the platform given this clock (platform.ts); production keeps real time and
 * never reads the table. Each instance keeps the offset in memory and reads it again before each scheduler
 * run, so instances on one database follow a change within an interval.
 */
import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/database.ts';

export interface DemoClock {
  now(): Date;
  offsetMs(): number;
  /** Reads the offset again (another instance may have moved it). */
  refresh(): Promise<void>;
  /** Moves the clock forward by `ms`; answers the new offset. */
  advance(ms: number): Promise<number>;
  /** Back to real time. */
  reset(): Promise<void>;
  /**
   * The key that moves this clock through the platform (operator/clock.ts): random, made once per database
   * and kept in it (shop.clock_key), so every instance on the database shares it and `npm run clock`
   * pointed at that database can read it.
   */
  readonly key: string;
}

/** The database's clock key; null when no platform has made one yet (it makes it as it starts). */
export async function readClockKey(db: Queryable): Promise<string | null> {
  return (await db.query<{ key: string }>('SELECT key FROM shop.clock_key'))[0]?.key ?? null;
}

/** Makes the key unless an instance made it first (then it is that one). */
async function clockKey(db: Queryable): Promise<string> {
  await db.query('INSERT INTO shop.clock_key (key) VALUES ($1) ON CONFLICT (id) DO NOTHING', [randomBytes(32).toString('base64url')]);
  return (await readClockKey(db))!;
}

const readOffset = async (db: Queryable) =>
  Number((await db.query<{ offset_ms: string | number }>('SELECT offset_ms FROM shop.clock_offset'))[0]?.offset_ms ?? 0);

export async function demoClock(db: Queryable): Promise<DemoClock> {
  let offset = await readOffset(db);
  const key = await clockKey(db);
  return {
    key,
    now: () => new Date(Date.now() + offset),
    offsetMs: () => offset,
    async refresh() {
      offset = await readOffset(db);
    },
    async advance(ms) {
      const [row] = await db.query<{ offset_ms: string | number }>(
        `INSERT INTO shop.clock_offset (id, offset_ms) VALUES (true, $1::bigint)
         ON CONFLICT (id) DO UPDATE SET offset_ms = shop.clock_offset.offset_ms + excluded.offset_ms RETURNING offset_ms`,
        [ms],
      );
      offset = Number(row!.offset_ms);
      return offset;
    },
    async reset() {
      await db.query('DELETE FROM shop.clock_offset');
      offset = 0;
    },
  };
}

const UNIT_MS = { m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 } as const;

/** "30m", "12h", "5d", "2w": a duration forward, in milliseconds; null for anything else (the clock never goes back). */
export function parseDuration(text: string): number | null {
  const match = /^(\d{1,4})(m|h|d|w)$/.exec(text.trim());
  return match ? Number(match[1]) * UNIT_MS[match[2] as keyof typeof UNIT_MS] : null;
}
