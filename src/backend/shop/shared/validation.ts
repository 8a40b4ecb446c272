/**
 * Request bodies of the shop API: one zod schema per call, with the field rules of SPEC §5 (the same
 * rules as the site's form schemas; this one file is what switches to the shared schemas later).
 * A failed parse becomes a ConstraintViolationList with the codes of wire.ts: custom checks carry their
 * code in `params`, zod's own issues are mapped by `violationsOf`.
 */
import { z } from 'zod';
import { isValidPhoneNumber, parsePhoneNumberWithError, type CountryCode as PhoneCountry } from 'libphonenumber-js';
import { normaliseText } from '../../../lib/forms/normalise.ts';
import { checkPostcode, EMOJI, FORBIDDEN_CHARACTERS, FORBIDDEN_IN_CITIES } from '../../../lib/forms/address.ts';
import { PHONE_COUNTRIES } from '../../../lib/forms/phone.ts';
import { hasInvisibleCharacters } from '../../../lib/forms/fields.ts';
import { CART_QUANTITY, DELIVERY_FREQUENCIES, LIMITS, POSTCODE_DIGITS } from '../../../lib/constants.ts';
import { channelCodes, languages, localeCodes, type CountryCode, type Language } from '../../../lib/channels.ts';
import type { Violation, ViolationCode } from '../../../lib/shop/wire.ts';
import { violation } from './errors.ts';
import type { MessageParams } from './messages.ts';

/** A custom check's issue: its violation code and the parameters of its message. */
const because = (code: ViolationCode, params: MessageParams = {}) => ({ params: { code, ...params } });

// ── Text ────────────────────────────────────────────────────────────────────────────────────────
// The rules themselves (normalisation, forbidden characters, postcodes, phone countries) are the site's
// form rules in src/lib/forms, so the server and the forms cannot disagree.

const CONTROL = /\p{Cc}/u;
const withoutControl = (s: string) => !CONTROL.test(s);
const visible = (s: string) => !hasInvisibleCharacters(s);

/** A required one-line text, trimmed. */
const requiredText = (max: number, min = 1) => z.string().trim().min(min).max(max)
  .refine(withoutControl, because('INVALID_CHARACTERS'))
  .refine(visible, because('INVISIBLE_CHARACTERS'));
/** An optional text: absent, null and blank all become null. */
const optionalText = (max: number, options: { multiline?: boolean; forbidden?: RegExp } = {}) => z.string()
  .overwrite((s) => normaliseText(s, options))
  .max(max)
  .refine((s) => options.multiline || withoutControl(s), because('INVALID_CHARACTERS'))
  .refine(visible, because('INVISIBLE_CHARACTERS'))
  .refine((s) => !options.forbidden?.test(s), because('INVALID_CHARACTERS'))
  .nullish()
  .transform((s) => (s ? s : null));
const addressText = (max: number, forbidden?: RegExp, min = 1) => z.string()
  .overwrite((s) => normaliseText(s))
  .min(min).max(max)
  .refine(withoutControl, because('INVALID_CHARACTERS'))
  .refine(visible, because('INVISIBLE_CHARACTERS'))
  .refine((s) => !forbidden?.test(s), because('INVALID_CHARACTERS'));

export const email = z.string().trim().min(1).max(LIMITS.email).refine((s) => z.regexes.email.test(s), because('INVALID_EMAIL'));
const newPassword = z.string().min(LIMITS.passwordMin).max(LIMITS.passwordMax);
/** Anything longer cannot be a password we stored: refused before hashing it. */
const givenPassword = z.string().min(1).max(LIMITS.passwordMax);
const languageCode = z.enum(languages);
const localeCode = z.enum(localeCodes);
const channelCode = z.enum(channelCodes);
/** An IRI or code in a body: bounded so it never costs more than a regular expression. */
const reference = z.string().trim().min(1).max(255);

/** A birthday: YYYY-MM-DD (a time part is accepted and dropped), in the past, at most 120 years ago. */
const birthday = (now: Date) => z.string().trim().max(40)
  .transform((s, ctx) => {
    const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ][0-9:.+\-Z]*)?$/.exec(s);
    const date = m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null;
    if (!m || !date || date.getUTCFullYear() !== Number(m[1]) || date.getUTCMonth() !== Number(m[2]) - 1 || date.getUTCDate() !== Number(m[3])) {
      ctx.addIssue({ code: 'custom', ...because('INVALID_DATE') });
      return z.NEVER;
    }
    const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    const oldest = Date.UTC(now.getUTCFullYear() - LIMITS.birthdayMaxYears, now.getUTCMonth(), now.getUTCDate());
    if (date.getTime() >= today) ctx.addIssue({ code: 'custom', ...because('DATE_NOT_IN_PAST') });
    else if (date.getTime() < oldest) ctx.addIssue({ code: 'custom', ...because('DATE_TOO_OLD', { max: LIMITS.birthdayMaxYears }) });
    return `${m[1]}-${m[2]}-${m[3]}`;
  });
/** Empty strings from a cleared form field mean "no value". */
const blankToNull = (v: unknown) => (v === '' ? null : v);

// ── Cart ────────────────────────────────────────────────────────────────────────────────────────

export const QUANTITY = CART_QUANTITY;
const quantity = z.int().refine((q) => q >= QUANTITY.min && q <= QUANTITY.max, because('OUT_OF_RANGE', QUANTITY));
/** 0 is a one-off purchase; anything else must be one of the delivery frequencies. */
const subscriptionInterval = z.int().refine((days) => days === 0 || DELIVERY_FREQUENCIES.some((f) => f.days === days), because('INTERVAL_NOT_OFFERED'));

export const createCartBody = z.object({ localeCode: localeCode.optional(), channelCode: channelCode.optional() });
export const assignCustomerBody = z.object({ customer: reference });
export const addItemBody = z.object({
  productVariant: reference,
  quantity: quantity.default(1),
  subscriptionInterval: subscriptionInterval.default(0),
  sourceItemList: z.string().trim().max(255).nullish().transform((s) => s || null),
  upsell: z.boolean().default(false),
});
export const updateItemBody = z.object({ quantity: quantity.optional(), subscriptionInterval: subscriptionInterval.optional() });
export const applyCouponBody = z.object({ couponCode: z.string().trim().min(1).max(64) });

// ── Customers ───────────────────────────────────────────────────────────────────────────────────

export const lookupBody = z.object({ email });

export const registerBody = (now: Date) => z.object({
  gender: z.preprocess(blankToNull, z.enum(['m', 'f']).nullish()),
  firstName: requiredText(LIMITS.name),
  lastName: requiredText(LIMITS.name),
  email,
  password: newPassword,
  birthday: z.preprocess(blankToNull, birthday(now).nullish()),
  subscribedToNewsletter: z.boolean().default(false),
  acceptTerms: z.boolean().refine((v) => v, because('TERMS_NOT_ACCEPTED')),
  preferredLanguage: languageCode.optional(),
});

/**
 * PUT on the customer: every field is optional, so the site may send only `defaultAddress`. A new e-mail
 * also needs `currentPassword` (checked by the handler: the e-mail is how an account is taken over).
 */
export const personalDataBody = (now: Date) => z.object({
  gender: z.preprocess(blankToNull, z.enum(['m', 'f']).nullish()),
  firstName: requiredText(LIMITS.name).optional(),
  lastName: requiredText(LIMITS.name).optional(),
  email: email.optional(),
  birthday: z.preprocess(blankToNull, birthday(now).nullish()),
  subscribedToNewsletter: z.boolean().optional(),
  preferredLanguage: languageCode.optional(),
  defaultAddress: reference.nullish(),
  currentPassword: givenPassword.optional(),
});

const confirmed = <T extends { newPassword: string; confirmNewPassword: string }>(body: T, ctx: z.RefinementCtx) => {
  if (typeof body.confirmNewPassword === 'string' && body.confirmNewPassword !== body.newPassword) {
    ctx.addIssue({ code: 'custom', path: ['confirmNewPassword'], ...because('PASSWORDS_NOT_EQUAL') });
  }
};
export const changePasswordBody = z.object({ currentPassword: givenPassword, newPassword, confirmNewPassword: z.string().max(LIMITS.passwordMax) })
  .superRefine(confirmed);
export const resetPasswordBody = z.object({ newPassword, confirmNewPassword: z.string().max(LIMITS.passwordMax) }).superRefine(confirmed);
export const resetRequestBody = z.object({ email, localeCode: localeCode.optional() });

// ── Addresses ───────────────────────────────────────────────────────────────────────────────────

export const MAX_ADDRESSES = 50;

const phone = z.string().trim().min(1).max(32);

/** A phone number valid for its country (the address's country when it has no +prefix), stored as E.164. */
export function phoneE164(value: string, country: string): string | null {
  const defaultCountry = (PHONE_COUNTRIES as readonly string[]).includes(country) ? (country as PhoneCountry) : 'FR';
  try {
    if (!isValidPhoneNumber(value, defaultCountry)) return null;
    const parsed = parsePhoneNumberWithError(value, defaultCountry);
    return parsed.country && (PHONE_COUNTRIES as readonly string[]).includes(parsed.country) ? parsed.number : null;
  } catch {
    return null;
  }
}

type PostcodeCode = 'POSTCODE_LENGTH' | 'POSTCODE_COUNTRY';
/** The form's postcode rule (lib/forms/address.ts) with the API's violation codes. */
export function postcodeProblem(postcode: string, country: CountryCode): PostcodeCode | null {
  const check = checkPostcode(postcode, country);
  return check.ok ? null : check.code === 'postcode_country' ? 'POSTCODE_COUNTRY' : 'POSTCODE_LENGTH';
}

const addressSchemas = new Map<string, ReturnType<typeof buildAddressBody>>();
/** The address body for a channel: its country must be one the channel delivers. */
export const addressBody = (countries: readonly CountryCode[]) => {
  const key = countries.join(',');
  if (!addressSchemas.has(key)) addressSchemas.set(key, buildAddressBody(countries));
  return addressSchemas.get(key)!;
};

function buildAddressBody(countries: readonly CountryCode[]) {
  return z.object({
    company: optionalText(LIMITS.name, { forbidden: FORBIDDEN_CHARACTERS }),
    firstName: addressText(LIMITS.name, FORBIDDEN_CHARACTERS),
    lastName: addressText(LIMITS.name, FORBIDDEN_CHARACTERS),
    countryCode: z.string().trim().toUpperCase().min(1).max(2).refine((c) => (countries as readonly string[]).includes(c), because('COUNTRY_NOT_SERVED')),
    provinceCode: optionalText(16),
    provinceName: optionalText(255),
    street: addressText(LIMITS.street),
    street2: optionalText(LIMITS.street),
    city: addressText(LIMITS.cityMax, FORBIDDEN_IN_CITIES, LIMITS.cityMin),
    postcode: z.string().transform((s) => s.replace(/\s+/g, '')).pipe(z.string().min(1).max(16)),
    phoneNumber: phone,
    phoneNumber2: z.preprocess(blankToNull, phone.nullish()).transform((s) => s ?? null),
    alias: optionalText(LIMITS.alias).refine((s) => !s || !EMOJI.test(s), because('INVALID_CHARACTERS')),
    deliveryInstructions: optionalText(500, { multiline: true }),
    isDefault: z.boolean().default(false),
  }).superRefine((address, ctx) => {
    // Cross-field rules run even when another field failed, so the form shows every error at once.
    const country = typeof address.countryCode === 'string' && (countries as readonly string[]).includes(address.countryCode)
      ? (address.countryCode as CountryCode) : null;
    if (country && typeof address.postcode === 'string' && address.postcode) {
      const problem = postcodeProblem(address.postcode, country);
      if (problem) ctx.addIssue({ code: 'custom', path: ['postcode'], ...because(problem, { digits: POSTCODE_DIGITS[country] }) });
    }
    for (const field of ['phoneNumber', 'phoneNumber2'] as const) {
      const value = address[field];
      if (typeof value === 'string' && value && !phoneE164(value, country ?? 'FR')) {
        ctx.addIssue({ code: 'custom', path: [field], ...because('INVALID_PHONE') });
      }
    }
  }, { when: () => true });
}
export type AddressBody = z.infer<ReturnType<typeof addressBody>>;

// ── From zod's issues to violations ─────────────────────────────────────────────────────────────

const valueAt = (body: unknown, path: PropertyKey[]): unknown =>
  path.reduce<unknown>((v, key) => (v !== null && typeof v === 'object' ? (v as Record<PropertyKey, unknown>)[key] : undefined), body);

function codeOf(issue: z.core.$ZodIssue, body: unknown): { code: ViolationCode; params: MessageParams } {
  const custom = issue.code === 'custom' ? (issue.params as ({ code?: ViolationCode } & MessageParams) | undefined) : undefined;
  if (custom?.code) return { code: custom.code, params: custom };
  switch (issue.code) {
    case 'invalid_type': {
      const given = valueAt(body, issue.path);
      return { code: given === undefined || given === null ? 'NOT_BLANK' : 'INVALID_TYPE', params: {} };
    }
    case 'too_small':
      if (issue.origin === 'string') return Number(issue.minimum) <= 1 ? { code: 'NOT_BLANK', params: {} } : { code: 'TOO_SHORT', params: { min: Number(issue.minimum) } };
      return { code: 'OUT_OF_RANGE', params: { min: Number(issue.minimum) } };
    case 'too_big':
      return issue.origin === 'string' ? { code: 'TOO_LONG', params: { max: Number(issue.maximum) } } : { code: 'OUT_OF_RANGE', params: { max: Number(issue.maximum) } };
    case 'invalid_format':
      return { code: issue.format === 'email' ? 'INVALID_EMAIL' : 'INVALID_CHOICE', params: {} };
    default:
      return { code: 'INVALID_CHOICE', params: {} };
  }
}

/** One violation per property (the first rule it broke), in the order of the body's fields. */
export function violationsOf(error: z.ZodError, body: unknown, lang: Language): Violation[] {
  const seen = new Set<string>();
  const out: Violation[] = [];
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.');
    if (seen.has(path)) continue;
    seen.add(path);
    out.push(violation(lang, { path, ...codeOf(issue, body) }));
  }
  return out;
}
