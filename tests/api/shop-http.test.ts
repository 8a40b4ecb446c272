/**
 * The shop API over real HTTP (@hono/node-server, as the platform serves it): the body limit reads the
 * declared Content-Length and still counts a chunked body, and the sites' origin gets its CORS headers on
 * every answer (a cart, an error, a preflight), a stranger's does not.
 */
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadFixtures } from '../../src/backend/seed/seed.ts';
import { hydraError } from '../../src/lib/shop-api/errors.ts';
import { order as orderSchema } from '../../src/lib/shop-api/orders.ts';
import { testPlatform, type TestPlatform } from './platform.ts';

const site = 'http://localhost:4321';
const variant = loadFixtures()
  .products.filter((p) => p.viewable && !p.isSample)
  .flatMap((p) => p.variants.filter((v) => v.showVariant && v.inStock))[0]!;

let platform: TestPlatform;
let server: ServerType;
let base: string;
beforeAll(async () => {
  platform = await testPlatform();
  server = serve({ fetch: platform.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v2/shop`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await platform.db.close();
});

// duplex: a body sent as a stream (chunked), which Node's fetch asks to be said.
const call = (path: string, init: Omit<RequestInit, 'headers'> & { headers?: Record<string, string>; duplex?: 'half' } = {}) =>
  fetch(`${base}${path}`, {
    ...init,
    headers: { 'x-forwarded-for': platform.clientAddress, origin: site, accept: 'application/ld+json', ...init.headers },
  });
const newCart = async () => {
  const res = await call('/orders', {
    method: 'POST',
    headers: { 'content-type': 'application/ld+json' },
    body: '{"localeCode":"fr_FR","channelCode":"FR"}',
  });
  expect(res.status).toBe(201);
  return orderSchema.parse(await res.json()).tokenValue;
};
const expectSiteCors = (res: Response) => {
  expect(res.headers.get('access-control-allow-origin')).toBe(site);
  expect(res.headers.get('access-control-allow-credentials')).toBe('true');
  expect(res.headers.get('access-control-expose-headers')).toBe('Retry-After,Location');
  expect(res.headers.get('vary')).toBe('Origin');
};

describe('the shop API over HTTP', () => {
  it('adds to a cart, with the site’s CORS headers on the answer', async () => {
    const token = await newCart();
    const res = await call(`/orders/${token}/items`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/merge-patch+json' },
      body: JSON.stringify({ productVariant: variant.code, quantity: 2 }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/ld+json; charset=utf-8');
    expectSiteCors(res);
    expect(orderSchema.parse(await res.json()).items).toMatchObject([
      { variant: `/api/v2/shop/product-variants/${variant.code}`, quantity: 2 },
    ]);
  });

  it('gives an error the same CORS headers, and a stranger’s origin none', async () => {
    const missing = await call('/orders/no-such-cart');
    expect(missing.status).toBe(404);
    expectSiteCors(missing);
    hydraError.parse(await missing.json());
    const stranger = await call('/orders/no-such-cart', { headers: { origin: 'https://evil.example' } });
    expect(stranger.headers.get('access-control-allow-origin')).toBeNull();
    expect(stranger.headers.get('vary')).toBe('Origin');
  });

  it('answers the preflight of a cart write', async () => {
    const res = await call('/orders/x/items', {
      method: 'OPTIONS',
      headers: { 'access-control-request-method': 'PATCH', 'access-control-request-headers': 'content-type' },
    });
    expect({ status: res.status, ...Object.fromEntries(res.headers) }).toMatchObject({
      status: 204,
      'access-control-allow-origin': site,
      'access-control-allow-credentials': 'true',
      'access-control-allow-methods': 'GET,POST,PUT,PATCH,DELETE',
      'access-control-allow-headers': 'Authorization,Content-Type,Accept',
      'access-control-max-age': '600',
    });
  });

  it('refuses a body over 64 KB, declared by its Content-Length or sent in chunks (413)', async () => {
    const token = await newCart();
    const big = JSON.stringify({ productVariant: variant.code, quantity: 1, note: 'x'.repeat(70 * 1024) });
    const declared = await call(`/orders/${token}/items`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: big });
    expect(declared.status).toBe(413);
    hydraError.parse(await declared.json());
    const chunked = await call(`/orders/${token}/items`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: new Blob([big]).stream(),
      duplex: 'half',
    });
    expect(chunked.status).toBe(413);
    hydraError.parse(await chunked.json());
    const small = await call(`/orders/${token}/items`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: new Blob([JSON.stringify({ productVariant: variant.code, quantity: 1 })]).stream(),
      duplex: 'half',
    });
    expect(small.status).toBe(200);
  });
});
