import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { shopApi, testClock, testPlatform, type TestPlatform } from './platform.ts';
import { loadFixtures } from '../../src/backend/seed/seed.ts';
import { subscriptionPrice } from '../../src/lib/catalogue/pricing.ts';
import { DELIVERY_FREQUENCIES, EXIT_INTENT_DISCOUNT, FREE_SHIPPING_THRESHOLD, SHIPPING_FEES } from '../../src/lib/constants.ts';
import { hydraError, jwtError, violationList } from '../../src/lib/shop-api/errors.ts';
import { iri } from '../../src/lib/shop-api/iri.ts';
import { order as orderSchema, type Order } from '../../src/lib/shop-api/orders.ts';

const clock = testClock();
let platform: TestPlatform;
let api: ReturnType<typeof shopApi>;

const fixtures = loadFixtures();
const sellable = fixtures.products
  .filter((p) => p.viewable && !p.isSample)
  .flatMap((p) => p.variants.filter((v) => v.showVariant && v.inStock).map((v) => ({ product: p, ...v })));
const [A, B, C] = [sellable[0]!, sellable[3]!, sellable[6]!];
const cheapest = [...sellable].sort((x, y) => x.basePrice - y.basePrice)[0]!;
const hiddenVariant = fixtures.products
  .filter((p) => p.viewable)
  .flatMap((p) => p.variants)
  .find((v) => !v.showVariant)!;
const hiddenProductVariant = fixtures.products.find((p) => !p.viewable)!.variants[0]!;
const outOfStock = fixtures.products
  .filter((p) => p.viewable)
  .flatMap((p) => p.variants)
  .find((v) => v.showVariant && !v.inStock)!;

beforeAll(async () => {
  platform = await testPlatform({ clock: clock.now });
  api = shopApi(platform);
});
afterAll(async () => {
  await platform.db.close();
});

const newCart = async (body: object = { localeCode: 'fr_FR', channelCode: 'FR' }, token?: string) => {
  const res = await api.call('POST', '/orders', { body, token });
  expect(res.status).toBe(201);
  return orderSchema.parse(res.body);
};
const add = (token: string, body: object, options: { query?: string; token?: string } = {}) =>
  api.call('PATCH', `/orders/${token}/items`, { body, ...options });
const addOk = async (token: string, body: object, session?: string) => {
  const res = await add(token, body, { token: session });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return orderSchema.parse(res.body);
};
const expectViolation = (res: { status: number; body: unknown }, propertyPath: string, code: string, message?: string) => {
  expect(res.status, JSON.stringify(res.body)).toBe(422);
  const list = violationList.parse(res.body);
  const found = list.violations.find((v) => v.propertyPath === propertyPath);
  expect(found, JSON.stringify(list)).toBeDefined();
  expect(found!.code).toBe(code);
  if (message) expect(found!.message).toBe(message);
  expect(list['hydra:description']).toContain(`${propertyPath}: ${found!.message}`);
  return list;
};
const expectNotFound = (res: { status: number; body: unknown }) => {
  expect(res.status).toBe(404);
  expect(hydraError.parse(res.body)['hydra:description']).toBe('Not Found');
};
const itemsTotalOf = (o: Order) => o.items.reduce((sum, i) => sum + i.unitPrice * i.quantity, 0);
/** Inserts an order whose checkout completed, as the checkout will. */
const completedOrderFor = (customerId: number) =>
  platform.db.query(
    `INSERT INTO shop.orders (token_value, customer_id, channel_code, locale_code, state, checkout_state, payment_state, shipping_state,
     checkout_completed_at, created_at, updated_at)
   VALUES ($1, $2, 'FR', 'fr_FR', 'new', 'completed', 'paid', 'ready', now(), now(), now())`,
    [randomUUID().replaceAll('-', ''), customerId],
  );

describe('carts', () => {
  it('creates a cart without any session, with an unguessable token', async () => {
    const res = await api.call('POST', '/orders', { body: { localeCode: 'fr_FR', channelCode: 'FR' } });
    expect(res.status).toBe(201);
    expect(res.headers.get('content-type')).toMatch(/^application\/ld\+json/);
    const cart = orderSchema.parse(res.body);
    expect(cart.tokenValue).toMatch(/^[A-Za-z0-9_-]{24,}$/);
    expect(cart['@id']).toBe(iri.order(cart.tokenValue));
    expect([cart.state, cart.checkoutState, cart.paymentState, cart.shippingState]).toEqual(['cart', 'cart', 'cart', 'cart']);
    expect(cart).toMatchObject({
      customer: null,
      items: [],
      itemsTotal: 0,
      shippingTotal: 0,
      total: 0,
      currencyCode: 'EUR',
      channelCode: 'FR',
    });
    expect((await newCart()).tokenValue).not.toBe(cart.tokenValue);
  });

  it('takes the channel and locale from the body or the query, and refuses a locale of another channel', async () => {
    expect((await newCart({ localeCode: 'nl_BE', channelCode: 'BE' })).localeCode).toBe('nl_BE');
    const fromQuery = await api.call('POST', '/orders', { body: {}, query: 'channelCode=BE&locale=nl_BE' });
    expect(orderSchema.parse(fromQuery.body)).toMatchObject({ channelCode: 'BE', localeCode: 'nl_BE' });
    expectViolation(
      await api.call('POST', '/orders', { body: { localeCode: 'nl_BE', channelCode: 'FR' } }),
      'localeCode',
      'LOCALE_CHANNEL_MISMATCH',
    );
    expectViolation(await api.call('POST', '/orders', { body: { localeCode: 'de_DE' } }), 'localeCode', 'INVALID_CHOICE');
    expect((await api.call('POST', '/orders', { body: {}, query: 'channelCode=XX' })).status).toBe(400);
  });

  it('loads and deletes a cart; unknown tokens are 404', async () => {
    const cart = await newCart();
    const loaded = await api.call('GET', `/orders/${cart.tokenValue}`);
    expect(orderSchema.parse(loaded.body).tokenValue).toBe(cart.tokenValue);
    expect((await api.call('DELETE', `/orders/${cart.tokenValue}`)).status).toBe(204);
    expectNotFound(await api.call('GET', `/orders/${cart.tokenValue}`));
    expectNotFound(await api.call('DELETE', `/orders/${cart.tokenValue}`));
    expectNotFound(await api.call('GET', '/orders/not-a-cart'));
    expectNotFound(await api.call('GET', `/orders/${'x'.repeat(300)}`));
    expectNotFound(await api.call('GET', '/orders/%00'));
  });
});

describe('cart items', () => {
  it('adds a variant with its catalogue name and price, and merges the same variant at the same interval', async () => {
    const cart = await newCart();
    let o = await addOk(cart.tokenValue, { productVariant: A.code, quantity: 2, sourceItemList: 'category', upsell: false });
    expect(o.items).toHaveLength(1);
    expect(o.items[0]).toMatchObject({
      variantCode: A.code,
      variant: iri.variant(A.code),
      productName: A.product.name.fr,
      variantName: A.name.fr,
      quantity: 2,
      unitPrice: A.basePrice,
      originalUnitPrice: A.basePrice,
      total: 2 * A.basePrice,
      subscriptionInterval: 0,
      sourceItemList: 'category',
      upsell: false,
    });
    o = await addOk(cart.tokenValue, { productVariant: iri.variant(A.code), quantity: 1 });
    expect(o.items).toHaveLength(1);
    expect(o.items[0]!.quantity).toBe(3);
    expect(o.itemsTotal).toBe(3 * A.basePrice);
  });

  it('gives the subscription price (10% off) to an item with a delivery frequency, as a line of its own', async () => {
    const cart = await newCart();
    await addOk(cart.tokenValue, { productVariant: A.code });
    const o = await addOk(cart.tokenValue, { productVariant: A.code, quantity: 2, subscriptionInterval: 31, upsell: true });
    expect(o.items).toHaveLength(2);
    const subscribed = o.items.find((i) => i.subscriptionInterval === 31)!;
    expect(subscribed).toMatchObject({
      unitPrice: subscriptionPrice(A.basePrice),
      originalUnitPrice: A.basePrice,
      quantity: 2,
      upsell: true,
    });
    expect(o.itemsTotal).toBe(A.basePrice + 2 * subscriptionPrice(A.basePrice));
  });

  it('accepts each of the ten delivery frequencies and refuses any other interval', async () => {
    const cart = await newCart();
    for (const { days } of DELIVERY_FREQUENCIES) await addOk(cart.tokenValue, { productVariant: B.code, subscriptionInterval: days });
    expectViolation(
      await add(cart.tokenValue, { productVariant: B.code, subscriptionInterval: 30 }),
      'subscriptionInterval',
      'INTERVAL_NOT_OFFERED',
      'Cette fréquence de livraison n’est pas proposée.',
    );
    for (const interval of [-21, 1, 365, 31.5, '31', null, 1e300]) {
      expect((await add(cart.tokenValue, { productVariant: B.code, subscriptionInterval: interval })).status).toBe(422);
    }
  });

  it('refuses unknown, hidden and out-of-stock variants with a violation on productVariant', async () => {
    const cart = await newCart();
    expectViolation(
      await add(cart.tokenValue, { productVariant: '99999999' }),
      'productVariant',
      'VARIANT_NOT_FOUND',
      'Ce produit n’existe pas.',
    );
    expectViolation(await add(cart.tokenValue, { productVariant: 'abc' }), 'productVariant', 'VARIANT_NOT_FOUND');
    expectViolation(
      await add(cart.tokenValue, { productVariant: '/api/v2/shop/product-variants/../../1' }),
      'productVariant',
      'VARIANT_NOT_FOUND',
    );
    expectViolation(
      await add(cart.tokenValue, { productVariant: hiddenVariant.code }),
      'productVariant',
      'VARIANT_NOT_AVAILABLE',
      'Ce produit n’est plus disponible.',
    );
    expectViolation(await add(cart.tokenValue, { productVariant: hiddenProductVariant.code }), 'productVariant', 'VARIANT_NOT_AVAILABLE');
    expectViolation(
      await add(cart.tokenValue, { productVariant: outOfStock.code }),
      'productVariant',
      'VARIANT_OUT_OF_STOCK',
      'Ce produit est en rupture de stock.',
    );
    expectViolation(await add(cart.tokenValue, { quantity: 1 }), 'productVariant', 'NOT_BLANK');
    expectViolation(await add(cart.tokenValue, { productVariant: 10000001 }), 'productVariant', 'INVALID_TYPE');
    expect(orderSchema.parse((await api.call('GET', `/orders/${cart.tokenValue}`)).body).items).toHaveLength(0);
  });

  it('speaks the cart’s language: Dutch names, and Dutch messages for locale nl_BE', async () => {
    const cart = await newCart({ localeCode: 'nl_BE', channelCode: 'BE' });
    const o = await addOk(cart.tokenValue, { productVariant: A.code });
    expect(o.items[0]).toMatchObject({ productName: A.product.name.nl, variantName: A.name.nl });
    expectViolation(
      await add(cart.tokenValue, { productVariant: outOfStock.code }, { query: 'channelCode=BE&locale=nl_BE' }),
      'productVariant',
      'VARIANT_OUT_OF_STOCK',
      'Dit product is niet op voorraad.',
    );
  });

  it('keeps quantities within 1 to 99', async () => {
    const cart = await newCart();
    for (const quantity of [0, -1, 100, 2.5, '2', true, null]) {
      const res = await add(cart.tokenValue, { productVariant: A.code, quantity });
      expect(res.status, String(quantity)).toBe(422);
      expect(violationList.parse(res.body).violations[0]!.propertyPath).toBe('quantity');
    }
    await addOk(cart.tokenValue, { productVariant: A.code, quantity: 99 });
    expectViolation(await add(cart.tokenValue, { productVariant: A.code, quantity: 1 }), 'quantity', 'OUT_OF_RANGE');
  });

  it('changes an item’s quantity and interval, merges it into its twin, and removes it', async () => {
    const cart = await newCart();
    let o = await addOk(cart.tokenValue, { productVariant: A.code, quantity: 1 });
    o = await addOk(cart.tokenValue, { productVariant: A.code, quantity: 2, subscriptionInterval: 42 });
    const [oneOff, subscribed] = [o.items.find((i) => i.subscriptionInterval === 0)!, o.items.find((i) => i.subscriptionInterval === 42)!];
    const path = (id: number) => `/orders/${cart.tokenValue}/items/${id}`;

    let res = await api.call('PATCH', path(oneOff.id), { body: { quantity: 4, subscriptionInterval: 0 } });
    expect(orderSchema.parse(res.body).items.find((i) => i.id === oneOff.id)!.quantity).toBe(4);
    res = await api.call('PATCH', path(subscribed.id), { body: { subscriptionInterval: 93 } });
    expect(orderSchema.parse(res.body).items.find((i) => i.id === subscribed.id)).toMatchObject({
      subscriptionInterval: 93,
      unitPrice: subscriptionPrice(A.basePrice),
    });
    res = await api.call('PATCH', path(subscribed.id), { body: { subscriptionInterval: 0 } });
    o = orderSchema.parse(res.body);
    expect(o.items).toHaveLength(1);
    expect(o.items[0]).toMatchObject({ id: oneOff.id, quantity: 6, unitPrice: A.basePrice });

    expectViolation(
      await api.call('PATCH', path(oneOff.id), { body: { subscriptionInterval: 30 } }),
      'subscriptionInterval',
      'INTERVAL_NOT_OFFERED',
    );
    expectViolation(await api.call('PATCH', path(oneOff.id), { body: { quantity: 0 } }), 'quantity', 'OUT_OF_RANGE');
    expectNotFound(await api.call('PATCH', path(999999), { body: { quantity: 1 } }));
    expectNotFound(await api.call('PATCH', `/orders/${cart.tokenValue}/items/abc`, { body: { quantity: 1 } }));
    expectNotFound(await api.call('PATCH', `/orders/${cart.tokenValue}/items/99999999999999`, { body: { quantity: 1 } }));

    expect((await api.call('DELETE', path(oneOff.id))).status).toBe(204);
    expectNotFound(await api.call('DELETE', path(oneOff.id)));
    expect(orderSchema.parse((await api.call('GET', `/orders/${cart.tokenValue}`)).body).items).toHaveLength(0);
  });

  it('does not let one cart’s token reach another cart’s items', async () => {
    const [mine, theirs] = [await newCart(), await newCart()];
    const o = await addOk(theirs.tokenValue, { productVariant: A.code });
    expectNotFound(await api.call('PATCH', `/orders/${mine.tokenValue}/items/${o.items[0]!.id}`, { body: { quantity: 3 } }));
    expectNotFound(await api.call('DELETE', `/orders/${mine.tokenValue}/items/${o.items[0]!.id}`));
  });
});

describe('totals', () => {
  it('charges the channel’s flat shipping fee below the threshold and ships free from it, with VAT contained in the total', async () => {
    const fr = await newCart();
    let o = await addOk(fr.tokenValue, { productVariant: cheapest.code });
    expect(cheapest.basePrice).toBeLessThan(FREE_SHIPPING_THRESHOLD);
    expect(o).toMatchObject({
      itemsTotal: cheapest.basePrice,
      shippingTotal: SHIPPING_FEES.FR,
      serviceFeesTotal: 0,
      orderPromotionTotal: 0,
      total: cheapest.basePrice + SHIPPING_FEES.FR,
      freeShippingThreshold: FREE_SHIPPING_THRESHOLD,
      amountToFreeShipping: FREE_SHIPPING_THRESHOLD - cheapest.basePrice,
    });
    expect(o.totalExcludingTax).toBe(Math.round(o.total / 1.2));
    expect(o.taxTotal).toBe(o.total - o.totalExcludingTax);

    const quantity = Math.ceil(FREE_SHIPPING_THRESHOLD / cheapest.basePrice);
    o = await addOk(fr.tokenValue, { productVariant: cheapest.code, quantity: quantity - 1 });
    expect(o).toMatchObject({
      itemsTotal: quantity * cheapest.basePrice,
      shippingTotal: 0,
      amountToFreeShipping: 0,
      total: quantity * cheapest.basePrice,
    });

    const be = await newCart({ localeCode: 'fr_BE', channelCode: 'BE' });
    o = await addOk(be.tokenValue, { productVariant: cheapest.code });
    expect(o.shippingTotal).toBe(SHIPPING_FEES.BE);
    expect(o.totalExcludingTax).toBe(Math.round(o.total / 1.21));
    expect(o.taxTotal + o.totalExcludingTax).toBe(o.total);
  });
});

describe('coupons', () => {
  const apply = (token: string, couponCode: unknown, query?: string) =>
    api.call('PATCH', `/orders/${token}/apply-coupon`, { body: { couponCode }, query });
  const cartWorth = async (minimum: number) => {
    const cart = await newCart();
    return addOk(cart.tokenValue, { productVariant: A.code, quantity: Math.ceil(minimum / A.basePrice) || 1 });
  };

  it('applies a percentage coupon, whatever its case', async () => {
    const cart = await cartWorth(3000);
    const o = orderSchema.parse((await apply(cart.tokenValue, ' bienvenue10 ')).body);
    expect(o.couponCode).toBe('BIENVENUE10');
    expect(o.orderPromotionTotal).toBe(-Math.round(o.itemsTotal * 0.1));
    expect(o.promotions).toEqual([{ code: 'BIENVENUE10', label: expect.any(String), amount: o.orderPromotionTotal }]);
    expect(o.total).toBe(o.itemsTotal + o.orderPromotionTotal + o.shippingTotal);
    // Free shipping is measured after the reduction.
    expect(o.amountToFreeShipping).toBe(Math.max(0, FREE_SHIPPING_THRESHOLD - (o.itemsTotal + o.orderPromotionTotal)));
  });

  it('applies the fixed coupon from its minimum only, and stops reducing below it', async () => {
    const cart = await newCart();
    await addOk(cart.tokenValue, { productVariant: cheapest.code });
    expect(cheapest.basePrice).toBeLessThan(3000);
    const refused = expectViolation(await apply(cart.tokenValue, 'CROQ5'), 'couponCode', 'COUPON_MINIMUM');
    expect(refused.violations[0]!.message).toMatch(/^Ce code promo est valable à partir de 30,00\s€ d’achat\.$/);
    await addOk(cart.tokenValue, { productVariant: A.code, quantity: Math.ceil((3000 - cheapest.basePrice) / A.basePrice) });
    let o = orderSchema.parse((await apply(cart.tokenValue, 'CROQ5')).body);
    expect(o.itemsTotal).toBeGreaterThanOrEqual(3000);
    expect(o.orderPromotionTotal).toBe(-500);
    const line = o.items.find((i) => i.variantCode === A.code)!;
    expect((await api.call('DELETE', `/orders/${cart.tokenValue}/items/${line.id}`)).status).toBe(204);
    o = orderSchema.parse((await api.call('GET', `/orders/${cart.tokenValue}`)).body);
    expect(o).toMatchObject({ itemsTotal: cheapest.basePrice, couponCode: 'CROQ5', promotions: [], orderPromotionTotal: 0 });
  });

  it('refuses unknown and expired coupons with a clear message in the shopper’s language', async () => {
    const cart = await cartWorth(1000);
    expectViolation(await apply(cart.tokenValue, 'NOPE'), 'couponCode', 'COUPON_INVALID', 'Ce code promo n’est pas valide.');
    expectViolation(
      await apply(cart.tokenValue, 'NOPE', 'channelCode=BE&locale=nl_BE'),
      'couponCode',
      'COUPON_INVALID',
      'Deze kortingscode is niet geldig.',
    );
    expectViolation(await apply(cart.tokenValue, 'NOEL2025'), 'couponCode', 'COUPON_EXPIRED', 'Ce code promo a expiré.');
    expectViolation(
      await apply(cart.tokenValue, 'NOEL2025', 'channelCode=BE&locale=nl_BE'),
      'couponCode',
      'COUPON_EXPIRED',
      'Deze kortingscode is verlopen.',
    );
    expectViolation(await apply(cart.tokenValue, ''), 'couponCode', 'NOT_BLANK');
    expectViolation(await apply(cart.tokenValue, 'X'.repeat(65)), 'couponCode', 'TOO_LONG');
    expectViolation(await apply(cart.tokenValue, 42), 'couponCode', 'INVALID_TYPE');
    expect(orderSchema.parse((await api.call('GET', `/orders/${cart.tokenValue}`)).body).couponCode).toBeNull();
  });

  it('accepts the Christmas coupon during its validity (fixed clock)', async () => {
    const cart = await cartWorth(1000);
    clock.set('2025-12-10T12:00:00Z');
    try {
      const o = orderSchema.parse((await apply(cart.tokenValue, 'NOEL2025')).body);
      expect(o.orderPromotionTotal).toBe(-Math.round(o.itemsTotal * 0.15));
      clock.set('2025-11-10T12:00:00Z');
      expectViolation(await apply(cart.tokenValue, 'NOEL2025'), 'couponCode', 'COUPON_INVALID');
    } finally {
      clock.reset();
    }
    // Past its end the coupon stays on the cart but no longer reduces it.
    expect(orderSchema.parse((await api.call('GET', `/orders/${cart.tokenValue}`)).body)).toMatchObject({
      couponCode: 'NOEL2025',
      orderPromotionTotal: 0,
      promotions: [],
    });
  });

  it('applies a minimum from exactly its amount, not from one cent under', async () => {
    // CROQ5 (30 € minimum) on a cart of exactly 30,00 €, made of catalogue prices.
    const prices = [...new Set(sellable.map((v) => v.basePrice))];
    const exact = prices.flatMap((p) =>
      prices.flatMap((q) =>
        Array.from({ length: 98 }, (_, i) => i + 1)
          .filter((a) => 3000 - a * p > 0 && (3000 - a * p) % q === 0 && (3000 - a * p) / q <= 99 && p !== q)
          .map((a) => ({ p, a, q, b: (3000 - a * p) / q })),
      ),
    )[0];
    expect(exact, 'two catalogue prices that make 30,00 €').toBeDefined();
    const byPrice = (price: number) => sellable.find((v) => v.basePrice === price)!;
    const cart = await newCart();
    await addOk(cart.tokenValue, { productVariant: byPrice(exact!.p).code, quantity: exact!.a });
    const o = await addOk(cart.tokenValue, { productVariant: byPrice(exact!.q).code, quantity: exact!.b });
    expect(o.itemsTotal).toBe(3000);
    const applied = orderSchema.parse((await apply(cart.tokenValue, 'CROQ5')).body);
    expect(applied).toMatchObject({ couponCode: 'CROQ5', itemsTotal: 3000, orderPromotionTotal: -500 });
    expect(applied.total).toBe(2500 + applied.shippingTotal);

    // The same rule one cent under, with coupons of this test whose minimum is the cart's total and one cent more.
    const suffix = randomUUID().replaceAll('-', '').slice(0, 10).toUpperCase();
    const [atTotal, oneCentMore] = [`AT${suffix}`, `OVER${suffix}`];
    const insert = (code: string, minimum: number) =>
      platform.db.query(
        `INSERT INTO shop.coupons (code, kind, value, minimum_items_total, label_fr, label_nl) VALUES ($1, 'fixed', 100, $2, 'Test', 'Test')`,
        [code, minimum],
      );
    await insert(atTotal, o.itemsTotal);
    await insert(oneCentMore, o.itemsTotal + 1);
    try {
      const under = expectViolation(await apply(cart.tokenValue, oneCentMore), 'couponCode', 'COUPON_MINIMUM');
      expect(under.violations[0]!.message).toMatch(/^Ce code promo est valable à partir de 30,01\s€ d’achat\.$/);
      const nl = expectViolation(await apply(cart.tokenValue, oneCentMore, 'channelCode=BE&locale=nl_BE'), 'couponCode', 'COUPON_MINIMUM');
      expect(nl.violations[0]!.message).toMatch(/^Deze kortingscode geldt voor aankopen vanaf €\s30,01\.$/);
      // The refused code left CROQ5 in place.
      expect(orderSchema.parse((await api.call('GET', `/orders/${cart.tokenValue}`)).body).couponCode).toBe('CROQ5');
      expect(orderSchema.parse((await apply(cart.tokenValue, atTotal)).body)).toMatchObject({
        couponCode: atTotal,
        orderPromotionTotal: -100,
      });
    } finally {
      await platform.db.query('DELETE FROM shop.coupons WHERE code = ANY($1)', [[atTotal, oneCentMore]]);
    }
  });

  it('counts a code applied twice once, and a second code replaces the first', async () => {
    const cart = await cartWorth(3000);
    const once = orderSchema.parse((await apply(cart.tokenValue, 'BIENVENUE10')).body);
    const twice = orderSchema.parse((await apply(cart.tokenValue, 'bienvenue10')).body);
    expect(twice).toMatchObject({ couponCode: 'BIENVENUE10', orderPromotionTotal: once.orderPromotionTotal, total: once.total });
    expect(twice.orderPromotionTotal).toBe(-Math.round(twice.itemsTotal * 0.1));
    expect(twice.promotions).toHaveLength(1);
    const replaced = orderSchema.parse((await apply(cart.tokenValue, 'CROQ5')).body);
    expect(replaced).toMatchObject({ couponCode: 'CROQ5', orderPromotionTotal: -500 });
    expect(replaced.promotions.map((p) => p.code)).toEqual(['CROQ5']);
    // The replaced code is no longer on the cart: removing it is 404, removing the current one works.
    expectNotFound(await api.call('DELETE', `/orders/${cart.tokenValue}/coupon/BIENVENUE10`));
    expect((await api.call('DELETE', `/orders/${cart.tokenValue}/coupon/CROQ5`)).status).toBe(204);
    expect(orderSchema.parse((await api.call('GET', `/orders/${cart.tokenValue}`)).body)).toMatchObject({
      couponCode: null,
      promotions: [],
      orderPromotionTotal: 0,
    });
  });

  it('takes the Christmas coupon from its first millisecond to its last (fixed clock)', async () => {
    const cart = await cartWorth(1000);
    const at = async (instant: string) => {
      clock.set(instant);
      return apply(cart.tokenValue, 'NOEL2025');
    };
    try {
      expectViolation(await at('2025-11-30T22:59:59.999Z'), 'couponCode', 'COUPON_INVALID');
      expect((await at('2025-11-30T23:00:00.000Z')).status).toBe(200);
      expect((await at('2025-12-31T22:59:59.000Z')).status).toBe(200);
      expectViolation(await at('2025-12-31T22:59:59.001Z'), 'couponCode', 'COUPON_EXPIRED', 'Ce code promo a expiré.');
    } finally {
      clock.reset();
    }
  });

  it('removes the coupon', async () => {
    const cart = await cartWorth(1000);
    await apply(cart.tokenValue, 'BIENVENUE10');
    expectNotFound(await api.call('DELETE', `/orders/${cart.tokenValue}/coupon/CROQ5`));
    expect((await api.call('DELETE', `/orders/${cart.tokenValue}/coupon/bienvenue10`)).status).toBe(204);
    expect(orderSchema.parse((await api.call('GET', `/orders/${cart.tokenValue}`)).body)).toMatchObject({
      couponCode: null,
      orderPromotionTotal: 0,
    });
    expectNotFound(await api.call('DELETE', `/orders/${cart.tokenValue}/coupon/BIENVENUE10`));
  });

  it('refuses the public BIENVENUE5 to everyone, the 5 EUR offer being a personal code (shop-newsletter.test.ts)', async () => {
    const [{ value }] = (await platform.db.query<{ value: number }>(`SELECT value FROM shop.coupons WHERE code = 'BIENVENUE5'`)) as [
      { value: number },
    ];
    expect(value).toBe(EXIT_INTENT_DISCOUNT);
    const reserved =
      'Ce code est réservé aux nouveaux inscrits à notre newsletter\u00A0: inscrivez-vous pour recevoir votre code personnel de 5\u00A0€ sur votre première commande.';

    const anonymous = await cartWorth(1000);
    expectViolation(await apply(anonymous.tokenValue, 'BIENVENUE5'), 'couponCode', 'COUPON_RESERVED', reserved);
    expectViolation(await apply(anonymous.tokenValue, 'bienvenue5', 'locale=nl_BE'), 'couponCode', 'COUPON_RESERVED');
    expect(violationList.parse((await apply(anonymous.tokenValue, 'BIENVENUE5', 'locale=nl_BE')).body).violations[0]!.message).toContain(
      'nieuwsbrief',
    );

    const newcomer = await api.signUp();
    const own = await newCart(undefined, newcomer.token);
    await addOk(own.tokenValue, { productVariant: A.code }, newcomer.token);
    const res = await api.call('PATCH', `/orders/${own.tokenValue}/apply-coupon`, {
      body: { couponCode: 'BIENVENUE5' },
      token: newcomer.token,
    });
    expectViolation(res, 'couponCode', 'COUPON_RESERVED', reserved);
  });

  it('gives a first-order coupon to anonymous carts and new customers, not to a customer with a completed order', async () => {
    await platform.db.query(
      `INSERT INTO shop.coupons (code, kind, value, first_order_only, label_fr, label_nl)
       VALUES ('PREMIERE5', 'fixed', 500, true, 'Première commande', 'Eerste bestelling') ON CONFLICT (code) DO NOTHING`,
    );
    const anonymous = await cartWorth(1000);
    expect(orderSchema.parse((await apply(anonymous.tokenValue, 'PREMIERE5')).body).orderPromotionTotal).toBe(-500);

    const newcomer = await api.signUp();
    const own = await newCart(undefined, newcomer.token);
    await addOk(own.tokenValue, { productVariant: A.code }, newcomer.token);
    const res = await api.call('PATCH', `/orders/${own.tokenValue}/apply-coupon`, {
      body: { couponCode: 'PREMIERE5' },
      token: newcomer.token,
    });
    expect(orderSchema.parse(res.body).orderPromotionTotal).toBe(-500);

    const regular = await api.signUp();
    await completedOrderFor(regular.profile.id);
    const theirs = await newCart(undefined, regular.token);
    await api.call('PATCH', `/orders/${theirs.tokenValue}/items`, { body: { productVariant: A.code }, token: regular.token });
    const refused = await api.call('PATCH', `/orders/${theirs.tokenValue}/apply-coupon`, {
      body: { couponCode: 'PREMIERE5' },
      token: regular.token,
    });
    expectViolation(refused, 'couponCode', 'COUPON_FIRST_ORDER', 'Ce code promo est réservé à une première commande.');

    // Applied anonymously, then the cart is assigned to the customer with an order: the offer is removed.
    const assigned = await api.call('PUT', `/orders/${anonymous.tokenValue}`, {
      body: { customer: regular.customer },
      token: regular.token,
    });
    expect(orderSchema.parse(assigned.body)).toMatchObject({ customer: regular.customer, couponCode: null, orderPromotionTotal: 0 });
  });
});

describe('carts of customers', () => {
  it('assigns a cart to the authenticated customer, who alone can then use it', async () => {
    const owner = await api.signUp();
    const other = await api.signUp();
    const cart = await newCart();
    await addOk(cart.tokenValue, { productVariant: A.code });

    const noToken = await api.call('PUT', `/orders/${cart.tokenValue}`, { body: { customer: owner.customer } });
    expect(noToken.status).toBe(401);
    expect(jwtError.parse(noToken.body).message).toBe('JWT Token not found');
    expectViolation(
      await api.call('PUT', `/orders/${cart.tokenValue}`, { body: { customer: other.customer }, token: owner.token }),
      'customer',
      'CUSTOMER_MISMATCH',
    );
    expectViolation(await api.call('PUT', `/orders/${cart.tokenValue}`, { body: {}, token: owner.token }), 'customer', 'NOT_BLANK');

    const assigned = await api.call('PUT', `/orders/${cart.tokenValue}`, { body: { customer: owner.customer }, token: owner.token });
    expect(orderSchema.parse(assigned.body).customer).toBe(owner.customer);

    expectNotFound(await api.call('GET', `/orders/${cart.tokenValue}`));
    expectNotFound(await api.call('GET', `/orders/${cart.tokenValue}`, { token: other.token }));
    expectNotFound(await add(cart.tokenValue, { productVariant: A.code }, { token: other.token }));
    expectNotFound(await api.call('PUT', `/orders/${cart.tokenValue}`, { body: { customer: other.customer }, token: other.token }));
    expectNotFound(await api.call('DELETE', `/orders/${cart.tokenValue}`, { token: other.token }));
    expect((await api.call('GET', `/orders/${cart.tokenValue}`, { token: owner.token })).status).toBe(200);

    // The login answer names the customer's open cart.
    expect((await api.login(owner.email, owner.password)).cart).toBe(cart.tokenValue);
  });

  it('gives a cart created with a session to that customer', async () => {
    const owner = await api.signUp();
    const cart = await newCart(undefined, owner.token);
    expect(cart.customer).toBe(owner.customer);
    expectNotFound(await api.call('GET', `/orders/${cart.tokenValue}`));
  });

  it('answers 401 to a bad bearer token, even on an anonymous cart', async () => {
    const cart = await newCart();
    const res = await api.call('GET', `/orders/${cart.tokenValue}`, { token: 'not.a.jwt' });
    expect(res.status).toBe(401);
    expect(jwtError.parse(res.body).message).toBe('Invalid JWT Token');
  });

  it('reads but no longer changes an order past the cart state', async () => {
    const owner = await api.signUp();
    await completedOrderFor(owner.profile.id);
    const [{ token_value: token }] = (await platform.db.query<{ token_value: string }>(
      'SELECT token_value FROM shop.orders WHERE customer_id = $1',
      [owner.profile.id],
    )) as [{ token_value: string }];
    expect(orderSchema.parse((await api.call('GET', `/orders/${token}`, { token: owner.token })).body).state).toBe('new');
    expectNotFound(await api.call('PATCH', `/orders/${token}/items`, { body: { productVariant: A.code }, token: owner.token }));
    expectNotFound(await api.call('DELETE', `/orders/${token}`, { token: owner.token }));
    expect((await api.login(owner.email, owner.password)).cart).toBeNull();
  });
});

/**
 * Parallel calls on one cart, on both drivers. On PostgreSQL the calls race for the order row's lock
 * (items.ts inCart); on PGlite, one connection, the transactions run one after the other but the calls
 * interleave between them, so a step done outside the transaction would show here too.
 */
describe('concurrency', () => {
  it('30 parallel first adds of one variant make one line of quantity 30', async () => {
    const cart = await newCart();
    const results = await Promise.all(Array.from({ length: 30 }, () => add(cart.tokenValue, { productVariant: A.code })));
    expect(results.map((r) => r.status)).toEqual(results.map(() => 200));
    const o = orderSchema.parse((await api.call('GET', `/orders/${cart.tokenValue}`)).body);
    expect(o.items.map((i) => [i.variantCode, i.subscriptionInterval, i.quantity])).toEqual([[A.code, 0, 30]]);
    expect(o.itemsTotal).toBe(30 * A.basePrice);
    // Each answer saw the adds before it and its own: the quantities answered are 1 to 30, once each.
    expect(results.map((r) => orderSchema.parse(r.body).items[0]!.quantity).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 30 }, (_, i) => i + 1),
    );
  });

  it('30 parallel adds of 4 to one line stop at the 99 limit: 24 accepted, 6 refused, quantity 96', async () => {
    const cart = await newCart();
    const results = await Promise.all(Array.from({ length: 30 }, () => add(cart.tokenValue, { productVariant: B.code, quantity: 4 })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(24);
    const refused = results.filter((r) => r.status !== 200);
    expect(refused).toHaveLength(6);
    for (const res of refused) expectViolation(res, 'quantity', 'OUT_OF_RANGE');
    const o = orderSchema.parse((await api.call('GET', `/orders/${cart.tokenValue}`)).body);
    expect(o.items.map((i) => [i.variantCode, i.quantity])).toEqual([[B.code, 96]]);
  });

  it('keeps quantities and totals exact under 30 parallel adds to one cart', async () => {
    const cart = await newCart();
    const variants = [A, B, C];
    const intervals = [0, 31];
    const adds = Array.from({ length: 30 }, (_, i) => ({
      productVariant: variants[i % 3]!.code,
      subscriptionInterval: intervals[Math.floor(i / 3) % 2]!,
      quantity: 1 + (i % 2),
    }));
    const results = await Promise.all(adds.map((body) => add(cart.tokenValue, body)));
    expect(results.map((r) => r.status)).toEqual(results.map(() => 200));
    const o = orderSchema.parse((await api.call('GET', `/orders/${cart.tokenValue}`)).body);
    const expected = new Map<string, number>();
    for (const a of adds)
      expected.set(
        `${a.productVariant}/${a.subscriptionInterval}`,
        (expected.get(`${a.productVariant}/${a.subscriptionInterval}`) ?? 0) + a.quantity,
      );
    expect(o.items).toHaveLength(expected.size);
    for (const item of o.items) expect(item.quantity).toBe(expected.get(`${item.variantCode}/${item.subscriptionInterval}`));
    const price = (code: string, interval: number) => {
      const base = variants.find((v) => v.code === code)!.basePrice;
      return interval ? subscriptionPrice(base) : base;
    };
    expect(o.itemsTotal).toBe(adds.reduce((sum, a) => sum + a.quantity * price(a.productVariant, a.subscriptionInterval), 0));
    expect(o.itemsTotal).toBe(itemsTotalOf(o));
    expect(o.total).toBe(o.itemsTotal + o.shippingTotal);
  });
});
