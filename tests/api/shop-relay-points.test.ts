/**
 * GET /shop/relay-points: the funnel's relay-point search through the shop API (the carrier's account stays
 * on the server). The embedded carrier answers in-process.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { collection } from '../../src/lib/shop-api/http.ts';
import { relayPoint } from '../../src/lib/shop-api/orders.ts';
import { shopApi, testPlatform, type TestPlatform } from './platform.ts';
import { addRelayPoint, expectViolation, type Api } from './shop-checkout-support.ts';

const found = collection(
  z.object({
    ...relayPoint.shape,
    latitude: z.number(),
    longitude: z.number(),
    active: z.boolean(),
    distanceMetres: z.number().nullable(),
  }),
);

let platform: TestPlatform;
let api: Api;
let token: string;
const search = (query: string, as: string | null = token) =>
  api.call('GET', '/relay-points', { query: `channelCode=FR&locale=fr_FR&${query}`, token: as ?? undefined });

beforeAll(async () => {
  platform = await testPlatform();
  api = shopApi(platform);
  token = (await api.signUp()).token;
});
afterAll(async () => {
  await platform.db.close();
});

describe('relay points near a place', () => {
  it('lists the points near a postcode, nearest first, with where they are and their hours per weekday', async () => {
    const res = await search('countryCode=FR&postcode=69002');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const points = found.parse(res.body)['hydra:member'];
    expect(points.length).toBeGreaterThan(1);
    expect(points.length).toBeLessThanOrEqual(10);
    const distances = points.map((p) => p.distanceMetres!);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(distances[0]).toBeLessThan(10_000);
    for (const point of points) {
      expect(point.countryCode).toBe('FR');
      expect(Object.keys(point.openingHours)).toEqual(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']);
      expect(point.latitude).toBeGreaterThan(45);
      expect(point.latitude).toBeLessThan(46.5);
    }
  });

  it('finds a town by its name, and shows a point closed for now as closed (the embedded carrier lists them)', async () => {
    const closed = await addRelayPoint(platform, { active: false });
    const points = found.parse((await search('countryCode=FR&city=lyon')).body)['hydra:member'];
    expect(points.length).toBeGreaterThan(1);
    expect(points.find((p) => p.id === closed)).toMatchObject({ active: false });
    expect(points.some((p) => p.active)).toBe(true);
  });

  it('an unknown place has no point near it: an empty list', async () => {
    const res = await search('countryCode=FR&city=Nulle-Part-sur-Rien');
    expect(res.status).toBe(200);
    expect(found.parse(res.body)['hydra:member']).toEqual([]);
  });

  it('relay points are offered in France only', async () => {
    expectViolation(await search('countryCode=BE&postcode=1000'), 'countryCode', 'COUNTRY_NOT_SERVED');
  });

  it('refuses a search without a place (400), and anyone not signed in (401)', async () => {
    expect((await search('countryCode=FR')).status).toBe(400);
    expect((await search('postcode=69002')).status).toBe(400);
    const anonymous = await search('countryCode=FR&postcode=69002', null);
    expect(anonymous.status).toBe(401);
  });
});
