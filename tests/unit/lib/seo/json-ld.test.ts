/** The structured data of the pre-rendered pages (src/lib/seo/json-ld.ts), checked on its output. */
import { describe, expect, it } from 'vitest';
import {
  breadcrumbJsonLd,
  faqJsonLd,
  itemListJsonLd,
  jsonLdScript,
  onlineStoreJsonLd,
  productJsonLd,
  reviewsInLanguageFirst,
  shopJsonLd,
  shopListJsonLd,
} from '../../../../src/lib/seo/json-ld.ts';
import type { ProductFull, ProductVariant, Shop } from '../../../../src/lib/content/wire.ts';
import { CARE_HOURS } from '../../../../src/lib/constants.ts';

const variant = (over: Partial<ProductVariant>): ProductVariant => ({
  code: '10000001',
  name: '2 kg',
  slug: '2-kg',
  unit: 'kg',
  net_quantity: 2,
  show_variant: true,
  in_stock: true,
  base_price: 1990,
  base_price_tf: 1658,
  base_price_subscription: 1791,
  ...over,
});
const review = (n: number) => ({
  author: `Client ${n}`,
  rating: 4,
  date: `2024-03-0${n}`,
  locale: 'fr_FR',
  title: `Titre ${n}`,
  body: `Avis ${n}`,
});
const product = {
  name: 'Croquettes Chien Adulte Poulet',
  sku: 'DOG-ADULT-CHICKEN',
  short_description: 'Pour chiens adultes.',
  rating: 4.6,
  review_count: 128,
  json_avis: { rating: 4.6, count: 128, reviews: [1, 2, 3, 4, 5, 6].map(review) },
  ProductVariants: [
    variant({ code: '10000001', name: '2 kg', base_price: 1990 }),
    variant({ code: '10000002', name: '12 kg', base_price: 6000, in_stock: false }),
    variant({ code: '10000003', name: 'Hidden', show_variant: false }),
  ],
} satisfies Pick<ProductFull, 'name' | 'sku' | 'short_description' | 'rating' | 'review_count' | 'json_avis' | 'ProductVariants'>;
const nlUrl = 'https://be.example/nl/producten/brokken-hond-volwassen-kip/';
const image = 'https://be.example/packshots/DOG-ADULT-CHICKEN.svg';
const formatUrl = (code: string) => (code === '10000001' ? `${nlUrl}2-kg/` : undefined);
const page = { url: nlUrl, locale: 'fr_FR' as const, brand: 'Maison Gamelle', currency: 'EUR', image: [image], formatUrl };

describe('product JSON-LD', () => {
  const data = productJsonLd(product, page);

  it('is a schema.org Product with a Brand, at the page’s own URL in its language', () => {
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: product.name,
      sku: product.sku,
      description: product.short_description,
      brand: { '@type': 'Brand', name: 'Maison Gamelle' },
      url: nlUrl,
    });
  });
  it('has an image, as search engines require of a Product', () => {
    expect(data.image).toEqual([image]);
  });
  it('offers each shown format at its format’s page (the product’s when it has none), with its price as a string with 2 decimals and its availability as a schema.org URL', () => {
    expect(data.offers).toEqual([
      {
        '@type': 'Offer',
        sku: '10000001',
        name: '2 kg',
        price: '19.90',
        priceCurrency: 'EUR',
        availability: 'https://schema.org/InStock',
        url: `${nlUrl}2-kg/`,
      },
      {
        '@type': 'Offer',
        sku: '10000002',
        name: '12 kg',
        price: '60.00',
        priceCurrency: 'EUR',
        availability: 'https://schema.org/OutOfStock',
        url: nlUrl,
      },
    ]);
  });
  it('rates out of 5 and carries the first five reviews', () => {
    expect(data.aggregateRating).toEqual({ '@type': 'AggregateRating', ratingValue: 4.6, bestRating: 5, reviewCount: 128 });
    expect(data.review).toHaveLength(5);
    expect(data.review[0]).toEqual({
      '@type': 'Review',
      inLanguage: 'fr-FR',
      author: { '@type': 'Person', name: 'Client 1' },
      datePublished: '2024-03-01',
      name: 'Titre 1',
      reviewBody: 'Avis 1',
      reviewRating: { '@type': 'Rating', ratingValue: 4, bestRating: 5 },
    });
  });
  it('leaves the rating out of a product nobody has reviewed (an AggregateRating needs a count)', () => {
    const unrated = productJsonLd({ ...product, review_count: 0, json_avis: { rating: 0, count: 0, reviews: [] } }, page);
    expect(JSON.parse(JSON.stringify(unrated))).not.toHaveProperty('aggregateRating');
    expect(unrated.review).toEqual([]);
  });
});

describe('reviews in the page’s language first', () => {
  const mixed = [
    { locale: 'fr_FR', id: 1 },
    { locale: 'nl_BE', id: 2 },
    { locale: 'fr_BE', id: 3 },
    { locale: 'nl_BE', id: 4 },
  ];
  it('puts a Dutch page’s Dutch reviews first, then the others, each group in the editor’s order', () => {
    expect(reviewsInLanguageFirst(mixed, 'nl_BE').map((r) => r.id)).toEqual([2, 4, 1, 3]);
  });
  it('counts a review from the other French site as French', () => {
    expect(reviewsInLanguageFirst(mixed, 'fr_FR').map((r) => r.id)).toEqual([1, 3, 2, 4]);
  });
  it('carries, in the data of a Dutch page, the Dutch reviews first, each with its language', () => {
    const reviews = [1, 2, 3, 4, 5, 6].map((n) => ({ ...review(n), locale: n > 4 ? 'nl_BE' : 'fr_BE' }));
    const data = productJsonLd({ ...product, json_avis: { ...product.json_avis, reviews } }, { ...page, locale: 'nl_BE' });
    expect(data.review.map((r) => [r.name, r.inLanguage])).toEqual([
      ['Titre 5', 'nl-BE'],
      ['Titre 6', 'nl-BE'],
      ['Titre 1', 'fr-BE'],
      ['Titre 2', 'fr-BE'],
      ['Titre 3', 'fr-BE'],
    ]);
  });
});

describe('shop list JSON-LD', () => {
  it('is an ItemList of the shops’ pages, numbered from 1', () => {
    expect(
      shopListJsonLd([
        { name: 'Lyon', url: 'https://fr.example/magasins/lyon/' },
        { name: 'Lille', url: 'https://fr.example/magasins/lille/' },
      ]),
    ).toEqual({
      '@context': 'https://schema.org',
      '@type': 'ItemList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Lyon', url: 'https://fr.example/magasins/lyon/' },
        { '@type': 'ListItem', position: 2, name: 'Lille', url: 'https://fr.example/magasins/lille/' },
      ],
    });
  });
});

describe('item list JSON-LD', () => {
  it('numbers a later page of a category on from the products of the pages before it', () => {
    const items = itemListJsonLd([{ name: 'Croquettes Poulet', url: 'https://fr.example/produits/croquettes-poulet/' }], 21);
    expect(items.itemListElement).toEqual([
      { '@type': 'ListItem', position: 21, name: 'Croquettes Poulet', url: 'https://fr.example/produits/croquettes-poulet/' },
    ]);
  });
});

describe('FAQ JSON-LD', () => {
  it('is an FAQPage whose answers are plain text', () => {
    const data = faqJsonLd([
      { entries: [{ question: 'Livrez-vous en Belgique ?', html: '<p>Oui, <strong>partout</strong>.</p>\n' }] },
      { entries: [{ question: 'Puis-je payer par Bancontact ?', html: '<p>Oui.</p>' }] },
    ]);
    expect(data).toEqual({
      '@context': 'https://schema.org',
      '@type': 'FAQPage',
      mainEntity: [
        { '@type': 'Question', name: 'Livrez-vous en Belgique ?', acceptedAnswer: { '@type': 'Answer', text: 'Oui, partout.' } },
        { '@type': 'Question', name: 'Puis-je payer par Bancontact ?', acceptedAnswer: { '@type': 'Answer', text: 'Oui.' } },
      ],
    });
  });
});

describe('shop JSON-LD', () => {
  const shop: Shop = {
    key: 'lille',
    slug: 'lille',
    updatedAt: '2024-03-01T09:00:00.000Z',
    name: 'Maison Gamelle Lille',
    country: 'FR',
    street: '12 rue Esquermoise',
    postcode: '59000',
    city: 'Lille',
    latitude: 50.638,
    longitude: 3.06,
    phone: '03 20 00 00 00',
    email: 'lille@maison-gamelle.test',
    description: 'Boutique',
    localizations: { fr: 'lille' },
    openingHours: {
      mon: [
        ['10:00', '12:30'],
        ['14:00', '19:00'],
      ],
      sat: [['09:30', '19:00']],
    },
    specialOpenings: [{ date: '2024-12-22', hours: [['10:00', '18:00']] }],
    specialClosures: [{ date: '2024-12-25' }],
    closedPeriods: [{ from: '2024-08-05', to: '2024-08-18' }],
  };
  const data = shopJsonLd(shop, 'https://fr.example/magasins/lille/');

  it('is a PetStore with a PostalAddress and GeoCoordinates', () => {
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'PetStore',
      name: shop.name,
      url: 'https://fr.example/magasins/lille/',
      telephone: shop.phone,
      email: shop.email,
      address: {
        '@type': 'PostalAddress',
        streetAddress: shop.street,
        postalCode: '59000',
        addressLocality: 'Lille',
        addressCountry: 'FR',
      },
      geo: { '@type': 'GeoCoordinates', latitude: 50.638, longitude: 3.06 },
    });
  });
  it('gives each opening span its English day, and says a closed day or period opens and closes at midnight', () => {
    expect(data.openingHoursSpecification).toEqual([
      { '@type': 'OpeningHoursSpecification', dayOfWeek: 'Monday', opens: '10:00', closes: '12:30' },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: 'Monday', opens: '14:00', closes: '19:00' },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: 'Saturday', opens: '09:30', closes: '19:00' },
      { '@type': 'OpeningHoursSpecification', validFrom: '2024-12-22', validThrough: '2024-12-22', opens: '10:00', closes: '18:00' },
      { '@type': 'OpeningHoursSpecification', validFrom: '2024-12-25', validThrough: '2024-12-25', opens: '00:00', closes: '00:00' },
      { '@type': 'OpeningHoursSpecification', validFrom: '2024-08-05', validThrough: '2024-08-18', opens: '00:00', closes: '00:00' },
    ]);
  });
});

describe('home page JSON-LD', () => {
  it('is an OnlineStore with customer service hours on weekdays, and no rating of itself (self-serving reviews are not accepted)', () => {
    expect(onlineStoreJsonLd('Maison Gamelle', 'https://be.example/nl/')).toEqual({
      '@context': 'https://schema.org',
      '@type': 'OnlineStore',
      name: 'Maison Gamelle',
      url: 'https://be.example/nl/',
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
    });
  });
});

describe('breadcrumb JSON-LD', () => {
  it('numbers the trail from 1 and makes its links absolute on the site', () => {
    expect(
      breadcrumbJsonLd(
        [
          { name: 'Accueil', href: '/' },
          { name: 'Chien', href: '/chien/' },
        ],
        new URL('https://fr.example'),
      ),
    ).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Accueil', item: 'https://fr.example/' },
        { '@type': 'ListItem', position: 2, name: 'Chien', item: 'https://fr.example/chien/' },
      ],
    });
  });
});

describe('JSON-LD in a script element', () => {
  it('escapes < so an entry’s text cannot close the element, and still parses to the same data', () => {
    const data = { name: 'Avis </script><script>alert(1)</script>' };
    const text = jsonLdScript(data);
    expect(text).not.toContain('<');
    expect(JSON.parse(text)).toEqual(data);
  });
});
