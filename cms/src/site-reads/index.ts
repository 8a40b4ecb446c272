/**
 * The REST reads of the content types the sites show (`GET /api/b2c-products`, `/api/b2c-categories`…): what the
 * sites' builds and pages ask, answered in the shop's wire (./answers.ts), published entries only, in the order
 * the embedded service answers. They replace Strapi's core `find` of those types (scripts/cms-schemas.ts writes
 * each controller); `findOne` stays Strapi's, and the admin panel's content manager does not use these at all.
 * A bad question is Strapi's 400 (`{ data: null, error }`), as the embedded service answers it.
 */
import type { Core } from '@strapi/strapi';
import type { z } from 'zod';
import { createHash } from 'node:crypto';
import * as answers from './answers';
import facts from './facts.json';
import { localeQuery, pageQuery, productQuery } from './query';

/**
 * The version of the facts the answers compute with, as the embedded service computes it (src/backend/content/facts.ts
 * in the shop): the build reads every product again when it changes.
 */
const FACTS_VERSION = createHash('sha256').update(JSON.stringify(facts)).digest('hex').slice(0, 16);

/** What is used here of Koa's context, as Strapi hands it to a controller. */
interface Context {
  query: Record<string, unknown>;
  origin: string;
  badRequest(message: string, details?: unknown): void;
}
type Read = (ctx: Context) => Promise<unknown>;

/** What is used here of Strapi's Document Service. */
interface Documents {
  findMany(params: Record<string, unknown>): Promise<unknown[]>;
  findFirst(params: Record<string, unknown>): Promise<unknown>;
  count(params: Record<string, unknown>): Promise<number>;
}

/** The query read with its schema, or Strapi's 400 naming each wrong parameter. */
function read<T extends z.ZodType>(ctx: Context, schema: T): z.output<T> | undefined {
  const parsed = schema.safeParse(ctx.query);
  if (parsed.success) return parsed.data;
  const errors = parsed.error.issues.map((i) => ({ path: i.path, message: i.message }));
  ctx.badRequest(errors.map((e) => `${e.path.join('.') || 'query'}: ${e.message}`).join('; '), { errors });
  return undefined;
}

/** Where the sites reach Strapi's uploads: its public URL (behind a proxy), or the address they asked. */
const originOf = (strapi: Core.Strapi, ctx: Context): string => (strapi.config.get('server.url') as string) || ctx.origin;

const localizations = (field: 'slug' | 'path' = 'slug') => ({ fields: [field, 'locale'] });
const picture = { fields: ['url', 'hash', 'alternativeText', 'width', 'height', 'mime', 'formats', 'updatedAt'] };
const productPopulate = (render: number) =>
  render === 0
    ? // The build's listing: a stamp per product, which its formats' and picture's edits move too.
      { ProductVariants: { fields: ['updatedAt'] }, image: { fields: ['updatedAt'] } }
    : {
        ProductVariants: true,
        categories: { fields: ['key'] },
        image: picture,
        filters: true,
        ...(render === 2 ? { analytical_constituents: true, feeding_table: true, localizations: localizations() } : {}),
      };

function products(strapi: Core.Strapi, documents: Documents): Read {
  return async (ctx) => {
    const q = read(ctx, productQuery);
    if (!q) return;
    const { page, pageSize } = q.pagination;
    const filters = {
      ...(q.filters?.sku ? { sku: { $in: q.filters.sku.$in } } : {}),
      ...(q.filters?.slug ? { slug: { $eq: q.filters.slug.$eq } } : {}),
    };
    const where = { locale: q.locale.language, status: 'published', filters };
    const [docs, total] = await Promise.all([
      documents.findMany({
        ...where,
        sort: ['position:asc', 'sku:asc'],
        populate: productPopulate(q.render),
        limit: pageSize,
        start: (page - 1) * pageSize,
      }),
      documents.count(where),
    ]);
    const origin = originOf(strapi, ctx);
    return {
      data: (docs as answers.ProductDocument[]).map((doc) => answers.product(doc, q.render, q.locale, origin)),
      meta: { pagination: { page, pageSize, pageCount: Math.ceil(total / pageSize), total }, version: FACTS_VERSION },
    };
  };
}

/** A list of a language's published entries, sorted, shaped. */
function list<D>(
  strapi: Core.Strapi,
  documents: Documents,
  params: { sort: string[]; populate: Record<string, unknown>; schema?: typeof pageQuery },
  shape: (doc: D, language: 'fr' | 'nl', origin: string) => unknown,
): Read {
  return async (ctx) => {
    const q = read(ctx, params.schema ?? localeQuery);
    if (!q) return;
    const kind = 'filters' in q ? (q as z.output<typeof pageQuery>).filters?.kind.$eq : undefined;
    const docs = (await documents.findMany({
      locale: q.locale.language,
      status: 'published',
      sort: params.sort,
      populate: params.populate,
      ...(kind ? { filters: { kind: { $eq: kind } } } : {}),
      // Every entry: the sites show them all (a few dozen categories, pages, rubrics, shops).
      limit: -1,
    })) as D[];
    const language = q.locale.language as 'fr' | 'nl';
    return { data: docs.map((doc) => shape(doc, language, originOf(strapi, ctx))), meta: {} };
  };
}

/** A menu: its single entry in the language, or empty when the editors have not published one. */
function menu(documents: Documents, populate: Record<string, unknown>, shape: (doc: never) => unknown): Read {
  return async (ctx) => {
    const q = read(ctx, localeQuery);
    if (!q) return;
    const doc = await documents.findFirst({ locale: q.locale.language, status: 'published', populate });
    return { data: shape((doc ?? null) as never), meta: {} };
  };
}

const finds: Record<string, (strapi: Core.Strapi, documents: Documents) => Read> = {
  'b2c-product': products,
  'b2c-category': (strapi, documents) =>
    list(
      strapi,
      documents,
      { sort: ['position:asc', 'key:asc'], populate: { parent: { fields: ['key'] }, image: picture, localizations: localizations('path') } },
      answers.category,
    ),
  'b2c-page': (strapi, documents) =>
    list(
      strapi,
      documents,
      { sort: ['key:asc'], populate: { image: picture, localizations: localizations() }, schema: pageQuery },
      answers.page,
    ),
  'b2c-faq': (strapi, documents) =>
    list(
      strapi,
      documents,
      {
        sort: ['position:asc', 'key:asc'],
        populate: {
          localizations: localizations(),
          entries: { fields: ['key', 'question', 'answer', 'position', 'updatedAt'], sort: ['position:asc', 'key:asc'] },
        },
      },
      (doc: answers.FaqDocument, language) => answers.faq(doc, language),
    ),
  'b2c-shop': (strapi, documents) =>
    list(
      strapi,
      documents,
      {
        sort: ['country:asc', 'key:asc'],
        populate: { localizations: localizations(), specialOpenings: true, specialClosures: true, closedPeriods: true },
      },
      (doc: answers.ShopDocument, language) => answers.shop(doc, language),
    ),
  'b2c-header': (_strapi, documents) => menu(documents, { items: { populate: { children: true } } }, answers.header),
  'b2c-footer': (_strapi, documents) => menu(documents, { columns: { populate: { links: true } } }, answers.footer),
};

/** The controller of a content type: Strapi's core one, its `find` the sites' read when the sites read the type. */
export const siteReads =
  (name: string) =>
  ({ strapi }: { strapi: Core.Strapi }): Record<string, Core.ControllerHandler> => {
    const make = finds[name];
    if (!make) return {};
    const documents = strapi.documents(`api::${name}.${name}` as Parameters<Core.Strapi['documents']>[0]) as unknown as Documents;
    const find = make(strapi, documents);
    // Strapi hands its controllers Koa's context, which has what Context names (Strapi adds badRequest to it).
    const handler: Core.ControllerHandler = (ctx) => find(ctx as unknown as Context);
    return { find: handler };
  };
