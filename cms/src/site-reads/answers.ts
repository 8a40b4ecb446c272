/**
 * Strapi's documents shaped as the sites read them: the wire of the shop's content service (src/lib/content/wire.ts
 * in the shop), the same fields the embedded service answers (src/backend/content/repository.ts), computed alike:
 * - a format's prices without VAT and by subscription, for the asked site's channel (facts.json: its VAT rate);
 * - a product's labelling mentions (the seller, the additives' contact) beside its approval number;
 * - `localizations` as each language's slug (a category's path), for the language switcher and hreflang;
 * - `updatedAt` as the latest edit of what the answer shows: a product's formats and picture are entries of their
 *   own in Strapi, and a price change must reach the build's stamps (the sitemaps' lastmod too);
 * - a picture as the sites read Strapi's media: an absolute address, its thumbnail, its alternative text.
 * Strapi's own fields (`id`, `documentId`, the components' ids) are left out: the sites name entries by their keys.
 * facts.json is written by the shop's scripts/cms-schemas.ts from the shop's own constants.
 */
import facts from './facts.json';
import type { Locale } from './query';

type Language = 'fr' | 'nl';
export interface Media {
  url: string;
  hash: string;
  alternativeText?: string | null;
  width?: number | null;
  height?: number | null;
  mime: string;
  updatedAt?: string;
  formats?: { thumbnail?: { url: string; width?: number | null; height?: number | null; mime: string } } | null;
}
interface Stamped {
  updatedAt: string;
}
interface Localized extends Stamped {
  localizations?: { locale: string; slug?: string; path?: string }[];
}

/** Where a picture is, absolute: Strapi's local provider names its files by path (/uploads/…), an object store by URL. */
const absolute = (url: string, origin: string) => new URL(url, origin).href;

export function pictureOf(media: Media | null | undefined, origin: string) {
  if (!media) return null;
  const thumbnail = media.formats?.thumbnail;
  return {
    url: absolute(media.url, origin),
    width: media.width ?? 1,
    height: media.height ?? 1,
    mime: media.mime,
    fileHash: media.hash,
    alternativeText: media.alternativeText ?? '',
    ...(thumbnail
      ? {
          formats: {
            thumbnail: { url: absolute(thumbnail.url, origin), width: thumbnail.width ?? 1, height: thumbnail.height ?? 1, mime: thumbnail.mime },
          },
        }
      : {}),
  };
}

/** The latest of several ISO 8601 times (the entry's and those of what it shows). */
export const latest = (...times: (string | null | undefined)[]): string =>
  new Date(Math.max(...times.filter((t): t is string => !!t).map((t) => Date.parse(t)), 0)).toISOString();

/** Each language's slug (or path), the entry's own among them. */
function localizationsOf(entry: Localized & { slug?: string; path?: string }, language: Language, field: 'slug' | 'path' = 'slug') {
  const all = [{ locale: language, [field]: entry[field] }, ...(entry.localizations ?? [])];
  return Object.fromEntries(
    all
      .filter((l) => typeof l[field] === 'string')
      .map((l) => [l.locale, l[field] as string])
      .sort(([a], [b]) => a!.localeCompare(b!)),
  );
}

const taxFree = (price: number, vatRate: number) => Math.round(price / (1 + vatRate));
const bySubscription = (price: number) => Math.round(price * (1 - facts.subscriptionDiscount));

interface Variant extends Stamped {
  code: string;
  name: string;
  slug: string;
  unit: 'kg' | 'g' | 'l';
  net_quantity: number | string;
  base_price: number;
  show_variant: boolean;
  in_stock: boolean;
}
export interface ProductDocument extends Localized {
  sku: string;
  slug: string;
  oldProduct: boolean;
  formerSlugs: string[] | null;
  name: string;
  animal: string;
  kind: string;
  isSample: boolean;
  position: number;
  best_seller_rank: number;
  first_sell_at: string;
  colour: string;
  rating: number | string;
  review_count: number;
  short_description: string;
  filters?: Record<string, unknown> & { id?: number };
  categories?: { key: string }[];
  ProductVariants?: Variant[];
  image?: Media | null;
  description: string;
  composition: string;
  additives: string;
  energy_kcal_per_kg: number;
  analytical_constituents?: Record<string, number | string | null> & { id?: number };
  feeding_table?: { weightKg: number | string; gramsPerDay: number | string }[];
  json_avis: { reviews: unknown[] };
  approval_number: string | null;
}

/** A component's fields without Strapi's id, and without the optional ones left empty. */
function fieldsOf<T extends Record<string, unknown>>(component: (T & { id?: number }) | null | undefined) {
  const { id: _id, ...fields } = component ?? ({} as T & { id?: number });
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== null && value !== undefined));
}
const numbers = (fields: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(fields).map(([name, value]) => [name, typeof value === 'string' ? Number(value) : value]));

export function product(doc: ProductDocument, render: number, locale: Locale, origin: string) {
  // Its stamp: what its pages show changes with its formats and its picture, entries of their own in Strapi.
  const updatedAt = latest(doc.updatedAt, ...(doc.ProductVariants ?? []).map((v) => v.updatedAt), doc.image?.updatedAt);
  const empty = {
    sku: doc.sku,
    slug: doc.slug,
    // Strapi answers published entries only: an unpublished product is absent, and its pages with it.
    viewable: true,
    oldProduct: doc.oldProduct,
    updatedAt,
    formerSlugs: doc.formerSlugs ?? [],
  };
  if (render === 0) return empty;
  const summary = {
    ...empty,
    name: doc.name,
    animal: doc.animal,
    kind: doc.kind,
    isSample: doc.isSample,
    position: doc.position,
    best_seller_rank: doc.best_seller_rank,
    first_sell_at: doc.first_sell_at,
    colour: doc.colour,
    rating: Number(doc.rating),
    review_count: doc.review_count,
    short_description: doc.short_description,
    filters: fieldsOf(doc.filters),
    categories: (doc.categories ?? []).map((c) => c.key),
    image: pictureOf(doc.image, origin),
    ProductVariants: (doc.ProductVariants ?? []).map((v) => ({
      code: v.code,
      name: v.name,
      slug: v.slug,
      unit: v.unit,
      net_quantity: Number(v.net_quantity),
      show_variant: v.show_variant,
      in_stock: v.in_stock,
      base_price: v.base_price,
      base_price_tf: taxFree(v.base_price, locale.vatRate),
      base_price_subscription: bySubscription(v.base_price),
    })),
  };
  if (render === 1) return summary;
  const language = locale.language as Language;
  return {
    ...summary,
    description: doc.description,
    composition: doc.composition,
    additives: doc.additives,
    energy_kcal_per_kg: doc.energy_kcal_per_kg,
    analytical_constituents: numbers(fieldsOf(doc.analytical_constituents)),
    feeding_table: (doc.feeding_table ?? []).map((row) => ({ weightKg: Number(row.weightKg), gramsPerDay: Number(row.gramsPerDay) })),
    json_avis: { rating: summary.rating, count: summary.review_count, reviews: doc.json_avis?.reviews ?? [] },
    localizations: localizationsOf(doc, language),
    labelling: { approval_number: doc.approval_number ?? null, ...structuredClone(facts.labelling[language]) },
  };
}

export interface CategoryDocument extends Localized {
  key: string;
  parent?: { key: string } | null;
  animal: string;
  position: number;
  slug: string;
  path: string;
  name: string;
  description: string;
  image?: Media | null;
}
export const category = (doc: CategoryDocument, language: Language, origin: string) => ({
  key: doc.key,
  parent: doc.parent?.key ?? null,
  animal: doc.animal,
  position: doc.position,
  slug: doc.slug,
  path: doc.path,
  name: doc.name,
  description: doc.description,
  image: pictureOf(doc.image, origin),
  localizations: localizationsOf(doc, language, 'path'),
  updatedAt: latest(doc.updatedAt, doc.image?.updatedAt),
});

export interface PageDocument extends Localized {
  key: string;
  kind: string;
  slug: string;
  title: string;
  description: string;
  body: string;
  image?: Media | null;
}
export const page = (doc: PageDocument, language: Language, origin: string) => ({
  key: doc.key,
  kind: doc.kind,
  slug: doc.slug,
  title: doc.title,
  description: doc.description,
  body: doc.body,
  image: pictureOf(doc.image, origin),
  localizations: localizationsOf(doc, language),
  updatedAt: latest(doc.updatedAt, doc.image?.updatedAt),
});

export interface FaqDocument extends Localized {
  key: string;
  slug: string;
  name: string;
  position: number;
  entries?: ({ key: string; question: string; answer: string; position: number } & Stamped)[];
}
export const faq = (doc: FaqDocument, language: Language) => ({
  key: doc.key,
  slug: doc.slug,
  name: doc.name,
  position: doc.position,
  localizations: localizationsOf(doc, language),
  entries: (doc.entries ?? []).map((e) => ({ key: e.key, question: e.question, answer: e.answer, position: e.position })),
  updatedAt: latest(doc.updatedAt, ...(doc.entries ?? []).map((e) => e.updatedAt)),
});

export interface ShopDocument extends Localized {
  key: string;
  slug: string;
  name: string;
  country: string;
  street: string;
  postcode: string;
  city: string;
  latitude: number;
  longitude: number;
  phone: string;
  email: string;
  description: string;
  openingHours: unknown;
  specialOpenings?: { date: string; hours: unknown }[];
  specialClosures?: { date: string }[];
  closedPeriods?: { from: string; to: string }[];
}
export const shop = (doc: ShopDocument, language: Language) => ({
  key: doc.key,
  slug: doc.slug,
  name: doc.name,
  country: doc.country,
  street: doc.street,
  postcode: doc.postcode,
  city: doc.city,
  latitude: doc.latitude,
  longitude: doc.longitude,
  phone: doc.phone,
  email: doc.email,
  description: doc.description,
  localizations: localizationsOf(doc, language),
  updatedAt: doc.updatedAt,
  openingHours: doc.openingHours,
  specialOpenings: (doc.specialOpenings ?? []).map((o) => ({ date: o.date, hours: o.hours })),
  specialClosures: (doc.specialClosures ?? []).map((c) => ({ date: c.date })),
  closedPeriods: (doc.closedPeriods ?? []).map((p) => ({ from: p.from, to: p.to })),
});

interface Link {
  label: string;
  route: string;
  params: Record<string, string>;
}
const link = (l: Link) => ({ label: l.label, route: l.route, params: l.params ?? {} });
export const header = (doc: { items?: (Link & { children?: Link[] })[] } | null) => ({
  items: (doc?.items ?? []).map((item) => ({ ...link(item), children: (item.children ?? []).map(link) })),
});
export const footer = (doc: { columns?: { title: string; links?: Link[] }[] } | null) => ({
  columns: (doc?.columns ?? []).map((column) => ({ title: column.title, links: (column.links ?? []).map(link) })),
});
