/**
 * The platform's copy of the catalogue, fed from the content service of record (CONTENT_SOURCE_URL: Strapi in
 * production). The carts, the subscriptions' charges, the search and the guides read the content tables, so a
 * price or a product published at the source must reach them, not only the sites' pages.
 *
 * A run reads the source as the sites' builds do (src/lib/content/client.ts, the same wire and schemas): each
 * language's listing at render 0 (SKU, slug and stamp), then in full at render 2 only the products whose stamp
 * changed since the last run, and every category (a few dozen). It writes them in one transaction:
 * - a product, its formats (price, stock, names), its categories, its former slugs and its picture (left where
 *   the source keeps it: `image_source`);
 * - a product the source no longer lists (unpublished, deleted), or answers in a form the wire refuses, is no longer viewable: carts refuse it, the
 *   search and the guides leave it out; a format the source no longer lists is no longer shown nor in stock;
 * - a category the source no longer lists is unpublished.
 * An entry the source answers that its schema refuses is left out and reported, the rest copied.
 *
 * Runs are serialised on the database (an advisory lock: several instances share one copy) and coalesced in a
 * process: an event that arrives during a run asks for one more run after it, however many arrive.
 */
import type { Language } from '../../lib/channels.ts';
import type { ContentClient, SkippedEntry } from '../../lib/content/client.ts';
import type { Category, ProductFull } from '../../lib/content/wire.ts';
import type { Database, Queryable } from '../db/database.ts';
import type { Job } from '../jobs/runner.ts';

/** The site locale each language is read in: a product's price (tax included) and texts are the same in every channel. */
const SOURCE_LOCALES = { fr: 'fr_FR', nl: 'nl_BE' } as const;
/**
 * French last: a product's categories are one list here and one per language at Strapi (relations are localized),
 * so the French entry's list wins when both changed.
 */
const LANGUAGES: readonly Language[] = ['nl', 'fr'];
/** Products asked in full per request (the source refuses pages over 500; a smaller one keeps each answer short). */
const BATCH = 100;
/** The lock a run holds on the database (pg_advisory_xact_lock's key): any fixed number no other lock uses. */
const MIRROR_LOCK = 4_604_611;

interface MirrorReport {
  /** Products written, per language (changed at the source since the last run, or new). */
  written: Record<Language, number>;
  /** Products set not viewable: no longer listed by the source. */
  hidden: number;
  categories: number;
  /** Entries the source answered that the wire's schemas refuse: left out, with why. */
  skipped: SkippedEntry[];
}

export interface CatalogueMirror {
  /** Mirrors the source; `full` reads every product again (a picture replaced at the source changes no entry's stamp). */
  run(options?: { full?: boolean }): Promise<MirrorReport>;
  /**
   * Runs at once, then every `everyMs` (the webhook may be missed: the platform down, a network cut), as a job of
   * the platform's runner (jobs/runner.ts); `log` hears the runs that changed the copy.
   */
  job(everyMs: number, log: (message: string) => void): Job;
}

export function catalogueMirror(db: Database, client: (onSkipped: (entry: SkippedEntry) => void) => ContentClient): CatalogueMirror {
  let running: Promise<MirrorReport> | undefined;
  let next: Promise<MirrorReport> | undefined;
  let fullNext = false;

  const run = (options: { full?: boolean } = {}): Promise<MirrorReport> => {
    if (!running) {
      running = mirrorOnce(db, client, options.full ?? false).finally(() => {
        running = undefined;
      });
      return running;
    }
    // The run under way may have read the source before this change: one more after it answers every waiting caller.
    fullNext ||= options.full ?? false;
    next ??= running
      .catch(() => undefined)
      .then(() => {
        const full = fullNext;
        next = undefined;
        fullNext = false;
        return run({ full });
      });
    return next;
  };

  return {
    run,
    job: (everyMs, log) => ({
      name: 'Catalogue mirror',
      everyMs,
      // Not awaited by the start: until the source answers, the platform serves its last copy.
      atStart: true,
      async turn() {
        const report = await run();
        if (report.written.fr + report.written.nl + report.hidden + report.skipped.length > 0) log(describeMirror(report));
      },
    }),
  };
}

/** The source could not be read (down, refusing the token, answering what is not its wire): nothing was written. */
export class SourceUnreadable extends Error {}

async function mirrorOnce(
  db: Database,
  clientFor: (onSkipped: (entry: SkippedEntry) => void) => ContentClient,
  full: boolean,
): Promise<MirrorReport> {
  const skipped: SkippedEntry[] = [];
  const client = clientFor((entry) => skipped.push(entry));
  // Read first, write after: the source's answers may take seconds, and the tables stay readable and writable meanwhile.
  const reads = await Promise.all(LANGUAGES.map((language) => readLanguage(db, client, language, full))).catch((error: Error) => {
    throw new SourceUnreadable(error.message);
  });
  const report: MirrorReport = { written: { fr: 0, nl: 0 }, hidden: 0, categories: 0, skipped };
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIRROR_LOCK]);
    for (const { language, shown, products, categories } of reads) {
      report.categories += await writeCategories(tx, language, categories);
      report.hidden += await hideUnlisted(tx, language, shown);
      for (const product of products) await writeProduct(tx, language, product);
      report.written[language] = products.length;
    }
  });
  return report;
}

/** One language at the source: its categories, the SKUs it shows, and in full the products changed since the last run. */
async function readLanguage(db: Database, client: ContentClient, language: Language, full: boolean) {
  const locale = SOURCE_LOCALES[language];
  const [{ products: listing }, categories, stamps] = await Promise.all([
    client.listing(locale),
    client.categories(locale),
    db.query<{ sku: string; source_stamp: string | null }>('SELECT sku, source_stamp FROM content.products WHERE language = $1', [
      language,
    ]),
  ]);
  const known = new Map(stamps.map((row) => [row.sku, row.source_stamp]));
  const listed = listing.filter((entry) => entry.viewable);
  const changed = listed.filter((entry) => full || known.get(entry.sku) !== entry.updatedAt).map((entry) => entry.sku);
  const products: ProductFull[] = [];
  for (let i = 0; i < changed.length; i += BATCH) products.push(...(await client.productsBySku(changed.slice(i, i + BATCH), 2, locale)));
  // A changed product the wire refuses in full is left out of the copy, as the sites leave it out of their pages.
  const refused = new Set(changed).difference(new Set(products.map((p) => p.sku)));
  return { language, shown: listed.map((entry) => entry.sku).filter((sku) => !refused.has(sku)), products, categories };
}

/**
 * Every category the source lists, as it lists it; the others unpublished. Paths are unique per language, and a
 * move may give one category's path to another: each is first set aside under its key, then given its own.
 */
async function writeCategories(tx: Queryable, language: Language, categories: readonly Category[]): Promise<number> {
  await tx.query(`UPDATE content.categories SET path = '~' || key WHERE language = $1`, [language]);
  for (const c of categories)
    await tx.query(
      `INSERT INTO content.categories (key, language, parent_key, animal, position, slug, path, name, description, image_file, image_alt,
         image_source, updated_at, unpublished_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, NULL, $10, $11::text::jsonb, $12, NULL)
       ON CONFLICT (key, language) DO UPDATE SET parent_key = excluded.parent_key, animal = excluded.animal, position = excluded.position,
         slug = excluded.slug, path = excluded.path, name = excluded.name, description = excluded.description, image_file = NULL,
         image_alt = excluded.image_alt, image_source = excluded.image_source, updated_at = excluded.updated_at, unpublished_at = NULL`,
      [
        c.key,
        language,
        c.parent,
        c.animal,
        c.position,
        c.slug,
        c.path,
        c.name,
        c.description,
        c.image?.alternativeText ?? null,
        c.image ? JSON.stringify(c.image) : null,
        c.updatedAt,
      ],
    );
  // Those the source no longer lists keep the path set aside above (`~key`, unique), which no page reads.
  await tx.query(
    'UPDATE content.categories SET unpublished_at = now() WHERE language = $1 AND unpublished_at IS NULL AND NOT (key = ANY($2::text[]))',
    [language, categories.map((c) => c.key)],
  );
  return categories.length;
}

/**
 * Products the source no longer lists (or answers in a form the wire refuses): not viewable, and read in full again
 * when it lists them again. Their slug is set aside (`~sku`) so that another product may take it, as it may at the source.
 */
async function hideUnlisted(tx: Queryable, language: Language, shown: readonly string[]): Promise<number> {
  const rows = await tx.query(
    `UPDATE content.products SET viewable = false, source_stamp = NULL, slug = '~' || sku
     WHERE language = $1 AND viewable AND NOT (sku = ANY($2::text[])) RETURNING sku`,
    [language, shown],
  );
  return rows.length;
}

/** One product in one language as the source answers it: its row, its formats, its categories and its former slugs. */
async function writeProduct(tx: Queryable, language: Language, p: ProductFull): Promise<void> {
  // Slugs are unique per language: one renamed product may take another's former slug in the same run.
  await tx.query(`UPDATE content.products SET slug = '~' || sku WHERE language = $1 AND slug = $2 AND sku <> $3`, [
    language,
    p.slug,
    p.sku,
  ]);
  await tx.query(
    `INSERT INTO content.products (sku, language, slug, name, animal, kind, is_sample, viewable, old_product, position, best_seller_rank,
       first_sell_at, colour, rating, review_count, energy_kcal_per_kg, filters, short_description, details, image_file, image_alt,
       image_source, source_stamp, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, true, $8, $9, $10, $11, $12, $13, $14, $15, $16::text::jsonb, $17, $18::text::jsonb, NULL, $19,
       $20::text::jsonb, $21::text, $21::text::timestamptz)
     ON CONFLICT (sku, language) DO UPDATE SET slug = excluded.slug, name = excluded.name, animal = excluded.animal, kind = excluded.kind,
       is_sample = excluded.is_sample, viewable = true, old_product = excluded.old_product, position = excluded.position,
       best_seller_rank = excluded.best_seller_rank, first_sell_at = excluded.first_sell_at, colour = excluded.colour,
       rating = excluded.rating, review_count = excluded.review_count, energy_kcal_per_kg = excluded.energy_kcal_per_kg,
       filters = excluded.filters, short_description = excluded.short_description, details = excluded.details, image_file = NULL,
       image_alt = excluded.image_alt, image_source = excluded.image_source, source_stamp = excluded.source_stamp,
       updated_at = excluded.updated_at`,
    [
      p.sku,
      language,
      p.slug,
      p.name,
      p.animal,
      p.kind,
      p.isSample,
      p.oldProduct,
      p.position,
      p.best_seller_rank,
      p.first_sell_at,
      p.colour,
      p.rating,
      p.review_count,
      p.energy_kcal_per_kg,
      JSON.stringify(p.filters),
      p.short_description,
      JSON.stringify({
        description: p.description,
        composition: p.composition,
        additives: p.additives,
        analyticalConstituents: p.analytical_constituents,
        feedingTable: p.feeding_table,
        reviews: p.json_avis.reviews,
        ...(p.labelling.approval_number ? { approvalNumber: p.labelling.approval_number } : {}),
      }),
      p.image?.alternativeText ?? null,
      p.image ? JSON.stringify(p.image) : null,
      p.updatedAt,
    ],
  );
  await writeFormats(tx, language, p);
  await tx.query('DELETE FROM content.product_categories WHERE product_sku = $1', [p.sku]);
  for (const [rank, key] of p.categories.entries())
    await tx.query('INSERT INTO content.product_categories (product_sku, category_key, rank) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [
      p.sku,
      key,
      rank,
    ]);
  await tx.query('DELETE FROM content.product_slug_history WHERE sku = $1 AND language = $2', [p.sku, language]);
  for (const slug of p.formerSlugs ?? [])
    await tx.query(
      `INSERT INTO content.product_slug_history (sku, language, slug) VALUES ($1, $2, $3)
       ON CONFLICT (language, slug) DO UPDATE SET sku = excluded.sku, replaced_at = now()`,
      [p.sku, language, slug],
    );
}

/**
 * A product's formats as the source lists them. A format it no longer lists stays, neither shown nor in stock: a
 * cart holding it says so rather than losing the line.
 */
async function writeFormats(tx: Queryable, language: Language, p: ProductFull): Promise<void> {
  // A format's slug is unique within its product and language: set aside first, as products' slugs are.
  await tx.query(`UPDATE content.product_variants SET slug = '~' || code WHERE product_sku = $1 AND language = $2`, [p.sku, language]);
  for (const [position, v] of p.ProductVariants.entries())
    await tx.query(
      `INSERT INTO content.product_variants (code, language, product_sku, position, name, slug, unit, net_quantity, base_price, show_variant,
         in_stock)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
       ON CONFLICT (code, language) DO UPDATE SET product_sku = excluded.product_sku, position = excluded.position, name = excluded.name,
         slug = excluded.slug, unit = excluded.unit, net_quantity = excluded.net_quantity, base_price = excluded.base_price,
         show_variant = excluded.show_variant, in_stock = excluded.in_stock`,
      [v.code, language, p.sku, position, v.name, v.slug, v.unit, v.net_quantity, v.base_price, v.show_variant, v.in_stock],
    );
  await tx.query(
    `UPDATE content.product_variants SET show_variant = false, in_stock = false
     WHERE product_sku = $1 AND language = $2 AND NOT (code = ANY($3::text[]))`,
    [p.sku, language, p.ProductVariants.map((v) => v.code)],
  );
}

/** A run's report in one line, for the platform's log. */
const describeMirror = (report: MirrorReport): string =>
  `${report.written.fr} French and ${report.written.nl} Dutch products written, ${report.hidden} hidden, ${report.categories} categories` +
  (report.skipped.length
    ? `; left out: ${report.skipped.map((s) => `${s.collection} ${s.key} (${s.locale}): ${s.reason}`).join('; ')}`
    : '');
