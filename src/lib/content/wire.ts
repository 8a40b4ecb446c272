/**
 * What the content service answers (Strapi-style `{ data, meta }`), as zod schemas used by both the
 * embedded platform (to shape answers) and the site's loaders (to parse them), so the two cannot drift.
 */
import { z } from 'zod';
import { shopSchedule } from '../shops/opening-hours.ts';

/** render=0 empty, 1 summary, 2 full (the content service's load levels). */
export const renderLevel = z.coerce.number().int().min(0).max(2);
export type RenderLevel = z.infer<typeof renderLevel>;

const productVariant = z.object({
  code: z.string().regex(/^\d{8}$/),
  name: z.string(),
  slug: z.string(),
  unit: z.enum(['kg', 'g', 'l']),
  net_quantity: z.number(),
  show_variant: z.boolean(),
  in_stock: z.boolean(),
  /** Integers in minor units; tax included, tax free for the channel, subscription (10% off). */
  base_price: z.number().int(),
  base_price_tf: z.number().int(),
  base_price_subscription: z.number().int(),
});
export type ProductVariant = z.infer<typeof productVariant>;

export const productFilters = z.object({
  lifeStage: z.string(),
  size: z.string(),
  sterilised: z.boolean(),
  grainFree: z.boolean(),
  mainProtein: z.string(),
});

const review = z.object({
  author: z.string(),
  rating: z.number(),
  date: z.string(),
  locale: z.string(),
  title: z.string(),
  body: z.string(),
});

/** When an editor last changed the entry (Strapi's updatedAt, ISO 8601): the sitemaps' lastmod. */
const updatedAt = z.iso.datetime({ offset: true });

/**
 * An entry's image, as Strapi's media fields name it: where the file is (an absolute URL, usable as an
 * `<img src>`), its hash, its alternative text in the entry's language, its size in pixels and its type.
 */
const contentImage = z.object({
  url: z.url({ protocol: /^https?$/ }),
  fileHash: z.string().min(1),
  alternativeText: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  mime: z.string().regex(/^image\//),
});
export type ContentImage = z.infer<typeof contentImage>;
/** No image yet is `null`, like Strapi's empty media field, or absent (a service that predates images). */
const image = contentImage.nullish();

export const productEmpty = z.object({
  sku: z.string(),
  slug: z.string(),
  viewable: z.boolean(),
  oldProduct: z.boolean(),
  updatedAt,
  /** The slugs an editor replaced (newest first): their addresses redirect to the product's page. */
  formerSlugs: z.array(z.string()).optional(),
});
export const productSummary = productEmpty.extend({
  name: z.string(),
  animal: z.enum(['dog', 'cat']),
  kind: z.enum(['dry', 'wet', 'treat']),
  isSample: z.boolean(),
  position: z.number().int(),
  best_seller_rank: z.number().int(),
  first_sell_at: z.string(),
  colour: z.string(),
  rating: z.number(),
  review_count: z.number().int(),
  short_description: z.string(),
  filters: productFilters,
  /** Category keys, main one first. */
  categories: z.array(z.string()),
  ProductVariants: z.array(productVariant),
  /** The pack shot, its words in the entry's language. */
  image,
});
export const productFull = productSummary.extend({
  description: z.string(),
  composition: z.string(),
  additives: z.string(),
  energy_kcal_per_kg: z.number().int(),
  analytical_constituents: z.object({ protein: z.number(), fat: z.number(), fibre: z.number(), ash: z.number(), moisture: z.number() }),
  feeding_table: z.array(z.object({ weightKg: z.number(), gramsPerDay: z.number() })),
  /** Reviews as the production service names them. */
  json_avis: z.object({ rating: z.number(), count: z.number().int(), reviews: z.array(review) }),
  /** Slug of each language, for the language switcher and hreflang. */
  localizations: z.record(z.string(), z.string()),
});
export type ProductEmpty = z.infer<typeof productEmpty>;
export type ProductSummary = z.infer<typeof productSummary>;
export type ProductFull = z.infer<typeof productFull>;

export const category = z.object({
  key: z.string(),
  parent: z.string().nullable(),
  animal: z.enum(['dog', 'cat']),
  position: z.number().int(),
  slug: z.string(),
  path: z.string(),
  name: z.string(),
  description: z.string(),
  image,
  localizations: z.record(z.string(), z.string()),
  updatedAt,
});
export type Category = z.infer<typeof category>;

export const contentPage = z.object({
  key: z.string(),
  kind: z.enum(['page', 'landing']),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  /** Markdown. */
  body: z.string(),
  image,
  localizations: z.record(z.string(), z.string()),
  updatedAt,
});
export type ContentPage = z.infer<typeof contentPage>;

export const faqCategory = z.object({
  key: z.string(),
  slug: z.string(),
  name: z.string(),
  position: z.number().int(),
  localizations: z.record(z.string(), z.string()),
  entries: z.array(z.object({ key: z.string(), question: z.string(), answer: z.string(), position: z.number().int() })),
  /** Its latest entry's edit. */
  updatedAt,
});
export type FaqCategory = z.infer<typeof faqCategory>;

export const shop = z
  .object({
    key: z.string(),
    slug: z.string(),
    name: z.string(),
    country: z.enum(['FR', 'BE', 'LU']),
    street: z.string(),
    postcode: z.string(),
    city: z.string(),
    latitude: z.number(),
    longitude: z.number(),
    phone: z.string(),
    email: z.string(),
    description: z.string(),
    localizations: z.record(z.string(), z.string()),
    updatedAt,
  })
  .extend(shopSchedule.shape);
export type Shop = z.infer<typeof shop>;

const menuLink = z.object({ label: z.string(), route: z.string(), params: z.record(z.string(), z.string()) });
export const header = z.object({ items: z.array(menuLink.extend({ children: z.array(menuLink) })) });
export const footer = z.object({ columns: z.array(z.object({ title: z.string(), links: z.array(menuLink) })) });
export type Header = z.infer<typeof header>;
export type Footer = z.infer<typeof footer>;

export const crossSell = z.object({ key: z.string(), main_product: z.string().nullable(), products: z.array(productSummary) });

const pagination = z.object({ page: z.number().int(), pageSize: z.number().int(), pageCount: z.number().int(), total: z.number().int() });

/** Wraps a data schema in the service's envelope. */
export const envelope = <T extends z.ZodType>(data: T) => z.object({ data, meta: z.object({ pagination: pagination.optional() }).loose() });
export const errorBody = z.object({
  data: z.null(),
  error: z.object({ status: z.number().int(), name: z.string(), message: z.string(), details: z.unknown().optional() }),
});
