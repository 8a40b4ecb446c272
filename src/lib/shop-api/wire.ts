/**
 * The shop API's wire format (a Sylius 1.x shop API with the shop's own extensions, DESIGN.md): zod
 * schemas used by the embedded platform to shape answers and by the site's client to parse them.
 * IRIs are the identifiers; amounts are integers in minor units.
 */
import '../zod/jitless.ts';
import { z } from 'zod/mini';
import { checkoutStates } from '../orders/checkout.ts';
import { displayGroups, displayStatuses } from '../orders/display-status.ts';
import { orderStates } from '../orders/order.ts';
import { orderPaymentStates, paymentStates } from '../orders/payment.ts';
import { shippingStates } from '../orders/shipping.ts';

export const SHOP_API_PREFIX = '/api/v2/shop';
export const iri = {
  order: (token: string) => `${SHOP_API_PREFIX}/orders/${token}`,
  orderItem: (token: string, id: number) => `${SHOP_API_PREFIX}/orders/${token}/items/${id}`,
  variant: (code: string) => `${SHOP_API_PREFIX}/product-variants/${code}`,
  customer: (id: number) => `${SHOP_API_PREFIX}/customers/${id}`,
  address: (id: number) => `${SHOP_API_PREFIX}/addresses/${id}`,
  shipment: (token: string, id: number) => `${SHOP_API_PREFIX}/orders/${token}/shipments/${id}`,
  payment: (token: string, id: number) => `${SHOP_API_PREFIX}/orders/${token}/payments/${id}`,
  shippingMethod: (code: string) => `${SHOP_API_PREFIX}/shipping-methods/${code}`,
  paymentMethod: (code: string) => `${SHOP_API_PREFIX}/payment-methods/${code}`,
} as const;

// The states and their transitions live in lib/orders (one module per state machine).

const orderItem = z.object({
  '@id': z.string(),
  '@type': z.literal('OrderItem'),
  id: z.int(),
  variant: z.string(),
  variantCode: z.string(),
  productName: z.string(),
  variantName: z.string(),
  quantity: z.int().check(z.positive()),
  /** Price of one unit after the subscription discount; originalUnitPrice is the one-off price. */
  unitPrice: z.int(),
  originalUnitPrice: z.int(),
  total: z.int(),
  /** Days between deliveries (one of the 10 frequencies), 0 for a one-off purchase. */
  subscriptionInterval: z.int(),
  sourceItemList: z.nullable(z.string()),
  upsell: z.boolean(),
  /**
   * What the shopper sees of the product, in the request's language (`locale`): the names above, the
   * path of its page (its format's page; null once it is no longer listed) and its pack shot.
   */
  productPath: z.nullable(z.string()),
  image: z.nullable(z.object({ url: z.string(), alternativeText: z.string() })),
  /** The species the product is for (the cart's upsells follow it); null once it left the catalogue. */
  animal: z.nullable(z.enum(['dog', 'cat'])),
  /** A free sample: bought once, never by subscription. */
  sample: z.boolean(),
});
export type OrderItem = z.infer<typeof orderItem>;

const appliedPromotion = z.object({ code: z.string(), label: z.string(), amount: z.int() });

export const violation = z.object({ propertyPath: z.string(), message: z.string(), code: z.string() });
export type Violation = z.infer<typeof violation>;

/**
 * The cart's discount code as the totals stand now: applied with its reduction, or kept on the cart but not
 * applicable, with the reason (a violation of `couponCode`, in the request's language) and the items
 * total from which it applies. Recomputed on every answer, so it always matches the accounting lines.
 */
const couponState = z.object({
  code: z.string(),
  applicable: z.boolean(),
  /** The reduction it gives now (negative, as orderPromotionTotal), 0 when not applicable. */
  amount: z.int(),
  /** The items total from which it applies (0 for none). */
  minimumItemsTotal: z.int(),
  refusal: z.nullable(violation),
});
export type CouponState = z.infer<typeof couponState>;

/** An address as the order keeps it: a copy made at the address step (later edits of the book do not change it). */
const orderAddress = z.object({
  firstName: z.string(),
  lastName: z.string(),
  company: z.nullable(z.string()),
  street: z.string(),
  street2: z.nullable(z.string()),
  city: z.string(),
  postcode: z.string(),
  countryCode: z.string(),
  provinceCode: z.nullable(z.string()),
  provinceName: z.nullable(z.string()),
  phoneNumber: z.string(),
  phoneNumber2: z.nullable(z.string()),
  deliveryInstructions: z.nullable(z.string()),
});
export type OrderAddress = z.infer<typeof orderAddress>;

/** A relay point as the shipment keeps it; hours per weekday (monday…sunday), at most two ranges a day. */
export const relayPoint = z.object({
  id: z.string(),
  name: z.string(),
  street: z.string(),
  postcode: z.string(),
  city: z.string(),
  countryCode: z.string(),
  openingHours: z.record(z.string(), z.array(z.tuple([z.string(), z.string()]))),
});
export type RelayPoint = z.infer<typeof relayPoint>;

const shipment = z.object({
  '@id': z.string(),
  '@type': z.literal('Shipment'),
  id: z.int(),
  state: z.enum(shippingStates),
  /** The shipping method's IRI, null until one is chosen. */
  method: z.nullable(z.string()),
  carrier: z.nullable(z.string()),
  relayPoint: z.nullable(relayPoint),
  trackingNumber: z.nullable(z.string()),
  shippedAt: z.nullable(z.string()),
});
export type Shipment = z.infer<typeof shipment>;

/** What is kept of a card: never its number. */
const paymentCard = z.object({ brand: z.string(), last4: z.string(), expiry: z.nullable(z.string()) });

const payment = z.object({
  '@id': z.string(),
  '@type': z.literal('Payment'),
  id: z.int(),
  state: z.enum(paymentStates),
  /** The payment method's IRI, null until one is chosen. */
  method: z.nullable(z.string()),
  amount: z.int(),
  currencyCode: z.literal('EUR'),
  card: z.nullable(paymentCard),
});
export type Payment = z.infer<typeof payment>;

const displayStatus = z.object({ code: z.enum(displayStatuses), group: z.enum(displayGroups), label: z.string() });

/** GET /shop/orders/{token}/shipments/{id}/methods: what this order would pay with each carrier. */
export const shippingMethod = z.object({
  '@id': z.string(),
  '@type': z.literal('ShippingMethod'),
  code: z.string(),
  name: z.string(),
  description: z.string(),
  /** Relay-point methods need a point (France only). */
  kind: z.enum(['home', 'relay_point']),
  carrier: z.string(),
  /** The carrier's fee before the free-shipping rule, and what this order pays (0 from the threshold). */
  fee: z.int(),
  price: z.int(),
});
export type ShippingMethod = z.infer<typeof shippingMethod>;

/** GET /shop/orders/{token}/payments/{id}/methods. */
export const paymentMethod = z.object({
  '@id': z.string(),
  '@type': z.literal('PaymentMethod'),
  code: z.string(),
  name: z.string(),
  /** The order waits for the money and ships on payment (cheque, bank transfer, PayPal). */
  delayed: z.boolean(),
  /** What this method adds to the order (the service fees line). */
  serviceFee: z.int(),
  /** For delayed methods: what the shopper has to do. */
  instructions: z.nullable(z.string()),
});
export type PaymentMethod = z.infer<typeof paymentMethod>;

export const order = z.object({
  '@context': z.optional(z.string()),
  '@id': z.string(),
  '@type': z.literal('Order'),
  tokenValue: z.string(),
  state: z.enum(orderStates),
  checkoutState: z.enum(checkoutStates),
  paymentState: z.enum(orderPaymentStates),
  shippingState: z.enum(shippingStates),
  currencyCode: z.literal('EUR'),
  localeCode: z.string(),
  channelCode: z.string(),
  customer: z.nullable(z.string()),
  items: z.array(orderItem),
  freeProducts: z.array(orderItem),
  couponCode: z.nullable(z.string()),
  /** The state of `couponCode` (null when there is none). */
  coupon: z.nullable(couponState),
  promotions: z.array(appliedPromotion),
  /**
   * Accounting lines, integers in minor units (cents): items total, promotion reduction (negative),
   * shipping and service fees, taxes, total.
   */
  itemsTotal: z.int(),
  orderPromotionTotal: z.int(),
  shippingTotal: z.int(),
  serviceFeesTotal: z.int(),
  taxTotal: z.int(),
  total: z.int(),
  totalExcludingTax: z.int(),
  /** Free shipping from this items total (after promotions), with what is still missing. */
  freeShippingThreshold: z.int(),
  amountToFreeShipping: z.int(),
  /** The readable reference (000001001), once the checkout completed; null for a cart. */
  number: z.nullable(z.string()),
  /** When the order was placed (ISO 8601), null for a cart. */
  checkoutCompletedAt: z.nullable(z.string()),
  notes: z.nullable(z.string()),
  billingAddress: z.nullable(orderAddress),
  shippingAddress: z.nullable(orderAddress),
  /** Created at the address step: empty before. */
  shipments: z.array(shipment),
  /** The open payment last; failed ones stay listed. */
  payments: z.array(payment),
  /** What the account shows (the display status of lib/orders/display-status.ts). */
  status: displayStatus,
});
export type Order = z.infer<typeof order>;

export const customer = z.object({
  '@id': z.string(),
  '@type': z.literal('Customer'),
  id: z.int(),
  email: z.string(),
  emailHashed: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  gender: z.nullable(z.enum(['m', 'f'])),
  birthday: z.nullable(z.string()),
  subscribedToNewsletter: z.boolean(),
  defaultAddress: z.nullable(z.string()),
  newCustomer: z.boolean(),
  subscriber: z.boolean(),
  lastOrderDate: z.nullable(z.string()),
  user: z.object({ verified: z.boolean() }),
  /** Preferred communication language. */
  preferredLanguage: z.enum(['fr', 'nl']),
});
export type Customer = z.infer<typeof customer>;

export const address = z.object({
  '@id': z.string(),
  '@type': z.literal('Address'),
  id: z.int(),
  company: z.nullable(z.string()),
  firstName: z.string(),
  lastName: z.string(),
  countryCode: z.string(),
  provinceCode: z.nullable(z.string()),
  provinceName: z.nullable(z.string()),
  street: z.string(),
  street2: z.nullable(z.string()),
  city: z.string(),
  postcode: z.string(),
  phoneNumber: z.string(),
  phoneNumber2: z.nullable(z.string()),
  alias: z.nullable(z.string()),
  deliveryInstructions: z.nullable(z.string()),
  isDefault: z.boolean(),
});
export type Address = z.infer<typeof address>;

export const collection = <T extends z.ZodMiniType>(member: T) =>
  z.object({
    '@type': z.literal('hydra:Collection'),
    'hydra:member': z.array(member),
    'hydra:totalItems': z.int(),
  });

/** POST /shop/authentication-token answer: token, refresh token, user, customer IRI and, when there is one, the cart. */
export const authentication = z.object({
  token: z.string(),
  refresh_token: z.string(),
  user: z.object({ username: z.string(), verified: z.boolean() }),
  customer: z.string(),
  /** Token of the customer's open cart, when there is one. */
  cart: z.optional(z.nullable(z.string())),
});
export type Authentication = z.infer<typeof authentication>;

/**
 * Claims of the JWT: expiry (seconds since the epoch), username (the e-mail) and `sid`, the session (the
 * login) it belongs to. The site reads no `sid`; the platform refuses a token without one
 * (accessTokenClaims), since only a token tied to a session can be revoked before it expires.
 */
export const tokenClaims = z.object({
  exp: z.number(),
  iat: z.number(),
  username: z.string(),
  customer: z.string(),
  sid: z.optional(z.string()),
});
export const accessTokenClaims = z.extend(tokenClaims, { sid: z.string().check(z.minLength(1), z.maxLength(64)) });

export const violationList = z.object({
  '@type': z.literal('ConstraintViolationList'),
  'hydra:title': z.string(),
  'hydra:description': z.string(),
  violations: z.array(violation),
});
export const hydraError = z.object({ '@type': z.literal('hydra:Error'), 'hydra:title': z.string(), 'hydra:description': z.string() });
export const jwtError = z.object({ code: z.literal(401), message: z.string() });

/**
 * Violation codes of the shop API (`violations[].code`): short stable names, one message each, so the
 * site can key its own texts as `forms.{form}.{field}.errors.{code}` and fall back to the server message.
 */
export const violationCodes = [
  // Generic field rules: required, type, length, range, characters, e-mail, dates, choices.
  'NOT_BLANK',
  'INVALID_TYPE',
  'TOO_SHORT',
  'TOO_LONG',
  'OUT_OF_RANGE',
  'INVALID_CHARACTERS',
  'INVISIBLE_CHARACTERS',
  /** A name that mail clients would turn into a link (www., ://, a domain). */
  'LINK_NOT_ALLOWED',
  'INVALID_EMAIL',
  'INVALID_DATE',
  'DATE_NOT_IN_PAST',
  'DATE_TOO_OLD',
  'INVALID_CHOICE',
  // Addresses.
  'COUNTRY_NOT_SERVED',
  'POSTCODE_LENGTH',
  'POSTCODE_COUNTRY',
  'INVALID_PHONE',
  'ADDRESS_LIMIT',
  // Customers and passwords.
  'EMAIL_ALREADY_USED',
  'TERMS_NOT_ACCEPTED',
  'PASSWORDS_NOT_EQUAL',
  'WRONG_PASSWORD',
  'ADDRESS_NOT_FOUND',
  'CUSTOMER_MISMATCH',
  'TOKEN_EXPIRED',
  // Cart.
  'LOCALE_CHANNEL_MISMATCH',
  'VARIANT_NOT_FOUND',
  'VARIANT_NOT_AVAILABLE',
  'VARIANT_OUT_OF_STOCK',
  'INTERVAL_NOT_OFFERED',
  'SAMPLE_NOT_SUBSCRIBABLE',
  'CART_FULL',
  // Coupons.
  'COUPON_INVALID',
  'COUPON_EXPIRED',
  'COUPON_MINIMUM',
  'COUPON_FIRST_ORDER',
  'COUPON_RESERVED',
  'COUPON_SIGN_IN',
  'COUPON_PERSONAL',
  'COUPON_USED',
  'COUPON_OWN_REFERRAL',
  /** A referral code on the cart of a friend who ships to an address of the sponsor (sponsorships/household.ts). */
  'COUPON_REFERRAL_SAME_HOUSEHOLD',
  // Checkout.
  'CHECKOUT_STEP_NOT_ALLOWED',
  'ORDER_ALREADY_PLACED',
  'CART_EMPTY',
  'SHIPPING_METHOD_NOT_AVAILABLE',
  'PAYMENT_METHOD_NOT_AVAILABLE',
  'RELAY_POINT_REQUIRED',
  'RELAY_POINT_INACTIVE',
  'SALE_TERMS_NOT_ACCEPTED',
  'PAYMENT_NOT_PAYABLE',
  'PAYMENT_IN_PROGRESS',
  'PAYMENT_STILL_OPEN',
  // Subscriptions.
  'SUBSCRIPTION_DRAFT_LOCKED',
  'SUBSCRIPTION_STOPPED',
  'SUBSCRIPTION_ABORT_PENDING',
  'SUBSCRIPTION_CARD_REFUSED',
  'SUBSCRIPTION_NOTHING_TO_SHIP',
  // Pets.
  'TOO_FEW_CHOICES',
  'BREED_SPECIES_MISMATCH',
  'ANIMAL_LIMIT',
  // Contact requests: free text and attached files.
  'PERCENT_NOT_ALLOWED',
  'FILE_TOO_LARGE',
  'FILE_TYPE_NOT_SUPPORTED',
  'TOO_MANY_FILES',
  'FILES_TOO_LARGE',
  'ORDER_NOT_FOUND',
  // Newsletter.
  'SIGN_UP_LINK_EXPIRED',
] as const;
export type ViolationCode = (typeof violationCodes)[number];

/**
 * Shipping of a cart (shown by the cart page): a flat fee per channel below the threshold, free from the
 * threshold on, measured on the items total after promotions. Minor units, tax included.
 */
export const FREE_SHIPPING_THRESHOLD = 4900;
export const SHIPPING_FEES = { FR: 490, BE: 590 } as const;

/** POST /shop/customer/lookup answer. */
export const customerLookup = z.object({ exists: z.boolean() });
/**
 * GET /shop/reset-password-requests/{token}: whether a mailed link still works. A used, expired, replaced
 * or unknown link is `usable: false`, not an error: an old link in a mailbox is an ordinary thing.
 */
export const resetLinkState = z.object({ '@type': z.literal('ResetPasswordRequest'), usable: z.boolean() });
/**
 * GET /shop/media-authentication: ImageKit's upload authentication for a signed-in customer, good once
 * and until `expire` (seconds since the epoch): the token and its HMAC-SHA1 signature.
 */
export const mediaAuthentication = z.object({
  token: z.string().check(z.minLength(1)),
  expire: z.int(),
  signature: z.string().check(z.regex(/^[0-9a-f]{40}$/)),
});
/** 429 of POST /shop/authentication-token after repeated failures for one e-mail (with a Retry-After header). */
export const throttledError = z.object({ code: z.literal(429), message: z.string() });

/**
 * A customer's subscription (GET /shop/subscriptions/{code}): its settings, its next shipment and the day its
 * draft locks, its card, its alerts and display status, a pending cancellation request; the detail adds the
 * draft next order, priced like a cart (`nextOrder`, null in the list).
 */
export const subscription = z.object({
  '@id': z.string(),
  '@type': z.literal('Subscription'),
  code: z.string(),
  /** The subscription's own state: active, paused, stopped, or the failure the scheduler last met. */
  state: z.string(),
  status: displayStatus,
  /** Days between deliveries: one of the ten frequencies. */
  frequency: z.int(),
  /** The day (YYYY-MM-DD) the next parcel leaves. */
  nextShipmentDate: z.string(),
  /** When the draft locks (ISO 8601): it can be edited until then. */
  editLimitDate: z.string(),
  /** The draft is being prepared ("draft in progress"): only changes for all drafts are taken, for the shipments after it. */
  locked: z.boolean(),
  /** What each of the ten frequencies means if chosen now: the day of the next shipment it gives. */
  frequencyChoices: z.array(z.object({ days: z.int(), nextShipmentDate: z.string() })),
  card: z.nullable(z.object({ brand: z.string(), last4: z.string(), expiry: z.nullable(z.string()) })),
  shippingMethod: z.string(),
  carrier: z.nullable(z.string()),
  relayPoint: z.nullable(relayPoint),
  shippingAddress: orderAddress,
  alerts: z.array(z.object({ kind: z.string(), status: displayStatus })),
  abortRequest: z.nullable(z.object({ reason: z.string(), message: z.string(), createdAt: z.string() })),
  /** "Ship now" asked: the parcel leaves and the card is debited by `deadline`. */
  shipNow: z.nullable(z.object({ requestedAt: z.string(), deadline: z.string() })),
  createdAt: z.string(),
  /** The token of the order whose payment started it (null once that order is gone): its confirmation page finds it by this. */
  startedByOrder: z.nullable(z.string()),
  nextOrder: z.nullable(order),
});
export type Subscription = z.infer<typeof subscription>;

/** An item of the pets' lists (animal types, genders, body conditions, activities), named in the request's language. */
const animalListItem = <T extends string>(type: T) =>
  z.object({ '@id': z.string(), '@type': z.literal(type), id: z.int(), code: z.string(), name: z.string() });
export const animalBreed = z.extend(animalListItem('AnimalBreed'), {
  /** The species' IRI (animal-types/1 dog, /2 cat). */
  type: z.string(),
  /** Typical adult weight (kg): a puppy's growth stage is read from it. */
  adultWeight: z.number(),
});
export type AnimalBreed = z.infer<typeof animalBreed>;

/**
 * A pet (GET /shop/animals/{id}): the IRIs of its type, gender, breed, body condition and activity, its
 * birthday (and whether it was typed as a date or as an age, with that age today), weight in kg, the
 * particularity toggle and which one, feeds, brands and photo URL. A guest's pet carries the guest token
 * its browser keeps (null once it belongs to a customer).
 */
export const animal = z.object({
  '@id': z.string(),
  '@type': z.literal('Animal'),
  id: z.int(),
  type: z.string(),
  gender: z.string(),
  name: z.string(),
  breed: z.nullable(z.string()),
  breedName: z.nullable(z.string()),
  /** The breed's typical adult weight (kg): a puppy's growth is read from it. */
  breedAdultWeight: z.nullable(z.number()),
  crossbreed: z.boolean(),
  birthday: z.string(),
  inDate: z.boolean(),
  ageYears: z.int(),
  ageMonths: z.int(),
  weight: z.number(),
  sterilized: z.boolean(),
  condition: z.string(),
  activity: z.string(),
  hasFeature: z.boolean(),
  feature: z.nullable(z.string()),
  feeds: z.array(z.string()),
  kibbleBrand: z.string(),
  oldKibbleBrand: z.nullable(z.string()),
  onlyOurFood: z.boolean(),
  photo: z.nullable(z.string()),
  guestToken: z.nullable(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Animal = z.infer<typeof animal>;

/**
 * POST /shop/newsletter-subscriptions answers 202 with this alone, whether the e-mail was known or not;
 * PATCH /shop/newsletter-subscriptions/{token} confirms the sign-up and names the 5 € first-order code
 * given with it (null when the e-mail had one already or has ordered before).
 */
export const newsletterSubscription = z.object({
  '@type': z.literal('NewsletterSubscription'),
  email: z.optional(z.string()),
  confirmed: z.boolean(),
  welcomeCoupon: z.optional(z.nullable(z.object({ code: z.string(), amount: z.int(), hasAccount: z.boolean() }))),
});
export type NewsletterSubscription = z.infer<typeof newsletterSubscription>;

/** POST /shop/contact-requests (201): the request's reference, named in the acknowledgement mail, and the files kept. */
export const contactRequestAnswer = z.object({
  '@type': z.literal('ContactRequest'),
  reference: z.string(),
  createdAt: z.string(),
  files: z.array(z.object({ name: z.string(), size: z.int() })),
});
export type ContactRequestAnswer = z.infer<typeof contactRequestAnswer>;

/**
 * How far a referred friend got: registered, first order placed (payment awaited), sponsor rewarded (first
 * order paid), or refused (first order paid, but shipped to the sponsor's address or paid with the sponsor's
 * means of payment: no reward, lib/shop-api/sponsorship-rule.ts).
 */
const friendStates = ['registered', 'ordered', 'rewarded', 'refused'] as const;
/**
 * GET /shop/sponsorships: the customer's referral code and link, the rule in numbers (minor units, days),
 * and the friends who came through them: a first name and an initial, never more of someone else.
 */
export const sponsorship = z.object({
  '@type': z.literal('Sponsorship'),
  code: z.string(),
  link: z.string(),
  rule: z.object({
    friendDiscount: z.int(),
    friendMinimum: z.int(),
    sponsorReward: z.int(),
    rewardValidityDays: z.int(),
  }),
  friends: z.array(
    z.object({
      name: z.string(),
      registeredAt: z.string(),
      state: z.enum(friendStates),
      reward: z.nullable(z.object({ code: z.string(), amount: z.int(), expiresAt: z.nullable(z.string()), used: z.boolean() })),
    }),
  ),
});
export type Sponsorship = z.infer<typeof sponsorship>;
