/**
 * The shop API's refusals, whichever resource answers them: a violation (a field, a message and one of the
 * violation codes), the 422's ConstraintViolationList, a hydra:Error, a JWT's 401 and the login's 429.
 */
import '../zod/jitless.ts';
import { z } from 'zod/mini';

export const violation = z.object({ propertyPath: z.string(), message: z.string(), code: z.string() });
export type Violation = z.infer<typeof violation>;

export const violationList = z.object({
  '@type': z.literal('ConstraintViolationList'),
  'hydra:title': z.string(),
  'hydra:description': z.string(),
  violations: z.array(violation),
});
export const hydraError = z.object({ '@type': z.literal('hydra:Error'), 'hydra:title': z.string(), 'hydra:description': z.string() });
export const jwtError = z.object({ code: z.literal(401), message: z.string() });
/** 429 of POST /shop/authentication-token after repeated failures for one e-mail (with a Retry-After header). */
export const throttledError = z.object({ code: z.literal(429), message: z.string() });

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
