/**
 * The content service's editor API (Strapi 5's REST shape): `POST /content/api/<kind>` creates an entry,
 * `PUT /content/api/<kind>/<id>` updates it, `POST /content/api/<kind>/<id>/actions/publish|unpublish`
 * (the Content Manager's actions) publishes or hides it; bodies are `{ "data": { … } }`, the entry's
 * language is `?locale=`. Like Strapi 5's REST writes without `status=draft`, a write is live at once.
 * One schema per kind and write, shared by the platform (which validates with it) and the CLI.
 */
import { z } from 'zod';
import { productFilters, productFull } from './wire.ts';
import { shopSchedule } from '../shops/opening-hours.ts';

export const editorKinds = ['products', 'categories', 'pages', 'faqs', 'shops', 'menus'] as const;
export type EditorKind = (typeof editorKinds)[number];

/** The model a webhook names for each kind (Strapi's singular API ids). */
export const modelOf: Record<EditorKind, string> = {
  products: 'b2c-product',
  categories: 'b2c-category',
  pages: 'b2c-page',
  faqs: 'b2c-faq',
  shops: 'b2c-shop',
  menus: 'b2c-menu',
};

export const entryId = z.string().regex(/^[A-Za-z0-9_-]{1,128}$/, 'Not an entry id');
const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'A slug is lower-case words joined by hyphens');
const text = (max: number) => z.string().trim().min(1).max(max);
const longText = z.string().max(100_000);
const position = z.number().int().min(0).max(1_000_000);
/** A price in cents, tax included, as the catalogue stores it. */
const price = z.number().int().min(0).max(10_000_000);
const variantCode = z.string().regex(/^[0-9]{8}$/, 'A variant code is 8 digits');

const variantEdit = z.strictObject({
  code: variantCode,
  name: text(200).optional(),
  base_price: price.optional(),
  in_stock: z.boolean().optional(),
  show_variant: z.boolean().optional(),
});

const productEdit = z.strictObject({
  name: text(200),
  slug,
  short_description: longText,
  description: longText,
  colour: z.string().regex(/^#[0-9a-fA-F]{6}$/),
  position,
  best_seller_rank: position,
  /** The approval number of the establishment that makes it, as its label prints it (wire.ts, labelling). */
  approval_number: text(40),
  variants: z.array(variantEdit).min(1).max(50),
});

const productCreate = z.strictObject({
  sku: entryId,
  slug,
  name: text(200),
  animal: z.enum(['dog', 'cat']),
  kind: z.enum(['dry', 'wet', 'treat']),
  position,
  best_seller_rank: position,
  first_sell_at: z.iso.date(),
  colour: z.string().regex(/^#[0-9a-fA-F]{6}$/),
  short_description: longText,
  description: longText,
  composition: longText.default(''),
  additives: longText.default(''),
  energy_kcal_per_kg: z.number().int().min(0).max(10_000),
  analytical_constituents: productFull.shape.analytical_constituents.strict(),
  approval_number: text(40),
  feeding_table: productFull.shape.feeding_table.max(50),
  filters: z.strictObject(productFilters.shape),
  /** Category keys, the main one (the breadcrumb's) first. */
  categories: z.array(entryId).min(1).max(20),
  variants: z
    .array(
      z.strictObject({
        code: variantCode,
        name: text(200),
        slug,
        unit: z.enum(['kg', 'g', 'l']),
        net_quantity: z.number().positive().max(1000),
        base_price: price,
        in_stock: z.boolean().default(true),
        show_variant: z.boolean().default(true),
      }),
    )
    .min(1)
    .max(50),
});

const categoryEdit = z.strictObject({ name: text(200), description: longText, position });
const categoryCreate = categoryEdit.extend({
  key: entryId,
  slug,
  parent: entryId.nullable().default(null),
  animal: z.enum(['dog', 'cat']),
  description: longText.default(''),
  position: position.default(0),
});

const pageEdit = z.strictObject({ title: text(200), description: z.string().max(1000), body: longText, slug });
const pageCreate = pageEdit.extend({ key: entryId, kind: z.enum(['page', 'landing']).default('page') });

const faqEdit = z.strictObject({ question: text(500), answer: longText.min(1), position, category: entryId });
const faqCreate = faqEdit.extend({ key: entryId, position: position.default(0) });

const shopEdit = z.strictObject({
  name: text(200),
  slug,
  street: text(200),
  postcode: text(16),
  city: text(100),
  phone: text(32),
  email: z.email(),
  description: longText,
  /** Its week and the exceptions (src/lib/shops/opening-hours.ts). */
  schedule: shopSchedule,
});
const shopCreate = shopEdit.extend({
  key: entryId,
  country: z.enum(['FR', 'BE', 'LU']),
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  schedule: shopSchedule.default({ openingHours: {}, specialOpenings: [], specialClosures: [], closedPeriods: [] }),
});

const menuLink = z.strictObject({ label: text(100), route: text(100), params: z.record(z.string(), z.string()).default({}) });
const menuEdit = z.strictObject({
  items: z.union([
    z.array(menuLink.extend({ children: z.array(menuLink).default([]) })).max(50),
    z.array(z.strictObject({ title: text(100), links: z.array(menuLink).max(50) })).max(20),
  ]),
});

/** What a PUT may change (any subset) and what a POST must give, per kind; menus are single types, never created. */
export const editorBodies = {
  products: { update: productEdit.partial(), create: productCreate },
  categories: { update: categoryEdit.partial(), create: categoryCreate },
  pages: { update: pageEdit.partial(), create: pageCreate },
  faqs: { update: faqEdit.partial(), create: faqCreate },
  shops: { update: shopEdit.partial(), create: shopCreate },
  menus: { update: menuEdit, create: null },
} as const;

export type EditorUpdate<K extends EditorKind> = z.infer<(typeof editorBodies)[K]['update']>;
export type ProductCreate = z.infer<typeof productCreate>;
export type CategoryCreate = z.infer<typeof categoryCreate>;
export type PageCreate = z.infer<typeof pageCreate>;
export type FaqCreate = z.infer<typeof faqCreate>;
export type ShopCreate = z.infer<typeof shopCreate>;

/** The envelope of every editor write: Strapi's `{ "data": { … } }`. */
export const editorEnvelope = z.strictObject({ data: z.record(z.string(), z.unknown()) });
