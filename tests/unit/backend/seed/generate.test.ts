/**
 * The catalogue generator of benchmarks and load tests (src/backend/seed/generate.ts): the number of
 * products asked, the same catalogue every time for a count, and every product one the seed accepts.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { catalogueFixture, productFixture, type CatalogueFixture } from '../../../../src/backend/seed/fixture-schema.ts';
import { catalogueWith, generateCatalogue } from '../../../../src/backend/seed/generate.ts';
import { loadFixtures } from '../../../../src/backend/seed/seed.ts';

const base = loadFixtures();
const duplicates = (values: string[]) => values.filter((value, i) => values.indexOf(value) !== i);

/** What the seed needs beyond each product's own schema: unique keys, known categories, cross-sells of existing products. */
function expectConsistent(catalogue: CatalogueFixture) {
  expect(catalogueFixture.safeParse(catalogue).error).toBeUndefined();
  for (const product of catalogue.products) {
    const parsed = productFixture.safeParse(product);
    expect(parsed.error, product.sku).toBeUndefined();
  }
  expect(duplicates(catalogue.products.map((p) => p.sku))).toEqual([]);
  expect(duplicates(catalogue.products.map((p) => p.slug.fr))).toEqual([]);
  expect(duplicates(catalogue.products.map((p) => p.slug.nl))).toEqual([]);
  expect(duplicates(catalogue.products.flatMap((p) => p.variants.map((v) => v.code)))).toEqual([]);
  const categories = new Set(catalogue.categories.map((c) => c.key));
  expect(catalogue.products.flatMap((p) => p.categories).filter((key) => !categories.has(key))).toEqual([]);
  const skus = new Set(catalogue.products.map((p) => p.sku));
  for (const crossSell of catalogue.crossSells) {
    expect(crossSell.products.length, crossSell.key).toBeGreaterThan(0);
    expect(
      crossSell.products.filter((sku) => !skus.has(sku)),
      crossSell.key,
    ).toEqual([]);
    if (crossSell.mainProduct !== null) expect(skus.has(crossSell.mainProduct), crossSell.key).toBe(true);
  }
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('generateCatalogue', () => {
  it('makes exactly the number of products asked, each valid for the seed', () => {
    for (const count of [0, 1, 10, base.products.length - 1, base.products.length, base.products.length + 1, 500, 2000]) {
      const catalogue = generateCatalogue(base, count);
      expect(catalogue.products, `count ${count}`).toHaveLength(count);
      expectConsistent(catalogue);
    }
    // A count is a number of products: fractions are cut, negatives are none.
    expect(generateCatalogue(base, 12.9).products).toHaveLength(12);
    expect(generateCatalogue(base, -5).products).toHaveLength(0);
  });

  it('is the same catalogue every time for a count, from its own seeded generator only', () => {
    const random = vi.spyOn(Math, 'random').mockImplementation(() => {
      throw new Error('Math.random used');
    });
    const first = generateCatalogue(base, 700);
    const second = generateCatalogue(loadFixtures(), 700);
    expect(second).toEqual(first);
    expect(random).not.toHaveBeenCalled();
    // And not a constant: generated prices, ratings and dates vary.
    const generated = first.products.slice(base.products.length);
    expect(new Set(generated.map((p) => p.rating)).size).toBeGreaterThan(3);
    expect(new Set(generated.map((p) => p.firstSellAt)).size).toBeGreaterThan(100);
    expect(new Set(generated.map((p) => p.variants[0]!.basePrice)).size).toBeGreaterThan(10);
  });

  it('keeps every base product as it is and appends the generated ones after them', () => {
    const catalogue = generateCatalogue(base, 300);
    expect(catalogue.products.slice(0, base.products.length)).toEqual(base.products);
    const generated = catalogue.products.slice(base.products.length);
    expect(generated.map((p) => p.sku).filter((sku) => !/-G\d{5}$|^GEN-\d{5}$/.test(sku))).toEqual([]);
    expect(generated.every((p) => p.viewable && !p.isSample && !p.oldProduct)).toBe(true);
    expect(generated.flatMap((p) => p.variants.map((v) => Number(v.code))).every((code) => code >= 50_000_000)).toBe(true);
    // Positions and best-seller ranks come after the base ones, each used once.
    const baseMaxRank = Math.max(...base.products.map((p) => p.bestSellerRank));
    expect(generated.map((p) => p.bestSellerRank).sort((a, b) => a - b)).toEqual(generated.map((_, i) => baseMaxRank + i + 1));
    // Everything but the products is the base catalogue.
    expect({ ...catalogue, products: [] }).toEqual({ ...base, products: [] });
  });

  it('below the base count keeps the first products in file order, viewable ones first, and only the cross-sells that still hold', () => {
    const viewable = base.products.filter((p) => p.viewable);
    // A count that reaches past the first hidden product of the file: it is left out for a viewable one.
    const count = base.products.findIndex((p) => !p.viewable) + 1;
    expect(count).toBeGreaterThan(0);
    const catalogue = generateCatalogue(base, count);
    expect(catalogue.products).toEqual(base.products.filter((p) => viewable.slice(0, count).includes(p)));
    expect(catalogue.products.every((p) => p.viewable)).toBe(true);
    const kept = new Set(catalogue.products.map((p) => p.sku));
    const expected = base.crossSells
      .filter((x) => x.mainProduct === null || kept.has(x.mainProduct))
      .map((x) => ({ ...x, products: x.products.filter((sku) => kept.has(sku)) }))
      .filter((x) => x.products.length > 0);
    expect(catalogue.crossSells).toEqual(expected);
    // Every viewable product, then the hidden ones fill up.
    const all = generateCatalogue(base, viewable.length + 1);
    expect(all.products.filter((p) => !p.viewable)).toHaveLength(1);
  });
});

describe('catalogueWith (a test’s small catalogue)', () => {
  it('keeps the products named, their cross-sells kept to them, and every category, page and shop', () => {
    const skus = ['DOG-DRY-SENIOR-CHICKEN', 'DOG-DRY-PUPPY-CHICKEN', 'DOG-DRY-INSECT'];
    const small = catalogueWith(base, skus);
    expectConsistent(small);
    expect(small.products.map((p) => p.sku).sort()).toEqual([...skus].sort());
    for (const crossSell of small.crossSells) expect(skus).toEqual(expect.arrayContaining(crossSell.products));
    expect(small.categories).toEqual(base.categories);
    expect(small.shops).toEqual(base.shops);
  });

  it('refuses a SKU the seed does not have', () => {
    expect(() => catalogueWith(base, ['DOG-DRY-PUPPY-CHICKEN', 'NO-SUCH-PRODUCT'])).toThrow('NO-SUCH-PRODUCT');
  });
});
