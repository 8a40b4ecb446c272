/**
 * A product as the content service answers it at render levels 0 (empty) and 1 (summary), and the image
 * fields every entry shares, written with zod mini: the guides parse the products they recommend with
 * these in the browser, which then does not load zod's classic API. The rest of the service's answers,
 * the full product among them, are in ./wire.ts (read at build time and by the platform), built on these.
 */
import '../zod/jitless.ts';
import { z } from 'zod/mini';

const productVariant = z.object({
  code: z.string().check(z.regex(/^\d{8}$/)),
  name: z.string(),
  slug: z.string(),
  unit: z.enum(['kg', 'g', 'l']),
  net_quantity: z.number(),
  show_variant: z.boolean(),
  in_stock: z.boolean(),
  /** Integers in minor units; tax included, tax free for the channel, subscription (10% off). */
  base_price: z.int(),
  base_price_tf: z.int(),
  base_price_subscription: z.int(),
});
export type ProductVariant = z.infer<typeof productVariant>;

export const productFilters = z.object({
  lifeStage: z.string(),
  size: z.string(),
  sterilised: z.boolean(),
  grainFree: z.boolean(),
  mainProtein: z.string(),
  /**
   * The particularities of a pet's profile the recipe is made for (a hairball recipe), which the guides
   * offer it first for. Never a disease: a pathology is a vet's (lib/nutrition/referral.ts).
   */
  helpsWith: z.optional(z.array(z.enum(['hairballs', 'sensitive-digestion']))),
});

/** When an editor last changed the entry (Strapi's updatedAt, ISO 8601): the sitemaps' lastmod. */
export const updatedAt = z.iso.datetime({ offset: true });

/**
 * An entry's image, as Strapi's media fields name it: where the file is (an absolute URL, usable as an
 * `<img src>`), its hash, its alternative text in the entry's language, its size in pixels and its type.
 */
const file = {
  url: z.url({ protocol: /^https?$/ }),
  width: z.int().check(z.positive()),
  height: z.int().check(z.positive()),
  mime: z.string().check(z.regex(/^image\//)),
};
const contentImage = z.object({
  ...file,
  fileHash: z.string().check(z.minLength(1)),
  alternativeText: z.string(),
  /**
   * The smaller files made of it, as Strapi's upload plugin names them: `thumbnail` fits in 245 × 156 pixels,
   * for a picture shown small. Absent for an upload made before thumbnails were.
   */
  formats: z.optional(z.object({ thumbnail: z.optional(z.object(file)) })),
});
export type ContentImage = z.infer<typeof contentImage>;
/** Where a picture shown small is: its thumbnail's file, or the master when it has none. */
export const smallImageUrl = (image: ContentImage): string => image.formats?.thumbnail?.url ?? image.url;
/** No image yet is `null`, like Strapi's empty media field, or absent (a service that predates images). */
export const image = z.nullish(contentImage);

export const productEmpty = z.object({
  sku: z.string(),
  slug: z.string(),
  viewable: z.boolean(),
  oldProduct: z.boolean(),
  updatedAt,
  /** The slugs an editor replaced (newest first): their addresses redirect to the product's page. */
  formerSlugs: z.optional(z.array(z.string())),
});
export const productSummary = z.extend(productEmpty, {
  name: z.string(),
  animal: z.enum(['dog', 'cat']),
  kind: z.enum(['dry', 'wet', 'treat']),
  isSample: z.boolean(),
  position: z.int(),
  best_seller_rank: z.int(),
  first_sell_at: z.string(),
  colour: z.string(),
  rating: z.number(),
  review_count: z.int(),
  short_description: z.string(),
  filters: productFilters,
  /** Category keys, main one first. */
  categories: z.array(z.string()),
  ProductVariants: z.array(productVariant),
  /** The pack shot, its words in the entry's language. */
  image,
});
