/**
 * GET /shop/relay-points?countryCode=FR&postcode=…|city=…: the relay points near a place, nearest first,
 * for the funnel's relay-point search and map. The carrier's account stays on the server: the page asks
 * the shop, the shop asks the carrier through its client (lib/relay). Signed-in customers only (the
 * checkout is), so the carrier's quota is not anyone's to spend.
 *
 * The embedded carrier (src/backend/relay, outside production, when RELAY_API_URL names no other) is
 * asked in-process through its own HTTP app: the same requests and answers as over the network, without
 * depending on the platform's own port. It also lists points closed for now, which the funnel shows as
 * such (Colissimo never returns them).
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { relayRoutes } from '../../relay/routes.ts';
import { createRelayClient, RelayApiError, type RelayPoint as CarrierPoint, type RelaySearch } from '../../../lib/relay/client.ts';
import { RELAY_ERROR } from '../../../lib/relay/wire.ts';
import { weekdays } from '../../../lib/shops/opening-hours.ts';
import { SHOP_API_PREFIX } from '../../../lib/shop-api/iri.ts';
import { badGateway, badRequest, refuse, tooManyRequests } from '../shared/errors.ts';
import { tooManyRequestsMessage } from '../shared/messages.ts';
import { countAll } from '../limits/store.ts';
import { ld } from '../shared/request.ts';
import type { ShopDeps, ShopEnv } from '../shared/deps.ts';
import { requireCustomer } from '../sessions/access.ts';

/** Searches the carrier's points; tests give their own. */
export type RelaySearchFn = (search: RelaySearch) => Promise<CarrierPoint[]>;

/** How many points the funnel lists (and draws). */
const POINTS_SHOWN = 10;

const query = z
  .object({
    countryCode: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/),
    postcode: z.string().trim().max(10).optional(),
    city: z.string().trim().max(64).optional(),
  })
  .refine((q) => Boolean(q.postcode || q.city));

/** The shipment's day names (monday…sunday), as the checkout stores a point. */
const DAY_NAMES = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;

const pointJson = (p: CarrierPoint) => ({
  '@type': 'RelayPoint',
  id: p.id,
  name: p.name,
  street: p.street,
  postcode: p.postcode,
  city: p.city,
  countryCode: p.country,
  openingHours: Object.fromEntries(weekdays.map((day, i) => [DAY_NAMES[i], p.openingHours[day]])),
  latitude: p.latitude,
  longitude: p.longitude,
  active: p.active,
  distanceMetres: p.distanceMetres,
});

/** The carrier of the environment: the embedded one in-process, or Colissimo (or RELAY_API_URL's) over HTTPS. */
function carrierSearch(deps: ShopDeps): RelaySearchFn {
  const config = deps.config.relay;
  const embedded = !deps.env.RELAY_API_URL && config.sandbox;
  const embeddedApp = embedded ? relayRoutes(deps.db, { account: config.sandbox }) : null;
  const client = createRelayClient({
    baseUrl: config.apiUrl,
    accountNumber: config.accountNumber,
    password: config.password,
    clock: deps.clock,
    ...(embeddedApp
      ? {
          fetch: (input: string | URL | Request, init?: RequestInit) =>
            Promise.resolve(embeddedApp.request(String(input).slice(config.apiUrl.length), init)),
        }
      : {}),
  });
  return (search) => client.searchRelayPoints({ ...search, includeClosed: Boolean(embedded) });
}

export function relayPointRoutes(deps: ShopDeps, given?: RelaySearchFn): Hono<ShopEnv> {
  const app = new Hono<ShopEnv>();
  let search: RelaySearchFn | undefined = given;

  app.get('/relay-points', async (c) => {
    const customerId = await requireCustomer(c, deps);
    // Counted before anything is read: a refused search costs the carrier nothing, a flood does.
    const limit = await countAll([
      [deps.limits.relaySearchAddress, c.get('clientAddress')],
      [deps.limits.relaySearchCustomer, String(customerId)],
    ]);
    if (!limit.allowed)
      throw tooManyRequests(tooManyRequestsMessage(c.get('lang'), 'relaySearch', limit.retryAfterSeconds), limit.retryAfterSeconds);
    const parsed = query.safeParse({
      countryCode: c.req.query('countryCode'),
      postcode: c.req.query('postcode') || undefined,
      city: c.req.query('city') || undefined,
    });
    if (!parsed.success) throw badRequest('countryCode and a postcode or a city are required');
    const { countryCode, postcode, city } = parsed.data;
    search ??= carrierSearch(deps);
    let points: CarrierPoint[];
    try {
      points = await search({ country: countryCode, limit: POINTS_SHOWN, ...(postcode ? { postcode } : {}), ...(city ? { city } : {}) });
    } catch (error) {
      // Relay points are offered in France only: another country is the address step's refusal.
      if (error instanceof RelayApiError && error.countryNotServed)
        throw refuse(c.get('lang'), { path: 'countryCode', code: 'COUNTRY_NOT_SERVED' });
      // A postcode the carrier cannot read (not five digits).
      if (error instanceof RelayApiError && (error.code === RELAY_ERROR.badZipCode || error.code === RELAY_ERROR.missingZipCode)) {
        throw refuse(c.get('lang'), { path: postcode ? 'postcode' : 'city', code: 'INVALID_CHOICE' });
      }
      // The carrier could not answer: the funnel offers to try again or to choose home delivery.
      console.error('Relay-point carrier:', (error as Error).message);
      throw badGateway('Relay-point service unavailable');
    }
    const members = points.map(pointJson);
    return ld(c, {
      '@context': '/api/v2/contexts/RelayPoint',
      '@id': `${SHOP_API_PREFIX}/relay-points`,
      '@type': 'hydra:Collection',
      'hydra:member': members,
      'hydra:totalItems': members.length,
    });
  });

  return app;
}
