/**
 * Build-time content loaders: every collection is read from the content service (CONTENT_API_URL), for
 * each locale of the channel being built. Entries carry a digest, so a rebuild after one edit re-parses
 * only what changed, and entries the service no longer lists are removed.
 */
import { defineCollection } from 'astro:content';
import type { Loader } from 'astro/loaders';
import { z } from 'zod';
import { contentClient, type ContentClient } from './lib/content/client.ts';
import { category, contentPage, faqCategory, footer, header, productFull, shop } from './lib/content/wire.ts';
import { channels, localeCodes, type ChannelCode, type LocaleCode } from './lib/channels.ts';
import { LOCAL_CONTENT_API_URL } from './lib/local-defaults.ts';

const channel = channels[(process.env.CHANNEL ?? 'fr').toUpperCase() as ChannelCode];
const client = contentClient(process.env.CONTENT_API_URL ?? LOCAL_CONTENT_API_URL);

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
      logger.info(`${changed} changed of ${seen.size}`);
    },
  };
}

const locale = z.enum(localeCodes);

export const collections = {
  products: defineCollection({
    loader: serviceLoader('products', async (c, l) => (await c.allProducts(l)).map((p) => ({ ...p, key: p.sku }))),
    schema: productFull.extend({ key: z.string(), locale }),
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
