/**
 * The subscription scheduler over simulated time, on a fixed clock, one run a day: a year of deliveries with
 * edits before and after the lock, the reminders 1 week and 4 days before each shipment (once each), prices
 * taken again from the catalogue, ship now, a refused charge and then a new card, a product withdrawn, a
 * coupon no longer eligible, a relay point closed, a carrier no longer offered, and the cancellation handled
 * by an operator (at least 2 deliveries). On PGlite, and on a database of its own on TEST_DATABASE_URL's server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadFixtures } from '../../src/backend/seed/seed.ts';
import type { RunReport, Scheduler } from '../../src/backend/scheduler/scheduler.ts';
import { subscriptionPrice } from '../../src/lib/catalogue/pricing.ts';
import { iri } from '../../src/lib/shop-api/iri.ts';
import { addDays } from '../../src/lib/subscriptions/schedule.ts';
import { addCoupon, addRelayPoint, expectViolation } from './shop-checkout-support.ts';
import { ordersOf, providerPaymentsFor, schedulerPlatform, subjectsTo } from './scheduler-support.ts';

/** Sellable variants (shown, in stock, not samples), cheapest first: each test subscribes to its own. */
const sellable = loadFixtures()
  .products.filter((p) => p.viewable && !p.isSample)
  .flatMap((p) => p.variants.filter((v) => v.showVariant && v.inStock && v.basePrice > 0))
  .sort((a, b) => a.basePrice - b.basePrice || a.code.localeCompare(b.code));
const variant = (n: number) => sellable[n]!;

let world: Awaited<ReturnType<typeof schedulerPlatform>>;
let scheduler: Scheduler;

beforeAll(async () => {
  world = await schedulerPlatform('2031-01-06T08:00:00Z');
  scheduler = world.scheduler();
});
afterAll(async () => {
  await world?.close();
});

/** One run a day at 06:00 UTC, from `from` to `to` included; `on` runs before the day's run. */
async function runDays(from: string, to: string, on: Record<string, () => Promise<void>> = {}): Promise<RunReport[]> {
  const reports: RunReport[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) {
    world.clock.set(`${day}T06:00:00Z`);
    await on[day]?.();
    reports.push(await scheduler.runOnce(world.clock.now()));
  }
  return reports;
}

const setStock = (code: string, inStock: boolean) =>
  world.platform.db.query('UPDATE content.product_variants SET in_stock = $2 WHERE code = $1', [code, inStock]);

/** The days (YYYY-MM-DD, UTC) the customer's mails starting with `subject` were written. */
const mailDays = async (email: string, subject: string) =>
  (
    await world.platform.db.query<{ day: string }>(
      `SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day FROM mail.outbox WHERE lower("to") = lower($1) AND subject LIKE $2 ORDER BY id`,
      [email, `${subject}%`],
    )
  ).map((r) => r.day);

/** The subscription shows the failure `state` (in the error group) with its alert, and its shopper was told once by mail. */
async function expectHeld(me: { email: string; password: string }, code: string, state: string, alert: string, subject: string) {
  const read = await world.read(me, code);
  expect(read.state).toBe(state);
  expect(read.status).toMatchObject({ code: state, group: 'error' });
  expect(read.alerts.map((a) => a.kind)).toContain(alert);
  expect((await subjectsTo(world.platform.db, me.email)).filter((s) => s === subject)).toHaveLength(1);
  return read;
}

const upsellsOf = async (orderId: number) =>
  (
    await world.platform.db.query<{ n: number }>('SELECT count(*)::int AS n FROM shop.order_items WHERE order_id = $1 AND upsell', [
      orderId,
    ])
  )[0]!.n;

describe('a year of a subscription', () => {
  it('delivers at its frequency, takes edits before the lock and changes for all drafts after it, reminds once each, charges once each', async () => {
    const plain = variant(0);
    const priced = variant(3);
    world.clock.set('2031-01-06T08:00:00Z');
    const { me, code } = await world.subscribe({ code: priced.code, interval: 31 });
    expect((await world.read(me, code)).nextShipmentDate).toBe('2031-02-06');

    const newPrice = priced.basePrice + 120;
    await runDays('2031-01-06', '2032-01-05', {
      // Before the lock (4 days before 6 February): an upsell for the next shipment only.
      '2031-01-20': async () => {
        const added = await world.call(me, 'POST', code, '/upsells', { productVariant: iri.variant(plain.code), quantity: 1 });
        expect(added.status, JSON.stringify(added.body)).toBe(201);
      },
      // Locked from 2 February: the next order no longer changes.
      '2031-02-03': async () => {
        expectViolation(
          await world.call(me, 'POST', code, '/upsells', { productVariant: iri.variant(plain.code) }),
          '',
          'SUBSCRIPTION_DRAFT_LOCKED',
        );
        expectViolation(
          await world.call(me, 'PATCH', code, '/frequency', { frequency: 42, scope: 'next' }),
          'scope',
          'SUBSCRIPTION_DRAFT_LOCKED',
        );
      },
      // After the lock of the 9 March delivery: every 6 weeks, for all drafts; the locked one keeps its day.
      '2031-03-06': async () => {
        const changed = await world.call(me, 'PATCH', code, '/frequency', { frequency: 42, scope: 'all' });
        expect(changed.status, JSON.stringify(changed.body)).toBe(200);
        expect(changed.body).toMatchObject({ frequency: 42, nextShipmentDate: '2031-03-09', locked: true });
      },
      // The catalogue's price changes: the next delivery is charged at the new subscription price.
      '2031-05-01': async () => {
        await world.platform.db.query('UPDATE content.product_variants SET base_price = $2 WHERE code = $1', [priced.code, newPrice]);
      },
    });

    const shipments = [
      '2031-02-06',
      '2031-03-09',
      '2031-04-20',
      '2031-06-01',
      '2031-07-13',
      '2031-08-24',
      '2031-10-05',
      '2031-11-16',
      '2031-12-28',
    ];
    const orders = await ordersOf(world.platform.db, code);
    // The first order (paid at checkout), then the scheduler's.
    const placed = orders.filter((o) => o.state === 'new').slice(1);
    expect(placed.map((o) => o.shipment_date)).toEqual(shipments);
    expect(placed.every((o) => o.payment_state === 'paid')).toBe(true);
    // The first order started it; the draft waits for its day, 42 days after the last one.
    expect(orders.map((o) => o.state)).toEqual(['new', ...shipments.map(() => 'new'), 'draft']);
    expect(orders.at(-1)!.shipment_date).toBe('2032-02-08');
    expect((await world.read(me, code)).nextShipmentDate).toBe('2032-02-08');

    // The upsell went with the next shipment only.
    expect(await upsellsOf(placed[0]!.id)).toBe(1);
    expect(await upsellsOf(placed[1]!.id)).toBe(0);
    // Two units at the subscription price, then at the new price from May on.
    const unitPrices = await world.platform.db.query<{ unit_price: number }>(
      'SELECT unit_price FROM shop.order_items WHERE order_id = ANY ($1::int[]) AND NOT upsell ORDER BY order_id',
      [placed.map((o) => o.id)],
    );
    expect(unitPrices.map((r) => r.unit_price)).toEqual(
      shipments.map((day) => subscriptionPrice(day < '2031-05-01' ? priced.basePrice : newPrice)),
    );

    // Each delivery charged once on the card's mandate.
    for (const order of placed) {
      const charges = await providerPaymentsFor(world.platform.db, order.number!);
      expect(
        charges.map((c) => c.status),
        order.number!,
      ).toEqual(['paid']);
    }
    // Each reminder once, on its day: a week before, then 4 days before.
    expect(await mailDays(me.email, 'Votre prochaine commande part le')).toEqual(shipments.map((day) => addDays(day, -7)));
    expect(await mailDays(me.email, 'Votre commande du')).toEqual(shipments.map((day) => addDays(day, -4)));
    const subjects = await subjectsTo(world.platform.db, me.email);
    // The first order is confirmed when paid at checkout; each delivery is confirmed when placed, then its charge acknowledged.
    expect(subjects.filter((s) => s.startsWith('Paiement reçu'))).toHaveLength(shipments.length);
    expect(subjects.filter((s) => / est confirmée$/.test(s))).toHaveLength(1 + shipments.length);
    await world.platform.db.query('UPDATE content.product_variants SET base_price = $2 WHERE code = $1', [priced.code, priced.basePrice]);
  });
});

describe('the delivery of one day', () => {
  it('ship now: placed and charged by the next run, the next draft at the frequency from that day', async () => {
    world.clock.set('2032-03-01T08:00:00Z');
    const { me, code } = await world.subscribe({ code: variant(1).code, interval: 31 });
    world.clock.set('2032-03-05T12:00:00Z'); // a Friday
    const asked = await world.call(me, 'POST', code, '/ship-now');
    expect(asked.status).toBe(202);
    expect(asked.body.shipNow).toEqual({ requestedAt: '2032-03-05T12:00:00Z', deadline: '2032-03-08T12:00:00Z' });
    await scheduler.runOnce(world.clock.now());
    const orders = await ordersOf(world.platform.db, code);
    expect(orders.map((o) => [o.shipment_date, o.state, o.payment_state])).toEqual([
      ['2032-03-01', 'new', 'paid'],
      ['2032-03-05', 'new', 'paid'],
      ['2032-04-05', 'draft', 'cart'],
    ]);
    const after = await world.read(me, code);
    expect(after).toMatchObject({ nextShipmentDate: '2032-04-05', shipNow: null, state: 'active' });
  });

  it('a refused charge: payment failure with its alert; a new card pays the waiting delivery, and the next one is charged on it', async () => {
    world.clock.set('2032-05-03T08:00:00Z');
    // The card expires at the end of June: the July delivery meets a card its bank refuses.
    const { me, code } = await world.subscribe({ code: variant(2).code, interval: 31, expiry: '06/32' });
    await runDays('2032-05-03', '2032-07-05');
    const [, june, july, draft] = await ordersOf(world.platform.db, code);
    expect([june!.shipment_date, june!.payment_state]).toEqual(['2032-06-03', 'paid']);
    expect([july!.shipment_date, july!.state, july!.payment_state]).toEqual(['2032-07-04', 'new', 'awaiting_payment']);
    expect(draft!.shipment_date).toBe('2032-08-04');
    // Charged once, refused; the run of the next day did not charge it again.
    expect((await providerPaymentsFor(world.platform.db, july!.number!)).map((p) => p.status)).toEqual(['failed']);
    await expectHeld(me, code, 'payment_failure', 'card_expired', 'Le paiement de votre abonnement n’a pas abouti');

    const changed = await world.call(me, 'PATCH', code, '/payment-card', { cardToken: await world.cardToken('2223000010479399', '12/36') });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body).toMatchObject({ state: 'active', card: { brand: 'Mastercard', last4: '9399' } });
    const [, , paidLate] = await ordersOf(world.platform.db, code);
    expect(paidLate!.payment_state).toBe('paid');

    await runDays('2032-07-06', '2032-08-04');
    const [, , , august] = await ordersOf(world.platform.db, code);
    expect([august!.shipment_date, august!.payment_state]).toEqual(['2032-08-04', 'paid']);
    const [charge] = await providerPaymentsFor(world.platform.db, august!.number!);
    const [{ mandate }] = (await world.platform.db.query<{ mandate: string }>(
      'SELECT provider_mandate_id AS mandate FROM shop.subscriptions WHERE code = $1',
      [code],
    )) as [{ mandate: string }];
    expect(charge).toMatchObject({ status: 'paid', mandate_id: mandate });
  });

  it('a product withdrawn holds the delivery (told once) until it is back; a coupon no longer eligible is removed, and said', async () => {
    const product = variant(4);
    world.clock.set('2032-09-01T08:00:00Z');
    const { me, code } = await world.subscribe({ code: product.code, interval: 31 });
    // A coupon that ends before the delivery leaves.
    const coupon = await addCoupon(world.platform, 10);
    await world.platform.db.query(`UPDATE shop.coupons SET expires_at = '2032-10-03T00:00:00Z' WHERE code = $1`, [coupon]);
    world.clock.set('2032-09-10T08:00:00Z');
    expect((await world.call(me, 'PATCH', code, '/apply-coupon', { couponCode: coupon })).status).toBe(200);

    await runDays('2032-09-10', '2032-10-01');
    await setStock(product.code, false);
    await runDays('2032-10-02', '2032-10-03');
    await expectHeld(me, code, 'product_unavailable', 'product_unavailable', 'Un produit de votre abonnement n’est plus disponible');
    expect((await ordersOf(world.platform.db, code)).map((o) => o.state)).toEqual(['new', 'draft']);

    await setStock(product.code, true);
    await runDays('2032-10-04', '2032-10-04');
    const [, placed, next] = await ordersOf(world.platform.db, code);
    expect([placed!.state, placed!.payment_state]).toEqual(['new', 'paid']);
    expect(next!.shipment_date).toBe('2032-11-04');
    expect((await world.read(me, code)).state).toBe('active');
    // Placed without the coupon, and the shopper told why.
    const [{ coupon_code, promotions }] = (await world.platform.db.query<{ coupon_code: string | null; promotions: unknown[] }>(
      'SELECT coupon_code, promotions FROM shop.orders WHERE id = $1',
      [placed!.id],
    )) as [{ coupon_code: string | null; promotions: unknown[] }];
    expect({ coupon_code, promotions }).toEqual({ coupon_code: null, promotions: [] });
    expect(await subjectsTo(world.platform.db, me.email)).toContain(`Votre code promo ${coupon} ne s’applique plus`);
  });

  it('a relay point closed holds the delivery; another point, chosen even past the lock, lets it leave', async () => {
    world.clock.set('2032-11-01T08:00:00Z');
    const { me, code } = await world.subscribe({ code: variant(5).code, interval: 31 });
    const toPoint = async (scope: 'next' | 'all') => {
      const point = await addRelayPoint(world.platform);
      const relay = await world.call(me, 'PATCH', code, '/shipping-method', {
        shippingMethod: iri.shippingMethod('relay_point'),
        relayPoint: point,
        scope,
      });
      expect(relay.status, JSON.stringify(relay.body)).toBe(200);
      return { point, answer: relay.body };
    };
    const { point } = await toPoint('all');
    await runDays('2032-11-01', '2032-12-01');
    await world.platform.db.query('UPDATE relay.points SET active = false WHERE id = $1', [point]);
    await runDays('2032-12-02', '2032-12-02');
    const held = await expectHeld(
      me,
      code,
      'pickuppoint_unavailable',
      'relay_point_unavailable',
      'Votre point relais n’est plus disponible',
    );
    // Held back, the draft is not being prepared: the shopper may change it.
    expect(held.locked).toBe(false);

    world.clock.set('2032-12-03T09:00:00Z');
    const { point: other, answer } = await toPoint('next');
    expect(answer).toMatchObject({ state: 'active', relayPoint: { id: other } });
    await scheduler.runOnce(world.clock.now());
    const [, placed, next] = await ordersOf(world.platform.db, code);
    expect([placed!.state, placed!.payment_state]).toEqual(['new', 'paid']);
    const [shipment] = await world.platform.db.query<{ relay_point_id: string }>(
      'SELECT relay_point_id FROM shop.shipments WHERE order_id = $1',
      [placed!.id],
    );
    expect(shipment!.relay_point_id).toBe(other);
    expect(next!.shipment_date).toBe('2033-01-03');
  });
});

describe('the cancellation, handled by an operator', () => {
  const handle = (code: string) =>
    world.platform.request(`/operator/subscriptions/${code}/handle-abort`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
  const ask = async (me: { email: string; password: string }, code: string) =>
    expect(
      (await world.call(me, 'POST', code, '/abort-requests', { reason: 'too_expensive', message: 'Trop cher pour nous' })).status,
    ).toBe(201);

  it('before the second delivery: the draft still ships, then the subscription stops', async () => {
    world.clock.set('2033-01-10T08:00:00Z');
    const { me, code } = await world.subscribe({ code: variant(6).code, interval: 31 });
    expect((await handle(code)).status).toBe(422); // nothing asked yet
    await ask(me, code);
    const handled = await handle(code);
    expect(handled.status, JSON.stringify(handled.body)).toBe(200);
    expect(handled.body).toMatchObject({ code, outcome: 'stopsAfterNext', lastShipment: '2033-02-10' });
    expect((await world.read(me, code)).abortRequest).toBeNull();
    await runDays('2033-02-10', '2033-02-10');
    expect((await ordersOf(world.platform.db, code)).map((o) => [o.shipment_date, o.state])).toEqual([
      ['2033-01-10', 'new'],
      ['2033-02-10', 'new'],
    ]);
    expect((await world.read(me, code)).state).toBe('stopped');
    const subjects = await subjectsTo(world.platform.db, me.email);
    expect(subjects).toEqual(expect.arrayContaining(['Votre demande de résiliation est prise en compte', 'Votre abonnement est résilié']));
  });

  it('after it: the subscription stops at once and its draft is dropped', async () => {
    world.clock.set('2033-03-01T08:00:00Z');
    const { me, code } = await world.subscribe({ code: variant(7).code, interval: 21 });
    await runDays('2033-03-22', '2033-03-23');
    await ask(me, code);
    const handled = await handle(code);
    expect(handled.body).toMatchObject({ outcome: 'stopped', lastShipment: null });
    expect((await ordersOf(world.platform.db, code)).map((o) => o.state)).toEqual(['new', 'new']);
    const stopped = await world.read(me, code);
    expect(stopped).toMatchObject({ state: 'stopped', nextOrder: null });
    expect((await handle(code)).status).toBe(422);
    expect((await handle('Snope')).status).toBe(404);
  });
});

describe('a carrier no longer offered', () => {
  it('holds the delivery with the error status and its alert, told once; the next run once it is offered again places it', async () => {
    world.clock.set('2033-05-02T08:00:00Z');
    const { me, code } = await world.subscribe({ code: variant(8).code, interval: 21 });
    const offer = (enabled: boolean) =>
      world.platform.db.query(`UPDATE shop.shipping_methods SET enabled = $1 WHERE code = 'home_delivery'`, [enabled]);
    await offer(false);
    try {
      await runDays('2033-05-23', '2033-05-24');
      await expectHeld(me, code, 'error', 'carrier_invalid', 'Le mode de livraison de votre abonnement n’est plus proposé');
    } finally {
      await offer(true);
    }
    await runDays('2033-05-25', '2033-05-25');
    const [, placed, next] = await ordersOf(world.platform.db, code);
    expect([placed!.state, placed!.payment_state, next!.shipment_date]).toEqual(['new', 'paid', '2033-06-15']);
    expect((await world.read(me, code)).state).toBe('active');
  });
});
