/**
 * The phone field: a country and a number in international format. The country's calling
 * code is put in front of what the shopper types, and choosing another country rewrites that prefix.
 * A number is valid when libphonenumber-js says so for the selected country.
 */
import '../zod/jitless.ts';
import { z } from 'zod/mini';
import { getCountryCallingCode, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import { PHONE_COUNTRIES } from '../shop-api/requests/addresses.ts';

export type PhoneCountry = (typeof PHONE_COUNTRIES)[number];
export const DEFAULT_PHONE_COUNTRY: PhoneCountry = 'FR';

/** What the phone field holds: the selected country and the typed number (with its prefix). */
export interface PhoneValue {
  countryCode: string;
  number: string;
}

/** `+33` for FR. */
export const phonePrefix = (country: string): string => `+${getCountryCallingCode(country as CountryCode)}`;

const compact = (text: string) => text.replace(/[\s.\-()/]/g, '');

/** The number without the country's prefix (nor a leading `00`+code), as typed otherwise. */
function withoutPrefix(number: string, country: string): string {
  const text = number.trim();
  const code = getCountryCallingCode(country as CountryCode);
  const match = new RegExp(`^(?:\\+|00)\\s*${code}`).exec(text);
  return match ? text.slice(match[0].length).trimStart() : text;
}

/** True when nothing but a country's prefix (the one put there for the shopper) was typed. */
export function isPhoneEmpty(number: string | null | undefined): boolean {
  const text = compact(number ?? '');
  return text === '' || text === '+' || PHONE_COUNTRIES.some((country) => text === phonePrefix(country));
}

/**
 * Puts the country's calling code in front of a number: `06 12 34 56 78` → `+33 6 12 34 56 78`. A number
 * that already starts with `+` or `00` is kept (the shopper typed a prefix of their own).
 */
export function withCountryPrefix(number: string, country: string): string {
  const prefix = phonePrefix(country);
  const text = number.trim();
  if (text === '') return `${prefix} `;
  if (text.startsWith('+')) return text;
  if (text.startsWith('00')) return `+${text.slice(2).trimStart()}`;
  return `${prefix} ${text.replace(/^0+/, '')}`;
}

/**
 * The country a typed number names by its own prefix, when it is one of the offered countries (`+32 470…` is
 * Belgium's whatever was selected): the country list follows the number, so a Belgian number typed whole is
 * not refused for the default country, France. Otherwise the selected country stays.
 */
export function countryOfTypedNumber(number: string, selected: string): string {
  const text = compact(number).replace(/^00/, '+');
  const named = PHONE_COUNTRIES.filter((country) => text.startsWith(phonePrefix(country)) && text.length > phonePrefix(country).length);
  // The longest prefix names the country (+352 is Luxembourg's, not a +35… of another).
  const longest = named.sort((a, b) => phonePrefix(b).length - phonePrefix(a).length)[0];
  return longest ?? selected;
}

/** Whether a country is one the phone field offers (FR, BE, DE, IT, LU). */
const isPhoneCountry = (country: string): country is PhoneCountry => (PHONE_COUNTRIES as readonly string[]).includes(country);

/** The country's flag (its regional indicator letters, shown as `LU` where a system draws no flag): 🇱🇺 for LU. */
export const phoneFlag = (country: string): string =>
  String.fromCodePoint(...[...country.toUpperCase()].map((letter) => 0x1f1e6 + letter.charCodeAt(0) - 65));

/**
 * The phone after the address's country changed, while the shopper has not picked a prefix themselves: the
 * phone takes that country and its prefix (LU → `+352 …`) when the field offers it; otherwise (a country the
 * phone field does not offer, or the same one) the phone is left as it is, and null says so.
 */
export function followAddressCountry(value: PhoneValue, addressCountry: string): PhoneValue | null {
  if (!isPhoneCountry(addressCountry) || addressCountry === value.countryCode) return null;
  return changePhoneCountry(value, addressCountry);
}

/** The phone country of a new address: its own country when the phone field offers it, France's otherwise. */
export const phoneCountryOf = (addressCountry: string): PhoneCountry =>
  isPhoneCountry(addressCountry) ? addressCountry : DEFAULT_PHONE_COUNTRY;

/** A change of country rewrites the prefix: `+33 6 12…` with BE chosen becomes `+32 6 12…`. */
export function changePhoneCountry(value: PhoneValue, country: string): PhoneValue {
  let rest = withoutPrefix(value.number, value.countryCode);
  if (rest.startsWith('+') || rest.startsWith('00')) {
    // A prefix of another of the offered countries: drop it too.
    const other = PHONE_COUNTRIES.find((c) => withoutPrefix(rest, c) !== rest);
    if (other) rest = withoutPrefix(rest, other);
  }
  return { countryCode: country, number: withCountryPrefix(rest.replace(/^0+/, ''), country) };
}

/** The number in E.164 (`+33612345678`) when it is valid for the country, else null. */
export function phoneToE164(number: string, country: string): string | null {
  if (isPhoneEmpty(number)) return null;
  const parsed = parsePhoneNumberFromString(number, country as CountryCode);
  if (!parsed?.isValid()) return null;
  if (
    parsed.country !== undefined ? parsed.country !== country : parsed.countryCallingCode !== getCountryCallingCode(country as CountryCode)
  )
    return null;
  return parsed.number;
}

export const isValidPhone = (number: string, country: string): boolean => phoneToE164(number, country) !== null;

/** A stored number (E.164) back into the field: its country when offered, the default otherwise. */
export function phoneValueOf(e164: string | null | undefined, fallback: string = DEFAULT_PHONE_COUNTRY): PhoneValue {
  if (!e164) return { countryCode: fallback, number: withCountryPrefix('', fallback) };
  const parsed = parsePhoneNumberFromString(e164, fallback as CountryCode);
  if (!parsed) return { countryCode: fallback, number: e164 };
  return { countryCode: parsed.country ?? fallback, number: parsed.formatInternational() };
}

/** International display of a stored number: `+33 6 12 34 56 78`. */
export function formatPhone(e164: string): string {
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
}

function readPhone(value: unknown): { number: string; country: string } {
  if (typeof value === 'string') return { number: value, country: DEFAULT_PHONE_COUNTRY };
  if (value !== null && typeof value === 'object') {
    const { number, countryCode } = value as Partial<Record<keyof PhoneValue, unknown>>;
    return {
      number: typeof number === 'string' ? number : '',
      country: typeof countryCode === 'string' && countryCode !== '' ? countryCode : DEFAULT_PHONE_COUNTRY,
    };
  }
  return { number: '', country: DEFAULT_PHONE_COUNTRY };
}

/**
 * A phone field in a form schema: takes a PhoneValue (or an E.164 string), gives E.164. Invalid for the
 * selected country: `forms.phone.error` (a number must be valid for the country chosen beside it).
 */
export const requiredPhone = () =>
  z.pipe(
    z.unknown(),
    z.transform((value, ctx): string => {
      const { number, country } = readPhone(value);
      const empty = isPhoneEmpty(number);
      const e164 = empty ? null : phoneToE164(number, country);
      if (e164 === null) ctx.issues.push({ code: 'custom', message: empty ? 'required' : 'forms.phone.error', input: value });
      return e164 ?? '';
    }),
  );
export const optionalPhone = () =>
  z.pipe(
    z.unknown(),
    z.transform((value, ctx): string | null => {
      const { number, country } = readPhone(value);
      if (isPhoneEmpty(number)) return null;
      const e164 = phoneToE164(number, country);
      if (e164 === null) ctx.issues.push({ code: 'custom', message: 'forms.phone.error', input: value });
      return e164;
    }),
  );
