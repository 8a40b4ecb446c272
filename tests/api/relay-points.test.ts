import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testPlatform, type TestPlatform } from './platform.ts';
import { createRelayClient, RelayApiError } from '../../src/lib/relay/client.ts';
import { distanceMetres } from '../../src/lib/relay/distance.ts';
import { byIdAnswer, RELAY_PATHS, searchAnswer } from '../../src/lib/relay/wire.ts';

let platform: TestPlatform;
beforeAll(async () => {
  platform = await testPlatform();
});
afterAll(async () => {
  await platform.db.close();
});

interface FixturePoint {
  id: string;
  postcode: string;
  city: string;
  latitude: number;
  longitude: number;
  active: boolean;
}
const fixture = JSON.parse(readFileSync(new URL('../../src/backend/seed/fixtures/relay-points.json', import.meta.url), 'utf8')) as {
  places: { name: string; postcode: string; latitude: number; longitude: number }[];
  points: FixturePoint[];
};
const closedInParis = fixture.points.find((p) => !p.active && p.city === 'Paris')!;
const openPoint = fixture.points.find((p) => p.active && p.city === 'Lyon')!;

const account = { accountNumber: '800000', password: 'bac-a-sable' };
const shippingDate = '09/09/2025';

const post = (path: string, body: unknown, raw?: string) =>
  platform.request(`/relay${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: raw ?? JSON.stringify(body) });
const search = (fields: Record<string, unknown>) => post(RELAY_PATHS.search, { ...account, countryCode: 'FR', shippingDate, ...fields });
const byId = (fields: Record<string, unknown>) => post(RELAY_PATHS.byId, { ...account, date: shippingDate, ...fields });

const found = async (fields: Record<string, unknown>) => {
  const res = await search(fields);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const answer = searchAnswer.parse(res.body);
  expect(answer).toMatchObject({ errorCode: 0, errorMessage: 'Code retour OK' });
  return answer.listePointRetraitAcheminement ?? [];
};
const refused = (res: { status: number; body: unknown }, status: number, errorCode: number) => {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body).toMatchObject({ errorCode, errorMessage: expect.any(String) });
  expect((res.body as { errorMessage: string }).errorMessage).not.toBe('');
};

describe('searching relay points (Colissimo findRDVPointRetraitAcheminement)', () => {
  it("finds open points around a postcode, nearest first, in the carrier's shape", async () => {
    const points = await found({ zipCode: '75011', city: ' ' });
    expect(points.length).toBeGreaterThan(5);
    expect(points.length).toBeLessThanOrEqual(20);
    const distances = points.map((p) => Number(p.distanceEnMetre));
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    // The 11th arrondissement has points of its own: the nearest is a walk away, the farthest within Paris's reach.
    expect(distances[0]).toBeLessThan(1500);
    expect(Math.max(...distances)).toBeLessThan(40_000);
    const first = points[0]!;
    expect(first).toMatchObject({
      codePays: 'FR',
      congesTotal: false,
      localite: 'PARIS',
      coordGeolocalisationLatitude: expect.closeTo(48.86, 1),
      horairesOuvertureLundi: expect.stringMatching(/^\d\d:\d\d-\d\d:\d\d \d\d:\d\d-\d\d:\d\d$/),
      identifiant: expect.stringMatching(/^[0-9A-Z]{6}$/),
    });
    // Coordinates travel as strings, as the carrier sends them.
    expect((await search({ zipCode: '75011' })).body.listePointRetraitAcheminement[0].coordGeolocalisationLatitude).toMatch(/^48\.\d{6}$/);
    // Names and addresses in postal capitals, without accents.
    for (const p of points) expect(`${p.nom} ${p.adresse1} ${p.localite}`).toMatch(/^[A-Z0-9 '&.-]+$/);
  });

  it('measures each distance from the place searched (haversine), to the metre', async () => {
    const lyon = fixture.places.find((p) => p.postcode === '69002')!;
    const points = await found({ zipCode: '69002', city: 'Lyon' });
    for (const p of points) {
      const expected = distanceMetres(lyon, {
        latitude: Number(p.coordGeolocalisationLatitude),
        longitude: Number(p.coordGeolocalisationLongitude),
      });
      expect(Math.abs(Number(p.distanceEnMetre) - expected)).toBeLessThanOrEqual(1);
    }
    // From Villeurbanne, its own points come first and Lyon's follow a few kilometres west.
    const fromVilleurbanne = await found({ zipCode: '69100' });
    expect(fromVilleurbanne[0]!.localite).toBe('VILLEURBANNE');
    const lyonDistances = fromVilleurbanne.filter((p) => p.localite === 'LYON').map((p) => Number(p.distanceEnMetre));
    expect(lyonDistances.length).toBeGreaterThan(5);
    for (const d of lyonDistances) {
      expect(d).toBeGreaterThan(1000);
      expect(d).toBeLessThan(8000);
    }
  });

  it('finds a town by name whatever its accents, case, hyphens or "Saint"/"St"', async () => {
    const reference = await found({ city: 'Saint-Étienne' });
    expect(reference[0]!.localite).toBe('SAINT ETIENNE');
    for (const city of ['saint etienne', 'ST-ETIENNE', 'St Étienne', '  SAINT-ÉTIENNE ']) {
      expect((await found({ city })).map((p) => p.identifiant)).toEqual(reference.map((p) => p.identifiant));
    }
    expect((await found({ city: 'évreux' }))[0]!.localite).toBe('EVREUX');
    expect((await found({ city: 'Villeneuve-d’Ascq' }))[0]!.localite).toBe('VILLENEUVE D ASCQ');
  });

  it("starts from the postcode's area when the postcode itself is not a known place", async () => {
    // 13013 is known; 13012 is not, and falls back on the first place of the Bouches-du-Rhône (Marseille).
    const points = await found({ zipCode: '13012' });
    expect(points[0]!.localite).toBe('MARSEILLE');
    expect(searchAnswer.parse((await search({ zipCode: '13012' })).body).qualiteReponse).toBe(1);
  });

  it('leaves closed points out, unless asked for them', async () => {
    const open = await found({ zipCode: closedInParis.postcode });
    expect(open.map((p) => p.identifiant)).not.toContain(closedInParis.id);
    expect(open.every((p) => p.congesTotal === false)).toBe(true);
    const all = await found({ zipCode: closedInParis.postcode, includeClosedPoints: true });
    expect(all.find((p) => p.identifiant === closedInParis.id)).toMatchObject({ congesTotal: true });
  });

  it('answers 301 and no point for a place it does not know', async () => {
    for (const place of [{ zipCode: '99999' }, { city: 'Atlantide' }, { zipCode: '97400' }]) {
      const res = await search(place);
      expect(res.status).toBe(200);
      expect(searchAnswer.parse(res.body)).toMatchObject({ errorCode: 301, listePointRetraitAcheminement: [] });
    }
  });

  it("refuses a country other than France with the carrier's error", async () => {
    for (const countryCode of ['BE', 'LU', 'de']) refused(await search({ zipCode: '1000', countryCode }), 400, 146);
  });

  it('refuses a request it cannot read with the code of the first field at fault', async () => {
    refused(await search({ accountNumber: undefined, zipCode: '75011' }), 400, 101);
    refused(await search({ password: '', zipCode: '75011' }), 400, 102);
    refused(await search({ zipCode: '', city: ' ' }), 400, 104);
    refused(await search({ zipCode: '7501' }), 400, 125);
    refused(await search({ zipCode: 'ABCDE' }), 400, 125);
    refused(await search({ zipCode: '75011', countryCode: undefined }), 400, 117);
    refused(await search({ zipCode: '75011', shippingDate: undefined }), 400, 106);
    refused(await search({ zipCode: '75011', shippingDate: '2025-09-09' }), 400, 122);
    refused(await search({ zipCode: '75011', weight: 'lourd' }), 400, 120);
    refused(await search({ zipCode: '75011', weight: 120_000 }), 400, 121);
    refused(await search({ zipCode: '75011', filterRelay: 'oui' }), 400, 123);
    refused(await search({ zipCode: '75011', requestId: 'x'.repeat(65) }), 400, 127);
    // An unreadable body reads as an empty one: the account is the first thing missing.
    refused(await post(RELAY_PATHS.search, undefined, '{"zipCode": "75011"'), 400, 101);
    refused(await post(RELAY_PATHS.search, undefined, '[]'), 400, 101);
  });

  it('refuses a wrong account with 201', async () => {
    refused(await search({ password: 'devine', zipCode: '75011' }), 401, 201);
    // As many characters as the password, one of them not ASCII (so one byte more).
    refused(await search({ password: `é${account.password.slice(1)}`, zipCode: '75011' }), 401, 201);
    refused(await byId({ accountNumber: '800001', id: openPoint.id }), 401, 201);
  });

  it('takes the weight as the carrier does: grams, as a number or digits', async () => {
    expect((await found({ zipCode: '75011', weight: '1500' })).length).toBeGreaterThan(0);
    expect((await found({ zipCode: '75011', weight: 2500, filterRelay: 1 })).length).toBeGreaterThan(0);
  });
});

describe('a relay point by id (Colissimo findPointRetraitAcheminementByID)', () => {
  it('gives an open point, without a distance', async () => {
    const res = await byId({ id: openPoint.id });
    expect(res.status).toBe(200);
    const answer = byIdAnswer.parse(res.body);
    expect(answer.errorCode).toBe(0);
    expect(answer.pointRetraitAcheminement).toMatchObject({
      identifiant: openPoint.id,
      codePostal: openPoint.postcode,
      localite: 'LYON',
      congesTotal: false,
    });
    expect(res.body.pointRetraitAcheminement).not.toHaveProperty('distanceEnMetre');
  });

  it('gives a closed point too, flagged congesTotal, so the checkout can refuse it', async () => {
    const res = await byId({ id: closedInParis.id });
    expect(byIdAnswer.parse(res.body).pointRetraitAcheminement).toMatchObject({ identifiant: closedInParis.id, congesTotal: true });
  });

  it('answers 124 for an id it does not know or cannot be one', async () => {
    refused(await byId({ id: '000000' }), 400, 124);
    refused(await byId({ id: '12-456' }), 400, 124);
    refused(await byId({ id: '' }), 400, 107);
    refused(await byId({ id: openPoint.id, date: '31/02' }), 400, 122);
  });
});

describe("the shop's client against the embedded service", () => {
  const client = () =>
    createRelayClient({
      baseUrl: 'http://platform.test/relay/',
      ...account,
      fetch: async (input, init) => platform.app.request(String(input), init),
      clock: () => new Date('2025-09-09T21:30:00Z'),
    });

  it('searches by postcode and hands back typed points, nearest first, at most `limit`', async () => {
    const points = await client().searchRelayPoints({ postcode: '75011', country: 'FR', limit: 5 });
    expect(points).toHaveLength(5);
    const first = points[0]!;
    expect(first).toMatchObject({ country: 'FR', postcode: expect.stringMatching(/^750\d\d$/), city: 'PARIS', active: true });
    expect(Object.keys(first.openingHours)).toEqual(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun']);
    expect(first.latitude).toBeCloseTo(48.86, 1);
    const distances = points.map((p) => p.distanceMetres!);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
  });

  it('searches by town alone, and answers no point with an empty list', async () => {
    expect((await client().searchRelayPoints({ city: 'Besançon', country: 'FR', limit: 3 }))[0]!.city).toBe('BESANCON');
    expect(await client().searchRelayPoints({ city: 'Atlantide', country: 'FR', limit: 10 })).toEqual([]);
    expect(await client().searchRelayPoints({ postcode: '99999', country: 'FR', limit: 10 })).toEqual([]);
  });

  it('looks a point up by id: open, closed, or unknown (null)', async () => {
    expect(await client().relayPoint(openPoint.id)).toMatchObject({ id: openPoint.id, active: true, distanceMetres: null });
    expect(await client().relayPoint(closedInParis.id)).toMatchObject({ id: closedInParis.id, active: false });
    expect(await client().relayPoint('000000')).toBeNull();
  });

  it("turns the carrier's refusals into a RelayApiError", async () => {
    const error = await client()
      .searchRelayPoints({ postcode: '1000', country: 'BE', limit: 5 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RelayApiError);
    expect(error).toMatchObject({ code: 146, status: 400, countryNotServed: true });
    const wrongAccount = createRelayClient({
      baseUrl: 'http://platform.test/relay',
      accountNumber: '800000',
      password: 'non',
      fetch: async (input, init) => platform.app.request(String(input), init),
    });
    await expect(wrongAccount.relayPoint(openPoint.id)).rejects.toMatchObject({ code: 201, status: 401 });
  });
});
