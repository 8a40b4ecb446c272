import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channels } from '../../src/lib/channels.ts';
import { FREE_SHIPPING_THRESHOLD, SHIPPING_FEES } from '../../src/lib/constants.ts';
import { collection } from '../../src/lib/shop-api/http.ts';
import { iri } from '../../src/lib/shop-api/iri.ts';
import { jwtError } from '../../src/lib/shop-api/errors.ts';
import { paymentMethod, shippingMethod } from '../../src/lib/shop-api/checkout.ts';
import { shopApi, testClock, testPlatform, type TestPlatform } from './platform.ts';
import {
  addCoupon,
  addRelayPoint,
  beAddress,
  checkout,
  cheapest,
  expectNotFound,
  expectViolation,
  freeSample,
  frAddress,
  luAddress,
  ok,
  type Api,
} from './shop-checkout-support.ts';

const clock = testClock();
let platform: TestPlatform;
let api: Api;
let me: Awaited<ReturnType<Api['signUp']>>;
let other: typeof me;
let fr: ReturnType<typeof checkout>;

beforeAll(async () => {
  platform = await testPlatform({ clock: clock.now });
  api = shopApi(platform);
  [me, other] = await Promise.all([api.signUp(), api.signUp()]);
  fr = checkout(api, me.token);
});
afterAll(async () => {
  await platform.db.close();
});

const shippingMethods = collection(shippingMethod);
const paymentMethods = collection(paymentMethod);

describe('the checkout, step by step', () => {
  it('addresses, ships to a relay point, pays by cheque and completes into a numbered order with its accounting lines', async () => {
    const token = await fr.cart([{ code: cheapest.code }]);
    const addressed = ok(
      await fr.address(token, {
        billingAddress: { ...frAddress, alias: 'ignored', isDefault: true },
        shippingAddress: { ...frAddress, firstName: 'Paul' },
      }),
    );
    expect(addressed).toMatchObject({ checkoutState: 'addressed', state: 'cart', number: null, customer: iri.customer(me.profile.id) });
    expect(addressed.billingAddress).toMatchObject({
      firstName: 'Jeanne',
      postcode: '69006',
      phoneNumber: '+33612345678',
      countryCode: 'FR',
    });
    expect(addressed.shippingAddress).toMatchObject({ firstName: 'Paul' });
    expect(addressed.shipments).toEqual([expect.objectContaining({ state: 'cart', method: null, relayPoint: null })]);
    expect(addressed.payments).toEqual([expect.objectContaining({ state: 'cart', method: null })]);
    const shipmentId = addressed.shipments[0]!.id;

    const methods = shippingMethods.parse((await fr.shippingMethods(token, shipmentId)).body)['hydra:member'];
    expect(methods.map((m) => [m.code, m.kind, m.fee, m.price])).toEqual([
      ['home_delivery', 'home', SHIPPING_FEES.FR, SHIPPING_FEES.FR],
      ['relay_point', 'relay_point', 390, 390],
    ]);
    expect(methods[1]!.name).toBe('Livraison en point relais');

    const point = await addRelayPoint(platform);
    const shipped = ok(
      await fr.ship(token, shipmentId, { shippingMethod: iri.shippingMethod('relay_point'), relayPoint: point.toLowerCase() }),
    );
    expect(shipped.checkoutState).toBe('shipping_selected');
    expect(shipped.shipments[0]).toMatchObject({
      method: iri.shippingMethod('relay_point'),
      carrier: 'Colissimo',
      relayPoint: { id: point, city: 'Lyon' },
    });
    expect(shipped.shipments[0]!.relayPoint!.openingHours.monday).toEqual([
      ['09:00', '12:30'],
      ['14:00', '19:00'],
    ]);
    expect(shipped.shippingTotal).toBe(390);

    const paymentId = shipped.payments[0]!.id;
    const offered = paymentMethods.parse((await fr.paymentMethods(token, paymentId)).body)['hydra:member'];
    expect(offered.map((m) => m.code)).toEqual(['visa', 'mastercard', 'paypal', 'bank_transfer', 'cheque']);
    const cheque = offered.find((m) => m.code === 'cheque')!;
    expect(cheque).toMatchObject({ delayed: true, serviceFee: 150 });
    expect(cheque.instructions).toContain('dès réception de votre chèque');

    const paying = ok(await fr.pay(token, paymentId, { paymentMethod: iri.paymentMethod('cheque') }));
    expect(paying).toMatchObject({ checkoutState: 'payment_selected', serviceFeesTotal: 150 });
    expect(paying.total).toBe(cheapest.basePrice + 390 + 150);

    clock.set('2026-03-02T10:00:00Z');
    const placed = ok(await fr.complete(token, { termsAccepted: true, notes: 'Sonner deux fois,\nmerci' }));
    clock.reset();
    expect(placed).toMatchObject({
      state: 'new',
      checkoutState: 'completed',
      paymentState: 'awaiting_payment',
      shippingState: 'ready',
      checkoutCompletedAt: '2026-03-02T10:00:00Z',
      notes: 'Sonner deux fois,\nmerci',
      itemsTotal: cheapest.basePrice,
      shippingTotal: 390,
      serviceFeesTotal: 150,
      total: cheapest.basePrice + 540,
      status: { code: 'awaiting_payment', group: 'warning', label: 'En attente de paiement' },
    });
    expect(placed.number).toMatch(/^\d{9}$/);
    expect(placed.totalExcludingTax + placed.taxTotal).toBe(placed.total);
    expect(placed.payments).toEqual([
      expect.objectContaining({ state: 'new', amount: placed.total, method: iri.paymentMethod('cheque'), card: null }),
    ]);
    expect(placed.shipments[0]).toMatchObject({ state: 'ready', relayPoint: { id: point } });

    // The placed order keeps its figures: a carrier's new price does not change it.
    await platform.db.query(`UPDATE shop.shipping_rates SET fee = fee + 1 WHERE method_code = 'relay_point'`);
    try {
      expect(ok(await fr.get(token))).toMatchObject({ number: placed.number, total: placed.total, shippingTotal: 390 });
    } finally {
      await platform.db.query(`UPDATE shop.shipping_rates SET fee = fee - 1 WHERE method_code = 'relay_point'`);
    }
  });

  it('answers in Dutch on the BE site and offers Bancontact there, not cheques', async () => {
    const be = checkout(api, me.token, 'BE', 'nl_BE');
    const token = await be.cart();
    const addressed = ok(await be.address(token, { billingAddress: beAddress }));
    const methods = shippingMethods.parse((await be.shippingMethods(token, addressed.shipments[0]!.id)).body)['hydra:member'];
    expect(methods.map((m) => [m.code, m.fee, m.name])).toEqual([['home_delivery', SHIPPING_FEES.BE, 'Levering aan huis']]);
    const offered = paymentMethods.parse((await be.paymentMethods(token, addressed.payments[0]!.id)).body)['hydra:member'];
    expect(offered.map((m) => m.code)).toEqual(['visa', 'mastercard', 'bancontact', 'paypal', 'bank_transfer']);
    expectViolation(
      await be.ship(token, addressed.shipments[0]!.id, {
        shippingMethod: iri.shippingMethod('relay_point'),
        relayPoint: await addRelayPoint(platform),
      }),
      'shippingMethod',
      'SHIPPING_METHOD_NOT_AVAILABLE',
      'Deze leveringswijze wordt voor dit adres niet aangeboden.',
    );
    await be.upToPayment(token, 'bancontact');
    const placed = ok(await be.complete(token));
    expect(placed).toMatchObject({ channelCode: 'BE', shippingTotal: SHIPPING_FEES.BE, status: { label: 'Wacht op betaling' } });
  });

  it('charges the carrier’s fee below the free-shipping threshold and nothing from it', async () => {
    const quantity = Math.ceil(FREE_SHIPPING_THRESHOLD / cheapest.basePrice);
    const token = await fr.cart([{ code: cheapest.code, quantity }]);
    const addressed = ok(await fr.address(token, { billingAddress: frAddress }));
    const methods = shippingMethods.parse((await fr.shippingMethods(token, addressed.shipments[0]!.id)).body)['hydra:member'];
    expect(methods.map((m) => [m.fee, m.price])).toEqual([
      [SHIPPING_FEES.FR, 0],
      [390, 0],
    ]);
    expect((await fr.upToPayment(token)).shippingTotal).toBe(0);
  });

  it('lets the shopper go back: addressing again returns to the address step and a carrier must be chosen again', async () => {
    const token = await fr.cart();
    const paying = await fr.upToPayment(token);
    expect(paying.checkoutState).toBe('payment_selected');
    const again = ok(await fr.address(token, { billingAddress: { ...frAddress, city: 'Villeurbanne', postcode: '69100' } }));
    expect(again).toMatchObject({ checkoutState: 'addressed', shippingAddress: { city: 'Villeurbanne' } });
    expect(again.shipments.map((s) => s.id)).toEqual(paying.shipments.map((s) => s.id));
    expectViolation(await fr.complete(token), '', 'CHECKOUT_STEP_NOT_ALLOWED');
    expectViolation(await fr.pay(token, again.payments[0]!.id, { paymentMethod: 'visa' }), '', 'CHECKOUT_STEP_NOT_ALLOWED');
    // Choosing a carrier again from the payment step goes back to the shipping step.
    const reshipped = ok(await fr.ship(token, again.shipments[0]!.id, { shippingMethod: 'home_delivery' }));
    expect(reshipped.checkoutState).toBe('shipping_selected');
    expect(ok(await fr.pay(token, reshipped.payments[0]!.id, { paymentMethod: 'mastercard' })).checkoutState).toBe('payment_selected');
  });
});

describe('refusals', () => {
  it('refuses steps out of order with a 422 and a violation, never a 500', async () => {
    const token = await fr.cart();
    expectViolation(
      await fr.complete(token),
      '',
      'CHECKOUT_STEP_NOT_ALLOWED',
      'Cette étape n’est pas possible à ce stade de votre commande\u00A0: merci de compléter les étapes précédentes.',
    );
    const addressed = ok(await fr.address(token, { billingAddress: frAddress }));
    expectViolation(await fr.pay(token, addressed.payments[0]!.id, { paymentMethod: 'visa' }), '', 'CHECKOUT_STEP_NOT_ALLOWED');
    expectViolation(await fr.complete(token), '', 'CHECKOUT_STEP_NOT_ALLOWED');
    const shipped = ok(await fr.ship(token, addressed.shipments[0]!.id, { shippingMethod: 'home_delivery' }));
    expectViolation(await fr.complete(token), '', 'CHECKOUT_STEP_NOT_ALLOWED');
    ok(await fr.pay(token, shipped.payments[0]!.id, { paymentMethod: 'visa' }));
    ok(await fr.complete(token));
    // Once placed, nothing of the checkout moves any more.
    expectViolation(
      await fr.address(token, { billingAddress: frAddress }),
      '',
      'ORDER_ALREADY_PLACED',
      'Cette commande a déjà été validée.',
    );
    expectViolation(await fr.ship(token, addressed.shipments[0]!.id, { shippingMethod: 'home_delivery' }), '', 'ORDER_ALREADY_PLACED');
    expectViolation(await fr.complete(token), '', 'ORDER_ALREADY_PLACED');
  });

  it('refuses a shipping country the channel does not deliver, with the shop’s message, at the shipping step', async () => {
    const token = await fr.cart();
    expectViolation(
      await fr.address(token, { billingAddress: beAddress }),
      'billingAddress.countryCode',
      'COUNTRY_NOT_SERVED',
      'Nous ne livrons pas dans ce pays.',
    );
    expectViolation(
      await fr.address(token, { billingAddress: frAddress, shippingAddress: { ...beAddress, countryCode: 'DE', postcode: '10115' } }),
      'shippingAddress.countryCode',
      'COUNTRY_NOT_SERVED',
    );
    // Billed abroad, shipped to a country of the channel: accepted.
    expect(ok(await fr.address(token, { billingAddress: beAddress, shippingAddress: luAddress })).shippingAddress!.countryCode).toBe('LU');
    const be = checkout(api, me.token, 'BE', 'nl_BE');
    const beToken = await be.cart();
    expectViolation(
      await be.address(beToken, { billingAddress: frAddress }),
      'billingAddress.countryCode',
      'COUNTRY_NOT_SERVED',
      'We leveren niet in dit land.',
    );
  });

  it('refuses relay points for Luxembourg, a relay method without a point, an unknown point and an inactive one', async () => {
    const token = await fr.cart();
    const lu = ok(await fr.address(token, { billingAddress: luAddress }));
    const shipmentId = lu.shipments[0]!.id;
    expect(shippingMethods.parse((await fr.shippingMethods(token, shipmentId)).body)['hydra:member'].map((m) => [m.code, m.fee])).toEqual([
      ['home_delivery', 590],
    ]);
    expectViolation(
      await fr.ship(token, shipmentId, { shippingMethod: 'relay_point', relayPoint: await addRelayPoint(platform) }),
      'shippingMethod',
      'SHIPPING_METHOD_NOT_AVAILABLE',
    );
    ok(await fr.address(token, { billingAddress: frAddress }));
    expectViolation(
      await fr.ship(token, shipmentId, { shippingMethod: 'relay_point' }),
      'relayPoint',
      'RELAY_POINT_REQUIRED',
      'Merci de choisir un point relais.',
    );
    expectViolation(
      await fr.ship(token, shipmentId, { shippingMethod: 'relay_point', relayPoint: 'ZZZZZZ' }),
      'relayPoint',
      'INVALID_CHOICE',
    );
    expectViolation(await fr.ship(token, shipmentId, { shippingMethod: 'relay_point', relayPoint: 'ab' }), 'relayPoint', 'INVALID_CHOICE');
    expectViolation(
      await fr.ship(token, shipmentId, { shippingMethod: 'relay_point', relayPoint: await addRelayPoint(platform, { active: false }) }),
      'relayPoint',
      'RELAY_POINT_INACTIVE',
      'Ce point relais n’est plus actif\u00A0: merci de choisir un autre point relais ou un autre mode de livraison.',
    );
    expectViolation(await fr.ship(token, shipmentId, { shippingMethod: 'pigeon' }), 'shippingMethod', 'SHIPPING_METHOD_NOT_AVAILABLE');
  });

  it('refuses to complete when the chosen relay point closed in the meantime', async () => {
    const token = await fr.cart();
    const point = await addRelayPoint(platform);
    const addressed = ok(await fr.address(token, { billingAddress: frAddress }));
    const shipped = ok(await fr.ship(token, addressed.shipments[0]!.id, { shippingMethod: 'relay_point', relayPoint: point }));
    ok(await fr.pay(token, shipped.payments[0]!.id, { paymentMethod: 'visa' }));
    await platform.db.query('UPDATE relay.points SET active = false WHERE id = $1', [point]);
    expectViolation(await fr.complete(token), 'relayPoint', 'RELAY_POINT_INACTIVE');
    expect(ok(await fr.get(token)).checkoutState).toBe('payment_selected');
  });

  it('needs the terms of sale accepted to complete', async () => {
    const token = await fr.cart();
    await fr.upToPayment(token);
    const message = 'Vous devez accepter les conditions générales de vente pour valider votre commande.';
    expectViolation(await fr.complete(token, {}), 'termsAccepted', 'SALE_TERMS_NOT_ACCEPTED', message);
    expectViolation(await fr.complete(token, { termsAccepted: false }), 'termsAccepted', 'SALE_TERMS_NOT_ACCEPTED', message);
    expectViolation(await fr.complete(token, { termsAccepted: 'yes' }), 'termsAccepted', 'SALE_TERMS_NOT_ACCEPTED', message);
    expectViolation(await fr.complete(token, { termsAccepted: true, notes: 'x'.repeat(1001) }), 'notes', 'TOO_LONG');
    expect(ok(await fr.get(token)).checkoutState).toBe('payment_selected');
  });

  it('validates the addresses with the address book’s rules, and refuses bad bodies', async () => {
    const token = await fr.cart();
    expectViolation(await fr.address(token, {}), 'billingAddress', 'NOT_BLANK');
    expectViolation(
      await fr.address(token, { billingAddress: { ...frAddress, postcode: '690' } }),
      'billingAddress.postcode',
      'POSTCODE_LENGTH',
      'Le code postal doit comporter 5 chiffres.',
    );
    expectViolation(
      await fr.address(token, { billingAddress: { ...frAddress, street: 'x'.repeat(39) } }),
      'billingAddress.street',
      'TOO_LONG',
    );
    expectViolation(
      await fr.address(token, { billingAddress: frAddress, shippingAddress: { ...frAddress, phoneNumber: '12' } }),
      'shippingAddress.phoneNumber',
      'INVALID_PHONE',
    );
    const malformed = await api.call('PATCH', `/orders/${token}/address`, { raw: '{"billingAddress":', token: me.token });
    expect(malformed.status).toBe(400);
    const addressed = ok(await fr.address(token, { billingAddress: frAddress }));
    expectViolation(await fr.ship(token, addressed.shipments[0]!.id, {}), 'shippingMethod', 'NOT_BLANK');
    expectViolation(await fr.pay(token, addressed.payments[0]!.id, { paymentMethod: 42 }), 'paymentMethod', 'INVALID_TYPE');
    expectNotFound(await fr.shippingMethods(token, addressed.shipments[0]!.id + 100000));
    expectNotFound(await fr.ship(token, 0, { shippingMethod: 'home_delivery' }));
    expectNotFound(await fr.pay(token, addressed.payments[0]!.id + 100000, { paymentMethod: 'visa' }));
  });

  it('refuses to address an empty cart', async () => {
    const empty = ok(await fr.call('POST', '/orders', { localeCode: 'fr_FR', channelCode: 'FR' }), 201);
    expectViolation(await fr.address(empty.tokenValue, { billingAddress: frAddress }), '', 'CART_EMPTY', 'Votre panier est vide.');
  });

  it('is for the signed-in owner only: 401 without a session, 404 for another customer', async () => {
    const token = await fr.cart();
    const addressed = ok(await fr.address(token, { billingAddress: frAddress }));
    const {
      shipments: [shipment],
      payments: [payment],
    } = addressed;
    const calls = [
      ['PATCH', `/orders/${token}/address`, { billingAddress: frAddress }],
      ['GET', `/orders/${token}/shipments/${shipment!.id}/methods`],
      ['PATCH', `/orders/${token}/shipments/${shipment!.id}`, { shippingMethod: 'home_delivery' }],
      ['GET', `/orders/${token}/payments/${payment!.id}/methods`],
      ['PATCH', `/orders/${token}/payments/${payment!.id}`, { paymentMethod: 'visa' }],
      ['PATCH', `/orders/${token}/complete`, { termsAccepted: true }],
    ] as const;
    for (const [method, path, body] of calls) {
      const anonymous = await api.call(method, path, { body });
      expect(anonymous.status, path).toBe(401);
      expect(jwtError.parse(anonymous.body).message).toBe('JWT Token not found');
      expectNotFound(await api.call(method, path, { body, token: other.token }));
    }
    expect(ok(await fr.get(token)).checkoutState).toBe('addressed');
  });

  it('lets the signed-in shopper check out an anonymous cart, which becomes theirs', async () => {
    const cart = ok(await api.call('POST', '/orders', { body: { localeCode: 'fr_FR', channelCode: 'FR' } }), 201);
    ok(await api.call('PATCH', `/orders/${cart.tokenValue}/items`, { body: { productVariant: cheapest.code, quantity: 1 } }));
    const addressed = ok(await checkout(api, other.token).address(cart.tokenValue, { billingAddress: frAddress }));
    expect(addressed.customer).toBe(iri.customer(other.profile.id));
    expectNotFound(await fr.address(cart.tokenValue, { billingAddress: frAddress }));
  });
});

describe('completion happens once', () => {
  it('completing twice makes one order: the second call is refused', async () => {
    const token = await fr.cart();
    await fr.upToPayment(token);
    const first = ok(await fr.complete(token));
    expectViolation(await fr.complete(token), '', 'ORDER_ALREADY_PLACED');
    expect(ok(await fr.get(token)).number).toBe(first.number);
  });

  // A real race on PostgreSQL only (the pass with TEST_DATABASE_URL, where each call has its own connection
  // and the order's row lock in checkout.ts withCheckout makes the later calls wait and find it placed). On
  // PGlite's single connection the three transactions run one after the other, so that pass cannot catch a
  // missing lock: keep this test in the PostgreSQL pass.
  it('two tabs completing at once make one order', async () => {
    const token = await fr.cart();
    await fr.upToPayment(token);
    const answers = await Promise.all([fr.complete(token), fr.complete(token), fr.complete(token)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 422, 422]);
    const rows = await platform.db.query<{ number: string; payments: number }>(
      `SELECT o.number, (SELECT count(*)::int FROM shop.payments p WHERE p.order_id = o.id) AS payments FROM shop.orders o WHERE token_value = $1`,
      [token],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.number).toBe(ok(answers.find((a) => a.status === 200)!).number);
    expect(rows[0]!.payments).toBe(1);
  });

  /**
   * Two customers, one single-use code (not personal: whoever places the first order uses it up), each
   * completing at the same moment: the coupon's row lock (orders/discounts.ts couponUsedElsewhere) makes
   * the second completion wait for the first and find its order. The code is checked again at completion
   * and an order it no longer applies to is placed without it (orders/pricing.ts priceOrder): exactly one
   * order carries the discount and pays less. On PGlite (one connection) the two transactions run one
   * after the other, so only the PostgreSQL pass (TEST_DATABASE_URL) races them for real; there the test
   * fails without the lock. Three rounds, so that a race the lock did not serialise shows on any of them.
   */
  it('two customers completing at once with one single-use code: one order is discounted, the other placed without it', async () => {
    const them = checkout(api, other.token);
    for (let round = 0; round < 3; round += 1) {
      const code = await addCoupon(platform, 20, { singleUse: true });
      const tokens = await Promise.all([fr.cart(), them.cart()]);
      const [mine, theirs] = tokens;
      for (const [session, token] of [
        [fr, mine],
        [them, theirs],
      ] as const) {
        ok(await session.call('PATCH', `/orders/${token}/apply-coupon`, { couponCode: code }));
        expect((await session.upToPayment(token)).orderPromotionTotal).toBe(-Math.round(cheapest.basePrice * 0.2));
      }
      const placed = (await Promise.all([fr.complete(mine), them.complete(theirs)])).map((answer) => ok(answer));
      expect(placed.map((o) => o.state)).toEqual(['new', 'new']);
      const discounted = placed.filter((o) => o.promotions.some((p) => p.code === code));
      expect(discounted, `round ${round}: one order only carries ${code}`).toHaveLength(1);
      const [withCode, without] = [discounted[0]!, placed.find((o) => o !== discounted[0])!];
      expect(withCode.orderPromotionTotal).toBe(-Math.round(cheapest.basePrice * 0.2));
      expect(without).toMatchObject({ couponCode: code, orderPromotionTotal: 0, promotions: [] });
      expect(without.coupon).toMatchObject({ code, applicable: false, amount: 0 });
      expect(without.total).toBe(withCode.total + Math.round(cheapest.basePrice * 0.2));
      // What each customer is asked to pay is the total of their own order.
      const payments = await platform.db.query<{ token_value: string; amount: number }>(
        `SELECT o.token_value, p.amount FROM shop.payments p JOIN shop.orders o ON o.id = p.order_id WHERE o.token_value = ANY ($1::text[])`,
        [tokens],
      );
      expect(new Map(payments.map((p) => [p.token_value, p.amount]))).toEqual(new Map(placed.map((o) => [o.tokenValue, o.total])));
    }
  });

  /**
   * One customer completing ten carts at once, each carrying a first-order code: the customer's row lock
   * taken by the completion (checkout/routes.ts) makes each completion wait for the one before and find
   * its order, so only the first is discounted. Like the tests above, a real race on PostgreSQL only;
   * without the lock that pass placed ten discounted orders.
   */
  it('ten carts of one customer completing at once with a first-order code: one order is discounted', async () => {
    const friend = await api.signUp();
    const session = checkout(api, friend.token);
    const code = await addCoupon(platform, 20, { firstOrderOnly: true });
    const tokens = await Promise.all(Array.from({ length: 10 }, () => session.cart()));
    for (const token of tokens) {
      ok(await session.call('PATCH', `/orders/${token}/apply-coupon`, { couponCode: code }));
      await session.upToPayment(token);
    }
    const placed = (await Promise.all(tokens.map((token) => session.complete(token)))).map((answer) => ok(answer));
    expect(placed.map((o) => o.state)).toEqual(Array(10).fill('new'));
    const discounted = placed.filter((o) => o.orderPromotionTotal < 0);
    expect(discounted, 'one order only is a first order').toHaveLength(1);
    expect(discounted[0]!.promotions.map((p) => p.code)).toEqual([code]);
  });

  it('numbers orders in sequence', async () => {
    const numbers: number[] = [];
    for (let i = 0; i < 2; i++) {
      const token = await fr.cart();
      await fr.upToPayment(token);
      numbers.push(Number(ok(await fr.complete(token)).number));
    }
    expect(numbers[1]!).toBeGreaterThan(numbers[0]!);
  });
});

describe('orders with nothing to pay', () => {
  it('a 100 % reduction ships free, skips the payment step and is paid at completion', async () => {
    const token = await fr.cart();
    ok(await fr.call('PATCH', `/orders/${token}/apply-coupon`, { couponCode: await addCoupon(platform, 100) }));
    const skipped = await fr.upToPayment(token);
    expect(skipped).toMatchObject({ checkoutState: 'payment_skipped', total: 0, shippingTotal: 0, payments: [] });
    // The payment of the cart was dropped with the payment step: there is none to choose a method for.
    expectNotFound(await fr.pay(token, ok(await fr.get(token)).shipments[0]!.id, { paymentMethod: 'visa' }));
    const placed = ok(await fr.complete(token));
    expect(placed).toMatchObject({
      state: 'new',
      paymentState: 'paid',
      shippingState: 'ready',
      total: 0,
      payments: [],
      status: { code: 'processing', group: 'valid' },
    });
  });

  it.runIf(freeSample)('free samples alone ship free and need no payment', async () => {
    const token = await fr.cart([{ code: freeSample!.code }]);
    const skipped = await fr.upToPayment(token);
    expect(skipped).toMatchObject({ checkoutState: 'payment_skipped', total: 0 });
    expect(ok(await fr.complete(token)).paymentState).toBe('paid');
  });

  it('an order that costs something again after the payment step was skipped must choose a payment method', async () => {
    const token = await fr.cart();
    const code = await addCoupon(platform, 100);
    ok(await fr.call('PATCH', `/orders/${token}/apply-coupon`, { couponCode: code }));
    await fr.upToPayment(token);
    expect((await fr.call('DELETE', `/orders/${token}/coupon/${code}`)).status).toBe(204);
    expectViolation(await fr.complete(token), 'paymentMethod', 'CHECKOUT_STEP_NOT_ALLOWED');
    const reshipped = ok(await fr.ship(token, ok(await fr.get(token)).shipments[0]!.id, { shippingMethod: 'home_delivery' }));
    expect(reshipped.checkoutState).toBe('shipping_selected');
    ok(await fr.pay(token, reshipped.payments[0]!.id, { paymentMethod: 'visa' }));
    expect(ok(await fr.complete(token)).paymentState).toBe('awaiting_payment');
  });
});

describe('addresses across channels', () => {
  it('keeps any country in the address book, and a French address saved on the FR site can be edited on the BE site', async () => {
    const created = await api.call('POST', '/addresses', { body: frAddress, token: me.token, query: 'channelCode=FR&locale=fr_FR' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = (created.body as { id: number }).id;
    const edited = await api.call('PUT', `/addresses/${id}`, {
      body: { ...frAddress, city: 'Lyon 6e' },
      token: me.token,
      query: 'channelCode=BE&locale=nl_BE',
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const abroad = await api.call('POST', '/addresses', {
      body: { ...frAddress, countryCode: 'GB', postcode: 'SW1A 1AA', city: 'London' },
      token: me.token,
      query: 'channelCode=BE&locale=fr_BE',
    });
    expect(abroad.status, JSON.stringify(abroad.body)).toBe(201);
    expectViolation(
      await api.call('POST', '/addresses', { body: { ...frAddress, countryCode: 'GB', postcode: 'SW1A 1AA!' }, token: me.token }),
      'postcode',
      'POSTCODE_COUNTRY',
    );
  });

  it('home delivery costs what the cart announces for each channel’s home country', async () => {
    const rates = await platform.db.query<{ channel_code: 'FR' | 'BE'; fee: number }>(
      `SELECT channel_code, fee FROM shop.shipping_rates WHERE method_code = 'home_delivery' AND country_code = channel_code`,
    );
    expect(Object.fromEntries(rates.map((r) => [r.channel_code, r.fee]))).toEqual(SHIPPING_FEES);
    expect(Object.keys(channels).sort()).toEqual(Object.keys(SHIPPING_FEES).sort());
  });
});
