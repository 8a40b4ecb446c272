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

export function contentClient(baseUrl: string, fetchImpl: typeof fetch = fetch) {
  const root = baseUrl.replace(/\/+$/, '');

  async function get<T extends z.core.$ZodType>(path: string, params: Record<string, string | number>, schema: T): Promise<z.infer<T>> {
    const url = new URL(`${root}/${path.replace(/^\/+|\/+$/g, '')}`);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, String(v));
    const response = await fetchImpl(url, { headers: { accept: 'application/json' } });
    const body: unknown = await response.json().catch(() => null);
    if (!response.ok) {
      const error = errorBody.safeParse(body);
      throw new ContentError(response.status, error.success ? error.data.error.message : `${response.status} ${url.pathname}`);
    }
    const parsed = envelope(schema).safeParse(body);
    if (!parsed.success) throw new ContentError(502, `Unexpected answer from ${url.pathname}: ${parsed.error.message}`);
    return (parsed.data as { data: z.infer<T> }).data;
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
      return get(
        'b2c-products',
        {
          render,
          locale,
          'pagination[pageSize]': skus.length,
          ...Object.fromEntries(skus.map((s, i) => [`filters[sku][$in][${i}]`, s])),
        },
        z.array(productByRender[render]),
      ) as Promise<Array<z.infer<(typeof productByRender)[R]>>>;
    },

    /**
     * Every product of a locale, page by page, at a render level: the build's loader lists them all at
     * render 0 (SKU, slug and updatedAt: a few bytes each), then asks in full for the changed ones only.
     */
    async allProducts<R extends RenderLevel = 2>(
      locale: LocaleCode,
      pageSize = 250,
      render: R = 2 as R,
    ): Promise<Array<z.infer<(typeof productByRender)[R]>>> {
      const all: Array<z.infer<(typeof productByRender)[R]>> = [];
      for (let page = 1; ; page += 1) {
        const url = new URL(`${root}/b2c-products`);
        url.search = new URLSearchParams({
          render: String(render),
          locale,
          'pagination[page]': String(page),
          'pagination[pageSize]': String(pageSize),
        }).toString();
        const response = await fetchImpl(url, { headers: { accept: 'application/json' } });
        if (!response.ok) throw new ContentError(response.status, `${response.status} ${url.pathname}`);
        const body = envelope(z.array(productByRender[render])).parse(await response.json());
        all.push(...(body.data as Array<z.infer<(typeof productByRender)[R]>>));
        if (page >= (body.meta.pagination?.pageCount ?? 1)) return all;
      }
    },

    categoryCrossSell: (categoryKey: string, excludeSku: string, locale: LocaleCode, limit = 4) =>
      get(`b2c-products/b2c-categories/${encodeURIComponent(categoryKey)}`, { sku: excludeSku, locale, limit }, z.array(productSummary)),
    crossSell: (key: string, locale: LocaleCode) => get(`b2c-cross-sells/${encodeURIComponent(key)}`, { locale }, crossSell),
    categories: (locale: LocaleCode) => get('b2c-categories', { locale }, z.array(category)),
    pages: (locale: LocaleCode) => get('b2c-pages', { locale }, z.array(contentPage)),
    page: (key: string, locale: LocaleCode) => get(key, { locale }, contentPage),
    faq: (locale: LocaleCode) => get('b2c-faqs', { locale }, z.array(faqCategory)),
    shops: (locale: LocaleCode) => get('b2c-shops', { locale }, z.array(shop)),
    header: (locale: LocaleCode) => get('b2c-header', { locale }, header),
    footer: (locale: LocaleCode) => get('b2c-footer', { locale }, footer),
  };
}
export type ContentClient = ReturnType<typeof contentClient>;
