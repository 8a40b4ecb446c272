/**
 * What the content service answers (Strapi-style `{ data, meta }`), as zod schemas used by both the
 * embedded platform (to shape answers) and the site's loaders (to parse them), so the two cannot drift.
 */
import { z } from 'zod';
import { shopSchedule } from '../shops/opening-hours.ts';
import { image, type productEmpty, productSummary, updatedAt } from './products.ts';

/** render=0 empty, 1 summary, 2 full (the content service's load levels). */
export const renderLevel = z.coerce.number().int().min(0).max(2);
export type RenderLevel = z.infer<typeof renderLevel>;

// The product at render levels 0 and 1 and the image fields are zod mini's (./products.ts): the guides parse
// them in the browser. The classic schemas below take them as they are.
export { productEmpty, productFilters, productSummary, type ContentImage, type ProductVariant } from './products.ts';

/**
 * The analytical constituents in percent as fed: the five every pet food declares (EU Regulation 767/2009,
 * annex VII), then the ones a food declares because its copy claims them (art. 13(1): a claimed substance's
 * level is declared). Glucosamine and chondroitin too are in percent, as the composition gives them.
 */
export const analyticalConstituents = z.object({
  protein: z.number(),
  fat: z.number(),
  fibre: z.number(),
  ash: z.number(),
  moisture: z.number(),
  calcium: z.number().positive().optional(),
  phosphorus: z.number().positive().optional(),
  omega3: z.number().positive().optional(),
  /** EPA and DHA together, part of the omega-3. */
  epaDha: z.number().positive().optional(),
  dha: z.number().positive().optional(),
  glucosamine: z.number().positive().optional(),
  chondroitin: z.number().positive().optional(),
});
/** The constituents a food declares beyond the five, in the order a label lists them. */
export const claimableConstituents = ['calcium', 'phosphorus', 'omega3', 'epaDha', 'dha', 'glucosamine', 'chondroitin'] as const;
export type ClaimableConstituent = (typeof claimableConstituents)[number];

/**
 * What the law asks a pet food's label to name (EU Regulation 767/2009 art. 17 and 19): the operator
 * responsible for the labelling (name and address), the approval or registration number of the establishment
 * that makes the food (`null` for an entry an editor has not given one yet), and where to ask about the
 * additives it contains.
 */
const labelling = z.object({
  approval_number: z.string().min(1).nullable(),
  operator: z.object({ name: z.string().min(1), address: z.array(z.string().min(1)).min(1) }),
  additives_contact: z.object({ phone: z.string().min(1), email: z.email() }),
});

const review = z.object({
  author: z.string(),
  rating: z.number(),
  date: z.string(),
  locale: z.string(),
  title: z.string(),
  body: z.string(),
});

export const productFull = z.object({
  ...productSummary.shape,
  description: z.string(),
  composition: z.string(),
  additives: z.string(),
  energy_kcal_per_kg: z.number().int(),
  analytical_constituents: analyticalConstituents,
  feeding_table: z.array(z.object({ weightKg: z.number(), gramsPerDay: z.number() })),
  /** Reviews as the production service names them. */
  json_avis: z.object({ rating: z.number(), count: z.number().int(), reviews: z.array(review) }),
  /** Slug of each language, for the language switcher and hreflang. */
  localizations: z.record(z.string(), z.string()),
  labelling,
});
export type ProductLabelling = z.infer<typeof labelling>;
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
export const envelope = <T extends z.core.$ZodType>(data: T) =>
  z.object({ data, meta: z.object({ pagination: pagination.optional() }).loose() });
export const errorBody = z.object({
  data: z.null(),
  error: z.object({ status: z.number().int(), name: z.string(), message: z.string(), details: z.unknown().optional() }),
});
