/**
 * What a publish computes, as the embedded content service does on its writes (a Document Service middleware, Strapi
 * 5's place for what lifecycle hooks did):
 * - a product's former slugs: when the slug being published differs from the one published, the published one (an
 *   address crawlers and shoppers know) goes first in `formerSlugs`, so the sites redirect it to the new page;
 * - a category's `path`, its parents' slugs and its own (`chien/croquettes`), the catch-all category route's; and
 *   when a category's path changes, its children's (published and draft) follow, as their pages move with it.
 * Both are written to the draft just before Strapi copies it into the published version, so the publish (and its
 * webhook, and the build it starts) carries them. Written with the query engine, under the Document Service: no
 * second publish, no second webhook.
 */
import type { Core } from '@strapi/strapi';

const PRODUCT = 'api::b2c-product.b2c-product';
const CATEGORY = 'api::b2c-category.b2c-category';

interface Context {
  uid: string;
  action: string;
  params: { documentId?: string; locale?: string | string[] };
}
/** What is used here of Strapi's query engine (strapi.db.query) and Document Service. */
interface Rows {
  findOne(params: { where: Record<string, unknown>; select?: string[]; populate?: Record<string, unknown> }): Promise<Record<string, any> | null>;
  findMany(params: { where: Record<string, unknown>; select?: string[] }): Promise<Record<string, any>[]>;
  updateMany(params: { where: Record<string, unknown>; data: Record<string, unknown> }): Promise<unknown>;
}

/** The languages a publish concerns: the one asked, every one (`*`), or the default. */
const languagesOf = (locale: string | string[] | undefined): string[] =>
  locale === '*' ? ['fr', 'nl'] : Array.isArray(locale) ? locale : [locale ?? 'fr'];

const draft = { publishedAt: null };
const published = { publishedAt: { $notNull: true } };

async function recordFormerSlug(rows: Rows, documentId: string, locale: string): Promise<void> {
  const before = await rows.findOne({ where: { documentId, locale, ...published }, select: ['slug'] });
  const next = await rows.findOne({ where: { documentId, locale, ...draft }, select: ['slug', 'formerSlugs'] });
  if (!before || !next || before.slug === next.slug) return;
  const former = [before.slug as string, ...((next.formerSlugs as string[] | null) ?? [])];
  const formerSlugs = [...new Set(former)].filter((slug) => slug !== next.slug);
  await rows.updateMany({ where: { documentId, locale, ...draft }, data: { formerSlugs } });
}

/** The path a category's draft will have once published: its published parent's path, then its slug. */
async function writePath(rows: Rows, documentId: string, locale: string): Promise<string | null> {
  const next = await rows.findOne({ where: { documentId, locale, ...draft }, select: ['slug', 'path'], populate: { parent: { select: ['documentId'] } } });
  if (!next) return null;
  const parentId = (next.parent as { documentId?: string } | null)?.documentId;
  const parent = parentId ? await rows.findOne({ where: { documentId: parentId, locale, ...published }, select: ['path'] }) : null;
  const path = parent?.path ? `${parent.path}/${next.slug}` : (next.slug as string);
  if (path !== next.path) await rows.updateMany({ where: { documentId, locale, ...draft }, data: { path } });
  return path;
}

/** A category's children, published and draft, under its new path (and theirs under their own, down the tree). */
async function moveChildren(rows: Rows, parentDocumentId: string, locale: string, parentPath: string): Promise<void> {
  const children = await rows.findMany({ where: { locale, parent: { documentId: parentDocumentId } }, select: ['documentId', 'slug', 'path'] });
  for (const documentId of new Set(children.map((child) => child.documentId as string))) {
    const child = children.find((c) => c.documentId === documentId)!;
    const path = `${parentPath}/${child.slug}`;
    if (path === child.path) continue;
    await rows.updateMany({ where: { documentId, locale }, data: { path } });
    await moveChildren(rows, documentId, locale, path);
  }
}

export function computeOnPublish(strapi: Core.Strapi): void {
  const documents = strapi.documents as unknown as { use(middleware: (context: Context, next: () => Promise<unknown>) => Promise<unknown>): void };
  documents.use(async (context, next) => {
    const { documentId } = context.params;
    if (context.action !== 'publish' || !documentId || (context.uid !== PRODUCT && context.uid !== CATEGORY)) return next();
    const rows = strapi.db.query(context.uid) as Rows;
    const paths = new Map<string, string>();
    for (const locale of languagesOf(context.params.locale)) {
      if (context.uid === PRODUCT) await recordFormerSlug(rows, documentId, locale);
      else {
        const path = await writePath(rows, documentId, locale);
        if (path) paths.set(locale, path);
      }
    }
    const result = await next();
    for (const [locale, path] of paths) await moveChildren(rows, documentId, locale, path);
    return result;
  });
}
