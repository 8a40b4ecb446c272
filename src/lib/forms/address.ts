/**
 * The address form (SPEC §3 Address, §5): text is normalised first, then checked; the output is the body
 * of POST/PUT /shop/addresses, with empty optional fields as null and phones in E.164.
 */
import { z } from 'zod';
import { LIMITS, POSTCODE_DIGITS } from '../constants.ts';
import type { Address } from '../shop/wire.ts';
import { hasInvisibleCharacters, required } from './fields.ts';
import { normaliseAddress } from './normalise.ts';
import { DEFAULT_PHONE_COUNTRY, optionalPhone, phoneValueOf, requiredPhone, type PhoneValue } from './phone.ts';

/**
 * Characters carriers refuse in names and company (SPEC §5): quotes, commas, @ & * ! ? / ( ) _ # $ €,
 * Œ Ä Ë Ï Ö Ü œ ä ë ï ö ü, the diaeresis (spacing or combining), backslash and ².
 */
export const FORBIDDEN_CHARACTERS = /["'`\u2018\u2019\u201C\u201D\u00AB\u00BB,@&*!?/()_#$€ŒÄËÏÖÜœäëïöü\u00A8\u0308\\²]/u;
/** Cities: the same but the apostrophe, part of many French names (Villeneuve-d'Ascq), as the shop API has it. */
export const FORBIDDEN_IN_CITIES = /["`\u201C\u201D\u00AB\u00BB,@&*!?/()_#$€ŒÄËÏÖÜœäëïöü\u00A8\u0308\\²]/u;
/** Longest delivery instructions and province fields the shop API keeps. */
export const ADDRESS_EXTRA_LIMITS = { deliveryInstructions: 500, provinceCode: 16, provinceName: 255 } as const;
export const EMOJI = /\p{Extended_Pictographic}|\p{Regional_Indicator}|\u20E3|\uFE0F/u;

export const hasForbiddenCharacters = (text: string, forbidden: RegExp = FORBIDDEN_CHARACTERS): boolean => forbidden.test(text.normalize('NFC'));
export const hasEmoji = (text: string): boolean => EMOJI.test(text);

const allowedText = (schema: z.ZodString, forbidden: RegExp = FORBIDDEN_CHARACTERS) =>
  schema.refine((text) => !hasForbiddenCharacters(text, forbidden), { message: 'forbidden_characters' });
/** An optional text: empty is null (normaliseAddress already turns blank into null; this keeps the schema safe on its own). */
const optional = <S extends z.ZodType<string>>(schema: S) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? null : value), schema.nullable().optional()).transform((value) => value ?? null);

/** A person's name on an address: 1 to 255 characters, none of the forbidden ones. */
export const addressName = allowedText(z.string().min(1, required).max(LIMITS.name))
  .refine((text) => !hasInvisibleCharacters(text), { message: 'invisible_characters' });

export type PostcodeCheck = { ok: true } | { ok: false; code: 'postcode_length'; digits: number } | { ok: false; code: 'postcode_country' };

/**
 * FR 5 digits, BE and LU 4 (SPEC §5), as the shop API checks them: the digit count of another shop
 * country (4 digits with France chosen, 5 with Belgium) is "ne correspond pas au pays sélectionné";
 * anything else that is not the right count of digits is "doit comporter N chiffres". Countries without a
 * rule are only required. Spaces do not count.
 */
export function checkPostcode(postcode: string, countryCode: string): PostcodeCheck {
  const rules = POSTCODE_DIGITS as Record<string, number>;
  const digits = rules[countryCode];
  if (digits === undefined) return { ok: true };
  const text = postcode.replace(/\s+/g, '');
  if (new RegExp(`^\\d{${digits}}$`).test(text)) return { ok: true };
  const otherCountry = Object.values(rules).some((n) => n !== digits && new RegExp(`^\\d{${n}}$`).test(text));
  return otherCountry ? { ok: false, code: 'postcode_country' } : { ok: false, code: 'postcode_length', digits };
}

const fields = z.object({
  company: optional(allowedText(z.string().max(LIMITS.name))),
  firstName: addressName,
  lastName: addressName,
  countryCode: z.string().min(1, required).regex(/^[A-Z]{2}$/),
  provinceCode: optional(z.string().max(ADDRESS_EXTRA_LIMITS.provinceCode)),
  provinceName: optional(z.string().max(ADDRESS_EXTRA_LIMITS.provinceName)),
  street: z.string().min(1, required).max(LIMITS.street),
  street2: optional(z.string().max(LIMITS.street)),
  city: allowedText(z.string().min(1, required).min(LIMITS.cityMin).max(LIMITS.cityMax), FORBIDDEN_IN_CITIES),
  postcode: z.string().min(1, required),
  phoneNumber: requiredPhone(),
  phoneNumber2: optionalPhone(),
  alias: optional(z.string().max(LIMITS.alias).refine((text) => !hasEmoji(text), { message: 'emoji' })),
  deliveryInstructions: optional(z.string().max(ADDRESS_EXTRA_LIMITS.deliveryInstructions)),
  isDefault: z.boolean().optional().transform((value) => value ?? false),
});

export const addressSchema = z.preprocess(
  (input) => (input !== null && typeof input === 'object' ? normaliseAddress(input as Record<string, unknown>) : input),
  fields.superRefine((address, ctx) => {
    if (typeof address.postcode !== 'string' || address.postcode === '' || typeof address.countryCode !== 'string') return;
    const check = checkPostcode(address.postcode, address.countryCode);
    if (!check.ok) {
      ctx.addIssue({ code: 'custom', path: ['postcode'], message: check.code, ...(check.code === 'postcode_length' ? { params: { digits: check.digits } } : {}) });
    }
  }, { when: () => true } as { when: () => boolean }),
);
/** The body of POST/PUT /shop/addresses. */
export type AddressBody = z.output<typeof addressSchema>;
export const ADDRESS_FIELDS = Object.keys(fields.shape) as Array<keyof typeof fields.shape>;

/** What the address form holds while it is edited. */
export interface AddressFormValues {
  company: string;
  firstName: string;
  lastName: string;
  countryCode: string;
  provinceCode: string | null;
  provinceName: string | null;
  street: string;
  street2: string;
  city: string;
  postcode: string;
  phoneNumber: PhoneValue;
  phoneNumber2: PhoneValue;
  alias: string;
  deliveryInstructions: string;
  isDefault: boolean;
}

/** An empty address; the phone country follows the address country when it is offered. */
export function emptyAddress(countryCode = 'FR', customer?: { firstName?: string; lastName?: string }): AddressFormValues {
  const phoneCountry = ['FR', 'BE', 'LU'].includes(countryCode) ? countryCode : DEFAULT_PHONE_COUNTRY;
  return {
    company: '', firstName: customer?.firstName ?? '', lastName: customer?.lastName ?? '', countryCode, provinceCode: null, provinceName: null,
    street: '', street2: '', city: '', postcode: '', phoneNumber: phoneValueOf(null, phoneCountry), phoneNumber2: phoneValueOf(null, phoneCountry),
    alias: '', deliveryInstructions: '', isDefault: false,
  };
}

/** A saved address back into the form, for editing. */
export function addressFormValues(address: Address): AddressFormValues {
  return {
    company: address.company ?? '', firstName: address.firstName, lastName: address.lastName, countryCode: address.countryCode,
    provinceCode: address.provinceCode, provinceName: address.provinceName, street: address.street, street2: address.street2 ?? '',
    city: address.city, postcode: address.postcode, phoneNumber: phoneValueOf(address.phoneNumber), phoneNumber2: phoneValueOf(address.phoneNumber2),
    alias: address.alias ?? '', deliveryInstructions: address.deliveryInstructions ?? '', isDefault: address.isDefault,
  };
}
