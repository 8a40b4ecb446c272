/**
 * Scales the seed catalogue to a given number of products, for benchmarks and load tests.
 *
 * - `productCount` ≤ the base count: the first `productCount` products in file order, viewable ones first
 *   (non-viewable ones only fill up if there are not enough viewable ones); cross-sells keep only the SKUs that
 *   remain, and a cross-sell whose main product or whole list is gone is dropped. Everything else is kept as is.
 * - `productCount` > the base count: every base product is kept and generated products are appended, derived
 *   from the regular base products (viewable, not samples, not old): a recipe variation in the name, unique SKUs
 *   (`…-G00001`), unique slugs per language, unique 8-digit variant codes from 50000000, and varied positions,
 *   best-seller ranks, first sale dates, prices, ratings and review counts.
 *
 * Deterministic (a seeded PRNG, no Math.random) and linear: 2,000 products take a few milliseconds.
 */
import type { CatalogueFixture, ProductFixture } from './fixture-schema.ts';

type Text = { fr: string; nl: string };

/** Recipe variations appended to generated product names. */
const variations: Text[] = [
  { fr: 'Recette Fermière', nl: 'Hoeverecept' },
  { fr: 'Recette Tradition', nl: 'Traditioneel Recept' },
  { fr: 'Édition Limitée', nl: 'Beperkte Editie' },
  { fr: 'Recette Gourmande', nl: 'Smulrecept' },
  { fr: 'Recette de Printemps', nl: 'Lenterecept' },
  { fr: 'Recette d’Été', nl: 'Zomerrecept' },
  { fr: 'Recette d’Automne', nl: 'Herfstrecept' },
  { fr: 'Recette d’Hiver', nl: 'Winterrecept' },
  { fr: 'Cuisson Lente', nl: 'Langzaam Gegaard' },
  { fr: 'Formule Vitalité', nl: 'Vitaliteitsformule' },
  { fr: 'Formule Digestion', nl: 'Spijsverteringsformule' },
  { fr: 'Formule Pelage', nl: 'Vachtformule' },
  { fr: 'Sélection du Chef', nl: 'Selectie van de Chef' },
  { fr: 'Édition Atelier', nl: 'Ateliereditie' },
  { fr: 'Recette Maison', nl: 'Huisrecept' },
  { fr: 'Recette Authentique', nl: 'Authentiek Recept' },
];

const FIRST_GENERATED_CODE = 50_000_000;
const DATE_FROM = Date.UTC(2019, 0, 1);
const DATE_TO = Date.UTC(2026, 9, 31);
const DAY = 86_400_000;

/** mulberry32: a small, fast, seeded PRNG returning floats in [0, 1). */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function slugify(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/œ/g, 'oe')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** A shop price: scaled, then rounded to end in 90 cents (a free price stays free). */
function scalePrice(cents: number, factor: number): number {
  if (cents === 0) return 0;
  return Math.max(90, Math.round((cents * factor) / 100) * 100 - 10);
}

function keepCrossSells(crossSells: CatalogueFixture['crossSells'], skus: Set<string>): CatalogueFixture['crossSells'] {
  return crossSells
    .filter((x) => x.mainProduct === null || skus.has(x.mainProduct))
    .map((x) => ({ ...x, products: x.products.filter((sku) => skus.has(sku)) }))
    .filter((x) => x.products.length > 0);
}

/**
 * The catalogue reduced to the products named (a test's small catalogue: the contract with Strapi imports and builds
 * it in seconds), their cross-sells kept to them; categories, pages, FAQ, shops and menus whole. An unknown SKU is
 * refused: a test would otherwise look for a product that is not there.
 */
export function catalogueWith(base: CatalogueFixture, skus: readonly string[]): CatalogueFixture {
  const known = new Set(base.products.map((p) => p.sku));
  const unknown = skus.filter((sku) => !known.has(sku));
  if (unknown.length) throw new Error(`catalogueWith: no product ${unknown.join(', ')} in the seed catalogue`);
  const wanted = new Set(skus);
  const products = base.products.filter((p) => wanted.has(p.sku));
  return { ...base, products, crossSells: keepCrossSells(base.crossSells, wanted) };
}

export function generateCatalogue(base: CatalogueFixture, productCount: number): CatalogueFixture {
  const count = Math.max(0, Math.floor(productCount));
  const baseProducts = base.products;

  if (count <= baseProducts.length) {
    const viewable = baseProducts.filter((p) => p.viewable);
    const hidden = baseProducts.filter((p) => !p.viewable);
    const chosen = new Set([...viewable, ...hidden].slice(0, count));
    const products = baseProducts.filter((p) => chosen.has(p));
    return { ...base, products, crossSells: keepCrossSells(base.crossSells, new Set(products.map((p) => p.sku))) };
  }

  const templates = baseProducts.filter((p) => p.viewable && !p.isSample && !p.oldProduct);
  if (templates.length === 0) throw new Error('generateCatalogue: the base catalogue has no regular product to derive from');

  const extra = count - baseProducts.length;
  const random = prng(0x5eed + count);
  const slugsFr = new Set(baseProducts.map((p) => p.slug.fr));
  const slugsNl = new Set(baseProducts.map((p) => p.slug.nl));
  const skus = new Set(baseProducts.map((p) => p.sku));
  const codes = new Set(baseProducts.flatMap((p) => p.variants.map((v) => v.code)));
  let nextCode = FIRST_GENERATED_CODE;
  const takeCode = (): string => {
    while (codes.has(String(nextCode))) nextCode++;
    const code = String(nextCode++);
    codes.add(code);
    return code;
  };
  const uniqueSlug = (wanted: string, taken: Set<string>, index: number): string => {
    let slug = wanted;
    if (taken.has(slug)) slug = `${wanted}-${index}`;
    while (taken.has(slug)) slug = `${slug}-g`;
    taken.add(slug);
    return slug;
  };

  // Best-seller ranks of the generated products: a shuffled block after the base ranks.
  const baseMaxRank = baseProducts.reduce((max, p) => Math.max(max, p.bestSellerRank), 0);
  const baseMaxPosition = baseProducts.reduce((max, p) => Math.max(max, p.position), 0);
  const ranks = Array.from({ length: extra }, (_, i) => baseMaxRank + i + 1);
  for (let i = ranks.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [ranks[i], ranks[j]] = [ranks[j], ranks[i]];
  }

  const generated: ProductFixture[] = new Array(extra);
  for (let i = 0; i < extra; i++) {
    const template = templates[i % templates.length];
    const round = Math.floor(i / templates.length);
    // For a given template the variation changes with each round, so (template, variation, number) never repeats.
    const variation = variations[(round + (i % templates.length)) % variations.length];
    const edition = Math.floor(round / variations.length);
    const suffix: Text = edition > 0 ? { fr: `${variation.fr} n° ${edition + 1}`, nl: `${variation.nl} nr. ${edition + 1}` } : variation;
    const n = String(i + 1).padStart(5, '0');
    let sku = `${template.sku.slice(0, 24).replace(/-+$/, '')}-G${n}`;
    if (skus.has(sku)) sku = `GEN-${n}`;
    if (skus.has(sku)) throw new Error(`generateCatalogue: SKU ${sku} already exists`);
    skus.add(sku);

    const factor = 0.9 + random() * 0.25;
    const rating = Math.round(Math.min(4.9, Math.max(4.0, template.rating + (random() - 0.5) * 0.6)) * 10) / 10;
    const firstSellAt = new Date(DATE_FROM + Math.floor(random() * ((DATE_TO - DATE_FROM) / DAY)) * DAY).toISOString().slice(0, 10);
    generated[i] = {
      ...template,
      sku,
      slug: {
        fr: uniqueSlug(`${template.slug.fr}-${slugify(suffix.fr)}`, slugsFr, i + 1),
        nl: uniqueSlug(`${template.slug.nl}-${slugify(suffix.nl)}`, slugsNl, i + 1),
      },
      name: { fr: `${template.name.fr} – ${suffix.fr}`, nl: `${template.name.nl} – ${suffix.nl}` },
      position: baseMaxPosition + i + 1,
      bestSellerRank: ranks[i],
      firstSellAt,
      rating,
      reviewCount: 20 + Math.floor(random() * 2981),
      variants: template.variants.map((v) => ({
        ...v,
        code: takeCode(),
        basePrice: scalePrice(v.basePrice, factor),
        // About one generated variant in twelve is out of stock, the rest follow the template.
        inStock: v.inStock && random() >= 1 / 12,
      })),
    };
  }

  return { ...base, products: [...baseProducts, ...generated] };
}
