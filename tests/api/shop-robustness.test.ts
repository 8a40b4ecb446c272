/**
 * Bad input of every kind never makes the shop API answer 5xx: malformed, oversized and hostile bodies,
 * paths and query strings, then a property-based fuzz of every call's body with fast-check.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { z } from 'zod';
import { shopApi, testPlatform, type TestPlatform } from './platform.ts';
import { address as addressSchema } from '../../src/lib/shop-api/addresses.ts';
import { customer as customerSchema, customerLookup } from '../../src/lib/shop-api/customers.ts';
import { hydraError, jwtError, throttledError, violationCodes, violationList } from '../../src/lib/shop-api/errors.ts';
import { order as orderSchema } from '../../src/lib/shop-api/orders.ts';

let platform: TestPlatform;
let api: ReturnType<typeof shopApi>;
let me: Awaited<ReturnType<ReturnType<typeof shopApi>['signUp']>>;
let cartToken: string;
let itemId: number;
let addressId: number;

beforeAll(async () => {
  platform = await testPlatform();
  api = shopApi(platform);
  me = await api.signUp();
  const cart = orderSchema.parse((await api.call('POST', '/orders', { body: {}, token: me.token })).body);
  cartToken = cart.tokenValue;
  itemId = orderSchema.parse(
    (await api.call('PATCH', `/orders/${cartToken}/items`, { body: { productVariant: '10000001' }, token: me.token })).body,
  ).items[0]!.id;
  addressId = addressSchema.parse(
    (
      await api.call('POST', '/addresses', {
        token: me.token,
        body: {
          firstName: 'Jo',
          lastName: 'Lo',
          countryCode: 'FR',
          street: '1 rue',
          city: 'Nice',
          postcode: '06000',
          phoneNumber: '+33612345678',
        },
      })
    ).body,
  ).id;
});
afterAll(async () => {
  await platform.db.close();
});

/**
 * The statuses the shop API answers one caller at a time; anything else (a 405, a 500) is a bug. A 503
 * (password hashing saturated) needs parallel calls, which these tests never make.
 */
const answered = [200, 201, 202, 204, 400, 401, 404, 413, 415, 422, 429];

/**
 * For generated input, whose right answer is unknown: whatever the status, it is one the API answers
 * (never a 5xx), and the body has the production API's shape for it. Where the exact answer is known,
 * tests assert it instead.
 */
function expectWellFormed(res: { status: number; body: unknown }, success?: z.core.$ZodType) {
  expect(answered, JSON.stringify(res.body).slice(0, 500)).toContain(res.status);
  if (res.status === 422) {
    const list = violationList.parse(res.body);
    expect(list.violations.length).toBeGreaterThan(0);
    for (const v of list.violations) expect(violationCodes).toContain(v.code);
  } else if ([400, 404, 413, 415].includes(res.status)) hydraError.parse(res.body);
  else if (res.status === 401) jwtError.parse(res.body);
  // Rate limits: the login answers in LexikJWT's shape, the other calls in hydra's.
  else if (res.status === 429)
    (res.body !== null && typeof res.body === 'object' && 'code' in res.body ? throttledError : hydraError).parse(res.body);
  else if (res.status < 300 && success && res.status !== 204) z.core.parse(success, res.body);
}

describe('malformed requests', () => {
  it('answers 400 Invalid JSON to a body that is not JSON, and 400 to JSON that is not an object', async () => {
    for (const raw of ['{', '{"email":', 'nope', '{"a":1}}', '\u0000']) {
      const res = await api.call('POST', '/customers', { raw });
      expect(res.status).toBe(400);
      expect(hydraError.parse(res.body)['hydra:description']).toBe('Invalid JSON');
    }
    for (const raw of ['[]', '"text"', '42', 'null', 'true']) {
      const res = await api.call('PATCH', `/orders/${cartToken}/items`, { raw, token: me.token });
      expect(res.status).toBe(400);
      expect(hydraError.parse(res.body)['@type']).toBe('hydra:Error');
    }
  });

  it('limits the body to 64 KB (413) and refuses non-JSON content types (415)', async () => {
    const big = await api.call('POST', '/customers', { body: { firstName: 'x'.repeat(70 * 1024) } });
    expect(big.status).toBe(413);
    hydraError.parse(big.body);
    const text = await api.call('POST', '/customer/lookup', {
      raw: 'email=a@b.co',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(text.status).toBe(415);
    hydraError.parse(text.body);
    const plainJson = await api.call('PATCH', `/orders/${cartToken}/items`, {
      body: { productVariant: '10000001' },
      token: me.token,
      headers: { 'content-type': 'application/json' },
    });
    expect(plainJson.status).toBe(200);
  });

  it('refuses NUL characters anywhere with a violation, and long strings by their limit', async () => {
    const nulCharacter = { propertyPath: 'email', code: 'INVALID_CHARACTERS', message: 'Ce champ contient des caractères non autorisés.' };
    const lookup = await api.call('POST', '/customer/lookup', { body: { email: 'a\u0000@b.co' } });
    expect(lookup.status).toBe(422);
    expect(violationList.parse(lookup.body).violations).toEqual([nulCharacter]);
    const nul = await api.call('POST', '/customers', { body: { firstName: 'Jo\u0000' } });
    expect(violationList.parse(nul.body).violations).toEqual([
      expect.objectContaining({ propertyPath: 'firstName', code: 'INVALID_CHARACTERS' }),
    ]);
    const nested = await api.call('POST', '/orders', { body: { meta: { deep: ['ok', 'no\u0000'] } } });
    expect(violationList.parse(nested.body).violations[0]!.propertyPath).toBe('meta.deep.1');
    const login = await api.call('POST', '/authentication-token', { body: { email: 'a@b.co\u0000', password: 'x' } });
    expect(login.status).toBe(422);
    expect(violationList.parse(login.body).violations).toEqual([nulCharacter]);
    const long = await api.call('POST', '/customers', {
      body: { firstName: 'x'.repeat(60_000), lastName: 'y', email: 'z@example.com', password: 'abcdef', acceptTerms: true },
    });
    expect(violationList.parse(long.body).violations.find((v) => v.propertyPath === 'firstName')!.code).toBe('TOO_LONG');
  });

  it('refuses bodies nested too deeply', async () => {
    const raw = `{"a":${'['.repeat(5000)}${']'.repeat(5000)}}`;
    const res = await api.call('POST', '/orders', { raw });
    expect(res.status).toBe(400);
    expect(hydraError.parse(res.body)['hydra:description']).toBe('Request body is nested too deeply');
  });

  it('answers 404 in the hydra shape to unknown paths and methods, and 400 to bad query parameters', async () => {
    for (const [method, path] of [
      ['GET', '/nothing'],
      ['GET', '/customers'],
      ['DELETE', '/customers/1'],
      ['POST', `/orders/${cartToken}`],
      ['GET', '/orders/%E0%A4%A'],
      ['GET', '/addresses/%00'],
    ] as const) {
      const res = await api.call(method, path, { token: me.token });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(hydraError.parse(res.body)['hydra:description']).toBe('Not Found');
    }
    for (const query of ['channelCode=DE', 'locale=en_GB', 'channelCode=FR&locale=nl_BE', 'locale=%00']) {
      const res = await api.call('GET', `/orders/${cartToken}`, { query, token: me.token });
      expect(res.status, query).toBe(400);
      hydraError.parse(res.body);
    }
  });

  it('lets only the sites call with credentials (CORS)', async () => {
    const preflight = await platform.request(`/api/v2/shop/orders/${cartToken}/items`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:4321',
        'access-control-request-method': 'PATCH',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://localhost:4321');
    expect(preflight.headers.get('access-control-allow-credentials')).toBe('true');
    expect(preflight.headers.get('access-control-allow-headers')!.toLowerCase()).toContain('authorization');
    expect(preflight.headers.get('access-control-allow-methods')).toContain('PATCH');
    const foreign = await platform.request(`/api/v2/shop/orders/${cartToken}`, {
      headers: { origin: 'https://evil.example', authorization: `Bearer ${me.token}` },
    });
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('fuzz', () => {
  /**
   * A fixed number of runs, never a time budget: a run that stopped early would pass on whatever it
   * reached. Sized for about 10 s in all on one core of this 2-core machine, PGlite or PostgreSQL (the
   * body fuzz is the slow one: registrations and logins hash passwords). The seed is random, so each run
   * explores new inputs; a failure prints the seed and path that replay it (fc.assert's { seed, path }).
   */
  const runs = (numRuns: number) => ({ numRuns });
  const nasty = fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '💩',
    '𝕏'.repeat(300),
    'x'.repeat(5000),
    '\u202E\u0301',
    '/api/v2/shop/customers/1',
    '/api/v2/shop/addresses/99999999999',
    '/api/v2/shop/product-variants/10000001',
    '10000001',
    '10000006',
    '99999999',
    'BIENVENUE10',
    'NOEL2025',
    '-1',
    '1e400',
    'NaN',
    "'; DROP TABLE shop.orders; --",
    '<script>alert(1)</script>',
    '%00',
    '../../etc/passwd',
    'a@b.co',
    'fr_FR',
    'nl_BE',
    'BE',
    'FR',
    'm',
    '1990-02-30',
    '2999-01-01',
    '0000-00-00',
    '+33612345678',
    '75001',
    'Œ',
  );
  const scalar = fc.oneof(
    nasty,
    fc.string({ maxLength: 40 }),
    fc.string({ unit: 'grapheme', maxLength: 20 }),
    fc.integer(),
    fc.integer({ min: -2, max: 200 }),
    fc.constantFrom(0, 21, 30, 31, 99, 100, 2 ** 31, -(2 ** 31) - 1, Number.MAX_SAFE_INTEGER, 1e300, 0.5, -0),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
  );
  const value = fc.oneof(
    { weight: 5, arbitrary: scalar },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
    { weight: 1, arbitrary: fc.array(scalar, { maxLength: 3 }) },
  );
  const fields = [
    'localeCode',
    'channelCode',
    'customer',
    'productVariant',
    'quantity',
    'subscriptionInterval',
    'sourceItemList',
    'upsell',
    'couponCode',
    'email',
    'password',
    'gender',
    'firstName',
    'lastName',
    'birthday',
    'subscribedToNewsletter',
    'acceptTerms',
    'preferredLanguage',
    'defaultAddress',
    'currentPassword',
    'newPassword',
    'confirmNewPassword',
    'refresh_token',
    'company',
    'countryCode',
    'provinceCode',
    'provinceName',
    'street',
    'street2',
    'city',
    'postcode',
    'phoneNumber',
    'phoneNumber2',
    'alias',
    'deliveryInstructions',
    'isDefault',
    '__proto__',
    'constructor',
    '@id',
  ];
  const body = fc.oneof(
    { weight: 6, arbitrary: fc.dictionary(fc.constantFrom(...fields), value, { maxKeys: 8 }) },
    { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 10 }), value, { maxKeys: 4 }) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  );

  type Target = { method: string; path: () => string; schema?: z.core.$ZodType; valid?: () => Record<string, unknown> };
  const address = {
    firstName: 'Jo',
    lastName: 'Lo',
    countryCode: 'FR',
    street: '1 rue',
    city: 'Nice',
    postcode: '06000',
    phoneNumber: '+33612345678',
  };
  const targets: Target[] = [
    { method: 'POST', path: () => '/orders', schema: orderSchema, valid: () => ({ localeCode: 'fr_FR', channelCode: 'FR' }) },
    { method: 'PUT', path: () => `/orders/${cartToken}`, schema: orderSchema, valid: () => ({ customer: me.customer }) },
    {
      method: 'PATCH',
      path: () => `/orders/${cartToken}/items`,
      schema: orderSchema,
      valid: () => ({ productVariant: '10000002', quantity: 1, subscriptionInterval: 31, sourceItemList: 'x', upsell: true }),
    },
    {
      method: 'PATCH',
      path: () => `/orders/${cartToken}/items/${itemId}`,
      schema: orderSchema,
      valid: () => ({ quantity: 2, subscriptionInterval: 0 }),
    },
    { method: 'PATCH', path: () => `/orders/${cartToken}/apply-coupon`, schema: orderSchema, valid: () => ({ couponCode: 'BIENVENUE10' }) },
    { method: 'POST', path: () => '/customer/lookup', schema: customerLookup, valid: () => ({ email: me.email }) },
    {
      method: 'POST',
      path: () => '/customers',
      schema: customerSchema,
      valid: () => ({
        firstName: 'A',
        lastName: 'B',
        email: 'fuzz@example.com',
        password: 'abcdef',
        acceptTerms: true,
        birthday: '1990-01-01',
        gender: 'f',
      }),
    },
    {
      method: 'PUT',
      path: () => me.customer.replace('/api/v2/shop', ''),
      schema: customerSchema,
      valid: () => ({
        firstName: 'A',
        birthday: '1990-01-01',
        preferredLanguage: 'nl',
        defaultAddress: `/api/v2/shop/addresses/${addressId}`,
      }),
    },
    {
      method: 'PUT',
      path: () => `${me.customer.replace('/api/v2/shop', '')}/password`,
      valid: () => ({ currentPassword: 'wrong', newPassword: 'abcdef', confirmNewPassword: 'abcdef' }),
    },
    {
      method: 'POST',
      path: () => '/authentication-token',
      valid: () => ({ email: 'nobody.fuzz@example.com', password: 'x', captchaToken: 'c' }),
    },
    { method: 'POST', path: () => '/authentication-token/refresh', valid: () => ({ refresh_token: 'unknown' }) },
    { method: 'POST', path: () => '/reset-password-requests', valid: () => ({ email: 'nobody.fuzz@example.com', localeCode: 'nl_BE' }) },
    {
      method: 'PATCH',
      path: () => '/reset-password-requests/abcdefghijklmnopqrstuvwxyz',
      valid: () => ({ newPassword: 'abcdef', confirmNewPassword: 'abcdef' }),
    },
    { method: 'POST', path: () => '/addresses', schema: addressSchema, valid: () => address },
    { method: 'PUT', path: () => `/addresses/${addressId}`, schema: addressSchema, valid: () => ({ ...address, isDefault: true }) },
  ];
  /** A valid body with a few fields replaced or added: reaches the deeper rules that random bodies rarely pass. */
  const mutated = (target: Target) =>
    fc
      .dictionary(fc.constantFrom(...Object.keys(target.valid?.() ?? {}), ...fields), value, { minKeys: 1, maxKeys: 3 })
      .map((changes) => ({ ...target.valid?.(), ...changes }));

  it('answers every generated body of every call with a 2xx or a well-formed 4xx', async () => {
    const call = fc.constantFrom(...targets).chain((target) => fc.tuple(fc.constant(target), fc.oneof(body, mutated(target))));
    await fc.assert(
      fc.asyncProperty(call, async ([target, generated]) => {
        const res = await api.call(target.method, target.path(), { body: generated, token: me.token });
        expectWellFormed(res, target.schema);
      }),
      runs(800),
    );
  });

  it('answers raw bodies and odd content types without a 5xx', async () => {
    const raw = fc.oneof(
      fc.string({ maxLength: 200 }),
      fc.jsonValue().map((v) => JSON.stringify(v)),
      fc.constantFrom('{"quantity":1e999}', '{"a":"\\ud800"}', '\ufeff{}'),
    );
    const contentType = fc.constantFrom(
      'application/json',
      'application/ld+json',
      'application/merge-patch+json',
      'text/plain',
      'application/xml',
      'multipart/form-data; boundary=x',
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...targets), raw, contentType, async (target, text, type) => {
        expectWellFormed(await api.call(target.method, target.path(), { raw: text, token: me.token, headers: { 'content-type': type } }));
      }),
      runs(1000),
    );
  });

  it('answers any path segment, query and bearer token without a 5xx', async () => {
    // Dot segments would leave /api/v2/shop (URLs resolve them), where other services answer in their own shapes.
    const segment = fc
      .oneof(
        fc.string({ maxLength: 30 }).map(encodeURIComponent),
        nasty.map(encodeURIComponent),
        fc.constantFrom('%', '%zz', '%E0%A4%A', '', '2147483648', '0'),
      )
      .filter((s) => !/^(\.|%2e){1,2}$/i.test(s));
    const method = fc.constantFrom('GET', 'DELETE', 'PATCH', 'PUT', 'POST');
    const template = fc.constantFrom(
      '/orders/{}',
      '/orders/{}/items/{}',
      '/orders/{}/coupon/{}',
      '/customers/{}',
      '/customers/{}/password',
      '/addresses/{}',
      '/reset-password-requests/{}',
      '/{}',
    );
    const bearer = fc.oneof(
      fc.constant(undefined),
      fc.string({ maxLength: 40 }).filter((s) => /^[\x21-\x7e]*$/.test(s)),
      fc.constant('a.b.c'),
    );
    const query = fc.oneof(
      fc.constant(undefined),
      fc.constantFrom('locale=nl_BE&channelCode=BE', 'locale=xx', 'channelCode=%00', 'locale=fr_FR&locale=nl_BE'),
    );
    await fc.assert(
      fc.asyncProperty(method, template, segment, segment, bearer, query, async (m, t, a, b, token, q) => {
        const path = t.replace('{}', a).replace('{}', b);
        const res = await api.call(m, path, { token, query: q, body: m === 'GET' || m === 'DELETE' ? undefined : {} });
        expectWellFormed(res);
      }),
      runs(1000),
    );
  });
});
