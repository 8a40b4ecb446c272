/**
 * The subscription calls of the shop API, on a fixed clock: a card-paid order with subscription items
 * starts a subscription with its draft next order; the shopper reads it and changes it, for the next order
 * only or for all drafts, until the draft locks 4 days before shipment. Another customer's subscription is
 * a 404, bad input a 422 with violations.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { iri } from '../../src/lib/shop-api/iri.ts';
import { subscription as subscriptionSchema, type Subscription } from '../../src/lib/shop-api/subscriptions.ts';
import { payingPlatform } from './paying-platform.ts';
import { shopApi, testClock, type TestPlatform } from './platform.ts';
import {
  addCoupon,
  addRelayPoint,
  cheapest,
  checkout,
  expectNotFound,
  expectViolation,
  frAddress,
  ok,
  payByCard,
  type Api,
} from './shop-checkout-support.ts';

const clock = testClock();
let platform: TestPlatform;
let api: Api;
let origin: string;
let close: () => Promise<void>;

beforeAll(async () => {
  clock.set('2031-03-03T09:00:00Z');
  ({ platform, origin, close } = await payingPlatform({ clock: clock.now }));
  api = shopApi(platform);
});
afterAll(async () => {
  await close();
});

async function cardToken(cardNumber = '4543474002249996', expiryDate = '12/35') {
  const res = await fetch(`${origin}/payments/components/card-tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ cardHolder: 'Jeanne Moreau', cardNumber, expiryDate, verificationCode: '123' }),
  });
  return ((await res.json()) as { token: string }).token;
}

/** A customer who subscribed at checkout (every 31 days), paid by card; their subscription's code. */
async function subscribed() {
  const me = await api.signUp();
  const steps = checkout(api, me.token);
  const token = await steps.cart([{ code: cheapest.code, quantity: 2, interval: 31 }]);
  await steps.upToPayment(token, 'visa');
  const order = ok(await steps.complete(token));
  const paid = await payByCard(api, me.token, order.payments.at(-1)!.id, await cardToken());
  expect(paid.status, JSON.stringify(paid.body)).toBe(201);
  const list = await api.call('GET', '/subscriptions', { token: me.token });
  expect(list.status).toBe(200);
  return { me, order, list: list.body['hydra:member'] as Subscription[] };
}

const sub = (res: { status: number; body: unknown }, status = 200) => {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return subscriptionSchema.parse(res.body);
};

describe('a subscription starts with a card payment', () => {
  it('one subscription per frequency, its draft priced like a cart at the subscription price, shipping 31 days later', async () => {
    const { me, list } = await subscribed();
    expect(list).toHaveLength(1);
    const detail = sub(await api.call('GET', `/subscriptions/${list[0]!.code}`, { token: me.token }));
    expect(detail).toMatchObject({
      frequency: 31,
      nextShipmentDate: '2031-04-03',
      editLimitDate: '2031-03-30T00:00:00.000Z',
      locked: false,
    });
    expect(detail.status).toMatchObject({ code: 'active', group: 'valid' });
    // What each frequency would mean now: counted from the first delivery, never sooner than the draft can be prepared.
    expect(detail.frequencyChoices).toHaveLength(10);
    expect(detail.frequencyChoices.slice(0, 3)).toEqual([
      { days: 21, nextShipmentDate: '2031-03-24' },
      { days: 31, nextShipmentDate: '2031-04-03' },
      { days: 42, nextShipmentDate: '2031-04-14' },
    ]);
    expect(detail.card).toMatchObject({ brand: 'Visa', last4: '9996', expiry: '2035-12-31' });
    expect(detail.nextOrder!.state).toBe('draft');
    expect(detail.nextOrder!.items[0]).toMatchObject({
      quantity: 2,
      subscriptionInterval: 31,
      unitPrice: Math.round(cheapest.basePrice * 0.9),
    });
    // The history holds the order that started it.
    const history = await api.call('GET', `/subscriptions/${detail.code}/orders`, { token: me.token });
    expect(history.body['hydra:totalItems']).toBe(1);
    const first = history.body['hydra:member'][0];
    ok(await api.call('GET', `/subscriptions/${detail.code}/orders/${first.tokenValue}`, { token: me.token }));
    // The draft is not a cart: no cart call changes it.
    const item = detail.nextOrder!.items[0]!;
    expectNotFound(
      await api.call('PATCH', `/orders/${detail.nextOrder!.tokenValue}/items/${item.id}`, { token: me.token, body: { quantity: 5 } }),
    );
    expectViolation(
      await api.call('PATCH', `/orders/${detail.nextOrder!.tokenValue}/address`, { token: me.token, body: { billingAddress: frAddress } }),
      '',
      'ORDER_ALREADY_PLACED',
    );
  });

  it('an order with subscription items is paid by card only: later deliveries are charged on its mandate', async () => {
    const me = await api.signUp();
    const steps = checkout(api, me.token);
    const token = await steps.cart([{ code: cheapest.code, quantity: 2, interval: 31 }]);
    const addressed = ok(await steps.address(token, { billingAddress: frAddress }));
    const shipped = ok(await steps.ship(token, addressed.shipments[0]!.id, { shippingMethod: iri.shippingMethod('home_delivery') }));
    const paymentId = shipped.payments.at(-1)!.id;
    const offered = await api.call('GET', `/orders/${token}/payments/${paymentId}/methods`, { token: me.token });
    expect(offered.body['hydra:member'].map((m: { code: string }) => m.code)).toEqual(['visa', 'mastercard']);
    for (const method of ['cheque', 'paypal', 'bank_transfer'])
      expectViolation(
        await steps.pay(token, paymentId, { paymentMethod: iri.paymentMethod(method) }),
        'paymentMethod',
        'PAYMENT_METHOD_NOT_AVAILABLE',
      );
    // A one-off order is offered every method.
    const oneOff = await steps.cart([{ code: cheapest.code, quantity: 1, interval: 0 }]);
    const oneOffShipped = ok(
      await steps.ship(oneOff, ok(await steps.address(oneOff, { billingAddress: frAddress })).shipments[0]!.id, {
        shippingMethod: iri.shippingMethod('home_delivery'),
      }),
    );
    const all = await api.call('GET', `/orders/${oneOff}/payments/${oneOffShipped.payments.at(-1)!.id}/methods`, { token: me.token });
    expect(all.body['hydra:member'].map((m: { code: string }) => m.code)).toContain('cheque');
  });
});

describe('the subscription calls', () => {
  let me: Awaited<ReturnType<Api['signUp']>>;
  let code: string;
  beforeAll(async () => {
    clock.set('2031-03-03T09:00:00Z');
    const made = await subscribed();
    me = made.me;
    code = made.list[0]!.code;
  });
  const call = (method: string, path: string, body?: unknown, token = me.token) =>
    api.call(method, `/subscriptions/${code}${path}`, { token, body, query: 'locale=fr_FR' });
  /** Moves the clock and signs in again (a session token does not outlive days of travel). */
  const travel = async (date: string) => {
    clock.set(date);
    me = { ...me, ...(await api.login(me.email, me.password)) };
  };

  it('another customer’s subscription, an unknown one and no session', async () => {
    const other = await api.signUp();
    expectNotFound(await call('GET', '', undefined, other.token));
    expectNotFound(await call('PATCH', '/frequency', { frequency: 42, scope: 'all' }, other.token));
    expectNotFound(await call('POST', '/ship-now', undefined, other.token));
    expectNotFound(await api.call('GET', '/subscriptions/Snope', { token: me.token }));
    expect((await api.call('GET', `/subscriptions/${code}`)).status).toBe(401);
  });

  it('the frequency: one of the ten, for the next order only or for all drafts', async () => {
    expectViolation(await call('PATCH', '/frequency', { frequency: 30, scope: 'all' }), 'frequency', 'INTERVAL_NOT_OFFERED');
    expectViolation(await call('PATCH', '/frequency', { frequency: 42 }), 'scope', 'INVALID_CHOICE');
    const next = sub(await call('PATCH', '/frequency', { frequency: 42, scope: 'next' }));
    expect(next).toMatchObject({ frequency: 31, nextShipmentDate: '2031-04-14' });
    const all = sub(await call('PATCH', '/frequency', { frequency: 49, scope: 'all' }));
    expect(all).toMatchObject({ frequency: 49, nextShipmentDate: '2031-04-21' });
  });

  it('the address and the carrier with a relay point; a closed point is refused', async () => {
    const moved = sub(
      await call('PATCH', '/shipping-address', { shippingAddress: { ...frAddress, street: '1 rue Neuve' }, scope: 'next' }),
    );
    expect(moved.shippingAddress.street).toBe('1 rue Neuve');
    expectViolation(
      await call('PATCH', '/shipping-address', { shippingAddress: { ...frAddress, countryCode: 'DE', postcode: '10115' }, scope: 'all' }),
      'shippingAddress.countryCode',
      'COUNTRY_NOT_SERVED',
    );
    const closed = await addRelayPoint(platform, { active: false });
    expectViolation(
      await call('PATCH', '/shipping-method', { shippingMethod: iri.shippingMethod('relay_point'), relayPoint: closed, scope: 'all' }),
      'relayPoint',
      'RELAY_POINT_INACTIVE',
    );
    const open = await addRelayPoint(platform);
    const relay = sub(
      await call('PATCH', '/shipping-method', { shippingMethod: iri.shippingMethod('relay_point'), relayPoint: open, scope: 'all' }),
    );
    expect(relay.relayPoint?.id).toBe(open);
    expect(relay.shippingMethod).toBe(iri.shippingMethod('relay_point'));
  });

  it('an upsell for the next shipment only, at its one-off price, and removed again', async () => {
    const added = sub(await call('POST', '/upsells', { productVariant: iri.variant(cheapest.code), quantity: 1 }), 201);
    const line = added.nextOrder!.items.find((i) => i.upsell)!;
    expect(line).toMatchObject({ subscriptionInterval: 0, unitPrice: cheapest.basePrice });
    expectViolation(await call('POST', '/upsells', { productVariant: iri.variant('99999999') }), 'productVariant', 'VARIANT_NOT_FOUND');
    expect((await call('DELETE', `/upsells/${line.id}`)).status).toBe(204);
    expectNotFound(await call('DELETE', `/upsells/${added.nextOrder!.items.find((i) => !i.upsell)!.id}`));
  });

  it('a coupon on the draft; one that is not eligible says so', async () => {
    expectViolation(
      await call('PATCH', '/apply-coupon', { couponCode: 'NOPE' }),
      'couponCode',
      'COUPON_INVALID',
      'Ce code promo n’est pas valide.',
    );
    const coupon = await addCoupon(platform, 10);
    const applied = sub(await call('PATCH', '/apply-coupon', { couponCode: coupon }));
    expect(applied.nextOrder!.promotions[0]!.code).toBe(coupon);
    expect((await call('DELETE', `/coupon/${coupon}`)).status).toBe(204);
  });

  it('locked 4 days before shipment: a change of the next order is refused, a change of all drafts reaches the following ones', async () => {
    const before = sub(await call('GET', ''));
    await travel(`${before.editLimitDate.slice(0, 10)}T08:00:00Z`);
    const locked = sub(await call('GET', ''));
    expect(locked.locked).toBe(true);
    // A draft being prepared keeps its day whatever the frequency chosen.
    expect(new Set(locked.frequencyChoices.map((c) => c.nextShipmentDate))).toEqual(new Set([before.nextShipmentDate]));
    expectViolation(await call('PATCH', '/frequency', { frequency: 62, scope: 'next' }), 'scope', 'SUBSCRIPTION_DRAFT_LOCKED');
    expectViolation(await call('POST', '/upsells', { productVariant: iri.variant(cheapest.code) }), '', 'SUBSCRIPTION_DRAFT_LOCKED');
    const all = sub(await call('PATCH', '/frequency', { frequency: 62, scope: 'all' }));
    expect(all).toMatchObject({ frequency: 62, nextShipmentDate: before.nextShipmentDate });
    await travel('2031-03-03T09:00:00Z');
  });

  it('ship now: within 24 working hours', async () => {
    await travel('2031-03-07T12:00:00Z'); // a Friday
    const shipped = sub(await call('POST', '/ship-now'), 202);
    expect(shipped.nextShipmentDate).toBe('2031-03-07');
    expect(shipped.shipNow).toEqual({ requestedAt: '2031-03-07T12:00:00Z', deadline: '2031-03-10T12:00:00Z' });
  });

  it('the cancellation request: a reason and a precision, both required; it shows until handled', async () => {
    expectViolation(await call('POST', '/abort-requests', { reason: 'too_expensive' }), 'message', 'NOT_BLANK');
    expectViolation(await call('POST', '/abort-requests', { reason: 'because', message: 'Trop cher' }), 'reason', 'INVALID_CHOICE');
    expectViolation(await call('POST', '/abort-requests', { reason: 'other', message: '100 %' }), 'message', 'INVALID_CHARACTERS');
    const asked = sub(await call('POST', '/abort-requests', { reason: 'too_expensive', message: 'Trop cher pour nous' }), 201);
    expect(asked.abortRequest).toMatchObject({ reason: 'too_expensive', message: 'Trop cher pour nous' });
    expectViolation(await call('POST', '/abort-requests', { reason: 'other', message: 'Encore' }), '', 'SUBSCRIPTION_ABORT_PENDING');
    const [mail] = await platform.db.query<{ to: string; text: string }>(
      `SELECT "to", text FROM mail.outbox WHERE subject LIKE $1 ORDER BY id DESC LIMIT 1`,
      [`[Abonnement ${code}]%`],
    );
    expect(mail!.text).toContain('Trop cher pour nous');
  });

  it('a message to customer service about the subscription', async () => {
    expectViolation(await call('POST', '/contact', { message: 'a' }), 'message', 'TOO_SHORT');
    expect((await call('POST', '/contact', { message: 'Pouvez-vous livrer le matin ?' })).status).toBe(202);
  });

  it('a new card: refused by the bank says so; an accepted one becomes the card charged', async () => {
    expectViolation(
      await call('PATCH', '/payment-card', { cardToken: await cardToken('4000000000009995') }),
      'cardToken',
      'SUBSCRIPTION_CARD_REFUSED',
    );
    expectViolation(await call('PATCH', '/payment-card', {}), 'cardToken', 'NOT_BLANK');
    const changed = sub(await call('PATCH', '/payment-card', { cardToken: await cardToken('2223000010479399', '06/34') }));
    expect(changed.card).toMatchObject({ brand: 'Mastercard', last4: '9399' });
  });
});
