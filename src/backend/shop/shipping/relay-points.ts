/**
 * The relay point a shipment names, checked when the shopper chooses it: it must exist and be open.
 * The embedded relay-point service keeps its points in its own schema (relay.points, src/backend/relay);
 * reading them here stands for the carrier's "point by id" call, which the shop makes in production
 * through the same interface (`RelayPointLookup`, given to shopRoutes).
 */
import type { Queryable } from '../../db/database.ts';
import type { Language } from '../../../lib/channels.ts';
import type { RelayPoint } from '../../../lib/shop-api/orders.ts';
import { refuse } from '../shared/errors.ts';

interface FoundRelayPoint extends RelayPoint {
  active: boolean;
}

/**
 * `q` is the caller's transaction: the embedded service reads it there (PGlite has one connection, which
 * the transaction holds); a carrier's client ignores it.
 */
export type RelayPointLookup = (id: string, q: Queryable) => Promise<FoundRelayPoint | null>;

const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;

export function embeddedRelayPoints(): RelayPointLookup {
  return async (id, q) => {
    const [row] = await q.query<{
      id: string;
      name: string;
      street: string;
      postcode: string;
      city: string;
      country_code: string;
      opening_hours: unknown;
      active: boolean;
    }>('SELECT id, name, street, postcode, city, country_code, opening_hours, active FROM relay.points WHERE id = $1', [id]);
    if (!row) return null;
    const hours = (typeof row.opening_hours === 'string' ? JSON.parse(row.opening_hours) : row.opening_hours) as Record<
      string,
      [string, string][]
    >;
    return {
      id: row.id,
      name: row.name,
      street: row.street,
      postcode: row.postcode,
      city: row.city,
      countryCode: row.country_code,
      active: row.active,
      openingHours: Object.fromEntries(DAYS.map((day) => [day, hours?.[day] ?? []])),
    };
  };
}

/**
 * The relay point a shopper chose for a relay-point carrier (the checkout's shipment, a subscription's
 * carrier): required, known to the carrier and open, kept as it is now (name, address, opening hours).
 */
export async function chosenRelayPoint(lang: Language, lookup: RelayPointLookup, id: string | null, q: Queryable): Promise<RelayPoint> {
  if (!id) throw refuse(lang, { path: 'relayPoint', code: 'RELAY_POINT_REQUIRED' });
  const found = await lookup(id, q);
  if (!found) throw refuse(lang, { path: 'relayPoint', code: 'INVALID_CHOICE' });
  if (!found.active) throw refuse(lang, { path: 'relayPoint', code: 'RELAY_POINT_INACTIVE' });
  const { active: _, ...snapshot } = found;
  return snapshot;
}
