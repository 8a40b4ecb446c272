import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { shopApi, testPlatform, type TestPlatform } from './platform.ts';
import { address as addressSchema } from '../../src/lib/shop-api/addresses.ts';
import { collection } from '../../src/lib/shop-api/http.ts';
import { customer as customerSchema } from '../../src/lib/shop-api/customers.ts';
import { hydraError, jwtError, violationList } from '../../src/lib/shop-api/errors.ts';
import { iri } from '../../src/lib/shop-api/iri.ts';
import { MAX_ADDRESSES } from '../../src/lib/shop-api/requests/addresses.ts';

let platform: TestPlatform;
let api: ReturnType<typeof shopApi>;
let me: Awaited<ReturnType<ReturnType<typeof shopApi>['signUp']>>;
let other: typeof me;

beforeAll(async () => {
  platform = await testPlatform();
  api = shopApi(platform);
  [me, other] = await Promise.all([api.signUp(), api.signUp()]);
});
afterAll(async () => {
  await platform.db.close();
});

const valid = {
  firstName: 'Jeanne',
  lastName: 'Moreau',
  countryCode: 'FR',
  street: '8 avenue Foch',
  city: 'Lyon',
  postcode: '69006',
  phoneNumber: '+33612345678',
};
const create = (body: object, options: { token?: string; query?: string } = {}) =>
  api.call('POST', '/addresses', { body, token: options.token ?? me.token, query: options.query });
const createOk = async (body: object, query?: string) => {
  const res = await create(body, { query });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return addressSchema.parse(res.body);
};
const codes = (res: { status: number; body: unknown }) => {
  expect(res.status, JSON.stringify(res.body)).toBe(422);
  return Object.fromEntries(violationList.parse(res.body).violations.map((v) => [v.propertyPath, v.code]));
};
const messages = (res: { body: unknown }) =>
  Object.fromEntries(violationList.parse(res.body).violations.map((v) => [v.propertyPath, v.message]));
const expectNotFound = (res: { status: number; body: unknown }) => {
  expect(res.status).toBe(404);
  expect(hydraError.parse(res.body)['hydra:description']).toBe('Not Found');
};

describe('addresses', () => {
  it('needs a session', async () => {
    for (const [method, path] of [
      ['GET', '/addresses'],
      ['POST', '/addresses'],
      ['GET', '/addresses/1'],
      ['PUT', '/addresses/1'],
      ['DELETE', '/addresses/1'],
    ] as const) {
      const res = await api.call(method, path, { body: method === 'POST' || method === 'PUT' ? valid : undefined });
      expect(res.status).toBe(401);
      expect(jwtError.parse(res.body).message).toBe('JWT Token not found');
    }
  });

  it('creates an address and answers empty optional fields as null', async () => {
    const a = await createOk({
      ...valid,
      company: '',
      provinceCode: '',
      provinceName: null,
      street2: '   ',
      phoneNumber2: '',
      alias: '',
      deliveryInstructions: '',
    });
    expect(a).toMatchObject({
      '@id': iri.address(a.id),
      ...valid,
      company: null,
      provinceCode: null,
      provinceName: null,
      street2: null,
      phoneNumber2: null,
      alias: null,
      deliveryInstructions: null,
      isDefault: false,
    });
    const b = await createOk(valid);
    expect(b).toMatchObject({ company: null, street2: null, phoneNumber2: null });
  });

  it('normalises the text: curly quotes, dashes and exotic spaces', async () => {
    const a = await createOk({
      ...valid,
      street: '12\u00A0rue de l’Église',
      street2: 'Bâtiment B \u2013 2\u1680étage',
      city: 'Villeneuve\u2011d’Ascq',
      postcode: '59 650',
      alias: '“Maison”\u2003de vacances',
      deliveryInstructions: 'Sonner\u202Fdeux fois — merci',
    });
    expect(a).toMatchObject({
      street: "12 rue de l'Église",
      street2: 'Bâtiment B - 2 étage',
      city: "Villeneuve-d'Ascq",
      postcode: '59650',
      alias: '"Maison" de vacances',
      deliveryInstructions: 'Sonner deux fois - merci',
    });
  });

  it('stores phone numbers in international form, valid for their country', async () => {
    const a = await createOk({ ...valid, phoneNumber: '06 12 34 56 78', phoneNumber2: '+32 470 12 34 56' });
    expect(a).toMatchObject({ phoneNumber: '+33612345678', phoneNumber2: '+32470123456' });
    expect(codes(await create({ ...valid, phoneNumber: '12345' }))).toEqual({ phoneNumber: 'INVALID_PHONE' });
    expect(codes(await create({ ...valid, phoneNumber2: '+1 202 555 0123' }))).toEqual({ phoneNumber2: 'INVALID_PHONE' });
  });

  it('checks postcodes against the country, with the two French messages', async () => {
    expect(messages(await create({ ...valid, postcode: '6900' }))).toEqual({
      postcode: 'Le format du code postal ne correspond pas au pays sélectionné.',
    });
    expect(messages(await create({ ...valid, postcode: '690' }))).toEqual({ postcode: 'Le code postal doit comporter 5 chiffres.' });
    expect(messages(await create({ ...valid, postcode: 'ABCDE' }))).toEqual({ postcode: 'Le code postal doit comporter 5 chiffres.' });
    expect(messages(await create({ ...valid, countryCode: 'LU', postcode: '12345', phoneNumber: '+352621123456' }))).toEqual({
      postcode: 'Le format du code postal ne correspond pas au pays sélectionné.',
    });
    expect((await createOk({ ...valid, countryCode: 'LU', postcode: '1234', phoneNumber: '+352621123456' })).countryCode).toBe('LU');
    const be = { ...valid, countryCode: 'BE', postcode: '1000', city: 'Bruxelles', phoneNumber: '+32470123456' };
    // The address book takes any country: where the channel delivers is the checkout's question (shop-checkout.test.ts).
    expect((await createOk(be)).countryCode).toBe('BE');
    expect((await createOk(be, 'channelCode=BE&locale=fr_BE')).postcode).toBe('1000');
    const nl = await create({ ...be, postcode: '123' }, { query: 'channelCode=BE&locale=nl_BE' });
    expect(messages(nl)).toEqual({ postcode: 'De postcode moet 4 cijfers bevatten.' });
  });

  it('validates every field of an address in one answer', async () => {
    const res = await create({
      company: 'Chats & Chiens',
      firstName: 'Zoë',
      lastName: '',
      countryCode: 'XX',
      street: 'x'.repeat(39),
      street2: 'y'.repeat(39),
      city: 'A',
      postcode: '',
      phoneNumber: '',
      alias: 'Maison 🏠',
      deliveryInstructions: 'z'.repeat(501),
      isDefault: 'yes',
    });
    expect(codes(res)).toEqual({
      company: 'INVALID_CHARACTERS',
      firstName: 'INVALID_CHARACTERS',
      lastName: 'NOT_BLANK',
      countryCode: 'INVALID_CHOICE',
      street: 'TOO_LONG',
      street2: 'TOO_LONG',
      city: 'TOO_SHORT',
      postcode: 'NOT_BLANK',
      phoneNumber: 'NOT_BLANK',
      alias: 'INVALID_CHARACTERS',
      deliveryInstructions: 'TOO_LONG',
      isDefault: 'INVALID_TYPE',
    });
    expect(codes(await create({}))).toEqual({
      firstName: 'NOT_BLANK',
      lastName: 'NOT_BLANK',
      countryCode: 'NOT_BLANK',
      street: 'NOT_BLANK',
      city: 'NOT_BLANK',
      postcode: 'NOT_BLANK',
      phoneNumber: 'NOT_BLANK',
    });
    for (const name of [
      "O'Neil",
      'Jean, Paul',
      'a@b',
      'Moi!',
      'Qui?',
      'A/B',
      'Jean (Jr)',
      'Jean_Paul',
      '#1',
      '$',
      '€',
      'Œuvre',
      'Ä',
      'ï',
      '¨',
      'a\\b',
      'x²',
      'Jean\u2019s',
    ]) {
      expect(codes(await create({ ...valid, lastName: name })), name).toEqual({ lastName: 'INVALID_CHARACTERS' });
    }
    expect(codes(await create({ ...valid, city: 'Saint-Étienne (42)' }))).toEqual({ city: 'INVALID_CHARACTERS' });
    expect(codes(await create({ ...valid, firstName: 'x'.repeat(256) }))).toEqual({ firstName: 'TOO_LONG' });
    expect(codes(await create({ ...valid, city: 'c'.repeat(34) }))).toEqual({ city: 'TOO_LONG' });
    expect(codes(await create({ ...valid, street: 'rue\u0007de Paris' }))).toEqual({ street: 'INVALID_CHARACTERS' });
    // A line break in a one-line field is only a space.
    expect((await createOk({ ...valid, street: 'rue\nde Paris' })).street).toBe('rue de Paris');
  });

  it('lists only the customer’s own addresses', async () => {
    const mine = await createOk({ ...valid, alias: 'Liste' });
    // The other customer's address must exist, or "not in my list" would prove nothing.
    const posted = await api.call('POST', '/addresses', { body: valid, token: other.token });
    expect(posted.status, JSON.stringify(posted.body)).toBe(201);
    const ofOther = addressSchema.parse(posted.body);
    const res = await api.call('GET', '/addresses', { token: me.token });
    expect(res.status).toBe(200);
    const list = z.object({ ...collection(addressSchema).shape, '@id': z.string() }).parse(res.body);
    expect(list['hydra:totalItems']).toBe(list['hydra:member'].length);
    expect(list['hydra:member'].map((a) => a.id)).toContain(mine.id);
    expect(list['hydra:member'].map((a) => a.id)).not.toContain(ofOther.id);
    const theirs = collection(addressSchema).parse((await api.call('GET', '/addresses', { token: other.token })).body);
    expect(theirs['hydra:member'].map((a) => a.id)).toEqual([ofOther.id]);
  });

  it('reads, replaces and deletes an address; another customer’s is 404', async () => {
    const a = await createOk(valid);
    expect(addressSchema.parse((await api.call('GET', `/addresses/${a.id}`, { token: me.token })).body).id).toBe(a.id);
    expectNotFound(await api.call('GET', `/addresses/${a.id}`, { token: other.token }));
    expectNotFound(await api.call('PUT', `/addresses/${a.id}`, { token: other.token, body: valid }));
    expectNotFound(await api.call('DELETE', `/addresses/${a.id}`, { token: other.token }));
    expectNotFound(await api.call('GET', '/addresses/0', { token: me.token }));
    expectNotFound(await api.call('GET', '/addresses/99999999999', { token: me.token }));
    expectNotFound(await api.call('GET', '/addresses/-1', { token: me.token }));

    const replaced = await api.call('PUT', `/addresses/${a.id}`, {
      token: me.token,
      body: { ...valid, street: '9 quai Claude Bernard', company: 'Gamelle & Co'.replace('&', 'et') },
    });
    expect(addressSchema.parse(replaced.body)).toMatchObject({ id: a.id, street: '9 quai Claude Bernard', company: 'Gamelle et Co' });
    expect(codes(await api.call('PUT', `/addresses/${a.id}`, { token: me.token, body: { ...valid, street: '' } }))).toEqual({
      street: 'NOT_BLANK',
    });

    expect((await api.call('DELETE', `/addresses/${a.id}`, { token: me.token })).status).toBe(204);
    expectNotFound(await api.call('GET', `/addresses/${a.id}`, { token: me.token }));
    expectNotFound(await api.call('DELETE', `/addresses/${a.id}`, { token: me.token }));
  });

  it('makes an address marked isDefault the customer’s default, and only that one', async () => {
    const customer = await api.signUp();
    // Every call is checked: an assertion after a call that silently failed would pass on nothing.
    const post = async (body: object) => {
      const res = await api.call('POST', '/addresses', { token: customer.token, body });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return addressSchema.parse(res.body);
    };
    const put = async (id: number, body: object) => {
      const res = await api.call('PUT', `/addresses/${id}`, { token: customer.token, body });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return addressSchema.parse(res.body);
    };
    const defaultAddress = async () => {
      const res = await api.call('GET', customer.customer.replace('/api/v2/shop', ''), { token: customer.token });
      expect(res.status).toBe(200);
      return customerSchema.parse(res.body).defaultAddress;
    };
    const first = await post({ ...valid, isDefault: true });
    const second = await post({ ...valid, isDefault: true });
    expect(second.isDefault).toBe(true);
    expect(addressSchema.parse((await api.call('GET', `/addresses/${first.id}`, { token: customer.token })).body).isDefault).toBe(false);
    expect(await defaultAddress()).toBe(second['@id']);

    expect((await put(second.id, { ...valid, isDefault: false })).isDefault).toBe(false);
    const list = collection(addressSchema).parse((await api.call('GET', '/addresses', { token: customer.token })).body);
    expect(list['hydra:member'].map((a) => a.id).sort((x, y) => x - y)).toEqual([first.id, second.id]);
    expect(list['hydra:member'].filter((a) => a.isDefault)).toEqual([]);
    expect(await defaultAddress()).toBeNull();

    // Made the default again, then deleted: the customer is left without a default, not with a dangling one.
    expect((await put(first.id, { ...valid, isDefault: true })).isDefault).toBe(true);
    expect(await defaultAddress()).toBe(first['@id']);
    expect((await api.call('DELETE', `/addresses/${first.id}`, { token: customer.token })).status).toBe(204);
    expect(await defaultAddress()).toBeNull();
    expectNotFound(await api.call('GET', `/addresses/${first.id}`, { token: customer.token }));
  });

  it('keeps at most 50 addresses per customer, also under parallel calls', async () => {
    expect(MAX_ADDRESSES).toBe(50);
    const customer = await api.signUp();
    const belgian = { ...valid, countryCode: 'BE', postcode: '1000', city: 'Bruxelles', phoneNumber: '+32470123456' };
    const post = (query?: string) => api.call('POST', '/addresses', { token: customer.token, body: query ? belgian : valid, query });
    const count = async () =>
      collection(addressSchema).parse((await api.call('GET', '/addresses', { token: customer.token })).body)['hydra:totalItems'];
    const expectLimit = (res: { status: number; body: unknown }, message: string) => {
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      expect(violationList.parse(res.body).violations).toEqual([{ propertyPath: '', code: 'ADDRESS_LIMIT', message }]);
    };
    for (let i = 0; i < MAX_ADDRESSES - 3; i += 1) expect((await post()).status).toBe(201);
    // Six at once for the last three places: exactly three get one (the customer row serialises them).
    const burst = await Promise.all(Array.from({ length: 6 }, () => post()));
    expect(burst.map((r) => r.status).sort()).toEqual([201, 201, 201, 422, 422, 422]);
    for (const refused of burst.filter((r) => r.status === 422))
      expectLimit(refused, 'Vous ne pouvez pas enregistrer plus de 50 adresses.');
    expect(await count()).toBe(MAX_ADDRESSES);

    expectLimit(await post(), 'Vous ne pouvez pas enregistrer plus de 50 adresses.');
    expectLimit(await post('channelCode=BE&locale=nl_BE'), 'Je kunt niet meer dan 50 adressen bewaren.');
    // Replacing one is not adding one; deleting one frees a place, for one address only.
    const first = addressSchema.parse(burst.find((r) => r.status === 201)!.body);
    expect((await api.call('PUT', `/addresses/${first.id}`, { token: customer.token, body: { ...valid, city: 'Nice' } })).status).toBe(200);
    expect((await api.call('DELETE', `/addresses/${first.id}`, { token: customer.token })).status).toBe(204);
    expect((await post()).status).toBe(201);
    expectLimit(await post(), 'Vous ne pouvez pas enregistrer plus de 50 adresses.');
    expect(await count()).toBe(MAX_ADDRESSES);
    // Another customer is not concerned.
    expect((await api.call('POST', '/addresses', { token: other.token, body: valid })).status).toBe(201);
  });
});

describe('names and postcodes as labels print them', () => {
  // A customer of their own: the one above has filled their address book.
  let token: string;
  beforeAll(async () => {
    token = (await api.signUp()).token;
  });

  it('refuses emoji in an address’s names and company', async () => {
    expect(codes(await create({ ...valid, lastName: 'Moreau ✨', company: 'Croquettes 🦴' }, { token }))).toEqual({
      lastName: 'INVALID_CHARACTERS',
      company: 'INVALID_CHARACTERS',
    });
  });

  it('takes a Luxembourg postcode written with its letter (L-2714) and keeps its four digits', async () => {
    const lu = { ...valid, countryCode: 'LU', city: 'Luxembourg', postcode: 'L-2714', phoneNumber: '+352621123456' };
    const created = await create(lu, { token });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(addressSchema.parse(created.body).postcode).toBe('2714');
    expect(codes(await create({ ...lu, postcode: 'L-27140' }, { token }))).toEqual({ postcode: 'POSTCODE_LENGTH' });
    // The letter is Luxembourg's: a Belgian postcode has none.
    expect(codes(await create({ ...lu, countryCode: 'BE', postcode: 'L-2714' }, { token }))).toEqual({ postcode: 'POSTCODE_LENGTH' });
  });
});
