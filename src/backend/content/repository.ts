/** Reads of the content schema, shaped as the content service's wire types (src/lib/content/wire.ts). */
import type { Queryable, Row } from '../db/database.ts';
import type { Language } from '../../lib/channels.ts';
import type {
  Category,
  ContentImage,
  ContentPage,
  FaqCategory,
  Footer,
  Header,
  ProductFull,
  ProductSummary,
  ProductEmpty,
  RenderLevel,
  Shop,
} from '../../lib/content/wire.ts';
import { subscriptionPrice, taxFreePrice } from '../../lib/catalogue/pricing.ts';
import { labellingOf } from './labelling.ts';

export interface ProductQuery {
  language: Language;
  vatRate: number;
  render: RenderLevel;
  /** Where the content service serves its uploads (absolute, ending in a slash): the images' URLs. */
  uploadsUrl: string;
  skus?: string[];
  slug?: string;
  categoryKey?: string;
  excludeSku?: string;
  /** Only what lists offer: viewable products on sale, no sample (a cross-sell). */
  listedOnly?: boolean;
  limit?: number;
  offset?: number;
}

/** A timestamptz column as the wire's ISO 8601 time (the drivers give a Date). */
const iso = (value: unknown): string => new Date(value as string | Date).toISOString();

/** The columns of a row's upload (`u`, joined on the row's image_file) and of its thumbnail (`ut`), without their bytes. */
const imageColumns = `u.hash AS image_hash, u.width AS image_width, u.height AS image_height, u.mime AS image_mime,
  ut.name AS thumbnail_file, ut.width AS thumbnail_width, ut.height AS thumbnail_height, ut.mime AS thumbnail_mime`;
const imageJoin = (row: string) =>
  `LEFT JOIN content.uploads u ON u.name = ${row}.image_file LEFT JOIN content.uploads ut ON ut.name = u.thumbnail`;

/**
 * A row's image as the wire carries it (Strapi's media fields), or null when the row has none: a picture
 * copied from the content source (content/mirror.ts) is answered as the source described it.
 */
function imageOf(row: Row, uploadsUrl: string): ContentImage | null {
  if (row.image_source) return row.image_source as ContentImage;
  if (typeof row.image_file !== 'string' || typeof row.image_hash !== 'string') return null;
  const image: ContentImage = {
    url: new URL(encodeURIComponent(row.image_file), uploadsUrl).href,
    fileHash: row.image_hash,
    alternativeText: (row.image_alt as string | null) ?? '',
    width: row.image_width as number,
    height: row.image_height as number,
    mime: row.image_mime as string,
  };
  if (typeof row.thumbnail_file === 'string')
    image.formats = {
      thumbnail: {
        url: new URL(encodeURIComponent(row.thumbnail_file), uploadsUrl).href,
        width: row.thumbnail_width as number,
        height: row.thumbnail_height as number,
        mime: row.thumbnail_mime as string,
      },
    };
  return image;
}

const formerSlugs = `(SELECT coalesce(array_agg(h.slug ORDER BY h.replaced_at DESC, h.slug), '{}') FROM content.product_slug_history h
      WHERE h.sku = p.sku AND h.language = p.language) AS former_slugs`;

/** Render 0 (the build's listing of the whole catalogue: SKUs and stamps) needs no formats, categories or pictures. */
const productEmptySelect = `SELECT p.sku, p.slug, p.viewable, p.old_product, p.updated_at, ${formerSlugs} FROM content.products p`;

const productSelect = `
  SELECT p.*, ${imageColumns}, p.first_sell_at::text AS first_sell_at_text,
    (SELECT coalesce(json_agg(v ORDER BY v.position, v.code), '[]'::json) FROM content.product_variants v
      WHERE v.product_sku = p.sku AND v.language = p.language) AS variants,
    (SELECT coalesce(array_agg(pc.category_key ORDER BY pc.rank, pc.category_key), '{}') FROM content.product_categories pc
      WHERE pc.product_sku = p.sku) AS category_keys,
    (SELECT json_object_agg(o.language, o.slug ORDER BY o.language) FROM content.products o WHERE o.sku = p.sku) AS localizations,
    ${formerSlugs}
  FROM content.products p ${imageJoin('p')}`;

function productWhere(q: ProductQuery): { where: string; params: unknown[] } {
  const params: unknown[] = [q.language];
  const clauses = ['p.language = $1'];
  if (q.skus) {
    params.push(q.skus);
    clauses.push(`p.sku = ANY($${params.length}::text[])`);
  }
  if (q.slug !== undefined) {
    params.push(q.slug);
    clauses.push(`p.slug = $${params.length}`);
  }
  if (q.categoryKey !== undefined) {
    params.push(q.categoryKey);
    clauses.push(
      `EXISTS (SELECT 1 FROM content.product_categories pc WHERE pc.product_sku = p.sku AND pc.category_key = $${params.length})`,
    );
  }
  if (q.excludeSku !== undefined) {
    params.push(q.excludeSku);
    clauses.push(`p.sku <> $${params.length}`);
  }
  if (q.listedOnly) clauses.push('p.viewable AND NOT p.old_product AND NOT p.is_sample');
  return { where: clauses.join(' AND '), params };
}

export async function countProducts(db: Queryable, q: ProductQuery): Promise<number> {
  const { where, params } = productWhere(q);
  const [row] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM content.products p WHERE ${where}`, params);
  return row?.n ?? 0;
}

export async function findProducts(db: Queryable, q: ProductQuery): Promise<Array<ProductEmpty | ProductSummary | ProductFull>> {
  const { where, params } = productWhere(q);
  params.push(q.limit ?? 100, q.offset ?? 0);
  const rows = await db.query(
    `${q.render === 0 ? productEmptySelect : productSelect} WHERE ${where} ORDER BY p.position, p.sku LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  return rows.map((row) => toProduct(row, q));
}

interface VariantRow {
  code: string;
  name: string;
  slug: string;
  unit: 'kg' | 'g' | 'l';
  net_quantity: number | string;
  base_price: number;
  show_variant: boolean;
  in_stock: boolean;
}

function toProduct(row: Row, q: ProductQuery): ProductEmpty | ProductSummary | ProductFull {
  const empty: ProductEmpty = {
    sku: row.sku as string,
    slug: row.slug as string,
    viewable: row.viewable as boolean,
    oldProduct: row.old_product as boolean,
    updatedAt: iso(row.updated_at),
    formerSlugs: row.former_slugs as string[],
  };
  if (q.render === 0) return empty;
  const summary: ProductSummary = {
    ...empty,
    name: row.name as string,
    animal: row.animal as ProductSummary['animal'],
    kind: row.kind as ProductSummary['kind'],
    isSample: row.is_sample as boolean,
    position: row.position as number,
    best_seller_rank: row.best_seller_rank as number,
    first_sell_at: row.first_sell_at_text as string,
    colour: row.colour as string,
    rating: Number(row.rating),
    review_count: row.review_count as number,
    short_description: row.short_description as string,
    filters: row.filters as ProductSummary['filters'],
    categories: row.category_keys as string[],
    image: imageOf(row, q.uploadsUrl),
    ProductVariants: (row.variants as VariantRow[]).map((v) => ({
      code: v.code,
      name: v.name,
      slug: v.slug,
      unit: v.unit,
      net_quantity: Number(v.net_quantity),
      show_variant: v.show_variant,
      in_stock: v.in_stock,
      base_price: v.base_price,
      base_price_tf: taxFreePrice(v.base_price, q.vatRate),
      base_price_subscription: subscriptionPrice(v.base_price),
    })),
  };
  if (q.render === 1) return summary;
  const d = row.details as {
    description: string;
    composition: string;
    additives: string;
    analyticalConstituents: ProductFull['analytical_constituents'];
    feedingTable: ProductFull['feeding_table'];
    reviews: ProductFull['json_avis']['reviews'];
    /** Absent from an entry written before products had one. */
    approvalNumber?: string;
  };
  return {
    ...summary,
    description: d.description,
    composition: d.composition,
    additives: d.additives,
    energy_kcal_per_kg: row.energy_kcal_per_kg as number,
    analytical_constituents: d.analyticalConstituents,
    feeding_table: d.feedingTable,
    json_avis: { rating: summary.rating, count: summary.review_count, reviews: d.reviews },
    localizations: row.localizations as Record<string, string>,
    labelling: labellingOf(d.approvalNumber ?? null, q.language),
  };
}

const localizations = (table: string) =>
  `(SELECT json_object_agg(o.language, o.slug ORDER BY o.language) FROM ${table} o WHERE o.key = t.key) AS localizations`;

export async function findCategories(db: Queryable, language: Language, uploadsUrl: string): Promise<Category[]> {
  const rows = await db.query(
    `SELECT t.*, ${imageColumns}, (SELECT json_object_agg(o.language, o.path ORDER BY o.language) FROM content.categories o WHERE o.key = t.key) AS localizations
    FROM content.categories t ${imageJoin('t')} WHERE t.language = $1 AND t.unpublished_at IS NULL ORDER BY t.position, t.key`,
    [language],
  );
  return rows.map((r) => ({
    key: r.key as string,
    parent: r.parent_key as string | null,
    animal: r.animal as Category['animal'],
    position: r.position as number,
    slug: r.slug as string,
    path: r.path as string,
    name: r.name as string,
    description: r.description as string,
    image: imageOf(r, uploadsUrl),
    localizations: r.localizations as Record<string, string>,
    updatedAt: iso(r.updated_at),
  }));
}

export async function findPages(
  db: Queryable,
  language: Language,
  uploadsUrl: string,
  filter: { key?: string; kind?: string } = {},
): Promise<ContentPage[]> {
  const params: unknown[] = [language];
  let where = 't.language = $1 AND t.unpublished_at IS NULL';
  if (filter.key !== undefined) {
    params.push(filter.key);
    where += ` AND t.key = $${params.length}`;
  }
  if (filter.kind !== undefined) {
    params.push(filter.kind);
    where += ` AND t.kind = $${params.length}`;
  }
  const rows = await db.query(
    `SELECT t.*, ${imageColumns}, ${localizations('content.pages')} FROM content.pages t ${imageJoin('t')} WHERE ${where} ORDER BY t.key`,
    params,
  );
  return rows.map((r) => ({
    key: r.key as string,
    kind: r.kind as ContentPage['kind'],
    slug: r.slug as string,
    title: r.title as string,
    description: r.description as string,
    body: r.body as string,
    image: imageOf(r, uploadsUrl),
    localizations: r.localizations as Record<string, string>,
    updatedAt: iso(r.updated_at),
  }));
}

export async function findFaq(db: Queryable, language: Language): Promise<FaqCategory[]> {
  const rows = await db.query(
    `SELECT t.*, ${localizations('content.faq_categories')},
      (SELECT coalesce(json_agg(json_build_object('key', e.key, 'question', e.question, 'answer', e.answer, 'position', e.position)
        ORDER BY e.position, e.key), '[]'::json) FROM content.faq_entries e WHERE e.category_key = t.key AND e.language = t.language AND e.unpublished_at IS NULL) AS entries,
      (SELECT max(e.updated_at) FROM content.faq_entries e WHERE e.category_key = t.key AND e.language = t.language) AS updated_at
    FROM content.faq_categories t WHERE t.language = $1 ORDER BY t.position, t.key`,
    [language],
  );
  return rows.map((r) => ({
    key: r.key as string,
    slug: r.slug as string,
    name: r.name as string,
    position: r.position as number,
    localizations: r.localizations as Record<string, string>,
    entries: r.entries as FaqCategory['entries'],
    // A category with no question yet has never been edited as far as crawlers care: the epoch.
    updatedAt: iso(r.updated_at ?? 0),
  }));
}

export async function findShops(db: Queryable, language: Language): Promise<Shop[]> {
  const rows = await db.query(
    `SELECT t.*, ${localizations('content.shops')} FROM content.shops t WHERE t.language = $1 AND t.unpublished_at IS NULL ORDER BY t.country, t.key`,
    [language],
  );
  return rows.map((r) => ({
    key: r.key as string,
    slug: r.slug as string,
    name: r.name as string,
    country: r.country as Shop['country'],
    street: r.street as string,
    postcode: r.postcode as string,
    city: r.city as string,
    latitude: r.latitude as number,
    longitude: r.longitude as number,
    phone: r.phone as string,
    email: r.email as string,
    description: r.description as string,
    localizations: r.localizations as Record<string, string>,
    updatedAt: iso(r.updated_at),
    ...(r.schedule as Pick<Shop, 'openingHours' | 'specialOpenings' | 'specialClosures' | 'closedPeriods'>),
  }));
}

export async function findMenu(db: Queryable, key: 'header', language: Language): Promise<Header>;
export async function findMenu(db: Queryable, key: 'footer', language: Language): Promise<Footer>;
export async function findMenu(db: Queryable, key: 'header' | 'footer', language: Language): Promise<Header | Footer> {
  const [row] = await db.query<{ items: unknown[] }>('SELECT items FROM content.menus WHERE key = $1 AND language = $2', [key, language]);
  const items = row?.items ?? [];
  return key === 'header' ? ({ items } as Header) : ({ columns: items } as Footer);
}

export async function findCrossSell(
  db: Queryable,
  key: string,
): Promise<{ key: string; main_product: string | null; products: string[] } | undefined> {
  const [row] = await db.query<{ key: string; main_product: string | null; products: string[] }>(
    'SELECT key, main_product, products FROM content.cross_sells WHERE key = $1',
    [key],
  );
  return row;
}

/** A product variant as the shop sells it: its names and price in one language, and whether it may be bought. */
export interface SellableVariant {
  code: string;
  variantName: string;
  productName: string;
  basePrice: number;
  shown: boolean;
  inStock: boolean;
  /** A free sample: sold once, never by subscription. */
  isSample: boolean;
}

/** The shop asks here for what it adds to a cart, rather than reading the content tables itself. */
/** What findVariant reads of a variant `v` and its product `p`, as sellableVariantOf takes it. */
export const SELLABLE_VARIANT_COLUMNS = `v.code, v.name AS variant_name, p.name AS product_name, v.base_price, (v.show_variant AND p.viewable) AS shown,
  v.in_stock, p.is_sample`;
export interface SellableVariantRow {
  code: string;
  variant_name: string;
  product_name: string;
  base_price: number;
  shown: boolean;
  in_stock: boolean;
  is_sample: boolean;
}
export const sellableVariantOf = (row: SellableVariantRow): SellableVariant => ({
  code: row.code,
  variantName: row.variant_name,
  productName: row.product_name,
  basePrice: row.base_price,
  shown: row.shown,
  inStock: row.in_stock,
  isSample: row.is_sample,
});

export async function findVariant(db: Queryable, code: string, language: Language): Promise<SellableVariant | null> {
  const [row] = await db.query<SellableVariantRow>(
    `SELECT ${SELLABLE_VARIANT_COLUMNS}
     FROM content.product_variants v JOIN content.products p ON p.sku = v.product_sku AND p.language = v.language
     WHERE v.code = $1 AND v.language = $2`,
    [code, language],
  );
  return row ? sellableVariantOf(row) : null;
}

/** What a cart or order line shows of its variant in one language: names, page slugs, species and pack shot (its thumbnail). */
export interface VariantDisplay {
  code: string;
  productName: string;
  variantName: string;
  productSlug: string;
  variantSlug: string;
  /** Its pages exist: the product is viewable and the format shown. */
  listed: boolean;
  isSample: boolean;
  animal: 'dog' | 'cat';
  image: { url: string; alternativeText: string } | null;
}

/**
 * The lines' variants in one language, by code (a code missing from the catalogue is absent); their
 * pictures at `uploadsUrl` (where the caller's clients reach the content service's uploads).
 */
export async function findVariantDisplays(
  db: Queryable,
  codes: readonly string[],
  language: Language,
  uploadsUrl: string,
): Promise<Map<string, VariantDisplay>> {
  if (codes.length === 0) return new Map();
  const rows = await db.query<VariantDisplayRow>(
    `SELECT ${VARIANT_DISPLAY_COLUMNS}
     FROM content.product_variants v JOIN content.products p ON p.sku = v.product_sku AND p.language = v.language
     WHERE v.code = ANY($1::text[]) AND v.language = $2`,
    [codes, language],
  );
  return variantDisplaysOf(rows, uploadsUrl);
}

/**
 * What findVariantDisplays reads of a variant `v` and its product `p`: shared with the add to cart, whose
 * one statement reads its lines' displays with its write (shop/carts/repository.ts addToCart).
 */
export const VARIANT_DISPLAY_COLUMNS = `v.code, v.name AS variant_name, p.name AS product_name, p.slug AS product_slug, v.slug AS variant_slug,
       (v.show_variant AND p.viewable) AS listed, p.is_sample, p.animal, p.image_alt,
       -- A line's picture is drawn small: its thumbnail when the upload has one.
       coalesce((SELECT u.thumbnail FROM content.uploads u WHERE u.name = p.image_file), p.image_file) AS image_file,
       -- A picture copied from the content source (content/mirror.ts) stays where the source keeps it.
       coalesce(p.image_source #>> '{formats,thumbnail,url}', p.image_source ->> 'url') AS image_url`;

export interface VariantDisplayRow {
  code: string;
  variant_name: string;
  product_name: string;
  product_slug: string;
  variant_slug: string;
  listed: boolean;
  is_sample: boolean;
  animal: 'dog' | 'cat';
  /** The pack shot's thumbnail, or its master when it has none. */
  image_file: string | null;
  /** The same, absolute, for a picture the content source keeps. */
  image_url: string | null;
  image_alt: string | null;
}

/** The displays of rows of VARIANT_DISPLAY_COLUMNS by code, their pictures at `uploadsUrl`. */
export function variantDisplaysOf(rows: readonly VariantDisplayRow[], uploadsUrl: string): Map<string, VariantDisplay> {
  return new Map(
    rows.map((row) => [
      row.code,
      {
        code: row.code,
        productName: row.product_name,
        variantName: row.variant_name,
        productSlug: row.product_slug,
        variantSlug: row.variant_slug,
        listed: row.listed,
        isSample: row.is_sample,
        animal: row.animal,
        image: row.image_url
          ? { url: row.image_url, alternativeText: row.image_alt ?? '' }
          : row.image_file
            ? // The address may be a path alone (an answer written for no browser: a mail, an invoice).
              { url: `${uploadsUrl}${encodeURIComponent(row.image_file)}`, alternativeText: row.image_alt ?? '' }
            : null,
      },
    ]),
  );
}
