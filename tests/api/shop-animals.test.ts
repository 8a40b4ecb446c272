import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopApi, testClock, testPlatform, type TestPlatform } from './platform.ts';
import { animal as animalSchema, animalBreed } from '../../src/lib/shop-api/animals.ts';
import { collection } from '../../src/lib/shop-api/http.ts';
import { hydraError, jwtError, violationList } from '../../src/lib/shop-api/errors.ts';
import { MAX_ANIMALS } from '../../src/lib/shop-api/requests/animals.ts';

const clock = testClock();
let platform: TestPlatform;
let api: ReturnType<typeof shopApi>;
let me: Awaited<ReturnType<ReturnType<typeof shopApi>['signUp']>>;
let other: typeof me;

beforeAll(async () => {
  clock.set('2031-06-15T10:00:00Z');
  platform = await testPlatform({ clock: clock.now });
  api = shopApi(platform);
  [me, other] = await Promise.all([api.signUp(), api.signUp()]);
});
afterAll(async () => {
  await platform.db.close();
});

const rex = {
  type: '/api/v2/shop/animal-types/1',
  gender: '/api/v2/shop/animal-genders/1',
  name: 'Rex',
  breed: '/api/v2/shop/animal-breeds/1',
  crossbreed: false,
  birthday: '2028-03-20',
  weight: 31.5,
  sterilized: true,
  condition: '/api/v2/shop/animal-body-conditions/3',
  activity: '/api/v2/shop/animal-activities/2',
  hasFeature: false,
  feeds: ['kibble'],
  kibbleBrand: 'Une autre marque',
};
const minou = {
  ...rex,
  type: '/api/v2/shop/animal-types/2',
  gender: '/api/v2/shop/animal-genders/2',
  name: 'Minou',
  breed: '/api/v2/shop/animal-breeds/101',
  birthday: null,
  ageYears: 1,
  ageMonths: 3,
  weight: 4,
  feeds: ['kibble', 'wet'],
};
const codes = (res: { status: number; body: unknown }) => {
  expect(res.status, JSON.stringify(res.body)).toBe(422);
  return Object.fromEntries(violationList.parse(res.body).violations.map((v) => [v.propertyPath, v.code]));
};
const expectNotFound = (res: { status: number; body: unknown }) => {
  expect(res.status, JSON.stringify(res.body)).toBe(404);
  expect(hydraError.parse(res.body)['hydra:description']).toBe('Not Found');
};

describe('the pets’ lists', () => {
  it('types, genders, body conditions and activities, named in the request’s language', async () => {
    const types = await api.call('GET', '/animal-types', { query: 'locale=nl_BE' });
    expect(types.body['hydra:member'].map((t: { '@id': string; name: string }) => [t['@id'], t.name])).toEqual([
      ['/api/v2/shop/animal-types/1', 'Hond'],
      ['/api/v2/shop/animal-types/2', 'Kat'],
    ]);
    expect((await api.call('GET', '/animal-genders/2')).body).toMatchObject({ code: 'female', name: 'Femelle' });
    const conditions = await api.call('GET', '/animal-body-conditions');
    expect(conditions.body['hydra:member'].map((c: { id: number; code: string }) => [c.id, c.code])).toEqual([
      [1, 'very-thin'],
      [2, 'thin'],
      [3, 'ideal'],
      [4, 'overweight'],
      [5, 'obese'],
    ]);
    expect((await api.call('GET', '/animal-activities')).body['hydra:totalItems']).toBe(3);
    expectNotFound(await api.call('GET', '/animal-types/3'));
  });
  it('breeds per species, with their French and Dutch names', async () => {
    const cats = collection(animalBreed).parse(
      (await api.call('GET', '/animal-breeds', { query: 'type=/api/v2/shop/animal-types/2' })).body,
    );
    expect(cats['hydra:member'].length).toBeGreaterThan(10);
    expect(cats['hydra:member'].every((b) => b.type === '/api/v2/shop/animal-types/2')).toBe(true);
    expect((await api.call('GET', '/animal-breeds/3', { query: 'locale=nl_BE' })).body).toMatchObject({
      name: 'Duitse Herder',
      adultWeight: 34,
    });
    expect((await api.call('GET', '/animal-breeds/3')).body.name).toBe('Berger Allemand');
  });
});

describe('a customer’s animals', () => {
  it('create, read, list, update and delete with a reason', async () => {
    const created = await api.call('POST', '/animals', { body: rex, token: me.token });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const pet = animalSchema.parse(created.body);
    expect(pet).toMatchObject({
      name: 'Rex',
      breedName: 'Labrador Retriever',
      breedAdultWeight: 32,
      birthday: '2028-03-20',
      inDate: true,
      ageYears: 3,
      ageMonths: 2,
      weight: 31.5,
      condition: '/api/v2/shop/animal-body-conditions/3',
      feature: null,
      guestToken: null,
    });
    expect(animalSchema.parse((await api.call('GET', `/animals/${pet.id}`, { token: me.token })).body)).toEqual(pet);

    const cat = animalSchema.parse((await api.call('POST', '/animals', { body: minou, token: me.token })).body);
    // An age of 1 year 3 months on 15 June 2031 is a birthday on 15 March 2030.
    expect(cat).toMatchObject({ birthday: '2030-03-15', inDate: false, ageYears: 1, ageMonths: 3 });

    const list = collection(animalSchema).parse((await api.call('GET', '/animals', { token: me.token })).body);
    expect(list['hydra:member'].map((a) => a.name)).toEqual(['Rex', 'Minou']);

    const updated = await api.call('PUT', `/animals/${pet.id}`, {
      token: me.token,
      body: { ...rex, weight: 33, hasFeature: true, feature: 'sensitive-digestion', condition: '/api/v2/shop/animal-body-conditions/4' },
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body).toMatchObject({
      weight: 33,
      hasFeature: true,
      feature: 'sensitive-digestion',
      condition: '/api/v2/shop/animal-body-conditions/4',
    });

    expect(codes(await api.call('DELETE', `/animals/${cat.id}`, { token: me.token, body: {} }))).toEqual({ reason: 'NOT_BLANK' });
    expect((await api.call('DELETE', `/animals/${cat.id}`, { token: me.token, body: { reason: 'rehomed' } })).status).toBe(204);
    expectNotFound(await api.call('GET', `/animals/${cat.id}`, { token: me.token }));
    const [kept] = await platform.db.query<{ reason: string; species: string }>(
      'SELECT reason, species FROM shop.animal_deletions WHERE customer_id = $1',
      [me.profile.id],
    );
    expect(kept).toEqual({ reason: 'rehomed', species: 'cat' });
  });

  it('other customers’ animals answer 404, and a call without a session 401', async () => {
    const pet = animalSchema.parse((await api.call('POST', '/animals', { body: rex, token: me.token })).body);
    expectNotFound(await api.call('GET', `/animals/${pet.id}`, { token: other.token }));
    expectNotFound(await api.call('PUT', `/animals/${pet.id}`, { token: other.token, body: rex }));
    expectNotFound(await api.call('DELETE', `/animals/${pet.id}`, { token: other.token, body: { reason: 'other' } }));
    expect((await api.call('GET', '/animals', { token: other.token })).body['hydra:totalItems']).toBe(0);
    const anonymous = await api.call('GET', `/animals/${pet.id}`);
    expect(anonymous.status).toBe(401);
    jwtError.parse(anonymous.body);
    expectNotFound(await api.call('GET', '/animals/abc', { token: me.token }));
  });

  it('validates every field: weights per species, the birthday, at least one feed, the feature when toggled, the breed’s species', async () => {
    const post = (body: object) => api.call('POST', '/animals', { body, token: me.token });
    expect(codes(await post({}))).toMatchObject({
      type: 'NOT_BLANK',
      gender: 'NOT_BLANK',
      name: 'NOT_BLANK',
      breed: 'NOT_BLANK',
      weight: 'NOT_BLANK',
      sterilized: 'NOT_BLANK',
      condition: 'NOT_BLANK',
      activity: 'NOT_BLANK',
      hasFeature: 'NOT_BLANK',
      feeds: 'NOT_BLANK',
      kibbleBrand: 'NOT_BLANK',
    });
    expect(codes(await post({ ...minou, weight: 0.8 }))).toEqual({ weight: 'OUT_OF_RANGE' });
    expect(codes(await post({ ...minou, weight: 13.5 }))).toEqual({ weight: 'OUT_OF_RANGE' });
    expect((await post({ ...minou, weight: 13 })).status).toBe(201);
    expect(codes(await post({ ...rex, weight: 0 }))).toEqual({ weight: 'OUT_OF_RANGE' });
    expect(codes(await post({ ...rex, weight: 100.5 }))).toEqual({ weight: 'OUT_OF_RANGE' });
    expect(codes(await post({ ...rex, birthday: '2031-06-16' }))).toEqual({ birthday: 'DATE_NOT_IN_PAST' });
    expect(codes(await post({ ...rex, birthday: null }))).toEqual({ birthday: 'NOT_BLANK' });
    const feeds = await post({ ...rex, feeds: [] });
    expect(codes(feeds)).toEqual({ feeds: 'TOO_FEW_CHOICES' });
    expect(violationList.parse(feeds.body).violations[0]!.message).toBe('Merci de choisir au moins 1 valeur.');
    expect(codes(await post({ ...rex, hasFeature: true }))).toEqual({ feature: 'NOT_BLANK' });
    expect(codes(await post({ ...rex, type: '/api/v2/shop/animal-types/7' }))).toEqual({ type: 'INVALID_CHOICE' });
    expect(codes(await post({ ...rex, condition: '/api/v2/shop/animal-body-conditions/6' }))).toEqual({ condition: 'INVALID_CHOICE' });
    const mismatch = await post({ ...rex, breed: '/api/v2/shop/animal-breeds/101' });
    expect(codes(mismatch)).toEqual({ breed: 'BREED_SPECIES_MISMATCH' });
    expect(codes(await post({ ...rex, breed: '/api/v2/shop/animal-breeds/9999' }))).toEqual({ breed: 'INVALID_CHOICE' });
    const dutch = await api.call('POST', '/animals', {
      body: { ...rex, breed: '/api/v2/shop/animal-breeds/101' },
      token: me.token,
      query: 'locale=nl_BE',
    });
    expect(violationList.parse(dutch.body).violations[0]!.message).toBe('Dit ras past niet bij de gekozen diersoort.');
  });

  it('refuses a breed whose id is not a positive integer of the database, on POST and PUT, as a violation on the breed', async () => {
    const pet = animalSchema.parse((await api.call('POST', '/animals', { body: rex, token: me.token })).body);
    const breeds = [
      '/api/v2/shop/animal-breeds/labrador',
      'labrador',
      '/api/v2/shop/animal-breeds/-1',
      '/api/v2/shop/animal-breeds/1.5',
      '/api/v2/shop/animal-breeds/0',
      // One more than PostgreSQL's integer, and far beyond it.
      '/api/v2/shop/animal-breeds/2147483648',
      '/api/v2/shop/animal-breeds/99999999999999999999',
      '/api/v2/shop/animal-types/1',
    ];
    for (const breed of breeds) {
      expect(codes(await api.call('POST', '/animals', { body: { ...rex, breed }, token: me.token })), breed).toEqual({
        breed: 'INVALID_CHOICE',
      });
      expect(codes(await api.call('PUT', `/animals/${pet.id}`, { body: { ...rex, breed }, token: me.token })), breed).toEqual({
        breed: 'INVALID_CHOICE',
      });
    }
    // The largest id that fits is one the database can look up: it does not exist.
    const largest = await api.call('POST', '/animals', {
      body: { ...rex, breed: '/api/v2/shop/animal-breeds/2147483647' },
      token: me.token,
    });
    expect(codes(largest)).toEqual({ breed: 'INVALID_CHOICE' });
    expect(violationList.parse(largest.body).violations[0]!.message).toBe(
      violationList.parse((await api.call('POST', '/animals', { body: { ...rex, breed: 'labrador' }, token: me.token })).body)
        .violations[0]!.message,
    );
  });

  it('keeps at most the limit of pets per customer', async () => {
    const owner = await api.signUp();
    for (let i = 0; i < MAX_ANIMALS; i++) expect((await api.call('POST', '/animals', { body: rex, token: owner.token })).status).toBe(201);
    expect(codes(await api.call('POST', '/animals', { body: rex, token: owner.token }))).toEqual({ '': 'ANIMAL_LIMIT' });
  });
});

describe('a guest’s animals', () => {
  it('an anonymous shopper creates a pet for the guide; it becomes theirs when they sign in', async () => {
    const created = await api.call('POST', '/animals', { body: rex });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const pet = animalSchema.parse(created.body);
    expect(pet.guestToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const guest = `guestToken=${pet.guestToken}`;
    // The same browser adds a second one with its token; another browser sees neither.
    expect((await api.call('POST', '/animals', { body: minou, query: guest })).body.guestToken).toBe(pet.guestToken);
    expect((await api.call('GET', '/animals', { query: guest })).body['hydra:totalItems']).toBe(2);
    expect((await api.call('GET', `/animals/${pet.id}`, { query: guest })).status).toBe(200);
    expectNotFound(await api.call('GET', `/animals/${pet.id}`, { query: 'guestToken=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' }));
    expect((await api.call('GET', `/animals/${pet.id}`)).status).toBe(401);
    // A customer cannot reach a guest's pet without attaching it.
    expectNotFound(await api.call('GET', `/animals/${pet.id}`, { token: other.token }));

    const customer = await api.signUp();
    const attached = await api.call('POST', '/animals/attach', { token: customer.token, body: { guestToken: pet.guestToken } });
    expect(attached.status, JSON.stringify(attached.body)).toBe(200);
    const mine = collection(animalSchema).parse(attached.body)['hydra:member'];
    expect(mine.map((a) => [a.name, a.guestToken])).toEqual([
      ['Rex', null],
      ['Minou', null],
    ]);
    expect((await api.call('GET', `/animals/${pet.id}`, { token: customer.token })).status).toBe(200);
    // The guest token no longer reaches them.
    expectNotFound(await api.call('GET', `/animals/${pet.id}`, { query: guest }));
    expect((await api.call('POST', '/animals/attach', { body: { guestToken: pet.guestToken } })).status).toBe(401);
  });
});
