/**
 * The content model, described once. The Strapi 5 project in cms/ is generated from it (scripts/cms-schemas.ts
 * writes each content type's schema.json, its components, and the router, controller and service files Strapi's
 * generator makes), and tests/unit/cms/model.test.ts holds it equal to the embedded content service: the same
 * fields, of the same types, as its answers (src/lib/content/wire.ts and the marketing and site-setting wires),
 * and the same texts per language as its seed (the `{ fr, nl }` fields of src/backend/seed/fixture-schema.ts).
 *
 * Names are the wire's, so an answer of Strapi's REST API has the fields the sites already read: the content
 * types are the embedded service's paths (`b2c-products` → `/api/b2c-products`), the attributes its fields,
 * snake_case and all (`short_description`, `ProductVariants`), as the production service named them.
 */
import type { z } from 'zod';
import { category, contentPage, crossSell, faqCategory, footer, header, productFull, shop } from '../../src/lib/content/wire.ts';
import { eventAnswer } from '../../src/lib/marketing/wire.ts';
import { siteSettingUpdate } from '../../src/backend/content/site-setting.ts';

/** How the sites read an attribute. */
type Read =
  /** As the wire field of the same name (the default). */
  | 'as-is'
  /** A relation, read as the related entries' keys (`categories: ['dog-dry', 'dog']`). */
  | { keyOf: string }
  /** A list of keys the service answers with the entries they name (a cross-sell's products, in the asked language). */
  | { resolvedTo: string }
  /** Strapi's side of a relation, or a field only editors and the services use: never in the sites' answers. */
  | { notRead: string };

interface Base {
  /**
   * Whether each language has its own value (Strapi's i18n, per attribute). Relations are per language in Strapi 5
   * whatever this says (strapi/strapi#24065), so theirs is always the content type's.
   */
  localized: boolean;
  required?: boolean;
  read?: Read;
  /**
   * Written by the publish (cms/src/publishing.ts) rather than by the editor: never required of them (Strapi's panel
   * would refuse the publish before it is written), always in the published answers.
   */
  writtenAtPublish?: string;
  /**
   * What the admin panel says under the field, in French and Dutch (content manager's description): how to fill it
   * where its label does not say (a price in cents). cms/src/bootstrap/field-settings.ts sets it at each start.
   */
  hint?: string;
  /**
   * The seed fixture's field holding the same fact, when its name is not the attribute's in camelCase (`false`:
   * the fixtures do not hold it, such as a picture, drawn by the seed).
   */
  fixture?: string | false;
}

type TextType = 'string' | 'text' | 'richtext' | 'email';
export type Attribute = Base &
  (
    | { type: TextType; unique?: boolean; regex?: string; maxLength?: number }
    | { type: 'uid'; targetField: string }
    | { type: 'integer' | 'decimal' | 'float'; min?: number }
    | { type: 'boolean' | 'date' | 'json' }
    | { type: 'enumeration'; enum: readonly string[] }
    | { type: 'media'; multiple: false; allowedTypes: readonly ['images'] }
    | {
        type: 'relation';
        relation: 'oneToMany' | 'manyToOne' | 'manyToMany';
        target: string;
        inversedBy?: string;
        mappedBy?: string;
      }
    | { type: 'component'; component: string; repeatable: boolean }
  );

export interface ContentType {
  kind: 'collectionType' | 'singleType';
  /** Strapi's API id (`b2c-product`): the REST path is its plural (collection types) or itself (single types). */
  singularName: string;
  pluralName: string;
  /** What editors read in the admin panel, in French and Dutch. */
  displayName: string;
  description: string;
  /** Whether it has entries per language (fr, nl): Strapi's i18n on the content type. */
  localized: boolean;
  attributes: Record<string, Attribute>;
  /** The service's answer for one entry, when the sites read the type on its own (not only inside another's answer). */
  wire?: z.core.$ZodType;
  /** Fields of that answer no attribute holds, and where they come from. */
  computed?: Record<string, string>;
}

/**
 * A group of fields edited inside an entry (Strapi's components). Strapi sets no language per field inside one: the
 * fields' `localized` say which are texts per language, and the attribute holding the component is per language
 * when any of them is.
 */
export interface Component {
  category: string;
  name: string;
  displayName: string;
  icon: string;
  attributes: Record<string, Attribute>;
}

const own = { localized: false } as const;
const perLanguage = { localized: true } as const;
/** An entry's key, the same in every language: how the sites, the shop and the other entries name it. */
const key: Attribute = { type: 'string', ...own, required: true, unique: true, regex: '^[A-Za-z0-9_-]{1,128}$' };
const slugOf = (targetField: string): Attribute => ({ type: 'uid', targetField, ...perLanguage, required: true });
/**
 * A pack shot or a banner, through Strapi's upload plugin. One per language, as the seed draws them: its alternative
 * text is the file's in Strapi's media library, so a text per language is a file per language.
 */
const picture: Attribute = { type: 'media', multiple: false, allowedTypes: ['images'], ...perLanguage, fixture: false };
const animals = ['dog', 'cat'] as const;

/** Strapi's own fields of every entry, in the shape the embedded service gives them. */
const updatedAt = 'Strapi’s updatedAt: when an editor last changed the entry (the sitemaps’ lastmod)';
const localizations = 'Strapi’s localizations: the entry in the other language (the language switcher, hreflang)';

export const contentTypes: Record<string, ContentType> = {
  'b2c-product': {
    kind: 'collectionType',
    singularName: 'b2c-product',
    pluralName: 'b2c-products',
    displayName: 'Produit / Product',
    description: 'Une recette du catalogue et ses formats. / Een recept uit de catalogus en zijn formaten.',
    localized: true,
    wire: productFull,
    computed: {
      viewable: 'its publication: a published product has pages (Strapi’s draft and publish)',
      updatedAt,
      localizations,
      labelling: 'its approval_number, with the seller’s name and address and the additives’ contact (src/backend/content/labelling.ts)',
    },
    attributes: {
      sku: key,
      slug: slugOf('name'),
      name: { type: 'string', ...perLanguage, required: true, maxLength: 200 },
      animal: { type: 'enumeration', enum: animals, ...own, required: true },
      kind: { type: 'enumeration', enum: ['dry', 'wet', 'treat'], ...own, required: true },
      isSample: { type: 'boolean', ...own, required: true },
      oldProduct: { type: 'boolean', ...own, required: true },
      // The slugs an editor replaced, newest first (their addresses redirect): recorded when a new slug is published
      // (cms/src/publishing.ts), as the embedded service records them on a rename.
      formerSlugs: {
        type: 'json',
        ...perLanguage,
        fixture: false,
        hint: 'Rempli à la publication d’une nouvelle adresse. / Ingevuld bij het publiceren van een nieuw adres.',
      },
      position: {
        type: 'integer',
        ...own,
        required: true,
        min: 0,
        hint: 'Ordre dans les listes : 1 en premier. / Volgorde in de lijsten: 1 eerst.',
      },
      best_seller_rank: { type: 'integer', ...own, required: true, min: 0 },
      first_sell_at: { type: 'date', ...own, required: true },
      colour: { type: 'string', ...own, required: true, regex: '^#[0-9a-fA-F]{6}$' },
      rating: { type: 'decimal', ...own, required: true, min: 0, hint: 'Note moyenne sur 5. / Gemiddelde score op 5.' },
      review_count: { type: 'integer', ...own, required: true, min: 0 },
      short_description: { type: 'text', ...perLanguage, required: true },
      filters: { type: 'component', component: 'product.filters', repeatable: false, ...own, required: true },
      // Ordered, the main one (the breadcrumb's) first.
      categories: {
        type: 'relation',
        relation: 'manyToMany',
        target: 'api::b2c-category.b2c-category',
        inversedBy: 'products',
        ...perLanguage,
        read: { keyOf: 'key' },
      },
      // Entries of their own rather than a repeatable component: a format's price, stock and visibility are the same
      // in both languages (non-localized attributes, kept equal by Strapi), its name is each language's; a component
      // is per language or shared as a whole.
      ProductVariants: {
        type: 'relation',
        relation: 'oneToMany',
        target: 'api::b2c-product-variant.b2c-product-variant',
        mappedBy: 'product',
        ...perLanguage,
        fixture: 'variants',
      },
      image: picture,
      description: { type: 'text', ...perLanguage, required: true },
      composition: { type: 'text', ...perLanguage, required: true },
      additives: { type: 'text', ...perLanguage, required: true },
      energy_kcal_per_kg: { type: 'integer', ...own, required: true, min: 0 },
      analytical_constituents: {
        type: 'component',
        component: 'product.analytical-constituents',
        repeatable: false,
        ...own,
        required: true,
      },
      feeding_table: { type: 'component', component: 'product.feeding-row', repeatable: true, ...own },
      // The reviews shown, as the review platform gives them ({ rating, count, reviews }), named as the production
      // service names them.
      json_avis: { type: 'json', ...own, required: true, fixture: 'reviews' },
      approval_number: {
        type: 'string',
        ...own,
        regex: '^[A-Z]{2} \\d{2,3} \\d{3} \\d{3} CE$',
        read: { notRead: 'the sites read it in labelling, with the seller’s mentions' },
        hint: 'Agrément de l’usine, tel que sur l’étiquette : FR 56 178 001 CE. / Erkenning van de fabriek, zoals op het etiket: FR 56 178 001 CE.',
      },
    },
  },
  'b2c-product-variant': {
    kind: 'collectionType',
    singularName: 'b2c-product-variant',
    pluralName: 'b2c-product-variants',
    displayName: 'Format / Formaat',
    description:
      'Un format vendu d’un produit : son prix, son stock, en toutes langues. / Een verkocht formaat van een product: prijs en voorraad, in alle talen.',
    localized: true,
    // Read inside its product's answer (ProductVariants), not on its own.
    computed: {
      base_price_tf: 'base_price without the channel’s VAT (src/lib/catalogue/pricing.ts)',
      base_price_subscription: 'base_price with the subscription’s discount (src/lib/catalogue/pricing.ts)',
    },
    attributes: {
      code: { type: 'string', ...own, required: true, unique: true, regex: '^[0-9]{8}$' },
      name: { type: 'string', ...perLanguage, required: true, maxLength: 200 },
      slug: { type: 'string', ...own, required: true, regex: '^[a-z0-9]+(-[a-z0-9]+)*$' },
      unit: { type: 'enumeration', enum: ['kg', 'g', 'l'], ...own, required: true },
      net_quantity: {
        type: 'decimal',
        ...own,
        required: true,
        min: 0,
        hint: 'Dans l’unité choisie (unit). / In de gekozen eenheid (unit).',
      },
      base_price: {
        type: 'integer',
        ...own,
        required: true,
        min: 0,
        hint: 'Prix TTC en centimes : 2390 pour 23,90 €. / Prijs incl. btw in cent: 2390 voor € 23,90.',
      },
      show_variant: { type: 'boolean', ...own, required: true },
      in_stock: { type: 'boolean', ...own, required: true },
      product: {
        type: 'relation',
        relation: 'manyToOne',
        target: 'api::b2c-product.b2c-product',
        inversedBy: 'ProductVariants',
        ...perLanguage,
        read: { notRead: 'Strapi’s side of the product’s ProductVariants' },
      },
    },
  },
  'b2c-category': {
    kind: 'collectionType',
    singularName: 'b2c-category',
    pluralName: 'b2c-categories',
    displayName: 'Catégorie / Categorie',
    description: 'Une page de liste de produits. / Een pagina met een lijst producten.',
    localized: true,
    wire: category,
    computed: { updatedAt, localizations },
    attributes: {
      key,
      parent: {
        type: 'relation',
        relation: 'manyToOne',
        target: 'api::b2c-category.b2c-category',
        inversedBy: 'children',
        ...perLanguage,
        read: { keyOf: 'key' },
      },
      children: {
        type: 'relation',
        relation: 'oneToMany',
        target: 'api::b2c-category.b2c-category',
        mappedBy: 'parent',
        ...perLanguage,
        read: { notRead: 'Strapi’s side of parent' },
      },
      animal: { type: 'enumeration', enum: animals, ...own, required: true },
      position: { type: 'integer', ...own, required: true, min: 0 },
      // Not Strapi's uid (unique in a language): the dogs' and the cats' dry food are both 'croquettes', under
      // 'chien' and 'chat' (Strapi refused the seed's second one). What is unique is the path.
      slug: { type: 'string', ...perLanguage, required: true, maxLength: 100, regex: '^[a-z0-9]+(-[a-z0-9]+)*$' },
      // Its parents' slugs and its own ('chien/croquettes'), the catch-all category route's: written at each publish
      // (cms/src/publishing.ts), as the embedded service writes it when a category is made or renamed; so not a
      // field an editor must fill.
      path: {
        type: 'string',
        ...perLanguage,
        unique: true,
        writtenAtPublish: 'its published parent’s path and its slug',
        hint: 'Écrit à la publication : le chemin de la catégorie parente, puis le slug. / Geschreven bij het publiceren: het pad van de bovenliggende categorie, dan de slug.',
        regex: '^[a-z0-9-]+(/[a-z0-9-]+)*$',
        fixture: false,
      },
      name: { type: 'string', ...perLanguage, required: true, maxLength: 200 },
      description: { type: 'text', ...perLanguage, required: true },
      image: picture,
      products: {
        type: 'relation',
        relation: 'manyToMany',
        target: 'api::b2c-product.b2c-product',
        mappedBy: 'categories',
        ...perLanguage,
        read: { notRead: 'Strapi’s side of a product’s categories: the sites list a category’s products by filtering products' },
      },
    },
  },
  'b2c-page': {
    kind: 'collectionType',
    singularName: 'b2c-page',
    pluralName: 'b2c-pages',
    displayName: 'Page / Pagina',
    description:
      'Une page de contenu (kind page) ou une page d’atterrissage (kind landing). / Een inhoudspagina (kind page) of een landingspagina (kind landing).',
    localized: true,
    wire: contentPage,
    computed: { updatedAt, localizations },
    attributes: {
      key,
      kind: { type: 'enumeration', enum: ['page', 'landing'], ...own, required: true },
      slug: slugOf('title'),
      title: { type: 'string', ...perLanguage, required: true, maxLength: 200 },
      description: { type: 'text', ...perLanguage, required: true, maxLength: 1000 },
      body: { type: 'richtext', ...perLanguage, required: true },
      image: picture,
    },
  },
  'b2c-faq': {
    kind: 'collectionType',
    singularName: 'b2c-faq',
    pluralName: 'b2c-faqs',
    displayName: 'FAQ – rubrique / FAQ – rubriek',
    description: 'Une rubrique de la FAQ et ses questions. / Een rubriek van de FAQ en haar vragen.',
    localized: true,
    wire: faqCategory,
    computed: {
      updatedAt: 'Strapi’s updatedAt of the rubric (the embedded service gives its latest question’s edit)',
      localizations,
    },
    attributes: {
      key,
      slug: slugOf('name'),
      name: { type: 'string', ...perLanguage, required: true, maxLength: 200 },
      position: { type: 'integer', ...own, required: true, min: 0 },
      entries: {
        type: 'relation',
        relation: 'oneToMany',
        target: 'api::b2c-faq-entry.b2c-faq-entry',
        mappedBy: 'category',
        ...perLanguage,
        fixture: false,
      },
    },
  },
  'b2c-faq-entry': {
    kind: 'collectionType',
    singularName: 'b2c-faq-entry',
    pluralName: 'b2c-faq-entries',
    displayName: 'FAQ – question / FAQ – vraag',
    description: 'Une question de la FAQ et sa réponse. / Een vraag van de FAQ en haar antwoord.',
    localized: true,
    // Read inside its rubric's answer (entries), not on its own.
    attributes: {
      key,
      question: { type: 'text', ...perLanguage, required: true, maxLength: 500 },
      answer: { type: 'richtext', ...perLanguage, required: true },
      position: { type: 'integer', ...own, required: true, min: 0 },
      category: {
        type: 'relation',
        relation: 'manyToOne',
        target: 'api::b2c-faq.b2c-faq',
        inversedBy: 'entries',
        ...perLanguage,
        read: { notRead: 'Strapi’s side of the rubric’s entries' },
      },
    },
  },
  'b2c-shop': {
    kind: 'collectionType',
    singularName: 'b2c-shop',
    pluralName: 'b2c-shops',
    displayName: 'Magasin / Winkel',
    description: 'Une boutique physique et ses horaires. / Een fysieke winkel en zijn openingsuren.',
    localized: true,
    wire: shop,
    computed: { updatedAt, localizations },
    attributes: {
      key,
      slug: slugOf('name'),
      name: { type: 'string', ...perLanguage, required: true, maxLength: 200 },
      country: { type: 'enumeration', enum: ['FR', 'BE', 'LU'], ...own, required: true },
      street: { type: 'string', ...own, required: true, maxLength: 200 },
      postcode: { type: 'string', ...own, required: true, maxLength: 16 },
      city: { type: 'string', ...perLanguage, required: true, maxLength: 100 },
      latitude: { type: 'float', ...own, required: true },
      longitude: { type: 'float', ...own, required: true },
      phone: { type: 'string', ...own, required: true, maxLength: 32 },
      email: { type: 'email', ...own, required: true },
      description: { type: 'text', ...perLanguage, required: true },
      openingHours: { type: 'json', ...own, required: true },
      specialOpenings: { type: 'component', component: 'shop.special-opening', repeatable: true, ...own },
      specialClosures: { type: 'component', component: 'shop.special-closure', repeatable: true, ...own },
      closedPeriods: { type: 'component', component: 'shop.closed-period', repeatable: true, ...own },
    },
  },
  'b2c-cross-sell': {
    kind: 'collectionType',
    singularName: 'b2c-cross-sell',
    pluralName: 'b2c-cross-sells',
    displayName: 'Ventes croisées / Cross-selling',
    description:
      'Les produits proposés avec un produit ou dans un panier, dans l’ordre choisi. / De producten aangeboden bij een product of in een winkelmand, in de gekozen volgorde.',
    // One list for both languages, as in the embedded service: the products named are the same.
    localized: false,
    wire: crossSell,
    attributes: {
      key,
      main_product: { type: 'string', ...own, regex: '^[A-Za-z0-9_-]{1,128}$' },
      products: { type: 'json', ...own, required: true, read: { resolvedTo: 'b2c-product' } },
    },
  },
  'b2c-header': {
    kind: 'singleType',
    singularName: 'b2c-header',
    pluralName: 'b2c-headers',
    displayName: 'En-tête / Kop',
    description: 'Le menu principal du site. / Het hoofdmenu van de site.',
    localized: true,
    wire: header,
    attributes: {
      items: { type: 'component', component: 'menu.header-item', repeatable: true, ...perLanguage, fixture: 'header' },
    },
  },
  'b2c-footer': {
    kind: 'singleType',
    singularName: 'b2c-footer',
    pluralName: 'b2c-footers',
    displayName: 'Pied de page / Voettekst',
    description: 'Les colonnes de liens du pied de page. / De kolommen met links van de voettekst.',
    localized: true,
    wire: footer,
    attributes: {
      columns: { type: 'component', component: 'menu.footer-column', repeatable: true, ...perLanguage, fixture: 'footer' },
    },
  },
  'marketing-campaign': {
    kind: 'collectionType',
    singularName: 'marketing-campaign',
    pluralName: 'marketing-campaigns',
    displayName: 'Campagne marketing / Marketingcampagne',
    description:
      'Un bandeau, une pop-up ou un test A/B que les sites montrent sur un événement. / Een banner, pop-up of A/B-test die de sites bij een gebeurtenis tonen.',
    // As the marketing-event service keeps them: a campaign speaks one language, or both (language empty).
    localized: false,
    wire: eventAnswer._zod.def.valueType,
    computed: {
      campaign: 'its code, which the sites report back',
      segment: 'the shopper’s A/B segment, drawn among variants when they have none',
    },
    attributes: {
      code: { type: 'string', ...own, required: true, unique: true, regex: '^[a-z0-9-]{1,60}$', read: { notRead: 'answered as campaign' } },
      event: {
        type: 'enumeration',
        enum: ['page_view', 'view_cart', 'view_item', 'exit_intent'],
        ...own,
        required: true,
        read: { notRead: 'the event it answers, matched by the marketing-event service' },
      },
      action: {
        type: 'enumeration',
        enum: ['top_header', 'popup', 'ad_product_offer', 'ad_push_category', 'page_view_done', 'abtest'],
        ...own,
        required: true,
        read: { notRead: 'the answer’s key' },
      },
      language: { type: 'enumeration', enum: ['fr', 'nl'], ...own, read: { notRead: 'which sites’ language it answers; empty for both' } },
      position: { type: 'integer', ...own, required: true, min: 0, read: { notRead: 'which campaign answers first' } },
      popup_type: { type: 'enumeration', enum: ['country_wall', 'lang_switcher_wall', 'markdown_modal', 'exit_intent'], ...own },
      title: { type: 'string', ...own, maxLength: 200 },
      text: { type: 'text', ...own },
      link: { type: 'string', ...own },
      test: { type: 'string', ...own },
      variants: { type: 'json', ...own },
      product_code: { type: 'string', ...own },
      category_code: { type: 'string', ...own },
    },
  },
  'site-setting': {
    kind: 'singleType',
    singularName: 'site-setting',
    pluralName: 'site-settings',
    displayName: 'Réglages du site / Instellingen van de site',
    description:
      'Ce que les sites lisent en marche, sans reconstruction : les pages en maintenance. / Wat de sites lezen terwijl ze draaien, zonder nieuwe build: de pagina’s in onderhoud.',
    localized: false,
    wire: siteSettingUpdate,
    attributes: {
      maintenance_routes: { type: 'json', ...own, required: true },
    },
  },
};

export const components: Record<string, Component> = {
  'product.filters': {
    category: 'product',
    name: 'filters',
    displayName: 'Filtres / Filters',
    icon: 'filter',
    attributes: {
      lifeStage: { type: 'enumeration', enum: ['puppy', 'kitten', 'adult', 'senior', 'all'], ...own, required: true },
      size: { type: 'enumeration', enum: ['small', 'medium', 'large', 'all'], ...own, required: true },
      sterilised: { type: 'boolean', ...own, required: true },
      grainFree: { type: 'boolean', ...own, required: true },
      mainProtein: {
        type: 'enumeration',
        enum: ['chicken', 'duck', 'salmon', 'lamb', 'beef', 'turkey', 'white-fish', 'pork', 'insect'],
        ...own,
        required: true,
      },
      // A list of particularities (hairballs, sensitive-digestion): Strapi has no multiple choice field.
      helpsWith: { type: 'json', ...own },
    },
  },
  'product.analytical-constituents': {
    category: 'product',
    name: 'analytical-constituents',
    displayName: 'Constituants analytiques (%) / Analytische bestanddelen (%)',
    icon: 'chartPie',
    attributes: {
      protein: { type: 'decimal', ...own, required: true, min: 0 },
      fat: { type: 'decimal', ...own, required: true, min: 0 },
      fibre: { type: 'decimal', ...own, required: true, min: 0 },
      ash: { type: 'decimal', ...own, required: true, min: 0 },
      moisture: { type: 'decimal', ...own, required: true, min: 0 },
      calcium: { type: 'decimal', ...own, min: 0 },
      phosphorus: { type: 'decimal', ...own, min: 0 },
      omega3: { type: 'decimal', ...own, min: 0 },
      epaDha: { type: 'decimal', ...own, min: 0 },
      dha: { type: 'decimal', ...own, min: 0 },
      glucosamine: { type: 'decimal', ...own, min: 0 },
      chondroitin: { type: 'decimal', ...own, min: 0 },
    },
  },
  'product.feeding-row': {
    category: 'product',
    name: 'feeding-row',
    displayName: 'Ration par poids / Rantsoen per gewicht',
    icon: 'layer',
    attributes: {
      weightKg: { type: 'decimal', ...own, required: true, min: 0 },
      gramsPerDay: { type: 'decimal', ...own, required: true, min: 0 },
    },
  },
  'shop.special-opening': {
    category: 'shop',
    name: 'special-opening',
    displayName: 'Ouverture exceptionnelle / Uitzonderlijke opening',
    icon: 'calendar',
    attributes: {
      date: { type: 'date', ...own, required: true },
      // Spans such as [["10:00", "17:00"]] (src/lib/shops/opening-hours.ts).
      hours: { type: 'json', ...own, required: true },
    },
  },
  'shop.special-closure': {
    category: 'shop',
    name: 'special-closure',
    displayName: 'Fermeture exceptionnelle / Uitzonderlijke sluiting',
    icon: 'calendar',
    attributes: { date: { type: 'date', ...own, required: true } },
  },
  'shop.closed-period': {
    category: 'shop',
    name: 'closed-period',
    displayName: 'Période de fermeture / Sluitingsperiode',
    icon: 'calendar',
    attributes: {
      from: { type: 'date', ...own, required: true },
      to: { type: 'date', ...own, required: true },
    },
  },
  'menu.link': {
    category: 'menu',
    name: 'link',
    displayName: 'Lien / Link',
    icon: 'link',
    attributes: {
      label: { type: 'string', ...perLanguage, required: true, maxLength: 100 },
      // A route of the sites' route table (src/lib/routes/routes.ts) and its parameters, such as { "key": "dog" }.
      route: { type: 'string', ...own, required: true, maxLength: 100 },
      params: { type: 'json', ...own, required: true },
    },
  },
  'menu.header-item': {
    category: 'menu',
    name: 'header-item',
    displayName: 'Entrée du menu / Menu-item',
    icon: 'bulletList',
    attributes: {
      label: { type: 'string', ...perLanguage, required: true, maxLength: 100 },
      route: { type: 'string', ...own, required: true, maxLength: 100 },
      params: { type: 'json', ...own, required: true },
      children: { type: 'component', component: 'menu.link', repeatable: true, ...perLanguage },
    },
  },
  'menu.footer-column': {
    category: 'menu',
    name: 'footer-column',
    displayName: 'Colonne du pied de page / Kolom van de voettekst',
    icon: 'bulletList',
    attributes: {
      title: { type: 'string', ...perLanguage, required: true, maxLength: 100 },
      links: { type: 'component', component: 'menu.link', repeatable: true, ...perLanguage },
    },
  },
};

/** What the public role may do with a content type: read its entries, as the sites' builds and pages do. */
export type PublicAction = 'find' | 'findOne';

/**
 * The content types Strapi's public role reads, with their actions: those the sites read on their own (an answer of
 * their own, `wire`), and those they read inside another's answer (a product's formats, a rubric's questions, a
 * product's categories), since Strapi populates a relation only for a role that may `find` its target. Nothing
 * else, and no write: cms/src/bootstrap/public-role.ts gives exactly these at each start. A single type has one
 * entry, read with `find` alone.
 */
export function publicReads(
  model: { contentTypes: Record<string, ContentType>; components: Record<string, Component> } = { contentTypes, components },
): Record<string, PublicAction[]> {
  const read = new Set(Object.keys(model.contentTypes).filter((name) => model.contentTypes[name]!.wire !== undefined));
  const relationsOf = (attributes: Record<string, Attribute>): string[] =>
    Object.values(attributes).flatMap((attribute) => {
      if (attribute.read !== undefined && typeof attribute.read === 'object' && 'notRead' in attribute.read) return [];
      if (attribute.type === 'relation') return [attribute.target.replace(/^api::([^.]+)\..+$/, '$1')];
      if (attribute.type === 'component') return relationsOf(model.components[attribute.component]?.attributes ?? {});
      return [];
    });
  // Until no new type is reached: a type read inside another's answer may itself hold relations the sites read.
  for (let size = 0; size !== read.size; ) {
    size = read.size;
    for (const name of [...read]) for (const target of relationsOf(model.contentTypes[name]!.attributes)) read.add(target);
  }
  return Object.fromEntries(
    [...read]
      .sort()
      .map((name) => [`api::${name}.${name}`, model.contentTypes[name]!.kind === 'singleType' ? ['find'] : ['find', 'findOne']]),
  );
}
