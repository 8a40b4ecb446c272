/**
 * The structured data (schema.org JSON-LD) of the pre-rendered pages, built from content entries with no
 * framework, so the rules are tested without a build: prices are strings with 2 decimals in the
 * channel's currency, availability is a schema.org URL, ratings say their scale (best 5), and a page's
 * URL is the absolute one of the page in its own language. The shop rates no one but its products: a
 * store's rating of itself is not structured data search engines accept.
 */
import { CARE_HOURS } from '../constants.ts';
import { languageOf, type LocaleCode } from '../channels.ts';
import { weekdays, type Weekday } from '../shops/opening-hours.ts';
import type { ProductFull, Shop } from '../content/wire.ts';

const CONTEXT = 'https://schema.org';
/** Reviews shown in the data: the first five, as the page lists them. */
const REVIEWS_IN_DATA = 5;

type ProductData = Pick<ProductFull, 'name' | 'sku' | 'short_description' | 'rating' | 'review_count' | 'json_avis' | 'ProductVariants'>;
type Review = ProductFull['json_avis']['reviews'][number];

/**
 * Reviews in the page's language first (a shopper reads those first), the others after, each group in the
 * editor's order. A review's locale is fr_FR, fr_BE or nl_BE: its language is what counts, not its country.
 */
export function reviewsInLanguageFirst<T extends Pick<Review, 'locale'>>(reviews: readonly T[], locale: LocaleCode): T[] {
  const language = languageOf(locale);
  const inLanguage = (r: T) => r.locale.slice(0, 2) === language;
  return [...reviews.filter(inLanguage), ...reviews.filter((r) => !inLanguage(r))];
}

/**
 * A product page: the product, its image, its shown formats as offers (each at its format's own page), its
 * rating and first reviews (the page's language first, each saying its language).
 */
export function productJsonLd(
  product: ProductData,
  page: {
    url: string | undefined;
    locale: LocaleCode;
    brand: string;
    currency: string;
    /** Absolute URLs of the product's raster images (search engines require one; none leaves the field out). */
    image: string[];
    /** Absolute URL of a format's page (the product's page when it has none). */
    formatUrl: (variantCode: string) => string | undefined;
  },
) {
  return {
    '@context': CONTEXT,
    '@type': 'Product',
    name: product.name,
    sku: product.sku,
    description: product.short_description,
    image: page.image.length > 0 ? page.image : undefined,
    brand: { '@type': 'Brand', name: page.brand },
    url: page.url,
    aggregateRating:
      product.review_count > 0
        ? { '@type': 'AggregateRating', ratingValue: product.rating, bestRating: 5, reviewCount: product.review_count }
        : undefined,
    review: reviewsInLanguageFirst(product.json_avis.reviews, page.locale)
      .slice(0, REVIEWS_IN_DATA)
      .map((r) => ({
        '@type': 'Review',
        // A BCP 47 tag (fr-BE), as the page's own lang attribute writes it.
        inLanguage: r.locale.replace('_', '-'),
        author: { '@type': 'Person', name: r.author },
        datePublished: r.date,
        name: r.title,
        reviewBody: r.body,
        reviewRating: { '@type': 'Rating', ratingValue: r.rating, bestRating: 5 },
      })),
    offers: product.ProductVariants.filter((v) => v.show_variant).map((v) => ({
      '@type': 'Offer',
      sku: v.code,
      name: v.name,
      price: (v.base_price / 100).toFixed(2),
      priceCurrency: page.currency,
      availability: v.in_stock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      url: page.formatUrl(v.code) ?? page.url,
    })),
  };
}

/**
 * A FAQ page that answers its questions: each question with its answer (rendered HTML) as plain text. Only
 * the page where a question is answered carries it: a hub that links to the answers repeats none.
 */
export function faqJsonLd(categories: Array<{ entries: Array<{ question: string; html: string }> }>) {
  const text = (html: string) => html.replace(/<[^>]+>/g, '').trim();
  return {
    '@context': CONTEXT,
    '@type': 'FAQPage',
    mainEntity: categories.flatMap((c) =>
      c.entries.map((e) => ({
        '@type': 'Question',
        name: e.question,
        acceptedAnswer: { '@type': 'Answer', text: text(e.html) },
      })),
    ),
  };
}

const dayNames: Record<Weekday, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};

/**
 * A shop page: the shop with its address, position and hours. A day it opens exceptionally is a dated
 * specification; a day or period it is closed is one that opens and closes at midnight, schema.org's
 * way of saying closed.
 */
export function shopJsonLd(shop: Shop, url: string | undefined) {
  const closed = (from: string, to: string) => ({
    '@type': 'OpeningHoursSpecification',
    validFrom: from,
    validThrough: to,
    opens: '00:00',
    closes: '00:00',
  });
  return {
    '@context': CONTEXT,
    '@type': 'PetStore',
    name: shop.name,
    url,
    telephone: shop.phone,
    email: shop.email,
    address: {
      '@type': 'PostalAddress',
      streetAddress: shop.street,
      postalCode: shop.postcode,
      addressLocality: shop.city,
      addressCountry: shop.country,
    },
    geo: { '@type': 'GeoCoordinates', latitude: shop.latitude, longitude: shop.longitude },
    openingHoursSpecification: [
      ...weekdays.flatMap((d) =>
        (shop.openingHours[d] ?? []).map(([opens, closes]) => ({
          '@type': 'OpeningHoursSpecification',
          dayOfWeek: dayNames[d],
          opens,
          closes,
        })),
      ),
      ...shop.specialOpenings.flatMap((s) =>
        s.hours.map(([opens, closes]) => ({
          '@type': 'OpeningHoursSpecification',
          validFrom: s.date,
          validThrough: s.date,
          opens,
          closes,
        })),
      ),
      ...shop.specialClosures.map((s) => closed(s.date, s.date)),
      ...shop.closedPeriods.map((p) => closed(p.from, p.to)),
    ],
  };
}

/** The home page: the shop as an organisation, with its customer service hours (and no rating of itself). */
export function onlineStoreJsonLd(name: string, url: string) {
  return {
    '@context': CONTEXT,
    '@type': 'OnlineStore',
    name,
    url,
    contactPoint: {
      '@type': 'ContactPoint',
      contactType: 'customer service',
      hoursAvailable: {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
        opens: CARE_HOURS.opens,
        closes: CARE_HOURS.closes,
      },
    },
  };
}

/** A list of pages, in the list's order, numbered from `first` (a category's page 2 goes on from page 1's products). */
export function itemListJsonLd(items: Array<{ name: string; url: string }>, first = 1) {
  return {
    '@context': CONTEXT,
    '@type': 'ItemList',
    itemListElement: items.map((s, i) => ({ '@type': 'ListItem', position: first + i, name: s.name, url: s.url })),
  };
}

/** The shop list: each shop's page, in the list's order. */
export const shopListJsonLd = (shops: Array<{ name: string; url: string }>) => itemListJsonLd(shops);

/** A breadcrumb trail (root first); the links of the trail are made absolute against the site's URL. */
export function breadcrumbJsonLd(trail: Array<{ name: string; href: string }>, site: URL | string | undefined) {
  return {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((c, i) => ({ '@type': 'ListItem', position: i + 1, name: c.name, item: new URL(c.href, site).href })),
  };
}

/** JSON-LD as the text of a script element: `<` escaped so an entry's text cannot close the element. */
export const jsonLdScript = (data: object): string => JSON.stringify(data).replace(/</g, '\\u003c');
