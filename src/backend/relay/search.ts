/**
 * Where a search starts and which points it finds: the place named by a postcode or a town, then the
 * open points nearest to it. Reads relay.places and relay.points (migration 008).
 */
import type { Queryable } from '../db/database.ts';
import { distanceMetres } from '../../lib/relay/distance.ts';
import type { Weekday } from '../../lib/shops/opening-hours.ts';

/**
 * A town's name as a search compares it: no accents, case or punctuation, and "Saint"/"Sainte" the same
 * as "St"/"Ste", so "st etienne", "SAINT-ÉTIENNE" and "Saint Étienne" find the same town.
 */
export function nameKey(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .map((word) => (word === 'saint' ? 'st' : word === 'sainte' ? 'ste' : word))
    .join(' ');
}

export interface Place {
  name: string;
  postcode: string;
  latitude: number;
  longitude: number;
  /** 2 when the postcode or the town was found, 1 when only the postcode's area was. */
  quality: 1 | 2;
}

type PlaceRow = Omit<Place, 'quality'>;
const placeColumns = 'name, postcode, latitude, longitude';

/**
 * The place a search starts from: the postcode's own row (the one of the town named with it, if any),
 * else the town, else the first place of the postcode's area (its two first digits, the department); null
 * when none is known, which the carrier answers as "no point".
 */
export async function findPlace(db: Queryable, postcode: string | undefined, city: string | undefined): Promise<Place | null> {
  const key = city ? nameKey(city) : '';
  if (postcode) {
    const rows = await db.query<PlaceRow>(
      `SELECT ${placeColumns} FROM relay.places WHERE postcode = $1 ORDER BY name_key = $2 DESC, position`,
      [postcode, key],
    );
    if (rows[0]) return { ...rows[0], quality: 2 };
  }
  if (key) {
    const [row] = await db.query<PlaceRow>(`SELECT ${placeColumns} FROM relay.places WHERE name_key = $1 ORDER BY position LIMIT 1`, [key]);
    if (row) return { ...row, quality: 2 };
  }
  if (postcode) {
    const [row] = await db.query<PlaceRow>(
      `SELECT ${placeColumns} FROM relay.places WHERE left(postcode, 2) = $1 ORDER BY position LIMIT 1`,
      [postcode.slice(0, 2)],
    );
    if (row) return { ...row, quality: 1 };
  }
  return null;
}

export interface PointRow {
  id: string;
  type: string;
  name: string;
  street: string;
  postcode: string;
  city: string;
  country_code: string;
  latitude: number;
  longitude: number;
  opening_hours: Partial<Record<Weekday, [string, string][]>>;
  active: boolean;
  accessible: boolean;
  parking: boolean;
  max_weight_kg: number;
}

/** The carrier lists at most this many points per search. */
const MAX_POINTS = 20;
/**
 * Points farther than this from the place are not offered: nobody walks 40 km to fetch dog food. Between
 * the box below and this radius, a search in the emptiest countryside still finds the nearest towns.
 */
const MAX_DISTANCE_METRES = 40_000;
/** Half the side of the box read around the place, in degrees: over 40 km in France in both directions. */
const BOX_DEGREES = { latitude: 0.4, longitude: 0.6 };

const pointColumns =
  'id, type, name, street, postcode, city, country_code, latitude, longitude, opening_hours, active, accessible, parking, max_weight_kg';

/** The points around a place, nearest first, with their distance in metres. */
export async function pointsNear(db: Queryable, place: Place, includeClosed: boolean): Promise<{ point: PointRow; distance: number }[]> {
  const rows = await db.query<PointRow>(
    `SELECT ${pointColumns} FROM relay.points
      WHERE latitude BETWEEN $1 AND $2 AND longitude BETWEEN $3 AND $4 AND ($5 OR active)`,
    [
      place.latitude - BOX_DEGREES.latitude,
      place.latitude + BOX_DEGREES.latitude,
      place.longitude - BOX_DEGREES.longitude,
      place.longitude + BOX_DEGREES.longitude,
      includeClosed,
    ],
  );
  return rows
    .map((point) => ({ point, distance: distanceMetres(place, point) }))
    .filter(({ distance }) => distance <= MAX_DISTANCE_METRES)
    .sort((a, b) => a.distance - b.distance || a.point.id.localeCompare(b.point.id))
    .slice(0, MAX_POINTS);
}

export async function pointById(db: Queryable, id: string): Promise<PointRow | null> {
  const [row] = await db.query<PointRow>(`SELECT ${pointColumns} FROM relay.points WHERE id = $1`, [id.toUpperCase()]);
  return row ?? null;
}
