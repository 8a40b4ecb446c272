/**
 * POST/PUT /shop/addresses: text is normalised first (curly quotes, odd spaces), then checked; empty
 * optional fields are null and phones are stored in E.164. The address form builds on the same fields,
 * with a phone field of its own (a country list and a number) and any country it offers.
 */
import '../../zod/jitless.ts';
import { z } from 'zod/mini';
import { isValidPhoneNumber, parsePhoneNumberWithError, type CountryCode as PhoneCountryCode } from 'libphonenumber-js';
import { LIMITS, POSTCODE_DIGITS } from '../../constants.ts';
import { isCountryCode } from '../../countries.ts';
import { always, because, blankToNull, hasInvisibleCharacters, plainText, withoutEmoji } from './fields.ts';
import { normaliseText } from './normalise.ts';

/** A customer keeps at most this many addresses. */
export const MAX_ADDRESSES = 50;
/** Longest delivery instructions and province fields kept. */
const ADDRESS_EXTRA_LIMITS = { deliveryInstructions: 500, provinceCode: 16, provinceName: 255 } as const;
/** Countries a phone number may belong to. */
export const PHONE_COUNTRIES = ['FR', 'BE', 'DE', 'IT', 'LU'] as const;

/**
 * Characters carriers refuse in names and company: quotes, commas, @ & * ! ? / ( ) _ # $ €,
 * Œ Ä Ë Ï Ö Ü œ ä ë ï ö ü, the diaeresis (spacing or combining), backslash and ².
 */
const FORBIDDEN_CHARACTERS = /["'`\u2018\u2019\u201C\u201D\u00AB\u00BB,@&*!?/()_#$€ŒÄËÏÖÜœäëïöü\u00A8\\²]|\u0308/u;
/** Cities: the same but the apostrophe, part of many French names (Villeneuve-d'Ascq). */
const FORBIDDEN_IN_CITIES = /["`\u201C\u201D\u00AB\u00BB,@&*!?/()_#$€ŒÄËÏÖÜœäëïöü\u00A8\\²]|\u0308/u;

export const hasForbiddenCharacters = (text: string, forbidden: RegExp = FORBIDDEN_CHARACTERS): boolean =>
  forbidden.test(text.normalize('NFC'));

const normalised = (options: { multiline?: boolean } = {}) => z.string().check(z.overwrite((text) => normaliseText(text, options)));
const allowed = <S extends z.ZodMiniType<string>>(schema: S, forbidden: RegExp = FORBIDDEN_CHARACTERS) =>
  schema.check(z.refine((text) => !hasForbiddenCharacters(text, forbidden), because('forbidden_characters', 'INVALID_CHARACTERS')));
/** A required one-line text, normalised; `max` characters at most. */
const requiredLine = (max: number, min = 1) => plainText(normalised().check(z.minLength(min), z.maxLength(max)));
/** An optional text: absent, null and blank all become null. */
const optional = (schema: z.ZodMiniType<string>) =>
  z.pipe(
    z.nullish(schema),
    z.transform((text: string | null | undefined): string | null => (text ? text : null)),
  );

/**
 * FR 5 digits, BE and LU 4: the digit count of another shop country (4 digits with France chosen, 5 with
 * Belgium) is "ne correspond pas au pays sélectionné"; anything else that is not the right count of
 * digits is "doit comporter N chiffres". Other countries' postcodes are 2 to 10 letters, digits and
 * hyphens (every national format fits), else they do not match the country. Spaces do not count.
 */
const GENERIC_POSTCODE = /^[A-Za-z0-9-]{2,10}$/;

/**
 * The postcode as stored: without spaces ("75 001" is 75001) and, in Luxembourg, without the country's
 * letter its postcodes are usually written with ("L-2714" is 2714: four digits, as for any LU address).
 */
function postcodeOf(postcode: string, countryCode: string): string {
  const text = postcode.replace(/\s+/g, '');
  return countryCode === 'LU' ? text.replace(/^L-?(?=\d{4}$)/i, '') : text;
}
/** An address with its postcode as stored, once the postcode and the country are known to go together. */
export const withPostcodeOfCountry = <A extends { postcode: string; countryCode: string }>(address: A): A => ({
  ...address,
  postcode: postcodeOf(address.postcode, address.countryCode),
});

export function checkPostcode(postcode: string, countryCode: string): PostcodeCheck {
  const rules = POSTCODE_DIGITS as Record<string, number>;
  const digits = rules[countryCode];
  const text = postcodeOf(postcode, countryCode);
  if (digits === undefined) return GENERIC_POSTCODE.test(text) ? { ok: true } : { ok: false, code: 'postcode_country' };
  if (new RegExp(`^\\d{${digits}}$`).test(text)) return { ok: true };
  const otherCountry = Object.values(rules).some((n) => n !== digits && new RegExp(`^\\d{${n}}$`).test(text));
  return otherCountry ? { ok: false, code: 'postcode_country' } : { ok: false, code: 'postcode_length', digits };
}
type PostcodeCheck = { ok: true } | { ok: false; code: 'postcode_length'; digits: number } | { ok: false; code: 'postcode_country' };

/** The postcode rule as an issue on `postcode`, when the country is known and the postcode typed. */
export function postcodeIssue(address: { postcode?: unknown; countryCode?: unknown }, ctx: z.core.$RefinementCtx): void {
  if (typeof address.postcode !== 'string' || address.postcode === '' || typeof address.countryCode !== 'string') return;
  const check = checkPostcode(address.postcode, address.countryCode);
  if (check.ok) return;
  ctx.addIssue({
    code: 'custom',
    path: ['postcode'],
    ...(check.code === 'postcode_length'
      ? because('postcode_length', 'POSTCODE_LENGTH', { digits: check.digits })
      : because('postcode_country', 'POSTCODE_COUNTRY')),
  });
}

/** A phone number valid for one of the phone countries (the address's country when it has no +prefix), in E.164. */
export function phoneE164(value: string, country: string): string | null {
  const defaultCountry = (PHONE_COUNTRIES as readonly string[]).includes(country) ? (country as PhoneCountryCode) : 'FR';
  try {
    if (!isValidPhoneNumber(value, defaultCountry)) return null;
    const parsed = parsePhoneNumberWithError(value, defaultCountry);
    return parsed.country && (PHONE_COUNTRIES as readonly string[]).includes(parsed.country) ? parsed.number : null;
  } catch {
    return null;
  }
}

/** The fields of an address but its country and phones, which the form asks its own way. */
export const addressFields = {
  company: optional(withoutEmoji(allowed(plainText(normalised().check(z.maxLength(LIMITS.name)))))),
  firstName: withoutEmoji(allowed(requiredLine(LIMITS.name))),
  lastName: withoutEmoji(allowed(requiredLine(LIMITS.name))),
  provinceCode: optional(plainText(normalised().check(z.maxLength(ADDRESS_EXTRA_LIMITS.provinceCode)))),
  provinceName: optional(plainText(normalised().check(z.maxLength(ADDRESS_EXTRA_LIMITS.provinceName)))),
  street: requiredLine(LIMITS.street),
  street2: optional(plainText(normalised().check(z.maxLength(LIMITS.street)))),
  city: allowed(requiredLine(LIMITS.cityMax, LIMITS.cityMin), FORBIDDEN_IN_CITIES),
  /** Stored without spaces ("75 001" is 75001). */
  postcode: z.pipe(
    z.pipe(
      z.string(),
      z.transform((text) => text.replace(/\s+/g, '')),
    ),
    z.string().check(z.minLength(1), z.maxLength(16)),
  ),
  alias: optional(withoutEmoji(plainText(normalised().check(z.maxLength(LIMITS.alias))))),
  /** Several lines: line breaks are kept. */
  deliveryInstructions: optional(
    normalised({ multiline: true }).check(
      z.maxLength(ADDRESS_EXTRA_LIMITS.deliveryInstructions),
      z.refine((text) => !hasInvisibleCharacters(text), because('invisible_characters', 'INVISIBLE_CHARACTERS')),
    ),
  ),
  isDefault: z._default(z.boolean(), false),
};

const phone = z.string().check(z.trim(), z.minLength(1), z.maxLength(32));

/**
 * POST/PUT /shop/addresses: any country of the world list (an address book may hold a relative's address
 * abroad); where the shop delivers is checked at the checkout's shipping step.
 */
export const addressRequest = z
  .object({
    ...addressFields,
    countryCode: z
      .string()
      .check(z.trim(), z.toUpperCase(), z.minLength(1), z.maxLength(2), z.refine(isCountryCode, because('invalid', 'INVALID_CHOICE'))),
    phoneNumber: phone,
    phoneNumber2: z.pipe(
      z.pipe(
        z.transform((value: string | null | undefined) => blankToNull(value)),
        z.nullish(phone),
      ),
      z.transform((text) => text ?? null),
    ),
  })
  .check(
    z.superRefine((address, ctx) => {
      // Runs even when the object failed (always), so also when an order's address is missing altogether.
      if (typeof address !== 'object' || address === null) return;
      const country = typeof address.countryCode === 'string' && isCountryCode(address.countryCode) ? address.countryCode : null;
      if (country) postcodeIssue(address, ctx);
      for (const field of ['phoneNumber', 'phoneNumber2'] as const) {
        const value = address[field];
        if (typeof value === 'string' && value && !phoneE164(value, country ?? 'FR'))
          ctx.addIssue({ code: 'custom', path: [field], ...because('forms.phone.error', 'INVALID_PHONE') });
      }
    }, always),
    z.overwrite(withPostcodeOfCountry),
  );
export type AddressRequest = z.output<typeof addressRequest>;
