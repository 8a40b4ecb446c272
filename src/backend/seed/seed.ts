/**
 * Seeds the content service from the fixtures in the repository. Idempotent: an empty catalogue is
 * seeded, a seeded one is left alone unless `reset` is asked. Rows are written in a few bulk statements
 * (jsonb_populate_recordset) so a 2,000-product benchmark catalogue seeds in seconds, plus the time its
 * pictures take to draw the first time (images.ts; a drawing already rendered on this machine is reused).
 */
import { readFileSync } from 'node:fs';
import type { Database, Queryable } from '../db/database.ts';
import { advisoryLock } from '../db/migrate.ts';
import { catalogueFixture, type CatalogueFixture } from './fixture-schema.ts';
import { catalogueWith, generateCatalogue } from './generate.ts';
import { catalogueImages, type CatalogueImages } from './images.ts';
import { uploadRow } from '../content/uploads.ts';
import { seedRelayPoints } from '../relay/seed.ts';
import { languages, type Language } from '../../lib/channels.ts';

const fixtureFiles = {
  products: 'products.json',
  categories: 'categories.json',
  faq: 'faq.json',
  pages: 'pages.json',
  shops: 'shops.json',
  menus: 'menus.json',
  crossSells: 'cross-sells.json',
} as const;

export function loadFixtures(): CatalogueFixture {
  const raw = Object.fromEntries(
    Object.entries(fixtureFiles).map(([name, file]) => [
      name,
      JSON.parse(readFileSync(new URL(`./fixtures/${file}`, import.meta.url), 'utf8')),
    ]),
  );
  return catalogueFixture.parse(raw);
}

export interface SeedOptions {
  reset?: boolean;
  products?: number;
  /** Only these products of the seed catalogue (generate.ts catalogueWith). */
  skus?: readonly string[];
}

/** Returns true when it wrote the catalogue. */
export async function seedContent(db: Database, options: SeedOptions = {}): Promise<boolean> {
  // The embedded relay-point service has points of its own, seeded once whatever the catalogue's state.
  await seedRelayPoints(db, { reset: options.reset });
  const asked = options.reset || options.products !== undefined || options.skus !== undefined;
  const isEmpty = async (q: Queryable) =>
    (await q.query<{ count: number }>('SELECT count(*)::int AS count FROM content.products'))[0]?.count === 0;
  // The usual start, on a seeded catalogue, neither reads the fixtures nor takes the lock.
  if (!asked && !(await isEmpty(db))) return false;
  const base = loadFixtures();
  const catalogue = options.skus
    ? catalogueWith(base, options.skus)
    : options.products === undefined
      ? base
      : generateCatalogue(base, options.products);
  // Drawn before the transaction: rendering takes a while and needs no lock. Another instance seeding at
  // the same time draws the same files and then finds the catalogue written.
  const images = await catalogueImages(catalogue);
  return db.transaction(async (tx) => {
    // Instances starting together on an empty database: the first seeds, the others wait here and then
    // find the catalogue (the same lock kind as the migrations; see migrate.ts).
    await tx.query(advisoryLock('seed'));
    if (!asked && !(await isEmpty(tx))) return false;
    await tx.query(`TRUNCATE content.product_variants, content.product_categories, content.products, content.categories,
      content.pages, content.faq_categories, content.faq_entries, content.shops, content.cross_sells, content.menus, content.uploads,
      content.product_slug_history`);
    await writeCatalogue(tx, catalogue, images);
    return true;
  });
}

async function insertRows(tx: Queryable, table: string, rows: object[], chunk = 2000): Promise<void> {
  // Chunks keep one statement's JSON parameter reasonable for large generated catalogues.
  for (let i = 0; i < rows.length; i += chunk) {
    await tx.query(`INSERT INTO ${table} SELECT * FROM jsonb_populate_recordset(null::${table}, $1::text::jsonb)`, [
      JSON.stringify(rows.slice(i, i + chunk)),
    ]);
  }
}

async function writeCatalogue(tx: Queryable, c: CatalogueFixture, images: CatalogueImages): Promise<void> {
  const now = new Date().toISOString();
  // A picture is tens of kilobytes, twice that in hex: a hundred make a statement of a few megabytes.
  await insertRows(
    tx,
    'content.uploads',
    images.uploads.map((upload) => ({ ...uploadRow(upload), created_at: now })),
    100,
  );
  const imageOf = (map: Map<string, object>, key: string, language: Language) => map.get(`${key}/${language}`);
  const byKey = new Map(c.categories.map((cat) => [cat.key, cat]));
  const pathOf = (key: string, language: Language): string => {
    const cat = byKey.get(key);
    if (!cat) throw new Error(`Unknown category ${key}`);
    return cat.parent ? `${pathOf(cat.parent, language)}/${cat.slug[language]}` : cat.slug[language];
  };

  await insertRows(
    tx,
    'content.categories',
    c.categories.flatMap((cat) =>
      languages.map((language) => ({
        key: cat.key,
        language,
        parent_key: cat.parent,
        animal: cat.animal,
        position: cat.position,
        slug: cat.slug[language],
        path: pathOf(cat.key, language),
        name: cat.name[language],
        description: cat.description[language],
        updated_at: now,
        ...imageOf(images.categories, cat.key, language),
      })),
    ),
  );

  await insertRows(
    tx,
    'content.products',
    c.products.flatMap((p) =>
      languages.map((language) => ({
        sku: p.sku,
        language,
        slug: p.slug[language],
        name: p.name[language],
        animal: p.animal,
        kind: p.kind,
        is_sample: p.isSample,
        viewable: p.viewable,
        old_product: p.oldProduct,
        position: p.position,
        best_seller_rank: p.bestSellerRank,
        first_sell_at: p.firstSellAt,
        colour: p.colour,
        rating: p.rating,
        review_count: p.reviewCount,
        energy_kcal_per_kg: p.energyKcalPerKg,
        filters: p.filters,
        short_description: p.shortDescription[language],
        details: {
          description: p.description[language],
          composition: p.composition[language],
          additives: p.additives[language],
          analyticalConstituents: p.analyticalConstituents,
          feedingTable: p.feedingTable,
          reviews: p.reviews,
          approvalNumber: p.approvalNumber,
        },
        updated_at: now,
        ...imageOf(images.products, p.sku, language),
      })),
    ),
  );

  await insertRows(
    tx,
    'content.product_variants',
    c.products.flatMap((p) =>
      p.variants.flatMap((v, position) =>
        languages.map((language) => ({
          code: v.code,
          language,
          product_sku: p.sku,
          position,
          name: v.name[language],
          slug: v.slug,
          unit: v.unit,
          net_quantity: v.netQuantity,
          base_price: v.basePrice,
          show_variant: v.showVariant,
          in_stock: v.inStock,
        })),
      ),
    ),
  );

  await insertRows(
    tx,
    'content.product_categories',
    c.products.flatMap((p) => p.categories.map((category_key, rank) => ({ product_sku: p.sku, category_key, rank }))),
  );

  await insertRows(
    tx,
    'content.pages',
    c.pages.flatMap((page) =>
      languages.map((language) => ({
        key: page.key,
        language,
        kind: page.kind,
        slug: page.slug[language],
        title: page.title[language],
        description: page.description[language],
        body: page.body[language],
        updated_at: now,
        ...imageOf(images.pages, page.key, language),
      })),
    ),
  );

  await insertRows(
    tx,
    'content.faq_categories',
    c.faq.categories.flatMap((cat) =>
      languages.map((language) => ({
        key: cat.key,
        language,
        slug: cat.slug[language],
        name: cat.name[language],
        position: cat.position,
      })),
    ),
  );
  await insertRows(
    tx,
    'content.faq_entries',
    c.faq.entries.flatMap((e) =>
      languages.map((language) => ({
        key: e.key,
        language,
        category_key: e.category,
        position: e.position,
        question: e.question[language],
        answer: e.answer[language],
        updated_at: now,
      })),
    ),
  );

  await insertRows(
    tx,
    'content.shops',
    c.shops.flatMap((s) =>
      languages.map((language) => ({
        key: s.key,
        language,
        slug: s.slug[language],
        name: s.name[language],
        country: s.country,
        street: s.street,
        postcode: s.postcode,
        city: s.city[language],
        latitude: s.latitude,
        longitude: s.longitude,
        phone: s.phone,
        email: s.email,
        description: s.description[language],
        schedule: {
          openingHours: s.openingHours,
          specialOpenings: s.specialOpenings,
          specialClosures: s.specialClosures,
          closedPeriods: s.closedPeriods,
        },
        updated_at: now,
      })),
    ),
  );

  await insertRows(
    tx,
    'content.cross_sells',
    c.crossSells.map((x) => ({ key: x.key, main_product: x.mainProduct, products: x.products })),
  );

  const localiseLink = (l: { label: { fr: string; nl: string }; route: string; params?: Record<string, string> }, language: Language) => ({
    label: l.label[language],
    route: l.route,
    params: l.params ?? {},
  });
  await insertRows(
    tx,
    'content.menus',
    languages.flatMap((language) => [
      {
        key: 'header',
        language,
        updated_at: now,
        items: c.menus.header.map((h) => ({ ...localiseLink(h, language), children: h.children.map((ch) => localiseLink(ch, language)) })),
      },
      {
        key: 'footer',
        language,
        updated_at: now,
        items: c.menus.footer.map((col) => ({ title: col.title[language], links: col.links.map((l) => localiseLink(l, language)) })),
      },
    ]),
  );
}
