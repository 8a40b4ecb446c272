/**
 * Client of the content service (Strapi-style REST), used at build time by the site's content loaders and at run
 * time by islands. Every answer is parsed with the wire schemas, once, here.
 */
import { z } from 'zod';
import type { LocaleCode } from '../channels.ts';
import {
  category,
  contentPage,
  crossSell,
  envelope,
  errorBody,
  faqCategory,
  footer,
  header,
  productEmpty,
  productFull,
  productSummary,
  shop,
  type RenderLevel,
} from './wire.ts';

export class ContentError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = 'ContentError';
    this.status = status;
  }
}

const productByRender = [productEmpty, productSummary, productFull] as const;

/** An entry of a list the client left out: its schema refused it (the build's content report, src/site/content-report.ts). */
export interface SkippedEntry {
  /** The list (b2c-products, b2c-categories…). */
  collection: string;
  locale: string;
  /** Its key or SKU, or its place in the answer when it has none. */
  key: string;
  reason: string;
}

export interface ContentClientOptions {
  /** The API token the build reads with (CONTENT_API_TOKEN), sent as Strapi reads one: a read-only token there (cms/src/bootstrap/build-token.ts). */
  token?: string;
  /**
   * Told of each entry of a list that its schema refuses. With it, such an entry is left out and the rest of the
   * list kept (the build: one broken entry does not stop a site); without it, the whole answer is refused.
   */
  onSkipped?: (entry: SkippedEntry) => void;
}

const keyOf = (entry: unknown, index: number): string => {
  const fields = (entry ?? {}) as { sku?: unknown; key?: unknown };
  const key = typeof fields.sku === 'string' ? fields.sku : fields.key;
  return typeof key === 'string' ? key : `#${index + 1}`;
};

export function contentClient(baseUrl: string, fetchImpl: typeof fetch = fetch, options: ContentClientOptions = {}) {
  const root = baseUrl.replace(/\/+$/, '');
  const headers: Record<string, string> = {
    accept: 'application/json',
    ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
  };

  /** The answer's body, or the service's error as a ContentError. */
  async function fetchBody(path: string, params: Record<string, string | number>): Promise<{ body: unknown; url: URL }> {
    const url = new URL(`${root}/${path.replace(/^\/+|\/+$/g, '')}`);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, String(v));
    const response = await fetchImpl(url, { headers });
    const body: unknown = await response.json().catch(() => null);
    if (!response.ok) {
      const error = errorBody.safeParse(body);
      throw new ContentError(response.status, error.success ? error.data.error.message : `${response.status} ${url.pathname}`);
    }
    return { body, url };
  }

  async function get<T extends z.core.$ZodType>(path: string, params: Record<string, string | number>, schema: T): Promise<z.infer<T>> {
    const { body, url } = await fetchBody(path, params);
    const parsed = envelope(schema).safeParse(body);
    if (!parsed.success) throw new ContentError(502, `Unexpected answer from ${url.pathname}: ${parsed.error.message}`);
    return (parsed.data as { data: z.infer<T> }).data;
  }

  /** A list, each entry parsed on its own: one its schema refuses is left out and told of (options.onSkipped), or refuses the list. */
  async function list<T extends z.core.$ZodType>(
    path: string,
    params: Record<string, string | number> & { locale: LocaleCode },
    schema: T,
  ): Promise<{ entries: Array<z.infer<T>>; pageCount: number; version?: string }> {
    const { body, url } = await fetchBody(path, params);
    const parsed = envelope(z.array(z.unknown())).safeParse(body);
    if (!parsed.success) throw new ContentError(502, `Unexpected answer from ${url.pathname}: ${parsed.error.message}`);
    const entries = parsed.data.data.flatMap((entry, index) => {
      const one = z.safeParse(schema, entry);
      if (one.success) return [one.data as z.infer<T>];
      const skipped = {
        collection: path.split('/')[0]!,
        locale: params.locale,
        key: keyOf(entry, index),
        reason: z.prettifyError(one.error),
      };
      if (!options.onSkipped) throw new ContentError(502, `Unexpected answer from ${url.pathname}: ${skipped.key}: ${skipped.reason}`);
      options.onSkipped(skipped);
      return [];
    });
    const { version } = parsed.data.meta as { version?: unknown };
    return { entries, pageCount: parsed.data.meta.pagination?.pageCount ?? 1, version: typeof version === 'string' ? version : undefined };
  }

  async function catalogue<R extends RenderLevel>(locale: LocaleCode, pageSize: number, render: R) {
    const products: Array<z.infer<(typeof productByRender)[R]>> = [];
    let version: string | undefined;
    for (let page = 1; ; page += 1) {
      const answer = await list(
        'b2c-products',
        { render, locale, 'pagination[page]': page, 'pagination[pageSize]': pageSize },
        productByRender[render],
      );
      products.push(...(answer.entries as Array<z.infer<(typeof productByRender)[R]>>));
      version ??= answer.version;
      if (page >= answer.pageCount) return { products, version };
    }
  }

  return {
    product: <R extends RenderLevel>(idOrSlug: { sku: string } | { slug: string }, render: R, locale: LocaleCode) =>
      get(
        'sku' in idOrSlug ? `b2c-products/sku-${encodeURIComponent(idOrSlug.sku)}` : `b2c-products/${encodeURIComponent(idOrSlug.slug)}`,
        { render, locale },
        productByRender[render],
      ) as Promise<z.infer<(typeof productByRender)[R]>>,

    /**
     * Batch by SKU; a SKU missing from the answer is simply absent (the caller marks it "Product not found").
     * One page as large as the batch (the service's default page of 100 would drop the rest; it refuses
     * more than 500); no SKU asks nothing (without the filter the service answers the whole catalogue).
     */
    async productsBySku<R extends RenderLevel>(
      skus: string[],
      render: R,
      locale: LocaleCode,
    ): Promise<Array<z.infer<(typeof productByRender)[R]>>> {
      if (skus.length === 0) return [];
      const { entries } = await list(
        'b2c-products',
        {
          render,
          locale,
          'pagination[pageSize]': skus.length,
          ...Object.fromEntries(skus.map((s, i) => [`filters[sku][$in][${i}]`, s])),
        },
        productByRender[render],
      );
      return entries as Array<z.infer<(typeof productByRender)[R]>>;
    },

    /**
     * Every product of a locale, page by page, at a render level: the build's loader lists them all at
     * render 0 (SKU, slug and updatedAt: a few bytes each), then asks in full for the changed ones only.
     */
    allProducts: async <R extends RenderLevel = 2>(locale: LocaleCode, pageSize = 250, render: R = 2 as R) =>
      (await catalogue(locale, pageSize, render)).products,

    /**
     * The catalogue's listing (render 0) with the service's version: a value that changes when what the service
     * computes into its answers changes (a VAT rate, the label's mentions), which no entry's stamp shows.
     */
    listing: (locale: LocaleCode, pageSize = 250) => catalogue(locale, pageSize, 0),

    categoryCrossSell: (categoryKey: string, excludeSku: string, locale: LocaleCode, limit = 4) =>
      get(`b2c-products/b2c-categories/${encodeURIComponent(categoryKey)}`, { sku: excludeSku, locale, limit }, z.array(productSummary)),
    crossSell: (key: string, locale: LocaleCode) => get(`b2c-cross-sells/${encodeURIComponent(key)}`, { locale }, crossSell),
    categories: async (locale: LocaleCode) => (await list('b2c-categories', { locale }, category)).entries,
    pages: async (locale: LocaleCode) => (await list('b2c-pages', { locale }, contentPage)).entries,
    page: (key: string, locale: LocaleCode) => get(key, { locale }, contentPage),
    faq: async (locale: LocaleCode) => (await list('b2c-faqs', { locale }, faqCategory)).entries,
    shops: async (locale: LocaleCode) => (await list('b2c-shops', { locale }, shop)).entries,
    header: (locale: LocaleCode) => get('b2c-header', { locale }, header),
    footer: (locale: LocaleCode) => get('b2c-footer', { locale }, footer),
  };
}
export type ContentClient = ReturnType<typeof contentClient>;
