/**
 * The shape of the seed catalogue kept in `fixtures/*.json`. Every text a shopper reads exists in
 * French and Dutch, so a fixture is checked once here, when the seed reads it, and never again.
 */
import { z } from 'zod';
import { isoDate, shopSchedule } from '../../lib/shops/opening-hours.ts';
import { countryCodes, languages } from '../../lib/channels.ts';
import { analyticalConstituents } from '../../lib/content/wire.ts';

const text = z.object({ fr: z.string().min(1), nl: z.string().min(1) });
/** A URL segment: lowercase letters, digits and hyphens (a category slug may hold slashes). */
const segment = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/);
const slugs = z.object({ fr: segment, nl: segment });

const animals = ['dog', 'cat'] as const;
const productKinds = ['dry', 'wet', 'treat'] as const;

const variantFixture = z.object({
  /** The variant code: exactly 8 digits, like every cart and variant code. */
  code: z.string().regex(/^\d{8}$/),
  /** Format label ("2 kg", "12 × 85 g") and its URL segment ("2-kg"). */
  name: text,
  slug: segment,
  unit: z.enum(['kg', 'g', 'l']),
  /** Net content in `unit` for one sellable item, e.g. 2 (kg) or 1020 (g for 12 × 85 g). */
  netQuantity: z.number().positive(),
  /** Price tax included, integer euro cents. The tax-free and subscription prices are derived. */
  basePrice: z.number().int().nonnegative(),
  showVariant: z.boolean(),
  inStock: z.boolean(),
});

export const productFixture = z.object({
  sku: z.string().regex(/^[A-Z0-9-]{4,32}$/),
  slug: slugs,
  name: text,
  animal: z.enum(animals),
  kind: z.enum(productKinds),
  /** Sample products (a small free or cheap pouch) live under /produits/echantillons/. */
  isSample: z.boolean().default(false),
  viewable: z.boolean().default(true),
  oldProduct: z.boolean().default(false),
  /** Category keys (see categories.json); the first is the main one (breadcrumb). */
  categories: z.array(z.string()).min(1),
  /** Position in the editor's order (relevancy sort), best-seller rank (1 = best), first sale date. */
  position: z.number().int(),
  bestSellerRank: z.number().int().positive(),
  firstSellAt: isoDate,
  /** Dominant colour of the pack, for the drawn pack shot ("#8a5a2b"). */
  colour: z.string().regex(/^#[0-9a-f]{6}$/),
  shortDescription: text,
  description: text,
  /** Ingredient list as printed on the pack. */
  composition: text,
  additives: text,
  /** Analytical constituents in percent: the five, and those the copy claims (lib/content/wire.ts). */
  analyticalConstituents: analyticalConstituents.strict(),
  /**
   * The approval number of the establishment that makes the food (EU Regulation 767/2009 art. 17(1)(c), "FR 56 178
   * 001 CE": country, department, commune, establishment, EC mark), printed on its label.
   */
  approvalNumber: z.string().regex(/^[A-Z]{2} \d{2,3} \d{3} \d{3} CE$/),
  /** Metabolisable energy in kcal per kg. */
  energyKcalPerKg: z.number().int().positive(),
  /** Daily portion table: grams a day by body weight in kg, for a normally active adult. */
  feedingTable: z.array(z.object({ weightKg: z.number().positive(), gramsPerDay: z.number().int().positive() })).min(1),
  /** Filter attribute values; the keys are the facets of category pages. */
  filters: z.object({
    lifeStage: z.enum(['puppy', 'kitten', 'adult', 'senior', 'all']),
    size: z.enum(['small', 'medium', 'large', 'all']),
    sterilised: z.boolean(),
    grainFree: z.boolean(),
    mainProtein: z.enum(['chicken', 'duck', 'salmon', 'lamb', 'beef', 'turkey', 'white-fish', 'pork', 'insect']),
    /** The particularities the recipe is made for, offered first by the guides (lib/content/products.ts). */
    helpsWith: z.array(z.enum(['hairballs', 'sensitive-digestion'])).optional(),
  }),
  rating: z.number().min(1).max(5),
  reviewCount: z.number().int().nonnegative(),
  /** A handful of shown reviews (json_avis). */
  reviews: z.array(
    z.object({
      author: z.string(),
      rating: z.number().int().min(1).max(5),
      date: isoDate,
      locale: z.enum(languages),
      title: z.string(),
      body: z.string(),
    }),
  ),
  variants: z.array(variantFixture).min(1).max(4),
});

const categoryFixture = z.object({
  /** Stable key, e.g. "dog" or "dog-dry"; the URL is made of the slugs of the category and its parents. */
  key: z.string().regex(/^[a-z0-9-]+$/),
  parent: z.string().nullable(),
  animal: z.enum(animals),
  position: z.number().int(),
  slug: slugs,
  name: text,
  /** One or two sentences shown above the product grid and used as meta description. */
  description: text,
});

const faqFixture = z.object({
  categories: z.array(z.object({ key: z.string(), slug: slugs, name: text, position: z.number().int() })),
  entries: z.array(
    z.object({
      key: z.string(),
      category: z.string(),
      position: z.number().int(),
      question: text,
      answer: text,
    }),
  ),
});

/** Content pages, landing pages, the home and maintenance texts. Bodies are Markdown. */
const pageFixture = z.object({
  key: z.string().regex(/^[a-z0-9-]+$/),
  kind: z.enum(['page', 'landing']),
  slug: slugs,
  title: text,
  description: text,
  body: text,
});

const shopFixture = z
  .object({
    key: z.string().regex(/^[a-z0-9-]+$/),
    slug: slugs,
    name: text,
    country: z.enum(countryCodes),
    street: z.string(),
    postcode: z.string(),
    city: text,
    latitude: z.number().min(-90).max(90),
    longitude: z.number().min(-180).max(180),
    phone: z.string(),
    email: z.string().email(),
    description: text,
  })
  .and(shopSchedule);

const menuLink = z.object({ label: text, route: z.string(), params: z.record(z.string(), z.string()).optional() });
const menusFixture = z.object({
  header: z.array(menuLink.extend({ children: z.array(menuLink).default([]) })),
  footer: z.array(z.object({ title: text, links: z.array(menuLink) })),
});

const crossSellFixture = z.object({
  key: z.string(),
  mainProduct: z.string().nullable(),
  products: z.array(z.string()).min(1),
});

export const catalogueFixture = z.object({
  products: z.array(productFixture),
  categories: z.array(categoryFixture),
  faq: faqFixture,
  pages: z.array(pageFixture),
  shops: z.array(shopFixture),
  menus: menusFixture,
  crossSells: z.array(crossSellFixture),
});
export type CatalogueFixture = z.infer<typeof catalogueFixture>;
export type ProductFixture = z.infer<typeof productFixture>;
