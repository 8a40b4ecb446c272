import { describe, expect, it } from 'vitest';
import { createRelayClient, parseDayHours, RelayApiError } from '../../../../src/lib/relay/client.ts';
import { RELAY_PATHS } from '../../../../src/lib/relay/wire.ts';

const wirePoint = {
  identifiant: '100573',
  nom: 'TABAC PRESSE DU CENTRE',
  adresse1: '12 RUE DE LA ROQUETTE',
  adresse2: null,
  codePostal: '75011',
  localite: 'PARIS',
  codePays: 'FR',
  coordGeolocalisationLatitude: '48.856100',
  coordGeolocalisationLongitude: '2.374000',
  distanceEnMetre: '412',
  horairesOuvertureLundi: '07:00-20:00 00:00-00:00',
  horairesOuvertureMardi: '09:30-12:30 14:00-19:00',
  horairesOuvertureMercredi: '09:30-12:30 14:00-19:00',
  horairesOuvertureJeudi: '',
  horairesOuvertureVendredi: '09:30-12:30 14:00-19:00',
  horairesOuvertureSamedi: '09:00-12:00 00:00-00:00',
  horairesOuvertureDimanche: '00:00-00:00 00:00-00:00',
  congesTotal: false,
  // Fields the shop does not read are ignored.
  listeConges: [],
  poidsMaxi: 20,
};

interface Call {
  url: string;
  body: Record<string, unknown>;
}
function fakeCarrier(answer: unknown, status = 200) {
  const calls: Call[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(input), body: JSON.parse(String(init?.body)) });
    return new Response(typeof answer === 'string' ? answer : JSON.stringify(answer), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  };
  const client = createRelayClient({
    baseUrl: 'https://ws.colissimo.test/',
    accountNumber: '123456',
    password: 'secret',
    fetch,
    // 23:30 UTC on 31 December is already 1 January in France.
    clock: () => new Date('2025-12-31T23:30:00Z'),
  });
  return { client, calls };
}

describe('parseDayHours', () => {
  it('reads the carrier\'s two ranges a day, "00:00-00:00" being none', () => {
    expect(parseDayHours('08:30-12:00 14:00-19:00')).toEqual([
      ['08:30', '12:00'],
      ['14:00', '19:00'],
    ]);
    expect(parseDayHours('09:00-19:00 00:00-00:00')).toEqual([['09:00', '19:00']]);
    expect(parseDayHours('00:00-00:00 00:00-00:00')).toEqual([]);
    expect(parseDayHours('')).toEqual([]);
    expect(parseDayHours(null)).toEqual([]);
    expect(parseDayHours('  10:00-12:00   ')).toEqual([['10:00', '12:00']]);
    expect(parseDayHours('fermé 25:00-26:00')).toEqual([]);
  });
});

describe('the relay-point client', () => {
  it("sends the carrier's search with the account, blanks and today's French date", async () => {
    const { client, calls } = fakeCarrier({ errorCode: 0, errorMessage: 'Code retour OK', listePointRetraitAcheminement: [wirePoint] });
    await client.searchRelayPoints({ postcode: ' 75011 ', country: 'fr', limit: 5 });
    expect(calls).toEqual([
      {
        url: `https://ws.colissimo.test${RELAY_PATHS.search}`,
        body: {
          accountNumber: '123456',
          password: 'secret',
          zipCode: '75011',
          city: ' ',
          address: ' ',
          countryCode: 'FR',
          shippingDate: '01/01/2026',
          filterRelay: '1',
        },
      },
    ]);
  });

  it("maps the carrier's point to a RelayPoint", async () => {
    const { client } = fakeCarrier({ errorCode: 0, listePointRetraitAcheminement: [wirePoint] });
    expect(await client.searchRelayPoints({ city: 'Paris', country: 'FR', limit: 5 })).toEqual([
      {
        id: '100573',
        name: 'TABAC PRESSE DU CENTRE',
        street: '12 RUE DE LA ROQUETTE',
        postcode: '75011',
        city: 'PARIS',
        country: 'FR',
        latitude: 48.8561,
        longitude: 2.374,
        active: true,
        distanceMetres: 412,
        openingHours: {
          mon: [['07:00', '20:00']],
          tue: [
            ['09:30', '12:30'],
            ['14:00', '19:00'],
          ],
          wed: [
            ['09:30', '12:30'],
            ['14:00', '19:00'],
          ],
          thu: [],
          fri: [
            ['09:30', '12:30'],
            ['14:00', '19:00'],
          ],
          sat: [['09:00', '12:00']],
          sun: [],
        },
      },
    ]);
  });

  it('keeps at most `limit` points and leaves closed ones out unless asked', async () => {
    const points = [1, 2, 3, 4].map((n) => ({ ...wirePoint, identifiant: `10000${n}`, congesTotal: n === 2 }));
    const { client, calls } = fakeCarrier({ errorCode: 0, listePointRetraitAcheminement: points });
    expect((await client.searchRelayPoints({ postcode: '75011', country: 'FR', limit: 2 })).map((p) => p.id)).toEqual(['100001', '100003']);
    expect(
      (await client.searchRelayPoints({ postcode: '75011', country: 'FR', limit: 9, includeClosed: true })).map((p) => p.active),
    ).toEqual([true, false, true, true]);
    expect(calls[0]!.body).not.toHaveProperty('includeClosedPoints');
    expect(calls[1]!.body).toMatchObject({ includeClosedPoints: true });
  });

  it('turns "no point" (300, 301) into an empty list', async () => {
    for (const errorCode of [300, 301]) {
      const { client } = fakeCarrier({ errorCode, errorMessage: 'Aucun point' });
      expect(await client.searchRelayPoints({ postcode: '75011', country: 'FR', limit: 5 })).toEqual([]);
    }
  });

  it('reads errorCode whatever the HTTP status: Colissimo answers its refusals with 200', async () => {
    for (const status of [200, 400]) {
      const { client } = fakeCarrier({ errorCode: 146, errorMessage: 'Pays non desservi' }, status);
      const error = await client.searchRelayPoints({ postcode: '1000', country: 'BE', limit: 5 }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RelayApiError);
      expect(error).toMatchObject({ code: 146, status, countryNotServed: true });
    }
  });

  it("fails with code 1000 on an answer that is not the carrier's", async () => {
    for (const answer of ['<html>', { status: 'ok' }, { errorCode: 0, listePointRetraitAcheminement: [{ nom: 'sans identifiant' }] }]) {
      const { client } = fakeCarrier(answer, 502);
      await expect(client.searchRelayPoints({ postcode: '75011', country: 'FR', limit: 5 })).rejects.toMatchObject({ code: 1000 });
    }
    const unreachable = createRelayClient({
      baseUrl: 'https://x.test',
      accountNumber: 'a',
      password: 'b',
      fetch: async () => {
        throw new TypeError('fetch failed');
      },
    });
    await expect(unreachable.relayPoint('100573')).rejects.toMatchObject({ code: 1000, status: 0 });
  });

  it('looks a point up by id, null when the carrier does not know it', async () => {
    const found = fakeCarrier({ errorCode: 0, pointRetraitAcheminement: { ...wirePoint, distanceEnMetre: undefined, congesTotal: true } });
    expect(await found.client.relayPoint('100573')).toMatchObject({ id: '100573', active: false, distanceMetres: null });
    expect(found.calls[0]).toEqual({
      url: `https://ws.colissimo.test${RELAY_PATHS.byId}`,
      body: { accountNumber: '123456', password: 'secret', id: '100573', date: '01/01/2026' },
    });
    expect(await fakeCarrier({ errorCode: 124, errorMessage: 'Identifiant incorrect' }, 400).client.relayPoint('999999')).toBeNull();
    await expect(fakeCarrier({ errorCode: 201, errorMessage: 'Compte' }, 401).client.relayPoint('100573')).rejects.toMatchObject({
      code: 201,
    });
  });
});
