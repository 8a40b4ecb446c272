/**
 * The content service, Strapi-shaped: `{ data, meta }`, errors thrown as `{ data: null, error }`
 * (errors.ts), filters in qs syntax. Paths are those of the production content service; the list endpoints (b2c-categories,
 * b2c-pages, b2c-faqs, b2c-shops) are what the site's build-time loaders page through.
 */
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { Database } from '../db/database.ts';
import { renderLevel } from '../../lib/content/wire.ts';
import { channelOf, languageOf, type LocaleCode } from '../../lib/channels.ts';
import {
  countProducts,
  findCategories,
  findCrossSell,
  findFaq,
  findMenu,
  findPages,
  findProducts,
  findShops,
  type ProductQuery,
} from './repository.ts';
import { contentNotFound } from './errors.ts';
import { SERVICE_VERSION } from './facts.ts';
import { findUpload, isUploadName } from './uploads.ts';
import { recommendationRoutes } from './recommendations.ts';
import { localeParam, MAX_PAGE_SIZE, parseQuery } from './query.ts';
import { editorRoutes } from './editor/routes.ts';
import type { WebhookSender } from './editor/webhooks.ts';

/** An upload's address names its bytes (its hash is in its name): a cache may keep it for a year and never ask again. */
const UPLOAD_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** Whether an If-None-Match header names this entity tag (a list, weak tags, or `*`). */
const matchesEtag = (header: string | undefined, etag: string): boolean =>
  header?.split(',').some((tag) => ['*', etag].includes(tag.trim().replace(/^W\//, ''))) ?? false;

/** SKUs, slugs, category and cross-sell keys: anything else cannot exist, so it is a 404 without a query. */
const isIdentifier = (value: string): boolean => /^[A-Za-z0-9_-]{1,128}$/.test(value);
const productListQuery = z.object({
  locale: localeParam,
  render: renderLevel.default(1),
  filters: z
    .object({
      sku: z.object({ $in: z.array(z.string().regex(/^[A-Za-z0-9_-]{1,64}$/)).max(MAX_PAGE_SIZE) }).optional(),
      categories: z.object({ $contains: z.string().regex(/^[a-z0-9-]{1,64}$/) }).optional(),
    })
    .optional(),
  pagination: z
    .object({
      page: z.coerce.number().int().min(1).default(1),
      pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(100),
    })
    .default({ page: 1, pageSize: 100 }),
});
const localeQuery = z.object({ locale: localeParam });
const renderQuery = localeQuery.extend({ render: renderLevel.default(2) });
const crossSellQuery = localeQuery.extend({
  sku: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,128}$/)
    .optional(),
  limit: z.coerce.number().int().min(1).max(24).default(4),
});

/**
 * `base` is where the app is mounted, so the generic page route can read its key from the path; `editor`
 * mounts the editor API (editor/) at `<base>/api`.
 */
export function contentRoutes(db: Database, base = '/content', editor?: { token?: string; webhooks: WebhookSender }): Hono {
  const app = new Hono();
  if (editor) app.route('/api', editorRoutes(db, editor));
  // Images are named by absolute URLs, as Strapi's upload providers give them, on the address the caller
  // reached the service at: the build that reads them, or a browser showing a cart line's picture.
  const uploadsUrl = (c: Context) => `${new URL(c.req.url).origin}${base}/uploads/`;
  const productQuery = (c: Context, locale: LocaleCode, render: ProductQuery['render']): ProductQuery => ({
    language: languageOf(locale),
    vatRate: channelOf(locale).vatRate,
    render,
    uploadsUrl: uploadsUrl(c),
  });

  app.get('/uploads/:name', async (c) => {
    const name = c.req.param('name');
    if (!isUploadName(name)) throw contentNotFound('File not found');
    const head = c.req.method === 'HEAD';
    const file = await findUpload(db, name, false);
    if (!file) throw contentNotFound('File not found');
    const etag = `"${file.hash}"`;
    const headers = { 'Cache-Control': UPLOAD_CACHE_CONTROL, ETag: etag, 'Content-Type': file.mime };
    if (matchesEtag(c.req.header('if-none-match'), etag)) return c.body(null, 304, headers);
    if (head) return c.body(null, 200, { ...headers, 'Content-Length': String(file.size) });
    const data = (await findUpload(db, name, true))?.data;
    if (!data) throw contentNotFound('File not found');
    // A copy the size of the file, in a buffer of its own (the drivers may hand out a view of a shared one).
    return c.body(new Uint8Array(data), 200, headers);
  });

  app.get('/b2c-products', async (c) => {
    const q = parseQuery(c, productListQuery);
    const { page, pageSize } = q.pagination;
    const query: ProductQuery = {
      ...productQuery(c, q.locale, q.render),
      skus: q.filters?.sku?.$in,
      categoryKey: q.filters?.categories?.$contains,
      limit: pageSize,
      offset: (page - 1) * pageSize,
    };
    const [data, total] = await Promise.all([findProducts(db, query), countProducts(db, query)]);
    return c.json({
      data,
      meta: { pagination: { page, pageSize, pageCount: Math.ceil(total / pageSize), total }, version: SERVICE_VERSION },
    });
  });

  app.get('/b2c-products/b2c-categories/:category', async (c) => {
    const q = parseQuery(c, crossSellQuery);
    const category = c.req.param('category');
    if (!isIdentifier(category)) throw contentNotFound('Category not found');
    const known = (await findCategories(db, languageOf(q.locale), uploadsUrl(c))).some((cat) => cat.key === category);
    if (!known) throw contentNotFound(`Category ${category} not found`);
    // A cross-sell offers what lists offer: never a sample (free, sold once on its own page) nor a product off sale.
    const data = await findProducts(db, {
      ...productQuery(c, q.locale, 1),
      categoryKey: category,
      excludeSku: q.sku,
      listedOnly: true,
      limit: q.limit,
    });
    return c.json({ data, meta: {} });
  });

  app.get('/b2c-products/:id', async (c) => {
    const q = parseQuery(c, renderQuery);
    const id = c.req.param('id');
    if (!isIdentifier(id)) throw contentNotFound('Product not found');
    const bySku = id.startsWith('sku-');
    const [product] = await findProducts(db, {
      ...productQuery(c, q.locale, q.render),
      ...(bySku ? { skus: [id.slice(4)] } : { slug: id }),
      limit: 1,
    });
    if (!product) throw contentNotFound('Product not found');
    return c.json({ data: product, meta: {} });
  });

  app.get('/b2c-categories', async (c) => {
    const q = parseQuery(c, localeQuery);
    return c.json({ data: await findCategories(db, languageOf(q.locale), uploadsUrl(c)), meta: {} });
  });

  app.get('/b2c-pages', async (c) => {
    const q = parseQuery(c, localeQuery.extend({ filters: z.object({ kind: z.object({ $eq: z.enum(['page', 'landing']) }) }).optional() }));
    return c.json({ data: await findPages(db, languageOf(q.locale), uploadsUrl(c), { kind: q.filters?.kind.$eq }), meta: {} });
  });

  app.get('/b2c-faqs', async (c) => {
    const q = parseQuery(c, localeQuery);
    return c.json({ data: await findFaq(db, languageOf(q.locale)), meta: {} });
  });

  app.get('/b2c-shops', async (c) => {
    const q = parseQuery(c, localeQuery);
    return c.json({ data: await findShops(db, languageOf(q.locale)), meta: {} });
  });

  for (const key of ['header', 'footer'] as const) {
    app.get(`/b2c-${key}`, async (c) => {
      const q = parseQuery(c, localeQuery);
      return c.json({ data: await findMenu(db, key as 'header', languageOf(q.locale)), meta: {} });
    });
  }

  app.get('/b2c-cross-sells/:key', async (c) => {
    const q = parseQuery(c, localeQuery);
    const key = c.req.param('key');
    if (!isIdentifier(key)) throw contentNotFound('Cross-sell not found');
    const list = await findCrossSell(db, key);
    if (!list) throw contentNotFound(`Cross-sell ${key} not found`);
    const products = await findProducts(db, { ...productQuery(c, q.locale, 1), skus: list.products });
    // Keep the editor's order; a SKU missing from the catalogue is simply absent.
    const order = new Map(list.products.map((sku, i) => [sku, i]));
    products.sort((a, b) => (order.get(a.sku) ?? 0) - (order.get(b.sku) ?? 0));
    return c.json({ data: { key: list.key, main_product: list.main_product, products }, meta: {} });
  });

  app.route('/', recommendationRoutes(db, base));

  // Generic page by key, slashes trimmed: GET /terms, /terms/, //terms// all read the page "terms".
  app.get('/*', async (c) => {
    const key = decodeURIComponent(new URL(c.req.url).pathname)
      .slice(base.length)
      .replace(/^\/+|\/+$/g, '');
    if (!/^[a-z0-9-]{1,64}$/.test(key)) throw contentNotFound('Page not found');
    const q = parseQuery(c, localeQuery);
    const [page] = await findPages(db, languageOf(q.locale), uploadsUrl(c), { key });
    if (!page) throw contentNotFound(`Page ${key} not found`);
    return c.json({ data: page, meta: {} });
  });

  return app;
}
