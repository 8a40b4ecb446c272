/**
 * The editor's writes, in the tables the content service's reads (../repository.ts) and the search read:
 * each write stamps the entry's updated_at (the sitemaps' lastmod, the builds' digests), and the content
 * revision moves with it (migration 021's triggers), so every platform instance's search catches up.
 */
import type { Database, Queryable, Row } from '../../db/database.ts';
import type { Language } from '../../../lib/channels.ts';
import type {
  CategoryCreate,
  EditorKind,
  EditorUpdate,
  FaqCreate,
  PageCreate,
  ProductCreate,
  ShopCreate,
} from '../../../lib/content/editor.ts';
import { contentError, contentNotFound } from '../errors.ts';

interface KindTable {
  table: string;
  id: string;
  /**
   * How the entry is shown: a product by its `viewable` flag, the others by a null `unpublished_at`;
   * menus have neither (never unpublished).
   */
  published?: 'viewable' | 'unpublished_at';
}

const tables: Record<EditorKind, KindTable> = {
  products: { table: 'content.products', id: 'sku', published: 'viewable' },
  categories: { table: 'content.categories', id: 'key', published: 'unpublished_at' },
  pages: { table: 'content.pages', id: 'key', published: 'unpublished_at' },
  faqs: { table: 'content.faq_entries', id: 'key', published: 'unpublished_at' },
  shops: { table: 'content.shops', id: 'key', published: 'unpublished_at' },
  menus: { table: 'content.menus', id: 'key' },
};

/** Columns an editor never sees: a picture's bytes live elsewhere, and `details` is spread out. */
const HIDDEN = new Set(['language', 'updated_at', 'details', 'unpublished_at', 'viewable']);

/**
 * An entry as the editor API answers it and the webhooks carry it (Strapi 5's document fields
 * `documentId`, `locale`, `publishedAt`, `updatedAt`, then the entry's own), or null when it does not exist.
 */
export async function findEditorEntry(db: Queryable, kind: EditorKind, id: string, language: Language): Promise<Row | null> {
  const { table, id: idColumn, published } = tables[kind];
  const [row] = await db.query(`SELECT * FROM ${table} WHERE ${idColumn} = $1 AND language = $2`, [id, language]);
  if (!row) return null;
  const fields = Object.fromEntries(Object.entries(row).filter(([column]) => !HIDDEN.has(column) && column !== idColumn));
  const details = (row.details ?? {}) as Row;
  const shown = published === 'viewable' ? (row.viewable as boolean) : published ? row.unpublished_at === null : true;
  const updatedAt = new Date((row.updated_at as string | Date | undefined) ?? Date.now()).toISOString();
  const extra: Row = {};
  if (kind === 'products') {
    extra.description = details.description;
    extra.approval_number = details.approvalNumber ?? null;
    extra.variants = await db.query(
      'SELECT code, name, slug, unit, net_quantity::float8 AS net_quantity, base_price, in_stock, show_variant FROM content.product_variants WHERE product_sku = $1 AND language = $2 ORDER BY position',
      [id, language],
    );
    extra.categories = (
      await db.query<{ category_key: string }>('SELECT category_key FROM content.product_categories WHERE product_sku = $1 ORDER BY rank', [
        id,
      ])
    ).map((r) => r.category_key);
  }
  return { documentId: id, locale: language, publishedAt: shown ? updatedAt : null, updatedAt, ...fields, ...extra };
}

/** A unique constraint broken by the write (a slug another entry has): the editor's mistake, said as such. */
async function guarded<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === '23505') throw contentError(400, 'ValidationError', 'Another entry already uses this slug or key', {});
    if (code === '23503') throw contentError(400, 'ValidationError', 'The entry names an entry that does not exist', {});
    throw error;
  }
}

/** The content tables' jsonb columns, which the writes below receive as JSON text. */
const JSON_COLUMNS = new Set(['filters', 'details', 'schedule', 'items']);

/**
 * The placeholder of a column's value. JSON text goes through `::text::jsonb`, as elsewhere in the platform:
 * the PostgreSQL driver types a bare parameter as the column's jsonb and would store the text as a JSON
 * string (PGlite parses it), so a menu or a schedule would come back as a string.
 */
const parameter = (column: string, index: number) => (JSON_COLUMNS.has(column) ? `$${index}::text::jsonb` : `$${index}`);

/** Sets the given columns of one entry (a subset), and stamps it; false when it does not exist. */
async function setColumns(tx: Queryable, kind: EditorKind, id: string, language: Language, columns: Row): Promise<boolean> {
  const { table, id: idColumn } = tables[kind];
  const names = Object.keys(columns);
  const sets = [...names.map((name, i) => `${name} = ${parameter(name, i + 3)}`), 'updated_at = now()'];
  const rows = await tx.query(`UPDATE ${table} SET ${sets.join(', ')} WHERE ${idColumn} = $1 AND language = $2 RETURNING 1 AS found`, [
    id,
    language,
    ...names.map((name) => columns[name]),
  ]);
  return rows.length > 0;
}

/** Applies a PUT's fields; throws a 404 when the entry does not exist in that language. */
export async function updateEntry<K extends EditorKind>(
  db: Database,
  kind: K,
  id: string,
  language: Language,
  data: EditorUpdate<K>,
): Promise<void> {
  await guarded(() =>
    db.transaction(async (tx) => {
      const columns: Row = { ...(data as Row) };
      if (kind === 'products') {
        if (typeof columns.slug === 'string') await keepFormerSlug(tx, id, language, columns.slug);
        const { variants, description, approval_number } = columns as EditorUpdate<'products'>;
        delete columns.variants;
        delete columns.description;
        delete columns.approval_number;
        // Both live in the entry's details (the full render's fields): the description is the language's, the
        // approval number the product's (the plant that makes it), the same in every language.
        if (description !== undefined)
          await tx.query(
            `UPDATE content.products SET details = jsonb_set(details, '{description}', to_jsonb($3::text)) WHERE sku = $1 AND language = $2`,
            [id, language, description],
          );
        if (approval_number !== undefined)
          await tx.query(
            `UPDATE content.products SET details = jsonb_set(details, '{approvalNumber}', to_jsonb($2::text)), updated_at = now() WHERE sku = $1`,
            [id, approval_number],
          );
        for (const variant of variants ?? []) await updateVariant(tx, id, language, variant);
      }
      if (kind === 'faqs' && 'category' in columns) {
        columns.category_key = columns.category;
        delete columns.category;
      }
      for (const json of ['items', 'schedule']) if (json in columns) columns[json] = JSON.stringify(columns[json]);
      if (!(await setColumns(tx, kind, id, language, columns))) throw contentNotFound(`No ${kind} entry ${id} in ${language}`);
    }),
  );
}

/**
 * Before a product's slug changes, its current one joins the product's former slugs (its old address will
 * redirect); a slug given back to the product leaves them, and no other product may take a former slug.
 */
async function keepFormerSlug(tx: Queryable, sku: string, language: Language, slug: string): Promise<void> {
  const [owner] = await tx.query<{ sku: string }>('SELECT sku FROM content.product_slug_history WHERE language = $1 AND slug = $2', [
    language,
    slug,
  ]);
  if (owner && owner.sku !== sku)
    throw contentError(400, 'ValidationError', `The slug ${slug} was product ${owner.sku}'s: its old address redirects there`, {});
  await tx.query(
    `INSERT INTO content.product_slug_history (sku, language, slug)
       SELECT sku, language, slug FROM content.products WHERE sku = $1 AND language = $2 AND slug <> $3
     ON CONFLICT (language, slug) DO UPDATE SET replaced_at = now()`,
    [sku, language, slug],
  );
  await tx.query('DELETE FROM content.product_slug_history WHERE sku = $1 AND language = $2 AND slug = $3', [sku, language, slug]);
}

/** A format's price, stock and visibility are the same in every language; its name is the language's. */
async function updateVariant(
  tx: Queryable,
  sku: string,
  language: Language,
  variant: NonNullable<EditorUpdate<'products'>['variants']>[number],
) {
  const shared = (['base_price', 'in_stock', 'show_variant'] as const).filter((k) => variant[k] !== undefined);
  const found = await tx.query('SELECT 1 FROM content.product_variants WHERE code = $1 AND product_sku = $2', [variant.code, sku]);
  if (!found.length) throw contentError(400, 'ValidationError', `Product ${sku} has no format ${variant.code}`, {});
  if (shared.length)
    await tx.query(`UPDATE content.product_variants SET ${shared.map((k, i) => `${k} = $${i + 2}`).join(', ')} WHERE code = $1`, [
      variant.code,
      ...shared.map((k) => variant[k]),
    ]);
  if (variant.name !== undefined)
    await tx.query('UPDATE content.product_variants SET name = $3 WHERE code = $1 AND language = $2', [
      variant.code,
      language,
      variant.name,
    ]);
  // The product's other language shows the new price too: its page is stamped as changed.
  if (shared.length) await tx.query('UPDATE content.products SET updated_at = now() WHERE sku = $1', [sku]);
}

/** Publishes or hides an entry in one language; a category still listing products cannot be hidden. */
export async function setPublished(db: Database, kind: EditorKind, id: string, language: Language, shown: boolean): Promise<void> {
  const { published } = tables[kind];
  if (!published) {
    // A menu is always shown: publishing it again only announces it (a rebuild); hiding it is refused.
    if (!shown) throw contentError(400, 'ValidationError', 'A menu is always published: edit its items instead', {});
    if (!(await findEditorEntry(db, kind, id, language))) throw contentNotFound(`No ${kind} entry ${id} in ${language}`);
    return;
  }
  await db.transaction(async (tx) => {
    if (kind === 'categories' && !shown) {
      const [row] = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM content.product_categories WHERE category_key = $1', [
        id,
      ]);
      if (row && row.n > 0)
        throw contentError(400, 'ValidationError', `Category ${id} still lists ${row.n} products: move them first`, { products: row.n });
    }
    const column = published === 'viewable' ? { viewable: shown } : { unpublished_at: shown ? null : new Date().toISOString() };
    if (!(await setColumns(tx, kind, id, language, column))) throw contentNotFound(`No ${kind} entry ${id} in ${language}`);
  });
}

/** Inserts a row from named columns. */
const insert = (tx: Queryable, table: string, row: Row) =>
  tx.query(
    `INSERT INTO ${table} (${Object.keys(row).join(', ')}) VALUES (${Object.keys(row)
      .map((name, i) => parameter(name, i + 1))
      .join(', ')})`,
    Object.values(row),
  );

export type EditorCreate = ProductCreate | CategoryCreate | PageCreate | FaqCreate | ShopCreate;

/** Creates an entry in one language (Strapi creates one locale at a time); its id is returned. */
export async function createEntry(
  db: Database,
  kind: Exclude<EditorKind, 'menus'>,
  language: Language,
  data: EditorCreate,
): Promise<string> {
  return guarded(() =>
    db.transaction(async (tx) => {
      switch (kind) {
        case 'products': {
          const p = data as ProductCreate;
          await insert(tx, 'content.products', {
            sku: p.sku,
            language,
            slug: p.slug,
            name: p.name,
            animal: p.animal,
            kind: p.kind,
            position: p.position,
            best_seller_rank: p.best_seller_rank,
            first_sell_at: p.first_sell_at,
            colour: p.colour,
            rating: 0,
            review_count: 0,
            energy_kcal_per_kg: p.energy_kcal_per_kg,
            filters: JSON.stringify(p.filters),
            short_description: p.short_description,
            details: JSON.stringify({
              description: p.description,
              composition: p.composition,
              additives: p.additives,
              analyticalConstituents: p.analytical_constituents,
              feedingTable: p.feeding_table,
              reviews: [],
              approvalNumber: p.approval_number,
            }),
          });
          for (const [position, v] of p.variants.entries())
            await insert(tx, 'content.product_variants', { ...v, language, product_sku: p.sku, position });
          for (const [rank, key] of p.categories.entries())
            await tx.query(
              'INSERT INTO content.product_categories (product_sku, category_key, rank) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
              [p.sku, key, rank],
            );
          return p.sku;
        }
        case 'categories': {
          const c = data as CategoryCreate;
          let path = c.slug;
          if (c.parent) {
            const [parent] = await tx.query<{ path: string }>('SELECT path FROM content.categories WHERE key = $1 AND language = $2', [
              c.parent,
              language,
            ]);
            if (!parent) throw contentError(400, 'ValidationError', `No parent category ${c.parent} in ${language}`, {});
            path = `${parent.path}/${c.slug}`;
          }
          const { parent, ...rest } = c;
          await insert(tx, 'content.categories', { ...rest, parent_key: parent, path, language });
          return c.key;
        }
        case 'faqs': {
          const { category, ...rest } = data as FaqCreate;
          const [known] = await tx.query('SELECT 1 FROM content.faq_categories WHERE key = $1 AND language = $2', [category, language]);
          if (!known) throw contentError(400, 'ValidationError', `No FAQ category ${category} in ${language}`, {});
          await insert(tx, 'content.faq_entries', { ...rest, category_key: category, language });
          return rest.key;
        }
        case 'shops': {
          const s = data as ShopCreate;
          await insert(tx, 'content.shops', { ...s, language, schedule: JSON.stringify(s.schedule) });
          return s.key;
        }
        case 'pages': {
          const page = data as PageCreate;
          await insert(tx, 'content.pages', { ...page, language });
          return page.key;
        }
      }
    }),
  );
}
