import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { testPlatform } from './platform.ts';
import {
  category,
  contentPage,
  envelope,
  errorBody,
  faqCategory,
  footer,
  header,
  productEmpty,
  productFull,
  productSummary,
  shop,
} from '../../src/lib/content/wire.ts';
import { loadFixtures } from '../../src/backend/seed/seed.ts';
import { ADDITIVES_CONTACT } from '../../src/backend/content/labelling.ts';
import { SELLER } from '../../src/lib/seller.ts';

let platform: Awaited<ReturnType<typeof testPlatform>>;
const fixtures = loadFixtures();
const viewable = fixtures.products.find((p) => p.viewable && !p.isSample && p.variants.length > 1)!;
const hidden = fixtures.products.find((p) => !p.viewable)!;

beforeAll(async () => {
  platform = await testPlatform();
});
afterAll(async () => {
  await platform.db.close();
});

const expectError = (res: { status: number; body: unknown }, status: number) => {
  expect(res.status).toBe(status);
  const parsed = errorBody.parse(res.body);
  expect(parsed.error.status).toBe(status);
  expect(parsed.error.message.length).toBeGreaterThan(0);
};

describe('GET /content/b2c-products/{sku-…|slug}', () => {
  it('answers the three render levels with the wire shape', async () => {
    for (const [render, schema] of [
      [0, productEmpty],
      [1, productSummary],
      [2, productFull],
    ] as const) {
      const res = await platform.get(`/content/b2c-products/sku-${viewable.sku}?render=${render}&locale=fr_FR`);
      expect(res.status).toBe(200);
      const data = envelope(schema).parse(res.body).data;
      expect(data.sku).toBe(viewable.sku);
    }
  });
  it('gives a full product its label’s mentions: the operator (the seller), the establishment, the additives contact', async () => {
    const fr = envelope(productFull).parse(
      (await platform.get(`/content/b2c-products/sku-${viewable.sku}?render=2&locale=fr_FR`)).body,
    ).data;
    const nl = envelope(productFull).parse(
      (await platform.get(`/content/b2c-products/sku-${viewable.sku}?render=2&locale=nl_BE`)).body,
    ).data;
    expect(fr.labelling).toEqual({
      approval_number: viewable.approvalNumber,
      operator: { name: SELLER.name, address: [SELLER.street, SELLER.city, 'France'] },
      additives_contact: { phone: ADDITIVES_CONTACT.phone, email: ADDITIVES_CONTACT.email },
    });
    expect(nl.labelling.operator.address).toEqual([SELLER.street, SELLER.city, 'Frankrijk']);
    expect(nl.labelling.approval_number).toBe(viewable.approvalNumber);
    // A summary carries none of it: only the product's page shows the label.
    const summary = (await platform.get(`/content/b2c-products/sku-${viewable.sku}?render=1&locale=fr_FR`)).body.data;
    expect(summary).not.toHaveProperty('labelling');
  });
  it('declares the constituents a product’s copy claims, beside the five', async () => {
    const claimed = fixtures.products.find((p) => p.analyticalConstituents.epaDha !== undefined)!;
    const full = envelope(productFull).parse(
      (await platform.get(`/content/b2c-products/sku-${claimed.sku}?render=2&locale=fr_FR`)).body,
    ).data;
    expect(full.analytical_constituents).toEqual(claimed.analyticalConstituents);
    expect(full.analytical_constituents.epaDha).toBeGreaterThan(0);
  });
  it('finds a product by its slug in each language', async () => {
    const fr = await platform.get(`/content/b2c-products/${viewable.slug.fr}?locale=fr_BE`);
    const nl = await platform.get(`/content/b2c-products/${viewable.slug.nl}?locale=nl_BE`);
    expect(fr.body.data.name).toBe(viewable.name.fr);
    expect(nl.body.data.name).toBe(viewable.name.nl);
    expect(nl.body.data.localizations).toEqual({ fr: viewable.slug.fr, nl: viewable.slug.nl });
  });
  it('gives integer prices: tax free by the channel’s VAT, subscription 10% off', async () => {
    const fr = envelope(productSummary).parse(
      (await platform.get(`/content/b2c-products/sku-${viewable.sku}?render=1&locale=fr_FR`)).body,
    ).data;
    const be = envelope(productSummary).parse(
      (await platform.get(`/content/b2c-products/sku-${viewable.sku}?render=1&locale=fr_BE`)).body,
    ).data;
    const v = viewable.variants[0]!;
    const frV = fr.ProductVariants.find((x) => x.code === v.code)!;
    expect(frV.base_price).toBe(v.basePrice);
    expect(frV.base_price_subscription).toBe(Math.round(v.basePrice * 0.9));
    expect(frV.base_price_tf).toBe(Math.round(v.basePrice / 1.2));
    expect(be.ProductVariants.find((x) => x.code === v.code)!.base_price_tf).toBe(Math.round(v.basePrice / 1.21));
  });
  it('still answers a non-viewable product, flagged so the site hides it', async () => {
    const res = await platform.get(`/content/b2c-products/sku-${hidden.sku}?render=0`);
    expect(res.body.data.viewable).toBe(false);
  });
  it('says 404 for an unknown product', async () => {
    expectError(await platform.get('/content/b2c-products/sku-NOPE'), 404);
    expectError(await platform.get('/content/b2c-products/no-such-slug?locale=nl_BE'), 404);
  });
  it('says 400 for bad parameters', async () => {
    expectError(await platform.get(`/content/b2c-products/sku-${viewable.sku}?render=3`), 400);
    expectError(await platform.get(`/content/b2c-products/sku-${viewable.sku}?render=abc`), 400);
    expectError(await platform.get(`/content/b2c-products/sku-${viewable.sku}?locale=de_DE`), 400);
  });
});

describe('GET /content/b2c-products (batch and list)', () => {
  it('answers a batch by SKU, leaving out the unknown ones', async () => {
    const skus = fixtures.products.slice(0, 3).map((p) => p.sku);
    const query = [...skus, 'UNKNOWN-SKU'].map((s, i) => `filters[sku][$in][${i}]=${encodeURIComponent(s)}`).join('&');
    const res = await platform.get(`/content/b2c-products?${query}&render=1&locale=nl_BE`);
    expect(res.status).toBe(200);
    const data = envelope(z.array(productSummary)).parse(res.body).data;
    expect(data.map((p) => p.sku).sort()).toEqual([...skus].sort());
  });
  it('pages through the catalogue', async () => {
    const first = await platform.get('/content/b2c-products?render=0&pagination[pageSize]=10&pagination[page]=1');
    expect(first.body.data).toHaveLength(10);
    expect(first.body.meta.pagination.total).toBe(fixtures.products.length);
    const last = await platform.get(
      `/content/b2c-products?render=0&pagination[pageSize]=10&pagination[page]=${first.body.meta.pagination.pageCount}`,
    );
    expect(last.body.data.length).toBeGreaterThan(0);
  });
  it('refuses out-of-range pages and malformed filters with 400', async () => {
    expectError(await platform.get('/content/b2c-products?pagination[pageSize]=100000'), 400);
    expectError(await platform.get('/content/b2c-products?pagination[page]=0'), 400);
    expectError(await platform.get('/content/b2c-products?filters[sku][$in]=abc'), 400);
    expectError(await platform.get(`/content/b2c-products?filters[sku][$in][0]=${'x'.repeat(200)}`), 400);
  });
});

describe('cross-sells', () => {
  it('lists products of a category without the current SKU', async () => {
    const categoryKey = viewable.categories[0]!;
    const res = await platform.get(`/content/b2c-products/b2c-categories/${categoryKey}?sku=${viewable.sku}&locale=fr_FR&limit=24`);
    expect(res.status).toBe(200);
    const data = envelope(z.array(productSummary)).parse(res.body).data;
    expect(data.length).toBeGreaterThan(0);
    expect(data.every((p) => p.sku !== viewable.sku && p.categories.includes(categoryKey))).toBe(true);
  });
  it('never cross-sells a sample, nor a product off sale', async () => {
    // The kitten category holds a sample of its kibble.
    const res = await platform.get('/content/b2c-products/b2c-categories/cat-kitten?locale=fr_FR&limit=24');
    const data = envelope(z.array(productSummary)).parse(res.body).data;
    expect(data.length).toBeGreaterThan(0);
    expect(data.filter((p) => p.isSample || !p.viewable || p.oldProduct)).toEqual([]);
  });
  it('answers the special keys in the editor’s order', async () => {
    for (const key of ['cross_sell_produit_dog', 'cross_sell_produit_cat', 'cross_sell_divers']) {
      const res = await platform.get(`/content/b2c-cross-sells/${key}?locale=nl_BE`);
      expect(res.status, key).toBe(200);
      const expected = fixtures.crossSells.find((c) => c.key === key)!.products;
      expect(res.body.data.products.map((p: { sku: string }) => p.sku)).toEqual(expected);
    }
  });
  it('says 404 for an unknown category or key', async () => {
    expectError(await platform.get('/content/b2c-products/b2c-categories/no-such-category'), 404);
    expectError(await platform.get('/content/b2c-cross-sells/nope'), 404);
  });
});

describe('header, footer, lists and pages', () => {
  it('answers the header and footer menus in each language', async () => {
    const fr = envelope(header).parse((await platform.get('/content/b2c-header?locale=fr_FR')).body).data;
    const nl = envelope(footer).parse((await platform.get('/content/b2c-footer?locale=nl_BE')).body).data;
    expect(fr.items.length).toBeGreaterThan(0);
    expect(nl.columns.length).toBeGreaterThan(0);
  });
  it('lists categories, pages, FAQ and shops', async () => {
    expect(envelope(z.array(category)).parse((await platform.get('/content/b2c-categories?locale=nl_BE')).body).data).toHaveLength(
      fixtures.categories.length,
    );
    expect(envelope(z.array(contentPage)).parse((await platform.get('/content/b2c-pages?locale=fr_FR')).body).data).toHaveLength(
      fixtures.pages.length,
    );
    const landings = envelope(z.array(contentPage)).parse((await platform.get('/content/b2c-pages?filters[kind][$eq]=landing')).body).data;
    expect(landings.every((p) => p.kind === 'landing')).toBe(true);
    expect(
      envelope(z.array(faqCategory))
        .parse((await platform.get('/content/b2c-faqs?locale=fr_BE')).body)
        .data.flatMap((c) => c.entries),
    ).toHaveLength(fixtures.faq.entries.length);
    expect(envelope(z.array(shop)).parse((await platform.get('/content/b2c-shops?locale=nl_BE')).body).data).toHaveLength(
      fixtures.shops.length,
    );
  });
  it('reads a generic page by key with slashes trimmed', async () => {
    const a = await platform.get('/content/terms?locale=nl_BE');
    const b = await platform.get('/content//terms//?locale=nl_BE');
    expect(a.status).toBe(200);
    expect(a.body.data.slug).toBe('gebruiksvoorwaarden');
    expect(b.body).toEqual(a.body);
  });
  it('says 404 for an unknown page and 400 for a bad locale', async () => {
    expectError(await platform.get('/content/no-such-page'), 404);
    expectError(await platform.get('/content/terms?locale=xx'), 400);
  });
});

describe('never a 500', () => {
  const nasty = ['%E0%A4%A', '%00', '..%2F..%2Fetc', `${'a'.repeat(5000)}`, '😀', "' OR 1=1 --", '[]', '{}'];
  it('answers odd paths and parameters with a 4xx', async () => {
    for (const value of nasty) {
      for (const path of [
        `/content/b2c-products/${value}`,
        `/content/b2c-products?render=${value}`,
        `/content/b2c-cross-sells/${value}`,
        `/content/${value}`,
        `/content/b2c-products/b2c-categories/${value}?limit=${value}`,
        `/content/b2c-header?locale=${value}`,
      ]) {
        const res = await platform.get(path);
        expect(res.status, path).toBeGreaterThanOrEqual(400);
        expect(res.status, path).toBeLessThan(500);
      }
    }
  });
});
