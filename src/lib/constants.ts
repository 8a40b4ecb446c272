/**
 * The shop's business constants (subscription discount and minimum, lock and reminder days, delivery
 * frequencies, weights, field limits, cookie, storage keys, cart quantities, shipping fees, loading bar and
 * carousel): one place, imported by the site, the platform and the tests.
 */

// Exports tagged @public belong to features not built yet (the payment methods' list): they are kept
// here so those features find the shop's numbers in one place, and the tag tells knip they are unused on purpose.

/** Subscription: 10% off. */
export const SUBSCRIPTION_DISCOUNT = 0.1;
/** Subscriptions: at least 2 deliveries. */
export const SUBSCRIPTION_MIN_DELIVERIES = 2;
/** Subscriptions: the draft next order can be edited until this many days before shipment. */
export const SUBSCRIPTION_EDIT_LOCK_DAYS = 4;
/**
 * The consumer's right of withdrawal, in days from the receipt of the first delivery (French Code de la
 * consommation L221-18, Belgian Code de droit économique VI.47): the terms of sale say the same (§8).
 */
export const WITHDRAWAL_DAYS = 14;
/** Subscriptions: reminder e-mails one week before shipment, then 4 days before. */
export const SUBSCRIPTION_REMINDER_DAYS = [7, 4] as const;
/** Subscriptions: "ship now" ships and debits within this many working hours. */
export const SHIP_NOW_WORKING_HOURS = 24;
/** The invoice is available 7 to 10 days after shipment (lib/orders/invoice.ts: from the first of those days). */
export const INVOICE_DELAY_DAYS = { min: 7, max: 10 } as const;

/** The ten delivery frequencies of a subscription, 21 to 155 days, with the unit and count of their label. */
export const DELIVERY_FREQUENCIES = [
  { days: 21, weeks: 3 },
  { days: 31, months: 1 },
  { days: 42, weeks: 6 },
  { days: 49, weeks: 7 },
  { days: 62, months: 2 },
  { days: 70, weeks: 10 },
  { days: 77, weeks: 11 },
  { days: 93, months: 3 },
  { days: 124, months: 4 },
  { days: 155, months: 5 },
] as const;
export type DeliveryFrequency = (typeof DELIVERY_FREQUENCIES)[number];

/** Exit-intent offer: 5 EUR off the first order for a newsletter sign-up (minor units). */
export const EXIT_INTENT_DISCOUNT = 500;

/** Marketing claims: the reviews rating and customer care hours (Monday to Friday 9:00-18:00). */
export const RATING = { value: 4.71, best: 5, count: 25769 } as const;
export const CARE_HOURS = { days: 'mon-fri', opens: '09:00', closes: '18:00' } as const;

/** Pets and guides: a cat weighs 1 to 13 kg. */
export const CAT_WEIGHT_KG = { min: 1, max: 13 } as const;
/** Pets and guides: a dog weighs up to 100 kg. */
export const DOG_WEIGHT_MAX_KG = 100;
/** Pets and the ration calculator: a puppy is under 12 months, an adult above. */
export const PUPPY_UNDER_MONTHS = 12;

/**
 * Field limits: names, e-mail and alias 255 characters, password 5 to 255, street lines 38, city 2 to 33,
 * birthday at most 120 years ago; postcode digits per country.
 */
export const LIMITS = {
  name: 255,
  email: 255,
  passwordMin: 5,
  passwordMax: 255,
  street: 38,
  cityMin: 2,
  cityMax: 33,
  alias: 255,
  birthdayMaxYears: 120,
} as const;
export const POSTCODE_DIGITS = { FR: 5, BE: 4, LU: 4 } as const;
/** Cart link and variant codes: exactly 8 digits; defaults when a parameter is missing. */
export const VARIANT_CODE = /^\d{8}$/;
export const CART_LINK_DEFAULTS = { quantity: 1, interval: 0 } as const;

export const SORT_MODES = ['relevancy', 'best_sellers', 'first_sell_at'] as const;
export type SortMode = (typeof SORT_MODES)[number];
/**
 * Products on one page of a category (src/lib/catalogue/paging.ts): 20 fills whole rows of the grid at four,
 * five and two cards a row, and keeps a page of the benchmark catalogue light; a bigger category goes on
 * /chien/page/2/…
 */
export const CATEGORY_PAGE_SIZE = 20;
/** @public Checkout payment (not built yet): the accepted payment methods. */
export const PAYMENT_METHODS = ['visa', 'mastercard', 'paypal', 'cheque', 'bank_transfer'] as const;
export const SOCIAL_CHANNELS = ['instagram', 'facebook', 'tiktok', 'twitter', 'pinterest', 'youtube'] as const;

/** SEO: title separator and meta description length. */
export const TITLE_SEPARATOR = '|';
export const META_DESCRIPTION_MAX = 300;

/** The locale cookie: kept 365 days, site-wide, SameSite lax. */
const LOCALE_COOKIE = { name: 'locale', maxAgeDays: 365, path: '/', sameSite: 'lax' } as const;

/** The cookie remembering the shopper's choice of locale in the language switcher. */
export const localeCookie = (locale: string): string =>
  `${LOCALE_COOKIE.name}=${encodeURIComponent(locale)}; Max-Age=${LOCALE_COOKIE.maxAgeDays * 24 * 60 * 60}; Path=${LOCALE_COOKIE.path}; SameSite=${LOCALE_COOKIE.sameSite}`;
/** Token refresh this long before expiry. */
export const TOKEN_REFRESH_BEFORE_MS = 10 * 60 * 1000;
/**
 * Every name the browser keeps something under, in one place: two stores writing the same key must
 * agree on it, and a renamed key must be renamed everywhere at once (localStorage outlives a deploy).
 */
export const STORAGE_KEYS = {
  cartToken: 'store/cart/token',
  customerUri: 'store/customer/uri',
  token: 'store/customer/token',
  refreshToken: 'store/customer/refreshToken',
  /** The header badge's count, published by the cart store so a page without a cart island shows it at once. */
  cartCount: 'store/cart/count',
  /** Written after each cart change where BroadcastChannel is missing: other tabs' storage events reload the cart. */
  cartSync: 'store/cart/sync',
  /** The last payment request of an order, per order token: the confirmation asks it again after a provider's page. */
  paymentRequest: 'store/checkout/paymentRequest',
  /** (sessionStorage) Where a product page's format list was on the screen when a format was chosen, for the page it opens. */
  formatSwitch: 'store/product/formatSwitch',
  /** The customer IRI of the signed-in shopper when they are a subscriber: the header of a static page reads it (is-subscriber). */
  subscriber: 'store/customer/subscriber',
  /** The customer IRI of the signed-in shopper when they are an old client (newCustomer false): the analytics of a static page read it. */
  oldClient: 'store/customer/oldClient',
  /** (sessionStorage) The products the shopper's product pages showed this visit, kept only with consent: the cart's analytics name their categories. */
  analyticsItems: 'mg-analytics-items',
  /** The guest token of the pets a shopper created before signing in: they become the customer's at sign-in. */
  guestAnimals: 'store/animals/guestToken',
  /** The shopper's cookie consent: read by the consent page script, the analytics pushes and the marketing store. */
  consent: 'mg-consent',
  /** The A/B test segments the shopper was put in, kept across visits. */
  abTests: 'mg-abtests',
  /** (sessionStorage) Set once the exit-intent popup was shown: at most once per visit. */
  exitIntentShown: 'mg-exit-intent-shown',
  /** Set once the shopper signed up for the newsletter in this browser: the exit-intent offer never shows again. */
  newsletterSignedUp: 'mg-newsletter-signed-up',
  /** (sessionStorage) The marketing campaigns (top header, popups) the shopper closed during this visit. */
  campaignsClosed: 'mg-campaigns-closed',
} as const;
/** The Web Lock a tab holds while it refreshes the session (the shop API revokes a login whose refresh token is replayed). */
export const REFRESH_LOCK = 'store/customer/refresh';

/** A cart line holds 1 to 99 of a variant: the product page's field, the cart's stepper and the shop API agree. */
export const CART_QUANTITY = { min: 1, max: 99 } as const;
/**
 * Shipping of a cart (shown by the cart page): a flat fee per channel below the threshold, free from the
 * threshold on, measured on the items total after promotions. Minor units, tax included.
 */
export const FREE_SHIPPING_THRESHOLD = 4900;
export const SHIPPING_FEES = { FR: 490, BE: 590 } as const;

/** The loading bar between pages (page-scripts/loading-bar.ts): throttle, duration, delays, height and colour. */
export const LOADING_BAR = {
  throttleMs: 200,
  durationMs: 2000,
  hideDelayMs: 500,
  resetDelayMs: 400,
  height: 3,
  colour: '#AE9973',
} as const;
/**
 * SPEC §9's payload preload: a product card in view is fetched this long after the page is drawn (never on
 * a save-data or 2g connection, slow-2g included: Astro's prefetch checks), see page-scripts/visible-links.ts.
 */
export const PAYLOAD_PRELOAD_DELAY_MS = 1000;
/** The carousel (components/home/Carousel.astro): auto-advance, swipe threshold, move lock, heights and breakpoints. */
export const CAROUSEL = {
  autoAdvanceMs: 10000,
  itemsPerSlide: 1,
  swipeThresholdPx: 50,
  moveLockMs: 1000,
  heights: { default: 320, mobile: 329, tablet: 401, desktop: 500 },
  breakpoints: { sm: 768, md: 1024, lg: 1260 },
} as const;
/** The blurred preview a picture shows until it arrives: a quarter of its size, blurred (sigma 4), WebP quality 20. */
export const PICTURE_PLACEHOLDER = { scale: 0.25, blur: 4, quality: 20 } as const;
