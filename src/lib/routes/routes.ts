/**
 * The route table: every screen of the shop with its French and Dutch path. Pages, links, the language
 * switcher, robots.txt, the rewrites of netlify.toml and the tests all read it; nothing else types a slug.
 *
 * Patterns: `[name]` is a required segment, `[name?]` an optional one, `[...name]` one or more segments.
 */
export type Layout = 'default' | 'user-guide' | 'minimal' | 'none';
type Guard = 'anonymous' | 'authenticated';
export type Feature =
  | 'animals'
  | 'guideEntrance'
  | 'nutritionGuideEntrance'
  | 'referral'
  | 'orderRedirect'
  | 'subscriptionRedirect'
  | 'webView';

export interface RouteDefinition {
  fr: string;
  nl: string;
  layout: Layout;
  guard?: Guard;
  features?: Feature[];
  /** Pre-rendered from the content service per entry, rather than one page. */
  content?: 'page' | 'landing' | 'shop' | 'faq' | 'sample' | 'product' | 'category';
  /** A runtime id that is read by an island from the address: one static shell serves every id. */
  shell?: boolean;
  /** Kept out of search engines (robots.txt and noindex). */
  private?: boolean;
  /** Guide result pages turn on the results-page option of the user-guide layout. */
  results?: boolean;
}

export const routes = {
  home: { fr: '/', nl: '/', layout: 'default' },
  page: { fr: '/page/[page]/', nl: '/pagina/[page]/', layout: 'default', content: 'page' },
  search: { fr: '/rechercher/', nl: '/zoeken/', layout: 'default', private: true },
  contact: { fr: '/nous-contacter/', nl: '/contacteer-ons/', layout: 'default' },
  /** The newsletter sign-up, and the page its confirmation mail links to (`?confirmation=` the link's token). */
  newsletter: { fr: '/newsletter/', nl: '/nieuwsbrief/', layout: 'default', private: true },
  landing: { fr: '/landing/[landing]/', nl: '/landing/[landing]/', layout: 'none', content: 'landing' },
  shops: { fr: '/magasins/', nl: '/winkels/', layout: 'default' },
  shop: { fr: '/magasins/[shop]/', nl: '/winkels/[shop]/', layout: 'default', content: 'shop' },
  maintenance: { fr: '/maintenance/', nl: '/onderhoud/', layout: 'minimal', private: true },
  /** The generic error page, one per status code: title and message from pages.error.{status}. */
  error: { fr: '/erreur/[status]/', nl: '/fout/[status]/', layout: 'default', private: true },
  faq: { fr: '/faq/[faqQuery?]/', nl: '/veelgestelde-vragen/[faqQuery?]/', layout: 'default', content: 'faq' },
  account: { fr: '/mon-compte/', nl: '/mijn-account/', layout: 'default', guard: 'authenticated', private: true },
  accountWelcome: { fr: '/mon-compte/bienvenue/', nl: '/mijn-account/welkom/', layout: 'default', guard: 'authenticated', private: true },
  login: { fr: '/connexion/', nl: '/inloggen/', layout: 'minimal', guard: 'anonymous', private: true },
  register: { fr: '/creer-un-compte/', nl: '/account-aanmaken/', layout: 'minimal', guard: 'anonymous', private: true },
  cart: { fr: '/panier/', nl: '/winkelmand/', layout: 'default', private: true },
  sample: { fr: '/produits/echantillons/[sample]/', nl: '/producten/stalen/[sample]/', layout: 'default', content: 'sample' },
  product: { fr: '/produits/[product]/[format?]/', nl: '/producten/[product]/[format?]/', layout: 'default', content: 'product' },
  addresses: {
    fr: '/mon-compte/mes-adresses/',
    nl: '/mijn-account/mijn-adressen/',
    layout: 'default',
    guard: 'authenticated',
    private: true,
  },
  animals: {
    fr: '/mon-compte/mes-animaux/',
    nl: '/mijn-account/mijn-dieren/',
    layout: 'default',
    guard: 'authenticated',
    features: ['animals'],
    private: true,
  },
  animalAdd: {
    fr: '/mon-compte/mes-animaux/ajouter/',
    nl: '/mijn-account/mijn-dieren/toevoegen/',
    layout: 'default',
    features: ['animals'],
    private: true,
  },
  animal: {
    fr: '/mon-compte/mes-animaux/[animal]/',
    nl: '/mijn-account/mijn-dieren/[animal]/',
    layout: 'default',
    guard: 'authenticated',
    features: ['animals'],
    shell: true,
    private: true,
  },
  animalEdit: {
    fr: '/mon-compte/mes-animaux/[animal]/modifier/',
    nl: '/mijn-account/mijn-dieren/[animal]/bewerken/',
    layout: 'default',
    guard: 'authenticated',
    features: ['animals'],
    shell: true,
    private: true,
  },
  orders: {
    fr: '/mon-compte/mes-commandes/',
    nl: '/mijn-account/mijn-bestellingen/',
    layout: 'default',
    guard: 'authenticated',
    features: ['orderRedirect'],
    private: true,
  },
  order: {
    fr: '/mon-compte/mes-commandes/[order]/',
    nl: '/mijn-account/mijn-bestellingen/[order]/',
    layout: 'default',
    guard: 'authenticated',
    shell: true,
    private: true,
  },
  personalData: {
    fr: '/mon-compte/mes-informations-personnelles/',
    nl: '/mijn-account/mijn-persoonlijke-gegevens/',
    layout: 'default',
    guard: 'authenticated',
    private: true,
  },
  sponsorships: {
    fr: '/mon-compte/mes-parrainages/',
    nl: '/mijn-account/mijn-peterschappen/',
    layout: 'default',
    guard: 'authenticated',
    features: ['referral'],
    private: true,
  },
  subscriptions: {
    fr: '/mon-compte/mes-abonnements/',
    nl: '/mijn-account/mijn-abonnementen/',
    layout: 'default',
    guard: 'authenticated',
    features: ['subscriptionRedirect'],
    private: true,
  },
  subscription: {
    fr: '/mon-compte/mes-abonnements/[subscription]/',
    nl: '/mijn-account/mijn-abonnementen/[subscription]/',
    layout: 'default',
    guard: 'authenticated',
    shell: true,
    private: true,
  },
  subscriptionHistory: {
    fr: '/mon-compte/mes-abonnements/[subscription]/historique/',
    nl: '/mijn-account/mijn-abonnementen/[subscription]/geschiedenis/',
    layout: 'default',
    guard: 'authenticated',
    shell: true,
    private: true,
  },
  subscriptionHistoryOrder: {
    fr: '/mon-compte/mes-abonnements/[subscription]/historique/[order]/',
    nl: '/mijn-account/mijn-abonnementen/[subscription]/geschiedenis/[order]/',
    layout: 'default',
    guard: 'authenticated',
    shell: true,
    private: true,
  },
  checkout: { fr: '/commande/[order]/', nl: '/volgorde/[order]/', layout: 'minimal', guard: 'authenticated', shell: true, private: true },
  orderConfirmation: {
    fr: '/commande/[order]/confirmation/',
    nl: '/orderbevestiging/[order]/',
    layout: 'default',
    guard: 'authenticated',
    shell: true,
    private: true,
  },
  forgotPassword: {
    fr: '/mot-de-passe-oublie/[forgotPassword]/',
    nl: '/wachtwoord-vergeten/[forgotPassword]/',
    layout: 'minimal',
    guard: 'anonymous',
    shell: true,
    private: true,
  },
  kibbleGuide: { fr: '/guide-croquettes/', nl: '/brokkengids/', layout: 'user-guide', features: ['guideEntrance'] },
  kibbleGuideNew: {
    fr: '/guide-croquettes/nouveau/',
    nl: '/brokkengids/nieuw/',
    layout: 'user-guide',
    features: ['guideEntrance'],
    private: true,
  },
  kibbleGuideAnimal: { fr: '/guide-croquettes/[animal]/', nl: '/brokkengids/[animal]/', layout: 'user-guide', shell: true, private: true },
  kibbleGuideResults: {
    fr: '/guide-croquettes/[animal]/recommandations/',
    nl: '/brokkengids/[animal]/aanbevelingen/',
    layout: 'user-guide',
    shell: true,
    private: true,
    results: true,
  },
  nutritionGuideFull: {
    fr: '/userGuide/guide-nutrition-full/',
    nl: '/userGuide/voedingsgids-volledig/',
    layout: 'user-guide',
    features: ['nutritionGuideEntrance'],
    private: true,
  },
  nutritionGuideShort: {
    fr: '/userGuide/guide-nutrition-short/',
    nl: '/userGuide/voedingsgids-kort/',
    layout: 'user-guide',
    features: ['nutritionGuideEntrance'],
    private: true,
  },
  biNutritionGuide: {
    fr: '/guide-bi-nutrition/[animal]/',
    nl: '/gids-bi-voeding/[animal]/',
    layout: 'user-guide',
    shell: true,
    private: true,
  },
  biNutritionResults: {
    fr: '/guide-bi-nutrition/[animal]/recommandations/',
    nl: '/gids-bi-voeding/[animal]/aanbevelingen/',
    layout: 'user-guide',
    shell: true,
    private: true,
    results: true,
  },
  miniBiNutritionGuide: {
    fr: '/mini-guide-bi-nutrition/[animal]/',
    nl: '/mini-gids-bi-voeding/[animal]/',
    layout: 'user-guide',
    shell: true,
    private: true,
  },
  miniBiNutritionResults: {
    fr: '/mini-guide-bi-nutrition/[animal]/recommandations/',
    nl: '/mini-gids-bi-voeding/[animal]/aanbevelingen/',
    layout: 'user-guide',
    shell: true,
    private: true,
    results: true,
  },
  webViewPayment: {
    fr: '/web-view/[subscription]-changement-de-paiement/',
    nl: '/web-view/[subscription]-betaalwijziging/',
    layout: 'none',
    guard: 'authenticated',
    features: ['webView'],
    shell: true,
    private: true,
  },
  webViewDemo: { fr: '/webView/demo/', nl: '/webView/demo/', layout: 'none', private: true },
  subscriptionLandingDog: { fr: '/abonnement/chien/', nl: '/abonnement/hond/', layout: 'default' },
  subscriptionLandingCat: { fr: '/abonnement/chat/', nl: '/abonnement/kat/', layout: 'default' },
  /** Catch-all category page: its paths come from the category tree (/chien/, /hond/…). Matched last. */
  category: { fr: '/[...category]/', nl: '/[...category]/', layout: 'default', content: 'category' },
} as const satisfies Record<string, RouteDefinition>;

export type RouteName = keyof typeof routes;
export const routeNames = Object.keys(routes) as RouteName[];

/** Content page keys with their fixed slugs (terms, privacy, personal data, 1% for animals); footer links and tests use these. */
export const legalPages = {
  terms: { fr: 'conditions-generales', nl: 'gebruiksvoorwaarden' },
  privacy: { fr: 'cookies', nl: 'cookies' },
  personalData: { fr: 'donnees-personnelles', nl: 'persoonlijke-gegevens' },
  onePercent: { fr: '1-pourcent-pour-les-animaux', nl: '1-procent-voor-dieren' },
} as const;
