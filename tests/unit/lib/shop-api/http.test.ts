import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createHttpClient, RETRY_STATUSES, ShopApiError, shouldRetry, type HttpMethod } from '../../../../src/lib/shop-api/http.ts';
import { createShopClient } from '../../../../src/lib/shop-api/client.ts';
import { NO_AUTHENTICATION_DATA } from '../../../../src/lib/shop-api/authentication.ts';
import { saveAddress, type Address } from '../../../../src/lib/shop-api/addresses.ts';
import type { Customer } from '../../../../src/lib/shop-api/customers.ts';
import type { Order } from '../../../../src/lib/shop-api/orders.ts';
import { cartCheckoutFields } from '../../../support/cart-checkout-fields.ts';

type Call = { url: URL; method: string; headers: Record<string, string>; body: unknown };
/** A fetch that answers from a list (or a function) and records what it was asked. */
function fakeFetch(answers: Array<Response | Error | (() => Response)>) {
  const calls: Call[] = [];
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    calls.push({
      url: new URL(String(input)),
      method: init.method ?? 'GET',
      headers: { ...(init.headers as Record<string, string>) },
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    });
    const answer = answers[Math.min(calls.length - 1, answers.length - 1)];
    if (answer instanceof Error) throw answer;
    return typeof answer === 'function' ? answer() : answer.clone();
  };
  return { fetch: fetch as typeof globalThis.fetch, calls };
}
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/ld+json' } });
const empty = (status = 204) => new Response(null, { status });

function client(
  answers: Parameters<typeof fakeFetch>[0],
  extra: { token?: string | null; onUnauthorized?: (e: ShopApiError) => void } = {},
) {
  const fake = fakeFetch(answers);
  const http = createHttpClient({
    baseUrl: 'http://localhost:4400/',
    channelCode: 'BE',
    locale: 'nl_BE',
    fetch: fake.fetch,
    retryDelayMs: 0,
    token: () => extra.token ?? null,
    ...(extra.onUnauthorized ? { onUnauthorized: extra.onUnauthorized } : {}),
  });
  return { http, calls: fake.calls };
}

const cart = (items: Order['items'] = []): Order => ({
  '@id': '/api/v2/shop/orders/tok',
  '@type': 'Order',
  tokenValue: 'tok',
  state: 'cart',
  checkoutState: 'cart',
  paymentState: 'cart',
  shippingState: 'cart',
  ...cartCheckoutFields,
  currencyCode: 'EUR',
  localeCode: 'nl_BE',
  channelCode: 'BE',
  customer: null,
  items,
  freeProducts: [],
  couponCode: null,
  coupon: null,
  promotions: [],
  itemsTotal: 0,
  orderPromotionTotal: 0,
  shippingTotal: 0,
  serviceFeesTotal: 0,
  taxTotal: 0,
  total: 0,
  totalExcludingTax: 0,
  freeShippingThreshold: 4900,
  amountToFreeShipping: 4900,
});

describe('retry policy', () => {
  it('retries idempotent methods only, once, on the listed statuses', () => {
    expect(RETRY_STATUSES).toEqual([408, 409, 425, 429, 500, 502, 503, 504]);
    expect(shouldRetry('GET', 503, 1)).toBe(true);
    expect(shouldRetry('GET', 503, 2)).toBe(false);
    expect(shouldRetry('HEAD', null, 1)).toBe(true);
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as HttpMethod[]) expect(shouldRetry(method, 503, 1), method).toBe(false);
  });

  for (const status of [408, 409, 425, 429, 500, 502, 503, 504]) {
    it(`retries a GET once on ${status}`, async () => {
      const { http, calls } = client([json({ 'hydra:description': 'busy' }, status), json({ ok: true })]);
      await expect(http.get('/api/v2/shop/x', { schema: z.object({ ok: z.boolean() }) })).resolves.toEqual({ ok: true });
      expect(calls).toHaveLength(2);
    });
    it(`gives up after the one retry of a GET on ${status}`, async () => {
      const { http, calls } = client([json({ 'hydra:description': 'busy' }, status)]);
      await expect(http.get('/api/v2/shop/x')).rejects.toMatchObject({ status, description: 'busy' });
      expect(calls).toHaveLength(2);
    });
  }
  for (const status of [400, 401, 403, 404, 422]) {
    it(`does not retry a GET on ${status}`, async () => {
      const { http, calls } = client([json({ 'hydra:description': 'no' }, status), json({})]);
      await expect(http.get('/api/v2/shop/x')).rejects.toMatchObject({ status });
      expect(calls).toHaveLength(1);
    });
  }
  it('retries HEAD and OPTIONS too', async () => {
    for (const method of ['HEAD', 'OPTIONS'] as const) {
      const { http, calls } = client([empty(502), empty(204)]);
      await http.request(method, '/api/v2/shop/x');
      expect(calls, method).toHaveLength(2);
    }
  });
  it('retries a GET once after a network failure, then reports status 0', async () => {
    const once = client([new TypeError('Failed to fetch'), json({ ok: true })]);
    await expect(once.http.get('/api/v2/shop/x', { schema: z.object({ ok: z.boolean() }) })).resolves.toEqual({ ok: true });
    expect(once.calls).toHaveLength(2);
    const twice = client([new TypeError('Failed to fetch')]);
    await expect(twice.http.get('/api/v2/shop/x')).rejects.toMatchObject({ status: 0, description: 'Network request failed' });
    expect(twice.calls).toHaveLength(2);
  });
  for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
    it(`never retries ${method}`, async () => {
      for (const status of RETRY_STATUSES) {
        const { http, calls } = client([json({ 'hydra:description': 'busy' }, status), json({})]);
        await expect(http.request(method, '/api/v2/shop/x', { body: {} })).rejects.toMatchObject({ status });
        expect(calls, `${method} ${status}`).toHaveLength(1);
      }
      const network = client([new TypeError('Failed to fetch'), json({})]);
      await expect(network.http.request(method, '/api/v2/shop/x', { body: {} })).rejects.toMatchObject({ status: 0 });
      expect(network.calls).toHaveLength(1);
    });
  }
});

describe('requests', () => {
  it('carry channelCode and locale, Accept ld+json, and the content type of their method', async () => {
    const { http, calls } = client([json({}), json({}), json({}), empty()]);
    await http.get('/api/v2/shop/orders/abc', { query: { page: 2 } });
    await http.post('/api/v2/shop/orders', { body: { a: 1 } });
    await http.patch('/api/v2/shop/orders/abc/items', { body: { quantity: 1 } });
    await http.delete('/api/v2/shop/orders/abc');
    expect(calls.map((c) => `${c.method} ${c.url.pathname}?${c.url.searchParams}`)).toEqual([
      'GET /api/v2/shop/orders/abc?channelCode=BE&locale=nl_BE&page=2',
      'POST /api/v2/shop/orders?channelCode=BE&locale=nl_BE',
      'PATCH /api/v2/shop/orders/abc/items?channelCode=BE&locale=nl_BE',
      'DELETE /api/v2/shop/orders/abc?channelCode=BE&locale=nl_BE',
    ]);
    expect(calls.every((c) => c.headers.Accept === 'application/ld+json')).toBe(true);
    expect(calls.map((c) => c.headers['Content-Type'])).toEqual([
      undefined,
      'application/ld+json',
      'application/merge-patch+json',
      undefined,
    ]);
    expect(calls[0]!.url.origin).toBe('http://localhost:4400');
  });
  it('send the bearer token when there is one, unless the call is anonymous by nature', async () => {
    const { http, calls } = client([json({}), json({})], { token: 'jwt' });
    await http.get('/api/v2/shop/addresses');
    await http.post('/api/v2/shop/authentication-token', { body: {}, auth: false });
    expect(calls[0]!.headers.Authorization).toBe('Bearer jwt');
    expect(calls[1]!.headers.Authorization).toBeUndefined();
  });
  it('turn a ConstraintViolationList into a ShopApiError with the violations and the description', async () => {
    const body = {
      '@type': 'ConstraintViolationList',
      'hydra:title': 'An error occurred',
      'hydra:description': 'postcode: Le code postal doit comporter 5 chiffres.',
      violations: [{ propertyPath: 'postcode', message: 'Le code postal doit comporter 5 chiffres.', code: 'postcode_length' }],
    };
    const { http } = client([json(body, 422)]);
    const error = await http.post('/api/v2/shop/addresses', { body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ShopApiError);
    expect(error).toMatchObject({ status: 422, description: body['hydra:description'], violations: body.violations, body });
  });
  it('read `message` of JWT errors and fall back to the status line', async () => {
    const { http } = client([json({ code: 401, message: 'Invalid credentials.' }, 401)]);
    await expect(http.post('/api/v2/shop/authentication-token', { body: {}, auth: false })).rejects.toMatchObject({
      status: 401,
      description: 'Invalid credentials.',
    });
    const bare = client([new Response('oops', { status: 400, statusText: 'Bad Request' })]);
    await expect(bare.http.post('/x', { body: {} })).rejects.toMatchObject({ status: 400, description: '400 Bad Request' });
  });
  it('call onUnauthorized on a 401 of an authenticated call only', async () => {
    const seen: number[] = [];
    const logged = client([json({ code: 401, message: 'Expired JWT Token' }, 401)], {
      token: 'jwt',
      onUnauthorized: (e) => seen.push(e.status),
    });
    await expect(logged.http.get('/api/v2/shop/addresses')).rejects.toMatchObject({ status: 401 });
    expect(seen).toEqual([401]);
    const anonymous = client([json({ code: 401, message: 'Invalid credentials.' }, 401)], {
      token: 'jwt',
      onUnauthorized: (e) => seen.push(e.status),
    });
    await expect(anonymous.http.post('/api/v2/shop/authentication-token', { body: {}, auth: false })).rejects.toMatchObject({
      status: 401,
    });
    expect(seen).toEqual([401]);
  });
  it('report a body cut off on the way as a network failure, not as an unexpected answer', async () => {
    // The headers arrived, then the stream broke (a navigation away aborts the page's fetches so).
    const cutOff = () =>
      new Response(
        new ReadableStream({
          start(controller) {
            controller.enqueue(new TextEncoder().encode('{"tokenValue":'));
            controller.error(new TypeError('network error'));
          },
        }),
        { status: 200, headers: { 'Content-Type': 'application/ld+json' } },
      );
    const { http } = client([cutOff]);
    const answer = http.get('/api/v2/shop/orders/abc', { schema: z.object({ tokenValue: z.string() }) });
    await expect(answer).rejects.toMatchObject({ status: 0, code: null, description: 'Network request failed' });
  });
  it('parse answers with the wire schema and refuse unexpected ones', async () => {
    const { http } = client([json({ tokenValue: 1 })]);
    await expect(http.get('/api/v2/shop/orders/abc', { schema: z.object({ tokenValue: z.string() }) })).rejects.toMatchObject({
      code: 'invalid_response',
    });
  });
});

const customer: Customer = {
  '@id': '/api/v2/shop/customers/7',
  '@type': 'Customer',
  id: 7,
  email: 'a@b.fr',
  emailHashed: 'x',
  firstName: 'A',
  lastName: 'B',
  fullName: 'A B',
  gender: 'f',
  birthday: null,
  subscribedToNewsletter: false,
  defaultAddress: null,
  newCustomer: true,
  subscriber: false,
  lastOrderDate: null,
  user: { verified: false },
  preferredLanguage: 'nl',
};

describe('shop calls', () => {
  it("use the shop API's paths and bodies", async () => {
    const order = cart();
    const address: Address = {
      '@id': '/api/v2/shop/addresses/4',
      '@type': 'Address',
      id: 4,
      company: null,
      firstName: 'A',
      lastName: 'B',
      countryCode: 'BE',
      provinceCode: null,
      provinceName: null,
      street: 'Rue 1',
      street2: null,
      city: 'Gent',
      postcode: '9000',
      phoneNumber: '+32470123456',
      phoneNumber2: null,
      alias: null,
      deliveryInstructions: null,
      isDefault: false,
    };
    const { http, calls } = client(
      [
        json(order),
        json(order),
        empty(),
        json(order),
        json(order),
        json(order),
        empty(),
        json(order),
        json(order),
        json({ exists: true }),
        json(customer, 201),
        json({ '@type': 'hydra:Collection', 'hydra:member': [address], 'hydra:totalItems': 1 }),
        empty(),
        empty(),
        empty(),
      ],
      { token: 'jwt' },
    );
    const shop = createShopClient(http);
    await shop.createCart();
    await shop.getCart('tok');
    await shop.deleteCart('tok');
    await shop.assignCustomer('tok', '/api/v2/shop/customers/7');
    await shop.addItem('tok', { productVariant: '12345678', quantity: 2, subscriptionInterval: 31 });
    await shop.changeItem('tok', 9, { subscriptionInterval: 0 });
    await shop.removeItem('tok', 9);
    await shop.applyCoupon('tok', 'WELCOME5');
    await shop.removeCoupon('tok', 'WELCOME5');
    expect(await shop.lookupCustomer('a@b.fr')).toEqual({ exists: true });
    expect(
      await shop.register({
        gender: 'f',
        firstName: 'A',
        lastName: 'B',
        email: 'a@b.fr',
        password: 'secret',
        birthday: null,
        subscribedToNewsletter: false,
        acceptTerms: true,
      }),
    ).toEqual(customer);
    expect(await shop.listAddresses()).toEqual([address]);
    await shop.changePassword('/api/v2/shop/customers/7', { currentPassword: 'a', newPassword: 'bbbbb', confirmNewPassword: 'bbbbb' });
    await shop.requestPasswordReset('a@b.fr');
    await shop.resetPassword('reset-token', { newPassword: 'bbbbb', confirmNewPassword: 'bbbbb' });
    expect(calls.map((c) => `${c.method} ${c.url.pathname}`)).toEqual([
      'POST /api/v2/shop/orders',
      'GET /api/v2/shop/orders/tok',
      'DELETE /api/v2/shop/orders/tok',
      'PUT /api/v2/shop/orders/tok',
      'PATCH /api/v2/shop/orders/tok/items',
      'PATCH /api/v2/shop/orders/tok/items/9',
      'DELETE /api/v2/shop/orders/tok/items/9',
      'PATCH /api/v2/shop/orders/tok/apply-coupon',
      'DELETE /api/v2/shop/orders/tok/coupon/WELCOME5',
      'POST /api/v2/shop/customer/lookup',
      'POST /api/v2/shop/customers',
      'GET /api/v2/shop/addresses',
      'PUT /api/v2/shop/customers/7/password',
      'POST /api/v2/shop/reset-password-requests',
      'PATCH /api/v2/shop/reset-password-requests/reset-token',
    ]);
    expect(calls.map((c) => c.body)).toEqual([
      { localeCode: 'nl_BE', channelCode: 'BE' },
      undefined,
      undefined,
      { customer: '/api/v2/shop/customers/7' },
      {
        productVariant: '/api/v2/shop/product-variants/12345678',
        quantity: 2,
        subscriptionInterval: 31,
        sourceItemList: null,
        upsell: false,
      },
      { subscriptionInterval: 0 },
      undefined,
      { couponCode: 'WELCOME5' },
      undefined,
      { email: 'a@b.fr' },
      {
        gender: 'f',
        firstName: 'A',
        lastName: 'B',
        email: 'a@b.fr',
        password: 'secret',
        birthday: null,
        subscribedToNewsletter: false,
        acceptTerms: true,
      },
      undefined,
      { currentPassword: 'a', newPassword: 'bbbbb', confirmNewPassword: 'bbbbb' },
      { email: 'a@b.fr', localeCode: 'nl_BE' },
      { newPassword: 'bbbbb', confirmNewPassword: 'bbbbb' },
    ]);
    // Login, lookup, registration and password reset never send a (possibly stale) token.
    expect(calls.filter((c) => c.headers.Authorization === undefined).map((c) => c.url.pathname)).toEqual([
      '/api/v2/shop/customer/lookup',
      '/api/v2/shop/customers',
      '/api/v2/shop/reset-password-requests',
      '/api/v2/shop/reset-password-requests/reset-token',
    ]);
  });
  it('refuse an authentication answer without customer or user ("no authentication data in response")', async () => {
    const { http } = client([json({ token: 't', refresh_token: 'r', customer: '/api/v2/shop/customers/7' })]);
    await expect(createShopClient(http).login({ email: 'a@b.fr', password: 'secret' })).rejects.toThrow(NO_AUTHENTICATION_DATA);
    const noCustomer = client([json({ token: 't', refresh_token: 'r', user: { username: 'a@b.fr', verified: true } })]);
    await expect(createShopClient(noCustomer.http).login({ email: 'a@b.fr', password: 'secret' })).rejects.toThrow(NO_AUTHENTICATION_DATA);
    const auth = {
      token: 't',
      refresh_token: 'r',
      user: { username: 'a@b.fr', verified: true },
      customer: '/api/v2/shop/customers/7',
      cart: 'c1',
    };
    const ok = client([json(auth)]);
    await expect(createShopClient(ok.http).login({ email: 'a@b.fr', password: 'secret' })).resolves.toEqual(auth);
  });
  it('set the default address explicitly when the server did not keep it', async () => {
    const saved: Address = {
      '@id': '/api/v2/shop/addresses/4',
      '@type': 'Address',
      id: 4,
      company: null,
      firstName: 'A',
      lastName: 'B',
      countryCode: 'FR',
      provinceCode: null,
      provinceName: null,
      street: 'Rue 1',
      street2: null,
      city: 'Lyon',
      postcode: '69003',
      phoneNumber: '+33612345678',
      phoneNumber2: null,
      alias: null,
      deliveryInstructions: null,
      isDefault: false,
    };
    const calls: string[] = [];
    const fake = {
      createAddress: async () => {
        calls.push('create');
        return saved;
      },
      updateAddress: async () => {
        calls.push('update');
        return { ...saved, isDefault: true };
      },
      setDefaultAddress: async (customer: string, address: number | string) => {
        calls.push(`default ${customer} ${address}`);
        return undefined as never;
      },
    };
    const { '@id': _id, '@type': _type, id: _n, ...input } = saved;
    expect((await saveAddress(fake, { address: { ...input, isDefault: true }, customerIri: '/api/v2/shop/customers/7' })).isDefault).toBe(
      true,
    );
    expect(calls).toEqual(['create', 'default /api/v2/shop/customers/7 /api/v2/shop/addresses/4']);
    calls.length = 0;
    await saveAddress(fake, { address: { ...input, isDefault: true }, id: 4, customerIri: '/api/v2/shop/customers/7' });
    expect(calls).toEqual(['update']);
    calls.length = 0;
    await saveAddress(fake, { address: input, customerIri: '/api/v2/shop/customers/7' });
    expect(calls).toEqual(['create']);
  });
});
