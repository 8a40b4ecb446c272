/**
 * What a cart line shows and may be: names, labels and page paths in the language of the request (one
 * cart serves both languages of the BE site), the product's picture and species, no subscription for a
 * sample, and the state of the discount code recomputed from the totals on every answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopApi, testClock, testPlatform, type TestPlatform } from './platform.ts';
import { loadFixtures } from '../../src/backend/seed/seed.ts';
import { order as orderSchema, type Order } from '../../src/lib/shop-api/orders.ts';
import { violationList } from '../../src/lib/shop-api/errors.ts';

const clock = testClock();
let platform: TestPlatform;
let api: ReturnType<typeof shopApi>;

const fixtures = loadFixtures();
const sellable = fixtures.products
  .filter((p) => p.viewable)
  .flatMap((p) => p.variants.filter((v) => v.showVariant && v.inStock).map((v) => ({ product: p, ...v })));
const dog = sellable.find((v) => v.product.animal === 'dog' && !v.product.isSample && v.basePrice >= 2000 && v.basePrice < 3000)!;
const cat = sellable.find((v) => v.product.animal === 'cat' && !v.product.isSample)!;
const sample = sellable.find((v) => v.product.isSample)!;
const BE_NL = 'channelCode=BE&locale=nl_BE';
const BE_FR = 'channelCode=BE&locale=fr_BE';

beforeAll(async () => {
  platform = await testPlatform({ clock: clock.now });
  api = shopApi(platform);
});
afterAll(async () => {
  await platform.db.close();
});

const newCart = async (localeCode = 'fr_BE', channelCode = 'BE') => {
  const res = await api.call('POST', '/orders', {
    body: { localeCode, channelCode },
    query: `channelCode=${channelCode}&locale=${localeCode}`,
  });
  expect(res.status).toBe(201);
  return orderSchema.parse(res.body);
};
const ok = (res: { status: number; body: unknown }): Order => {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return orderSchema.parse(res.body);
};
const add = (token: string, body: object, query = BE_FR) => api.call('PATCH', `/orders/${token}/items`, { body, query });
const change = (token: string, id: number, body: object, query = BE_FR) =>
  api.call('PATCH', `/orders/${token}/items/${id}`, { body, query });
const read = (token: string, options: { query?: string; headers?: Record<string, string> } = {}) =>
  api.call('GET', `/orders/${token}`, options);
const expectViolation = (res: { status: number; body: unknown }, propertyPath: string, code: string, message?: string) => {
  expect(res.status, JSON.stringify(res.body)).toBe(422);
  const found = violationList.parse(res.body).violations.find((v) => v.propertyPath === propertyPath);
  expect(found, JSON.stringify(res.body)).toMatchObject({ code, ...(message ? { message } : {}) });
};

describe('cart lines in the language of the request', () => {
  it('answers the names, the promotion label and the page path in the locale asked for, whatever the cart was filled in', async () => {
    const cart = await newCart();
    ok(await add(cart.tokenValue, { productVariant: dog.code, quantity: 2 }));
    const filled = ok(await add(cart.tokenValue, { productVariant: dog.code, quantity: 1 }));
    expect(filled.items[0]).toMatchObject({
      productName: dog.product.name.fr,
      variantName: dog.name.fr,
      productPath: `/produits/${dog.product.slug.fr}/${dog.slug}/`,
    });
    ok(await api.call('PATCH', `/orders/${cart.tokenValue}/apply-coupon`, { body: { couponCode: 'BIENVENUE10' }, query: BE_FR }));

    const dutch = ok(await read(cart.tokenValue, { query: BE_NL }));
    expect(dutch.localeCode).toBe('fr_BE');
    expect(dutch.items[0]).toMatchObject({
      productName: dog.product.name.nl,
      variantName: dog.name.nl,
      productPath: `/nl/producten/${dog.product.slug.nl}/${dog.slug}/`,
    });
    expect(dutch.promotions[0]!.label).toBe('Welkom: 10% korting');
    expect(dutch.status.label).not.toBe(filled.status.label);

    // The same cart read again from the French page is French again: nothing was copied over.
    const french = ok(await read(cart.tokenValue, { query: BE_FR }));
    expect(french.items[0]!.productName).toBe(dog.product.name.fr);
    expect(french.promotions[0]!.label).toMatch(/^Bienvenue/);
  });

  it('takes the locale from Sylius’s localeCode or from Accept-Language when the query names none, else the cart’s', async () => {
    const cart = await newCart();
    ok(await add(cart.tokenValue, { productVariant: cat.code }));
    const nameIn = async (options: { query?: string; headers?: Record<string, string> }) =>
      ok(await read(cart.tokenValue, options)).items[0]!.productName;
    expect(await nameIn({ query: 'localeCode=nl_BE' })).toBe(cat.product.name.nl);
    expect(await nameIn({ headers: { 'accept-language': 'nl-BE,nl;q=0.9,fr;q=0.5' } })).toBe(cat.product.name.nl);
    expect(await nameIn({ headers: { 'accept-language': 'en;q=1, nl;q=0.8' } })).toBe(cat.product.name.nl);
    expect(await nameIn({ headers: { 'accept-language': 'fr;q=0.9, nl;q=0.2' } })).toBe(cat.product.name.fr);
    // None of the channel's languages, an unknown localeCode or a header that is not one: the cart's own locale.
    expect(await nameIn({ headers: { 'accept-language': 'de-DE,en;q=0.5' } })).toBe(cat.product.name.fr);
    expect(await nameIn({ query: 'localeCode=de_DE' })).toBe(cat.product.name.fr);
    expect(await nameIn({ headers: { 'accept-language': ';;;,q=,*;q=abc' } })).toBe(cat.product.name.fr);
    // A cart of the FR site has no Dutch: asked in Dutch it stays French.
    const fr = await newCart('fr_FR', 'FR');
    ok(await add(fr.tokenValue, { productVariant: cat.code }, 'channelCode=FR&locale=fr_FR'));
    expect(ok(await read(fr.tokenValue, { headers: { 'accept-language': 'nl' } })).items[0]!.productName).toBe(cat.product.name.fr);
  });

  it('gives each line its species, whether it is a sample, and its picture when the catalogue has one', async () => {
    const cart = await newCart();
    ok(await add(cart.tokenValue, { productVariant: dog.code }));
    ok(await add(cart.tokenValue, { productVariant: cat.code }));
    const o = ok(await add(cart.tokenValue, { productVariant: sample.code }));
    expect(o.items.map((i) => [i.variantCode, i.animal, i.sample])).toEqual([
      [dog.code, 'dog', false],
      [cat.code, 'cat', false],
      [sample.code, sample.product.animal, true],
    ]);
    expect(o.items[2]!.productPath).toBe(`/produits/echantillons/${sample.product.slug.fr}/`);
    // The content service's pack shot, in the line's language, where the browser reaches the platform: its
    // thumbnail (a line draws it 64 pixels wide), not the 720-pixel master.
    for (const item of o.items) {
      expect(item.image?.url, item.variantCode).toMatch(
        /^http:\/\/platform\.test\/content\/uploads\/thumbnail-[a-z0-9-]+-fr-[0-9a-f]{12}\.webp$/,
      );
      expect(item.image?.alternativeText, item.variantCode).not.toBe('');
      const file = await platform.request(new URL(item.image!.url).pathname);
      expect([file.status, file.headers.get('content-type')]).toEqual([200, 'image/webp']);
    }
    const dutch = ok(await read(cart.tokenValue, { query: BE_NL }));
    expect(dutch.items[0]!.image!.url).toMatch(/-nl-[0-9a-f]{12}\.webp$/);
    expect(dutch.items[0]!.image!.alternativeText).not.toBe(o.items[0]!.image!.alternativeText);
  });

  it('keeps the name a line was added under, without a page, once its variant left the catalogue', async () => {
    const cart = await newCart();
    const o = ok(await add(cart.tokenValue, { productVariant: cat.code }));
    await platform.db.query(`UPDATE shop.order_items SET variant_code = '99999999', product_name = 'Ancien nom' WHERE id = $1`, [
      o.items[0]!.id,
    ]);
    expect(ok(await read(cart.tokenValue, { query: BE_NL })).items[0]).toMatchObject({
      productName: 'Ancien nom',
      productPath: null,
      image: null,
      animal: null,
      sample: false,
    });
  });
});

/**
 * A line holds 1 to 99 units (CART_QUANTITY): the request schema refuses more at the boundary, as a 422 with
 * the quantity's violation in the shopper's language, before the cart is touched. The database's own check
 * (quantity BETWEEN 1 AND 99) would otherwise refuse it with a 500.
 */
describe('the quantity of a line', () => {
  const FR_OUT_OF_RANGE = 'Cette valeur doit être comprise entre 1 et 99.';
  const NL_OUT_OF_RANGE = 'Deze waarde moet tussen 1 en 99 liggen.';
  const storedLines = async (token: string) =>
    platform.db.query<{ variant_code: string; quantity: number }>(
      `SELECT i.variant_code, i.quantity FROM shop.order_items i JOIN shop.orders o ON o.id = i.order_id
       WHERE o.token_value = $1 ORDER BY i.id`,
      [token],
    );

  it('adds a line of 99, and refuses a line of 100 or more with a 422 in the shopper’s language, storing nothing', async () => {
    const cart = await newCart();
    for (const [quantity, query, message] of [
      [100, BE_FR, FR_OUT_OF_RANGE],
      [100, BE_NL, NL_OUT_OF_RANGE],
      [1000, BE_FR, FR_OUT_OF_RANGE],
      [2 ** 31, BE_FR, FR_OUT_OF_RANGE],
    ] as const) {
      expectViolation(await add(cart.tokenValue, { productVariant: dog.code, quantity }, query), 'quantity', 'OUT_OF_RANGE', message);
    }
    expect(await storedLines(cart.tokenValue)).toEqual([]);
    expect(ok(await read(cart.tokenValue)).items).toEqual([]);

    const o = ok(await add(cart.tokenValue, { productVariant: dog.code, quantity: 99 }));
    expect(o.items.map((i) => [i.variantCode, i.quantity])).toEqual([[dog.code, 99]]);
    // Another line still takes 100 for nothing: the refusal is the request's, not the full line's.
    expectViolation(
      await add(cart.tokenValue, { productVariant: cat.code, quantity: 100 }, BE_NL),
      'quantity',
      'OUT_OF_RANGE',
      NL_OUT_OF_RANGE,
    );
    expect(await storedLines(cart.tokenValue)).toEqual([{ variant_code: dog.code, quantity: 99 }]);
  });

  it('changes a line to 99, and refuses 100 or more with a 422 in the shopper’s language, the line left as it was', async () => {
    const cart = await newCart();
    const line = ok(await add(cart.tokenValue, { productVariant: dog.code, quantity: 3 })).items[0]!;
    for (const [body, query, message] of [
      [{ quantity: 100 }, BE_FR, FR_OUT_OF_RANGE],
      [{ quantity: 100 }, BE_NL, NL_OUT_OF_RANGE],
      [{ quantity: 100, subscriptionInterval: 31 }, BE_FR, FR_OUT_OF_RANGE],
      [{ quantity: 2 ** 31 }, BE_NL, NL_OUT_OF_RANGE],
    ] as const) {
      expectViolation(await change(cart.tokenValue, line.id, body, query), 'quantity', 'OUT_OF_RANGE', message);
    }
    expect(await storedLines(cart.tokenValue)).toEqual([{ variant_code: dog.code, quantity: 3 }]);
    expect(ok(await read(cart.tokenValue)).items[0]).toMatchObject({ id: line.id, quantity: 3, subscriptionInterval: 0 });

    expect(ok(await change(cart.tokenValue, line.id, { quantity: 99 })).items[0]).toMatchObject({ id: line.id, quantity: 99 });
    expect(await storedLines(cart.tokenValue)).toEqual([{ variant_code: dog.code, quantity: 99 }]);
  });
});

describe('samples', () => {
  it('refuses to add a sample by subscription, in the request’s language', async () => {
    const cart = await newCart();
    expectViolation(
      await add(cart.tokenValue, { productVariant: sample.code, subscriptionInterval: 31 }),
      'subscriptionInterval',
      'SAMPLE_NOT_SUBSCRIBABLE',
      'Un échantillon s’achète une seule fois\u00A0: il ne peut pas être commandé en abonnement.',
    );
    expectViolation(
      await add(cart.tokenValue, { productVariant: sample.code, subscriptionInterval: 62 }, BE_NL),
      'subscriptionInterval',
      'SAMPLE_NOT_SUBSCRIBABLE',
      'Een staaltje koop je maar één keer: het kan niet met een abonnement besteld worden.',
    );
    expect(ok(await read(cart.tokenValue)).items).toEqual([]);
    const once = ok(await add(cart.tokenValue, { productVariant: sample.code, subscriptionInterval: 0 }));
    expect(once.items[0]).toMatchObject({ subscriptionInterval: 0, sample: true });
  });

  it('refuses to turn a sample line into a subscription, and still takes its quantity and a one-off purchase', async () => {
    const cart = await newCart();
    const line = ok(await add(cart.tokenValue, { productVariant: sample.code })).items[0]!;
    expectViolation(
      await change(cart.tokenValue, line.id, { subscriptionInterval: 31 }),
      'subscriptionInterval',
      'SAMPLE_NOT_SUBSCRIBABLE',
    );
    expectViolation(
      await change(cart.tokenValue, line.id, { quantity: 2, subscriptionInterval: 155 }, BE_NL),
      'subscriptionInterval',
      'SAMPLE_NOT_SUBSCRIBABLE',
    );
    expect(ok(await read(cart.tokenValue)).items[0]).toMatchObject({ quantity: 1, subscriptionInterval: 0 });
    expect(ok(await change(cart.tokenValue, line.id, { quantity: 2, subscriptionInterval: 0 })).items[0]).toMatchObject({
      quantity: 2,
      subscriptionInterval: 0,
    });
    // Other products still subscribe; bad input stays a 422 on its field, never a 5xx.
    const food = ok(await add(cart.tokenValue, { productVariant: dog.code })).items.find((i) => i.variantCode === dog.code)!;
    expect(ok(await change(cart.tokenValue, food.id, { subscriptionInterval: 31 })).items.find((i) => i.id === food.id)).toMatchObject({
      subscriptionInterval: 31,
    });
    expectViolation(await change(cart.tokenValue, line.id, { subscriptionInterval: 30 }), 'subscriptionInterval', 'INTERVAL_NOT_OFFERED');
    expectViolation(await change(cart.tokenValue, line.id, { subscriptionInterval: 'monthly' }), 'subscriptionInterval', 'INVALID_TYPE');
    expectViolation(
      await add(cart.tokenValue, { productVariant: sample.code, subscriptionInterval: -31 }),
      'subscriptionInterval',
      'INTERVAL_NOT_OFFERED',
    );
  });
});

describe('the discount code’s state', () => {
  const apply = (token: string, couponCode: string, query = BE_FR) =>
    api.call('PATCH', `/orders/${token}/apply-coupon`, { body: { couponCode }, query });

  it('follows the totals: applied with its amount, not applicable below its minimum with the reason and the threshold', async () => {
    expect(dog.basePrice).toBeLessThan(3000);
    const cart = await newCart();
    let o = ok(await add(cart.tokenValue, { productVariant: dog.code, quantity: 2 }));
    expect(o.coupon).toBeNull();
    o = ok(await apply(cart.tokenValue, 'croq5'));
    expect(o.coupon).toEqual({ code: 'CROQ5', applicable: true, amount: -500, minimumItemsTotal: 3000, refusal: null });
    expect(o.orderPromotionTotal).toBe(-500);

    // One bag less: under 30 EUR, the code stays on the cart but says why it gives nothing.
    const line = o.items[0]!;
    o = ok(await change(cart.tokenValue, line.id, { quantity: 1 }));
    expect(o.itemsTotal).toBeLessThan(3000);
    expect(o).toMatchObject({ couponCode: 'CROQ5', orderPromotionTotal: 0, promotions: [] });
    expect(o.coupon).toMatchObject({ code: 'CROQ5', applicable: false, amount: 0, minimumItemsTotal: 3000 });
    expect(o.coupon!.refusal).toMatchObject({ propertyPath: 'couponCode', code: 'COUPON_MINIMUM' });
    expect(o.coupon!.refusal!.message).toMatch(/^Ce code promo est valable à partir de 30,00\s€ d’achat\.$/);
    // In the language the cart is read in.
    expect(ok(await read(cart.tokenValue, { query: BE_NL })).coupon!.refusal!.message).toMatch(
      /^Deze kortingscode geldt voor aankopen vanaf €\s30,00\.$/,
    );

    // Back over the minimum: applied again.
    o = ok(await change(cart.tokenValue, line.id, { quantity: 2 }));
    expect(o.coupon).toMatchObject({ code: 'CROQ5', applicable: true, amount: -500, refusal: null });
    expect(o.orderPromotionTotal).toBe(-500);
  });

  it('tells a percentage code’s amount as the totals change, and a second code replaces the first', async () => {
    const cart = await newCart();
    let o = ok(await add(cart.tokenValue, { productVariant: dog.code, quantity: 1 }));
    o = ok(await apply(cart.tokenValue, 'BIENVENUE10'));
    expect(o.coupon).toEqual({
      code: 'BIENVENUE10',
      applicable: true,
      amount: -Math.round(o.itemsTotal * 0.1),
      minimumItemsTotal: 0,
      refusal: null,
    });
    o = ok(await change(cart.tokenValue, o.items[0]!.id, { quantity: 3 }));
    expect(o.coupon!.amount).toBe(-Math.round(o.itemsTotal * 0.1));
    expect(o.coupon!.amount).toBe(o.orderPromotionTotal);
    o = ok(await apply(cart.tokenValue, 'CROQ5'));
    expect(o.coupon).toMatchObject({ code: 'CROQ5', applicable: true, amount: -500 });
    expect(o.promotions.map((p) => p.code)).toEqual(['CROQ5']);
    expect((await api.call('DELETE', `/orders/${cart.tokenValue}/coupon/CROQ5`)).status).toBe(204);
    expect(ok(await read(cart.tokenValue)).coupon).toBeNull();
  });

  it('says a code that expired while in the cart is no longer applicable, and why (fixed clock)', async () => {
    await platform.db.query(
      `INSERT INTO shop.coupons (code, kind, value, minimum_items_total, expires_at, first_order_only, label_fr, label_nl)
       VALUES ('ETE2026', 'fixed', 100, 0, '2026-08-31T23:59:59+02:00', false, 'Été', 'Zomer')`,
    );
    try {
      clock.set('2026-08-31T12:00:00+02:00');
      const cart = await newCart();
      ok(await add(cart.tokenValue, { productVariant: dog.code }));
      expect(ok(await apply(cart.tokenValue, 'ETE2026')).coupon).toMatchObject({ applicable: true, amount: -100 });
      clock.set('2026-09-01T00:00:01+02:00');
      const o = ok(await read(cart.tokenValue, { query: BE_FR }));
      expect(o.coupon).toMatchObject({ code: 'ETE2026', applicable: false, amount: 0, minimumItemsTotal: 0 });
      expect(o.coupon!.refusal).toMatchObject({ code: 'COUPON_EXPIRED', message: 'Ce code promo a expiré.' });
      expect(o.orderPromotionTotal).toBe(0);
    } finally {
      clock.reset();
      await platform.db.query(`DELETE FROM shop.coupons WHERE code = 'ETE2026'`);
    }
  });
});
