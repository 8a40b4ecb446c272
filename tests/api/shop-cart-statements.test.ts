/**
 * What one add to cart costs the database, on both drivers: the statements it runs are pinned, so a
 * change that reads the cart again or splits a write is caught here rather than in the benchmark. The add
 * answers from the lines its write returned (carts/repository.ts addToCart): that answer must equal a
 * fresh read of the cart, and the limits checked inside the write must refuse as they always did.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopApi, testPlatform, type TestPlatform } from './platform.ts';
import { loadFixtures } from '../../src/backend/seed/seed.ts';
import type { Queryable, Transaction } from '../../src/backend/db/database.ts';
import { DELIVERY_FREQUENCIES } from '../../src/lib/constants.ts';
import { order as orderSchema } from '../../src/lib/shop-api/orders.ts';
import { violationList } from '../../src/lib/shop-api/errors.ts';
import { FREE_ORDER_COUPON, seedDemoCoupons } from '../../src/backend/seed/demo-coupons.ts';

let platform: TestPlatform;
let api: ReturnType<typeof shopApi>;
/** The statements run since the last reset: `BEGIN` opens a transaction, the others are the statements' first words. */
let statements: string[] = [];

const sellable = loadFixtures()
  .products.filter((p) => p.viewable && !p.isSample)
  .flatMap((p) => p.variants.filter((v) => v.showVariant && v.inStock));
/** Every line a cart can hold of those variants: one-off and at every delivery frequency. */
const lines = sellable.flatMap((v) => [0, ...DELIVERY_FREQUENCIES.map((f) => f.days)].map((interval) => ({ code: v.code, interval })));

beforeAll(async () => {
  platform = await testPlatform();
  api = shopApi(platform);
  // The platform's handlers call the same object: its methods are swapped for ones that note each statement.
  const db = platform.db as { query: Queryable['query']; notify: Queryable['notify']; transaction: typeof platform.db.transaction };
  const noted = (q: Queryable): Queryable => ({
    query: (sql, params) => {
      statements.push(sql.trim().split(/\s+/)[0]!.toUpperCase());
      return q.query(sql, params);
    },
    notify: (channel) => q.notify(channel),
  });
  const { query, notify, transaction } = db;
  db.query = noted({ query, notify }).query;
  db.transaction = (fn) =>
    transaction((tx) => {
      statements.push('BEGIN');
      // The last statement, with its COMMIT: noted as its first word and COMMIT.
      const queryAndCommit: Transaction['queryAndCommit'] = (sql, params) => {
        statements.push(sql.trim().split(/\s+/)[0]!.toUpperCase(), 'COMMIT');
        return tx.queryAndCommit(sql, params);
      };
      return fn({ ...noted(tx), queryAndCommit });
    });
});
afterAll(async () => {
  await platform.db.close();
});

const newCart = async () => {
  const res = await api.call('POST', '/orders', { body: { localeCode: 'fr_FR', channelCode: 'FR' } });
  expect(res.status).toBe(201);
  return orderSchema.parse(res.body).tokenValue;
};
const add = (token: string, productVariant: string, subscriptionInterval = 0, quantity = 1) =>
  api.call('PATCH', `/orders/${token}/items`, { body: { productVariant, subscriptionInterval, quantity } });
/** When the order was last changed, as its row says. */
const touchedAt = async (token: string) =>
  (await platform.db.query<{ updated_at: unknown }>('SELECT updated_at FROM shop.orders WHERE token_value = $1', [token]))[0]!.updated_at;
const expectRefused = (res: { status: number; body: unknown }, propertyPath: string, code: string) => {
  expect(res.status, JSON.stringify(res.body)).toBe(422);
  expect(violationList.parse(res.body).violations.find((v) => v.propertyPath === propertyPath)?.code).toBe(code);
};

describe('add to cart', () => {
  it('runs one transaction of two statements, for a new line as for a line that grows', async () => {
    const token = await newCart();
    for (const line of lines.slice(0, 3)) expect((await add(token, line.code, line.interval)).status).toBe(200);
    // The order's row lock with the variant, then the write answering the lines with their variants' names, pages and
    // pictures, the shipment and the payments (the pictures were a third statement, read after the write).
    // The write leaves with its COMMIT (one round trip on a server): a refused add writes nothing.
    const expected = ['BEGIN', 'SELECT', 'WITH', 'COMMIT'];
    for (const line of [lines[0]!, lines[5]!]) {
      statements = [];
      expect((await add(token, line.code, line.interval)).status).toBe(200);
      expect(statements).toEqual(expected);
    }
  });

  it('answers the cart exactly as a fresh read of it does', async () => {
    const token = await newCart();
    for (const line of lines.slice(0, 4)) await add(token, line.code, line.interval, 2);
    const added = await add(token, lines[1]!.code, lines[1]!.interval, 3);
    expect(added.status).toBe(200);
    expect(added.body).toEqual((await api.call('GET', `/orders/${token}`)).body);
    expect(orderSchema.parse(added.body).items.map((i) => i.quantity)).toEqual([2, 5, 2, 2]);
  });

  it('checks a signed-in shopper’s session with the cart’s lock, and a revoked one ends access at once', async () => {
    const { token: bearer } = await api.signUp();
    const created = await api.call('POST', '/orders', { body: { localeCode: 'fr_FR', channelCode: 'FR' }, token: bearer });
    const cart = orderSchema.parse(created.body).tokenValue;
    const line = { productVariant: lines[0]!.code, subscriptionInterval: 0, quantity: 1 };
    statements = [];
    expect((await api.call('PATCH', `/orders/${cart}/items`, { body: line, token: bearer })).status).toBe(200);
    expect(statements).toEqual(['BEGIN', 'SELECT', 'WITH', 'COMMIT']);
    await platform.db.query('UPDATE shop.sessions SET revoked_at = now()');
    const before = await platform.db.query(
      'SELECT quantity FROM shop.order_items i JOIN shop.orders o ON o.id = i.order_id WHERE o.token_value = $1',
      [cart],
    );
    // Its cart as a cart of no one: the session is told first, as before any cart is read.
    for (const token of [cart, 'no-such-cart', 'not.a.token']) {
      const refused = await api.call('PATCH', `/orders/${token}/items`, { body: line, token: bearer });
      expect(refused.status, JSON.stringify(refused.body)).toBe(401);
    }
    expect(
      await platform.db.query('SELECT quantity FROM shop.order_items i JOIN shop.orders o ON o.id = i.order_id WHERE o.token_value = $1', [
        cart,
      ]),
    ).toEqual(before);
  });

  it('answers a cart holding a coupon priced with it, read after the write and its COMMIT', async () => {
    await seedDemoCoupons(platform.db, { production: false });
    const token = await newCart();
    await add(token, lines[0]!.code, lines[0]!.interval);
    expect((await api.call('PATCH', `/orders/${token}/apply-coupon`, { body: { couponCode: FREE_ORDER_COUPON } })).status).toBe(200);
    statements = [];
    const added = await add(token, lines[1]!.code, lines[1]!.interval);
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(statements.slice(0, 4)).toEqual(['BEGIN', 'SELECT', 'WITH', 'COMMIT']);
    expect(added.body).toEqual((await api.call('GET', `/orders/${token}`)).body);
    const priced = orderSchema.parse(added.body);
    expect(priced.coupon?.applicable).toBe(true);
    expect(priced.orderPromotionTotal).toBe(-priced.itemsTotal);
  });

  it('answers in the language the call asks for, as a fresh read in that language does', async () => {
    const created = await api.call('POST', '/orders', { body: { localeCode: 'fr_BE', channelCode: 'BE' } });
    const token = orderSchema.parse(created.body).tokenValue;
    await add(token, lines[0]!.code, lines[0]!.interval);
    const headers = { 'accept-language': 'nl-BE,nl;q=0.9' };
    const added = await api.call('PATCH', `/orders/${token}/items`, {
      body: { productVariant: lines[1]!.code, subscriptionInterval: lines[1]!.interval, quantity: 1 },
      headers,
    });
    expect(added.status).toBe(200);
    const read = await api.call('GET', `/orders/${token}`, { headers });
    expect(added.body).toEqual(read.body);
    const inFrench = orderSchema.parse((await api.call('GET', `/orders/${token}`)).body);
    const inDutch = orderSchema.parse(added.body);
    expect(inDutch.items.map((i) => i.productPath)).not.toEqual(inFrench.items.map((i) => i.productPath));
    expect(inDutch.items.every((i) => i.productPath?.startsWith('/nl/') && i.image !== null)).toBe(true);
  });

  it('refuses a line past the quantity limit and changes nothing', async () => {
    const token = await newCart();
    await add(token, lines[0]!.code, 0, 98);
    const before = (await api.call('GET', `/orders/${token}`)).body;
    const touched = await touchedAt(token);
    expectRefused(await add(token, lines[0]!.code, 0, 2), 'quantity', 'OUT_OF_RANGE');
    expect((await api.call('GET', `/orders/${token}`)).body).toEqual(before);
    // Not even the order's time: the refusal is committed with the write, so the write must leave everything as it was.
    expect(await touchedAt(token)).toEqual(touched);
    expect(orderSchema.parse((await add(token, lines[0]!.code, 0, 1)).body).items[0]!.quantity).toBe(99);
  });

  it('refuses a 51st line, but a full cart still grows its lines', async () => {
    expect(lines.length).toBeGreaterThan(50);
    const token = await newCart();
    for (const line of lines.slice(0, 50)) expect((await add(token, line.code, line.interval)).status).toBe(200);
    const touched = await touchedAt(token);
    expectRefused(await add(token, lines[50]!.code, lines[50]!.interval), 'productVariant', 'CART_FULL');
    expect(await touchedAt(token)).toEqual(touched);
    const grown = orderSchema.parse((await add(token, lines[49]!.code, lines[49]!.interval, 4)).body);
    expect(grown.items).toHaveLength(50);
    expect(grown.items.at(-1)!.quantity).toBe(5);
  });
});
