/**
 * What the forms promise, held by the API too: a reset link says whether it still works before anything is
 * typed; names keep their accents and apostrophes but no emoji (they print on parcels' labels); an address's
 * Luxembourg postcode may be written "L-2714".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopApi, testClock, testPlatform, type TestPlatform } from './platform.ts';
import { address as addressSchema, customer as customerSchema, hydraError, violationList } from '../../src/lib/shop-api/wire.ts';

const clock = testClock();
let platform: TestPlatform;
let api: ReturnType<typeof shopApi>;

beforeAll(async () => {
  platform = await testPlatform({ clock: clock.now });
  api = shopApi(platform);
});
afterAll(async () => {
  await platform.db.close();
});

const violations = (res: { status: number; body: unknown }) => {
  expect(res.status, JSON.stringify(res.body)).toBe(422);
  return violationList.parse(res.body).violations.map((v) => [v.propertyPath, v.code]);
};
const expectNotFound = (res: { status: number; body: unknown }) => {
  expect(res.status, JSON.stringify(res.body)).toBe(404);
  expect(hydraError.parse(res.body)['hydra:description']).toBe('Not Found');
};
const latestResetToken = async (email: string) => {
  const res = await platform.get(`/outbox.json?to=${encodeURIComponent(email)}`);
  const mails = res.body.mails as Array<{ text: string }>;
  return /\/(?:mot-de-passe-oublie|wachtwoord-vergeten)\/([A-Za-z0-9_-]+)\//.exec(mails[0]!.text)![1]!;
};

describe('GET /shop/reset-password-requests/{token}', () => {
  it('answers 200 for a link that works, then 404 once it was used, without changing anything', async () => {
    clock.reset();
    const me = await api.register();
    expect((await api.call('POST', '/reset-password-requests', { body: { email: me.email } })).status).toBe(202);
    const token = await latestResetToken(me.email);

    const open = await api.call('GET', `/reset-password-requests/${token}`);
    expect(open.status, JSON.stringify(open.body)).toBe(200);
    expect(open.body).toMatchObject({ '@type': 'ResetPasswordRequest', '@id': `/api/v2/shop/reset-password-requests/${token}` });
    // Asking twice does not use the link up.
    expect((await api.call('GET', `/reset-password-requests/${token}`)).status).toBe(200);

    const reset = { newPassword: 'nouveau-1', confirmNewPassword: 'nouveau-1' };
    expect((await api.call('PATCH', `/reset-password-requests/${token}`, { body: reset })).status).toBe(202);
    expectNotFound(await api.call('GET', `/reset-password-requests/${token}`));
  });

  it('answers 404 for an expired link, an older link replaced by a newer one, and a token that never was', async () => {
    clock.set('2026-03-02T09:00:00Z');
    const me = await api.register();
    await api.call('POST', '/reset-password-requests', { body: { email: me.email } });
    const older = await latestResetToken(me.email);
    await api.call('POST', '/reset-password-requests', { body: { email: me.email } });
    const newer = await latestResetToken(me.email);
    expectNotFound(await api.call('GET', `/reset-password-requests/${older}`));
    expect((await api.call('GET', `/reset-password-requests/${newer}`)).status).toBe(200);
    // A link works for an hour.
    clock.advance(60 * 60 * 1000);
    expectNotFound(await api.call('GET', `/reset-password-requests/${newer}`));
    expectNotFound(await api.call('GET', '/reset-password-requests/never-mailed-0123456789'));
    expectNotFound(await api.call('GET', '/reset-password-requests/not%20a%20token'));
    clock.reset();
  });
});

describe('names', () => {
  it('keep their diaeresis and apostrophe in an account (Zoë, Noël, D’Hondt)', async () => {
    const { profile } = await api.register({ firstName: 'Zoë-Noël', lastName: "D'Hondt" });
    expect(customerSchema.parse(profile)).toMatchObject({ firstName: 'Zoë-Noël', lastName: "D'Hondt" });
  });

  it('refuse emoji at registration, in the personal data and on an address', async () => {
    const body = { firstName: 'Zoë 🐶', lastName: 'Martin', email: 'emoji@example.com', password: 'croquettes5', acceptTerms: true };
    expect(violations(await api.call('POST', '/customers', { body }))).toEqual([['firstName', 'INVALID_CHARACTERS']]);

    const me = await api.signUp();
    const customerPath = me.customer.replace('/api/v2/shop', '');
    expect(violations(await api.call('PUT', customerPath, { body: { lastName: 'Martin 🇫🇷' }, token: me.token }))).toEqual([
      ['lastName', 'INVALID_CHARACTERS'],
    ]);
    const address = {
      firstName: 'Zoe',
      lastName: 'Martin ✨',
      countryCode: 'FR',
      street: '8 avenue Foch',
      city: 'Lyon',
      postcode: '69006',
      phoneNumber: '+33612345678',
    };
    expect(violations(await api.call('POST', '/addresses', { body: address, token: me.token }))).toEqual([
      ['lastName', 'INVALID_CHARACTERS'],
    ]);
  });
});

describe('a Luxembourg postcode', () => {
  it('may be written with its letter, and is kept as its four digits', async () => {
    const me = await api.signUp();
    const body = {
      firstName: 'Anne',
      lastName: 'Schmit',
      countryCode: 'LU',
      street: '12 rue de la Gare',
      city: 'Luxembourg',
      postcode: 'L-2714',
      phoneNumber: '+352621123456',
    };
    const created = await api.call('POST', '/addresses', { body, token: me.token });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(addressSchema.parse(created.body).postcode).toBe('2714');
    expect(violations(await api.call('POST', '/addresses', { body: { ...body, postcode: 'L-27140' }, token: me.token }))).toEqual([
      ['postcode', 'POSTCODE_LENGTH'],
    ]);
    // The letter is Luxembourg's: a Belgian postcode has none.
    expect(
      violations(await api.call('POST', '/addresses', { body: { ...body, countryCode: 'BE', postcode: 'L-2714' }, token: me.token })),
    ).toEqual([['postcode', 'POSTCODE_LENGTH']]);
  });
});
