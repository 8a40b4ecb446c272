/**
 * Seeds the embedded relay-point service from src/backend/seed/fixtures/relay-points.json: about 530 points
 * across metropolitan France (several per big town, one in small ones, about 5 % closed) and the places
 * (towns, postcodes, coordinates) searches start from. Once on an empty service; again on `reset`.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { Database, Queryable } from '../db/database.ts';
import { advisoryLock } from '../db/migrate.ts';
import { weekdays } from '../../lib/shops/opening-hours.ts';
import { nameKey } from './search.ts';

const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);
const latitude = z.number().min(41).max(51.2);
const longitude = z.number().min(-5.2).max(9.6);
const postcode = z.string().regex(/^\d{5}$/);

const fixture = z.object({
  places: z.array(z.object({ name: z.string().min(1), postcode, latitude, longitude })).min(1),
  points: z
    .array(
      z.object({
        id: z.string().regex(/^[0-9A-Z]{6}$/),
        type: z.enum(['A2P', 'BPR']),
        // The carrier's limits: 50 characters for a name, 38 for an address line, 32 for a town.
        name: z.string().min(1).max(50),
        street: z.string().min(1).max(38),
        postcode,
        city: z.string().min(1).max(32),
        latitude,
        longitude,
        openingHours: z.record(z.enum(weekdays), z.array(z.tuple([clockTime, clockTime])).max(2)),
        active: z.boolean(),
        accessible: z.boolean(),
        parking: z.boolean(),
        maxWeightKg: z.number().int().positive(),
      }),
    )
    .min(1),
});

const loadFixture = () => fixture.parse(JSON.parse(readFileSync(new URL('../seed/fixtures/relay-points.json', import.meta.url), 'utf8')));

async function insertJson(tx: Queryable, table: string, rows: object[]): Promise<void> {
  await tx.query(`INSERT INTO ${table} SELECT * FROM jsonb_populate_recordset(null::${table}, $1::text::jsonb)`, [JSON.stringify(rows)]);
}

/** Returns true when it wrote the points. */
export async function seedRelayPoints(db: Database, options: { reset?: boolean } = {}): Promise<boolean> {
  const isEmpty = async (q: Queryable) =>
    (await q.query<{ count: number }>('SELECT count(*)::int AS count FROM relay.points'))[0]?.count === 0;
  if (!options.reset && !(await isEmpty(db))) return false;
  const { places, points } = loadFixture();
  return db.transaction(async (tx) => {
    // Instances starting together: the first seeds, the others wait and find the points (as seed.ts does).
    await tx.query(advisoryLock('relay-seed'));
    if (!options.reset && !(await isEmpty(tx))) return false;
    await tx.query('TRUNCATE relay.places, relay.points');
    await insertJson(
      tx,
      'relay.places',
      places.map((place, position) => ({ ...place, position, name_key: nameKey(place.name) })),
    );
    await insertJson(
      tx,
      'relay.points',
      points.map((p) => ({
        id: p.id,
        type: p.type,
        name: p.name,
        street: p.street,
        postcode: p.postcode,
        city: p.city,
        country_code: 'FR',
        latitude: p.latitude,
        longitude: p.longitude,
        opening_hours: p.openingHours,
        active: p.active,
        accessible: p.accessible,
        parking: p.parking,
        max_weight_kg: p.maxWeightKg,
      })),
    );
    return true;
  });
}
