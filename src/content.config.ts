/**
 * Build-time content loaders: every collection is read from the content service (CONTENT_API_URL), for
 * each locale of the channel being built. Entries carry a digest, so a rebuild after one edit re-parses
 * only what changed, and entries the service no longer lists are removed. The catalogue, by far the
 * largest collection, is asked in full only for the products changed since the last sync (productsLoader).
 */
import { defineCollection } from 'astro:content';
import type { Loader } from 'astro/loaders';
import { z } from 'zod';
import { contentClient, type ContentClient } from './lib/content/client.ts';
import { category, contentPage, faqCategory, footer, header, productFull, shop } from './lib/content/wire.ts';
import { channels, languageOf, localeCodes, type ChannelCode, type LocaleCode } from './lib/channels.ts';
import { LOCAL_CONTENT_API_URL } from './lib/local-defaults.ts';
import { contentReport } from './site/content-report.ts';
import { detailsDir, hasDetails, keepDetailsOf, productListing, splitDetails, writeDetails } from './site/product-details.ts';

const channel = channels[(process.env.CHANNEL ?? 'fr').toUpperCase() as ChannelCode];
const contentUrl = process.env.CONTENT_API_URL ?? LOCAL_CONTENT_API_URL;
// What the build leaves out of the service's answers, and why (src/site/content-report.ts): an entry its schema
// refuses is skipped, never the build. CONTENT_API_TOKEN: the build's read-only API token, when the service asks for one.
const report = contentReport(channel.code.toLowerCase(), process.env);
const client = contentClient(contentUrl, fetch, { token: process.env.CONTENT_API_TOKEN || undefined, onSkipped: report.skip });

/** A collection whose entries are `{ locale }` plus what `fetch` returns, keyed `<locale>/<key>`. */
type Markdown = (source: string) => Promise<string>;
function serviceLoader<T extends object>(
  name: string,
  fetchAll: (c: ContentClient, locale: LocaleCode) => Promise<Array<T & { key: string }>>,
  /** Adds rendered HTML to an entry whose texts are Markdown; runs only for changed entries. */
  render?: (item: T, markdown: Markdown) => Promise<object>,
): Loader {
  return {
    name: `content-service:${name}`,
    async load({ store, parseData, generateDigest, logger, renderMarkdown }) {
      const markdown: Markdown = async (source) => (await renderMarkdown(source)).html;
      const seen = new Set<string>();
      let changed = 0;
      for (const locale of channel.locales) {
        for (const item of await fetchAll(client, locale)) {
          const id = `${locale}/${item.key}`;
          const data = { ...item, locale };
          const digest = generateDigest(data);
          seen.add(id);
          if (store.get(id)?.digest === digest) continue;
          const rendered = render ? await render(item, markdown) : {};
          store.set({ id, data: await parseData({ id, data: { ...data, ...rendered } }), digest });
          changed += 1;
        }
      }
      for (const id of store.keys()) if (!seen.has(id)) store.delete(id);
      report.close(logger);
      logger.info(`${changed} changed of ${seen.size}`);
    },
  };
}

/** The content service's largest page (it refuses more). */
const PAGE = 500;
/** SKUs asked by one request: its address names each of them, and a server refuses an address much over 8 KB. */
const SKUS_PER_REQUEST = 100;

/**
 * The catalogue, asked only for what changed since the last sync. The service lists every product at
 * render 0 (SKU and updatedAt, a few bytes each) in each language: an entry shows its other languages'
 * slugs (the alternates), so its stamp is its updatedAt in every language. The products whose stamp
 * differs from the one stored at the last sync are read in full, by SKU, in batches; the ones the service
 * no longer lists are removed; an unpublished one is listed (not viewable) like any edit. The editor API
 * stamps every write (a format's price stamps its product in every language). The stamps hold for one service
 * and one shape of its answers: another CONTENT_API_URL (its pictures' addresses), a product schema that
 * changed (a new field a release reads: the stored entries lack it), or another version of what the service
 * computes into its answers (meta.version: a VAT rate, the label's mentions; no entry's stamp moves with those)
 * syncs everything, so a deploy never builds from entries of the old shape. The store keeps what the lists show; each entry's details (what only its
 * page shows) are in a file of its own (src/site/product-details.ts), and a product whose file is missing is
 * read again.
 */
function productsLoader(): Loader {
  return {
    name: 'content-service:products',
    async load({ store, meta, parseData, generateDigest, logger }) {
      const languages = [...new Map(localeCodes.map((l) => [languageOf(l), l])).values()];
      const stamps = new Map<string, string>();
      const listed = new Map<string, Set<string>>();
      /** Of those, the ones published in each language (an unpublished one is listed, not viewable). */
      const shown = new Map<string, Set<string>>();
      let version = '';
      for (const l of languages) {
        const skus = new Set<string>();
        const viewable = new Set<string>();
        const listing = await client.listing(l, PAGE);
        version ||= listing.version ?? '';
        for (const p of listing.products) {
          stamps.set(p.sku, `${stamps.get(p.sku) ?? ''}${languageOf(l)} ${p.updatedAt};`);
          skus.add(p.sku);
          if (p.viewable) viewable.add(p.sku);
        }
        listed.set(languageOf(l), skus);
        shown.set(languageOf(l), viewable);
      }
      const shape = generateDigest(JSON.stringify(z.toJSONSchema(productFull)));
      const sameService = meta.get('service') === contentUrl && meta.get('shape') === shape && meta.get('version') === version;
      const synced = new Map<string, string>(sameService ? Object.entries(JSON.parse(meta.get('stamps') ?? '{}')) : []);
      const seen = new Set<string>();
      const dir = detailsDir(channel.code.toLowerCase(), process.env);
      const detailed = (id: string) => {
        const digest = store.get(id)?.digest;
        return digest !== undefined && hasDetails(dir, String(digest));
      };
      let read = 0;
      let changed = 0;
      for (const locale of channel.locales) {
        // Where the text of each product comes from: this language's, or, for a product not published in it but in
        // the channel's other language, that one's (a missing translation falls back, flagged, rather than leaving the
        // page out; to take a product off a site, an editor unpublishes it in each language).
        const own = languageOf(locale);
        const sources = new Map<string, LocaleCode>([...(listed.get(own) ?? [])].map((sku) => [sku, locale]));
        for (const from of channel.locales.filter((other) => other !== locale))
          for (const sku of shown.get(languageOf(from)) ?? [])
            if (!shown.get(own)?.has(sku) && (sources.get(sku) ?? locale) === locale) sources.set(sku, from);
        for (const sku of sources.keys()) seen.add(`${locale}/${sku}`);
        const stale = [...sources].filter(([sku]) => synced.get(`${locale}/${sku}`) !== stamps.get(sku) || !detailed(`${locale}/${sku}`));
        for (const from of channel.locales) {
          const skus = stale.filter(([, source]) => source === from).map(([sku]) => sku);
          for (let i = 0; i < skus.length; i += SKUS_PER_REQUEST) {
            for (const item of await client.productsBySku(skus.slice(i, i + SKUS_PER_REQUEST), 2, from)) {
              const id = `${locale}/${item.sku}`;
              // Nothing to sell, no page: a product published before its formats (or with all of them deleted).
              if (item.ProductVariants.length === 0) {
                report.skip({
                  collection: 'b2c-products',
                  locale,
                  key: item.sku,
                  reason: 'no format: it has a page once a format with its price is published',
                });
                store.delete(id);
                continue;
              }
              const borrowed =
                from === locale
                  ? {}
                  : // Its page in this language, at the address of the other's slug, marked as written in the other language.
                    { textLocale: from, localizations: { ...item.localizations, [languageOf(locale)]: item.slug } };
              const data = { ...item, ...borrowed, key: item.sku, locale };
              const digest = generateDigest(data);
              synced.set(id, stamps.get(item.sku) ?? '');
              read += 1;
              const { listing, details } = splitDetails(data);
              writeDetails(dir, digest, details);
              if (store.get(id)?.digest === digest) continue;
              store.set({ id, data: await parseData({ id, data: listing }), digest });
              changed += 1;
            }
          }
        }
        // Flagged at every build (read now or at an earlier one), until the translation is published.
        for (const [sku, from] of sources)
          if (from !== locale && store.has(`${locale}/${sku}`))
            report.flag({
              collection: 'b2c-products',
              locale,
              key: sku,
              reason: `not published in this language: its page shows the ${from} text, marked as such, until the translation is published`,
            });
      }
      for (const id of store.keys()) if (!seen.has(id)) store.delete(id);
      for (const id of synced.keys()) if (!seen.has(id)) synced.delete(id);
      report.close(logger);
      keepDetailsOf(dir, new Set(store.values().map((entry) => String(entry.digest))));
      meta.set('service', contentUrl);
      meta.set('shape', shape);
      meta.set('version', version);
      meta.set('stamps', JSON.stringify(Object.fromEntries(synced)));
      logger.info(`${changed} changed of ${seen.size} (${read} read in full)`);
    },
  };
}

const locale = z.enum(localeCodes);

export const collections = {
  products: defineCollection({
    loader: productsLoader(),
    schema: productListing.extend({ key: z.string(), locale, textLocale: locale.optional() }),
  }),
  categories: defineCollection({ loader: serviceLoader('categories', (c, l) => c.categories(l)), schema: category.extend({ locale }) }),
  pages: defineCollection({
    loader: serviceLoader(
      'pages',
      (c, l) => c.pages(l),
      async (page, markdown) => ({ html: await markdown(page.body) }),
    ),
    schema: contentPage.extend({ locale, html: z.string() }),
  }),
  faq: defineCollection({
    loader: serviceLoader(
      'faq',
      (c, l) => c.faq(l),
      async (category, markdown) => ({
        entries: await Promise.all(category.entries.map(async (e) => ({ ...e, html: await markdown(e.answer) }))),
      }),
    ),
    schema: faqCategory.extend({ locale, entries: z.array(faqCategory.shape.entries.element.extend({ html: z.string() })) }),
  }),
  shops: defineCollection({ loader: serviceLoader('shops', (c, l) => c.shops(l)), schema: shop.extend({ locale }) }),
  menus: defineCollection({
    loader: serviceLoader('menus', async (c, l) => [
      { key: 'header', ...(await c.header(l)) },
      { key: 'footer', ...(await c.footer(l)) },
    ]),
    schema: z.union([header.extend({ key: z.literal('header'), locale }), footer.extend({ key: z.literal('footer'), locale })]),
  }),
};
