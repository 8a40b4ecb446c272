/**
 * A cart takes only what its site sells. The catalogue's assortment is its languages (a product is on a site
 * when published in a language the site speaks): a variant published in Dutch alone is sold on the BE site,
 * not on the FR one, whose cart refuses it in the shopper's language and keeps nothing of it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCartOf } from '../../src/backend/shop/carts/repository.ts';
import { loadFixtures } from '../../src/backend/seed/seed.ts';
import { idFromIri } from '../../src/backend/shop/shared/ids.ts';
import { order as orderSchema } from '../../src/lib/shop-api/orders.ts';
import { violationList } from '../../src/lib/shop-api/errors.ts';
import { shopApi, testClock, testPlatform, type TestPlatform } from './platform.ts';

const clock = testClock();
let platform: TestPlatform;
let api: ReturnType<typeof shopApi>;

const sellable = loadFixtures()
  .products.filter((p) => p.viewable && !p.isSample)
  .flatMap((p) => p.variants.filter((v) => v.showVariant && v.inStock).map((v) => ({ sku: p.sku, ...v })));
const everywhere = sellable[0]!;
/** A format of a product published in Dutch only: made here from a real one, under codes of its own. */
const DUTCH_ONLY = { sku: 'TEST-NL-ONLY', code: '99000001' };

beforeAll(async () => {
  platform = await testPlatform({ clock: clock.now });
  api = shopApi(platform);
  const source = sellable[1]!;
  await platform.db.query(
    `INSERT INTO content.products (sku, language, slug, name, animal, kind, is_sample, viewable, old_product, position, best_seller_rank,
       first_sell_at, colour, rating, review_count, energy_kcal_per_kg, filters, short_description, details)
     SELECT $2, language, slug || '-nl-only', name, animal, kind, is_sample, viewable, old_product, position, best_seller_rank,
       first_sell_at, colour, rating, review_count, energy_kcal_per_kg, filters, short_description, details
     FROM content.products WHERE sku = $1 AND language = 'nl'`,
    [source.sku, DUTCH_ONLY.sku],
  );
  await platform.db.query(
    `INSERT INTO content.product_variants (code, language, product_sku, position, name, slug, unit, net_quantity, base_price, show_variant, in_stock)
     SELECT $3, language, $2, position, name, slug, unit, net_quantity, base_price, true, true
     FROM content.product_variants WHERE code = $1 AND language = 'nl'`,
    [source.code, DUTCH_ONLY.sku, DUTCH_ONLY.code],
  );
});
afterAll(async () => {
  await platform.db.close();
});

const FR = 'channelCode=FR&locale=fr_FR';
const newCart = async (localeCode: string, channelCode: string) => {
  const res = await api.call('POST', '/orders', {
    body: { localeCode, channelCode },
    query: `channelCode=${channelCode}&locale=${localeCode}`,
  });
  expect(res.status).toBe(201);
  return orderSchema.parse(res.body).tokenValue;
};
const add = (token: string, productVariant: string, query: string) =>
  api.call('PATCH', `/orders/${token}/items`, { body: { productVariant, quantity: 1 }, query });
const linesOf = async (token: string) =>
  (
    await platform.db.query<{ variant_code: string }>(
      'SELECT i.variant_code FROM shop.order_items i JOIN shop.orders o ON o.id = i.order_id WHERE o.token_value = $1',
      [token],
    )
  ).map((row) => row.variant_code);

describe('a cart and the assortment of its site', () => {
  it('on the FR site, refuses a variant sold on the BE site only, in French, and stores nothing', async () => {
    const token = await newCart('fr_FR', 'FR');
    const refused = await add(token, DUTCH_ONLY.code, FR);
    expect(refused.status, JSON.stringify(refused.body)).toBe(422);
    expect(violationList.parse(refused.body).violations).toEqual([
      { propertyPath: 'productVariant', code: 'VARIANT_NOT_FOUND', message: 'Ce produit n’existe pas.' },
    ]);
    // By its IRI too, as the site sends it.
    expect((await add(token, `/api/v2/shop/product-variants/${DUTCH_ONLY.code}`, FR)).status).toBe(422);
    expect(await linesOf(token)).toEqual([]);
  });

  it('on the FR site, takes a variant the FR site sells', async () => {
    const token = await newCart('fr_FR', 'FR');
    const added = await add(token, everywhere.code, FR);
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(await linesOf(token)).toEqual([everywhere.code]);
  });

  it('on the BE site, takes the Dutch-only variant in a cart made in French or in Dutch: the site sells it', async () => {
    for (const locale of ['fr_BE', 'nl_BE']) {
      const token = await newCart(locale, 'BE');
      const added = await add(token, DUTCH_ONLY.code, 'channelCode=BE&locale=nl_BE');
      expect(added.status, `${locale}: ${JSON.stringify(added.body)}`).toBe(200);
      expect(await linesOf(token)).toEqual([DUTCH_ONLY.code]);
    }
  });

  it('hands a customer at sign-in their open cart of that site only, not their cart of the other', async () => {
    const me = await api.signUp();
    const customerId = idFromIri(me.customer, '/api/v2/shop/customers')!;
    const res = await api.call('POST', '/orders', {
      body: { localeCode: 'nl_BE', channelCode: 'BE' },
      token: me.token,
      query: 'channelCode=BE&locale=nl_BE',
    });
    const belgian = orderSchema.parse(res.body).tokenValue;
    expect(await openCartOf(platform.db, customerId, 'BE')).toBe(belgian);
    expect(await openCartOf(platform.db, customerId, 'FR')).toBeNull();
    // Through the sign-in itself: each site's call carries its channel.
    const signIn = (query: string) =>
      api.call('POST', '/authentication-token', { body: { email: me.email, password: me.password }, query });
    expect((await signIn('channelCode=BE&locale=nl_BE')).body.cart).toBe(belgian);
    expect((await signIn(FR)).body.cart).toBeNull();
  });
});
