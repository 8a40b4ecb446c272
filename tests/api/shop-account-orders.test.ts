import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { collection } from '../../src/lib/shop-api/http.ts';
import { customer as customerSchema } from '../../src/lib/shop-api/customers.ts';
import { iri } from '../../src/lib/shop-api/iri.ts';
import { jwtError } from '../../src/lib/shop-api/errors.ts';
import { order as orderSchema } from '../../src/lib/shop-api/orders.ts';
import { shopApi, testClock, testPlatform, type TestPlatform } from './platform.ts';
import { checkout, cheapest, expectNotFound, frAddress, ok, type Api } from './shop-checkout-support.ts';

const clock = testClock();
let platform: TestPlatform;
let api: Api;

beforeAll(async () => {
  platform = await testPlatform({ clock: clock.now });
  api = shopApi(platform);
});
afterAll(async () => {
  await platform.db.close();
});

const page = z.object({
  ...collection(orderSchema).shape,
  '@id': z.string(),
  'hydra:view': z.object({
    '@id': z.string(),
    'hydra:first': z.string(),
    'hydra:last': z.string(),
    'hydra:next': z.string().optional(),
    'hydra:previous': z.string().optional(),
  }),
});

/** Places an order at `when`, by card, for one unit of the cheapest variant at `interval`. */
async function place(session: string, when: string, interval = 0) {
  const steps = checkout(api, session);
  clock.set(when);
  try {
    const token = await steps.cart([{ code: cheapest.code, interval }]);
    await steps.upToPayment(token, 'visa');
    return ok(await steps.complete(token));
  } finally {
    clock.reset();
  }
}

describe('orders in the account', () => {
  it('lists the signed-in customer’s placed orders, newest first, a page at a time', async () => {
    const me = await api.signUp();
    const placed = [];
    for (const day of ['2026-01-05', '2026-02-10', '2026-03-15']) placed.push(await place(me.token, `${day}T09:30:00Z`));
    // A cart of theirs is not an order yet.
    await checkout(api, me.token).cart();
    const first = page.parse((await api.call('GET', '/orders', { token: me.token, query: 'itemsPerPage=2' })).body);
    expect(first['hydra:totalItems']).toBe(3);
    expect(first['hydra:member'].map((o) => o.number)).toEqual([placed[2]!.number, placed[1]!.number]);
    expect(first['hydra:view']['hydra:next']).toBe('/api/v2/shop/orders?page=2&itemsPerPage=2');
    const second = page.parse((await api.call('GET', '/orders', { token: me.token, query: 'page=2&itemsPerPage=2' })).body);
    expect(second['hydra:member'].map((o) => o.number)).toEqual([placed[0]!.number]);
    expect(second['hydra:view']['hydra:next']).toBeUndefined();
    expect(second['hydra:view']['hydra:previous']).toBe('/api/v2/shop/orders?page=1&itemsPerPage=2');
    const beyond = page.parse((await api.call('GET', '/orders', { token: me.token, query: 'page=9' })).body);
    expect(beyond['hydra:member']).toEqual([]);
  });

  it('shows what the account needs of an order: date, number, status and group, items, addresses, carrier, payment, lines', async () => {
    const me = await api.signUp();
    const placed = await place(me.token, '2026-04-01T08:00:00Z');
    const listed = page.parse((await api.call('GET', '/orders', { token: me.token })).body)['hydra:member'][0]!;
    expect(listed).toEqual(placed);
    expect(listed).toMatchObject({
      '@id': iri.order(placed.tokenValue),
      checkoutCompletedAt: '2026-04-01T08:00:00Z',
      status: { code: 'awaiting_payment', group: 'warning' },
      items: [expect.objectContaining({ variantCode: cheapest.code, quantity: 1 })],
      billingAddress: { city: frAddress.city },
      shipments: [expect.objectContaining({ carrier: 'Colissimo', trackingNumber: null, method: iri.shippingMethod('home_delivery') })],
      payments: [expect.objectContaining({ method: iri.paymentMethod('visa'), amount: placed.total })],
    });
    expect(listed.number).toMatch(/^\d{9}$/);
    const one = ok(await api.call('GET', `/orders/${placed.tokenValue}`, { token: me.token }));
    expect(one).toEqual(placed);
    // Labels are in the order's own language (its locale), whichever locale the call names.
    const nl = orderSchema.parse((await api.call('GET', `/orders/${placed.tokenValue}`, { token: me.token, query: 'locale=nl_BE' })).body);
    expect(nl.status.label).toBe(placed.status.label);
  });

  it('shows a shipped order with its tracking number, and a paid one as in progress', async () => {
    const me = await api.signUp();
    const placed = await place(me.token, '2026-04-02T08:00:00Z');
    await platform.db.query(`UPDATE shop.orders SET payment_state = 'paid' WHERE token_value = $1`, [placed.tokenValue]);
    expect(ok(await api.call('GET', `/orders/${placed.tokenValue}`, { token: me.token })).status).toEqual({
      code: 'processing',
      group: 'valid',
      label: 'En cours',
    });
    await platform.db.query(
      `UPDATE shop.shipments SET state = 'shipped', tracking_number = '6A12345678901', shipped_at = '2026-04-03T15:00:00Z'
       WHERE order_id = (SELECT id FROM shop.orders WHERE token_value = $1)`,
      [placed.tokenValue],
    );
    await platform.db.query(`UPDATE shop.orders SET shipping_state = 'shipped' WHERE token_value = $1`, [placed.tokenValue]);
    const shipped = ok(await api.call('GET', `/orders/${placed.tokenValue}`, { token: me.token }));
    expect(shipped.status).toEqual({ code: 'shipped', group: 'valid', label: 'Expédiée' });
    expect(shipped.shipments[0]).toMatchObject({ state: 'shipped', trackingNumber: '6A12345678901', shippedAt: '2026-04-03T15:00:00Z' });
  });

  it('shows only one’s own orders: others are absent from the list and a 404 by token', async () => {
    const [me, other] = await Promise.all([api.signUp(), api.signUp()]);
    const theirs = await place(other.token, '2026-05-01T10:00:00Z');
    const mine = page.parse((await api.call('GET', '/orders', { token: me.token })).body);
    expect(mine['hydra:totalItems']).toBe(0);
    expectNotFound(await api.call('GET', `/orders/${theirs.tokenValue}`, { token: me.token }));
    expectNotFound(await api.call('GET', `/orders/${theirs.tokenValue}`));
  });

  it('needs a session and whole page numbers', async () => {
    const res = await api.call('GET', '/orders');
    expect(res.status).toBe(401);
    expect(jwtError.parse(res.body).message).toBe('JWT Token not found');
    const me = await api.signUp();
    for (const query of ['page=0', 'page=abc', 'itemsPerPage=0', 'itemsPerPage=51', 'page=1.5']) {
      expect((await api.call('GET', '/orders', { token: me.token, query })).status, query).toBe(400);
    }
  });
});

describe('the customer follows their orders', () => {
  it('a new customer becomes an old one with a last order date, and a subscriber with a subscription line', async () => {
    const me = await api.signUp();
    const read = async () => customerSchema.parse((await api.call('GET', `/customers/${me.profile.id}`, { token: me.token })).body);
    expect(await read()).toMatchObject({ newCustomer: true, lastOrderDate: null, subscriber: false });
    await place(me.token, '2026-06-01T12:00:00Z');
    expect(await read()).toMatchObject({ newCustomer: false, lastOrderDate: '2026-06-01T12:00:00Z', subscriber: false });
    await place(me.token, '2026-06-20T12:00:00Z', 31);
    expect(await read()).toMatchObject({ lastOrderDate: '2026-06-20T12:00:00Z', subscriber: true });
  });

  it('an order in the checkout, not placed yet, changes nothing', async () => {
    const me = await api.signUp();
    const steps = checkout(api, me.token);
    const token = await steps.cart([{ code: cheapest.code, interval: 31 }]);
    await steps.upToPayment(token);
    const customer = customerSchema.parse((await api.call('GET', `/customers/${me.profile.id}`, { token: me.token })).body);
    expect(customer).toMatchObject({ newCustomer: true, lastOrderDate: null, subscriber: false });
  });
});
