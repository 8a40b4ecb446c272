/**
 * The seed catalogue (src/backend/seed/fixtures, the embedded content service's) as entries of the Strapi project's
 * content types: what `npm run cms` hands to Strapi on its first start (cms/.data/seed.json), and Strapi's bootstrap
 * imports (cms/src/bootstrap/seed.ts), in both languages, published.
 *
 * The attributes are the content model's (scripts/lib/cms-model.ts), filled as the embedded seed fills its tables
 * (src/backend/seed/seed.ts): a category's path from its parents' slugs, a product's reviews as json_avis. Relations
 * name their entries by key; the bootstrap links them once they exist, so the entries come in an order where an
 * entry's targets come before it (a parent category before its children, a product before its formats).
 * Pictures are the embedded seed's drawings (src/backend/seed/images.ts), the same files: `npm run cms` writes them to
 * cms/.data/seed-pictures/ and the bootstrap uploads each through Strapi's upload plugin, with its alternative text.
 */
import { languages, type Language } from '../../src/lib/channels.ts';
import type { CatalogueFixture } from '../../src/backend/seed/fixture-schema.ts';
import type { CatalogueImages } from '../../src/backend/seed/images.ts';

export interface SeedEntry {
  /** The content type, as the model names it (`b2c-product`). */
  type: string;
  /** Its key (a product's SKU, a format's code): how the relations of later entries name it. */
  key: string;
  /** Its attributes the same in both languages (all of them, for a type without languages). */
  shared: Record<string, unknown>;
  /** Its texts per language, for a type with languages. */
  perLanguage?: Record<Language, Record<string, unknown>>;
  /** Its relations: the attribute, the type it links and the keys of the entries, in order. */
  links?: Record<string, { type: string; keys: string[] }>;
  /** Its picture in each language: the file's name in the seed's pictures folder and its alternative text. */
  pictures?: Record<Language, { file: string; alternativeText: string }>;
  /** Published (shown by the sites) or kept as a draft (a product the seed does not show). */
  published: boolean;
}

const byLanguage = <T>(make: (language: Language) => T): Record<Language, T> =>
  Object.fromEntries(languages.map((language) => [language, make(language)])) as Record<Language, T>;

type MenuLink = CatalogueFixture['menus']['footer'][number]['links'][number];
const link = (l: MenuLink, language: Language) => ({ label: l.label[language], route: l.route, params: l.params ?? {} });

/** Every entry of the seed, in an order where relations point back only. */
export function seedEntries(c: CatalogueFixture, images?: CatalogueImages): SeedEntry[] {
  /** An entry's pictures in both languages, when the seed drew them. */
  const picturesOf = (map: 'products' | 'categories' | 'pages', key: string): Pick<SeedEntry, 'pictures'> => {
    const drawn = images && byLanguage((language) => images[map].get(`${key}/${language}`));
    if (!drawn || languages.some((language) => !drawn[language])) return {};
    return { pictures: byLanguage((language) => ({ file: drawn[language]!.image_file, alternativeText: drawn[language]!.image_alt })) };
  };
  const categories = new Map(c.categories.map((category) => [category.key, category]));
  const parentsOf = (key: string): string[] => {
    const parent = categories.get(key)?.parent;
    return parent ? [...parentsOf(parent), parent] : [];
  };
  const pathOf = (key: string, language: Language) => [...parentsOf(key), key].map((k) => categories.get(k)?.slug[language] ?? k).join('/');

  const entries: SeedEntry[] = [];
  for (const category of [...c.categories].sort((a, b) => parentsOf(a.key).length - parentsOf(b.key).length))
    entries.push({
      type: 'b2c-category',
      key: category.key,
      shared: { key: category.key, animal: category.animal, position: category.position },
      perLanguage: byLanguage((language) => ({
        slug: category.slug[language],
        path: pathOf(category.key, language),
        name: category.name[language],
        description: category.description[language],
      })),
      links: category.parent ? { parent: { type: 'b2c-category', keys: [category.parent] } } : {},
      ...picturesOf('categories', category.key),
      published: true,
    });

  for (const p of c.products) {
    entries.push({
      type: 'b2c-product',
      key: p.sku,
      shared: {
        sku: p.sku,
        animal: p.animal,
        kind: p.kind,
        isSample: p.isSample,
        oldProduct: p.oldProduct,
        position: p.position,
        best_seller_rank: p.bestSellerRank,
        first_sell_at: p.firstSellAt,
        colour: p.colour,
        rating: p.rating,
        review_count: p.reviewCount,
        filters: p.filters,
        energy_kcal_per_kg: p.energyKcalPerKg,
        analytical_constituents: p.analyticalConstituents,
        feeding_table: p.feedingTable,
        json_avis: { rating: p.rating, count: p.reviewCount, reviews: p.reviews },
        approval_number: p.approvalNumber,
      },
      perLanguage: byLanguage((language) => ({
        slug: p.slug[language],
        name: p.name[language],
        short_description: p.shortDescription[language],
        description: p.description[language],
        composition: p.composition[language],
        additives: p.additives[language],
      })),
      links: { categories: { type: 'b2c-category', keys: p.categories } },
      ...picturesOf('products', p.sku),
      // A product the sites do not show is an unpublished one in Strapi.
      published: p.viewable,
    });
    for (const v of p.variants)
      entries.push({
        type: 'b2c-product-variant',
        key: v.code,
        shared: {
          code: v.code,
          slug: v.slug,
          unit: v.unit,
          net_quantity: v.netQuantity,
          base_price: v.basePrice,
          show_variant: v.showVariant,
          in_stock: v.inStock,
        },
        perLanguage: byLanguage((language) => ({ name: v.name[language] })),
        links: { product: { type: 'b2c-product', keys: [p.sku] } },
        published: true,
      });
  }

  for (const page of c.pages)
    entries.push({
      type: 'b2c-page',
      key: page.key,
      shared: { key: page.key, kind: page.kind },
      perLanguage: byLanguage((language) => ({
        slug: page.slug[language],
        title: page.title[language],
        description: page.description[language],
        body: page.body[language],
      })),
      ...picturesOf('pages', page.key),
      published: true,
    });

  for (const rubric of c.faq.categories)
    entries.push({
      type: 'b2c-faq',
      key: rubric.key,
      shared: { key: rubric.key, position: rubric.position },
      perLanguage: byLanguage((language) => ({ slug: rubric.slug[language], name: rubric.name[language] })),
      published: true,
    });
  for (const question of c.faq.entries)
    entries.push({
      type: 'b2c-faq-entry',
      key: question.key,
      shared: { key: question.key, position: question.position },
      perLanguage: byLanguage((language) => ({ question: question.question[language], answer: question.answer[language] })),
      links: { category: { type: 'b2c-faq', keys: [question.category] } },
      published: true,
    });

  for (const s of c.shops)
    entries.push({
      type: 'b2c-shop',
      key: s.key,
      shared: {
        key: s.key,
        country: s.country,
        street: s.street,
        postcode: s.postcode,
        latitude: s.latitude,
        longitude: s.longitude,
        phone: s.phone,
        email: s.email,
        openingHours: s.openingHours,
        specialOpenings: s.specialOpenings,
        specialClosures: s.specialClosures,
        closedPeriods: s.closedPeriods,
      },
      perLanguage: byLanguage((language) => ({
        slug: s.slug[language],
        name: s.name[language],
        city: s.city[language],
        description: s.description[language],
      })),
      published: true,
    });

  for (const crossSell of c.crossSells)
    entries.push({
      type: 'b2c-cross-sell',
      key: crossSell.key,
      shared: {
        key: crossSell.key,
        products: crossSell.products,
        ...(crossSell.mainProduct ? { main_product: crossSell.mainProduct } : {}),
      },
      published: true,
    });

  entries.push(
    {
      type: 'b2c-header',
      key: 'header',
      shared: {},
      perLanguage: byLanguage((language) => ({
        items: c.menus.header.map((item) => ({ ...link(item, language), children: item.children.map((child) => link(child, language)) })),
      })),
      published: true,
    },
    {
      type: 'b2c-footer',
      key: 'footer',
      shared: {},
      perLanguage: byLanguage((language) => ({
        columns: c.menus.footer.map((column) => ({ title: column.title[language], links: column.links.map((l) => link(l, language)) })),
      })),
      published: true,
    },
    // No route in maintenance: the sites read the setting while they run, and find it.
    { type: 'site-setting', key: 'site-setting', shared: { maintenance_routes: [] }, published: true },
  );
  return entries;
}
