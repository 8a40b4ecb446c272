/**
 * The address form: the fields of the address request (lib/shop-api/requests/addresses.ts), with the form's
 * own phone fields (a country list and a number, valid for the country chosen) and any country it
 * offers. The output is the body of POST/PUT /shop/addresses.
 */
import '../zod/jitless.ts';
import { z } from 'zod/mini';
import { addressFields, hasForbiddenCharacters, postcodeIssue, withPostcodeOfCountry } from '../shop-api/requests/addresses.ts';
import { always, hasEmoji, hasInvisibleCharacters } from '../shop-api/requests/fields.ts';
import type { Address } from '../shop-api/addresses.ts';
import { optionalPhone, phoneCountryOf, phoneValueOf, requiredPhone, type PhoneValue } from './phone.ts';

const fields = z.object({
  ...addressFields,
  countryCode: z.string().check(z.minLength(1), z.regex(/^[A-Z]{2}$/)),
  phoneNumber: requiredPhone(),
  phoneNumber2: optionalPhone(),
});
export const addressSchema = fields.check(z.superRefine(postcodeIssue, always), z.overwrite(withPostcodeOfCountry));
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

/** Letters with a diaeresis carriers refuse, written without it (a lone diaeresis goes); œ and Œ written out. */
const PLAIN_LETTERS: Record<string, string> = {
  ä: 'a',
  ë: 'e',
  ï: 'i',
  ö: 'o',
  ü: 'u',
  Ä: 'A',
  Ë: 'E',
  Ï: 'I',
  Ö: 'O',
  Ü: 'U',
  œ: 'oe',
  Œ: 'OE',
  '\u0308': '',
  '\u00A8': '',
};

/**
 * A name as a carrier's label can print it: the letters labels refuse lose their diaeresis (Zoë → Zoe,
 * Noël → Noel, Œuvray → OEuvray), every other character refused on labels (quotes, commas, & / ( ) …) and
 * any emoji become a space (D'Hondt → D Hondt), and spaces are not doubled. Accents labels print stay (Hélène).
 */
export function labelSafeName(name: string): string {
  const safe = [...name.normalize('NFC')]
    .map(
      (c) => PLAIN_LETTERS[c] ?? (hasInvisibleCharacters(c) ? '' : hasForbiddenCharacters(c) || hasEmoji(c) || /\p{Cc}/u.test(c) ? ' ' : c),
    )
    .join('');
  return safe.replace(/\s+/g, ' ').trim();
}

/**
 * An empty address, with the customer's names as a label can print them (the form tells the shopper when
 * that changed their name). The phones start with the address's country and its prefix when the phone field
 * offers it (BE → `+32 `, LU → `+352 `), France's otherwise (the default phone country); the form then keeps
 * them on the address's country until the shopper picks a prefix (PhoneField).
 */
export function emptyAddress(countryCode = 'FR', customer?: { firstName?: string; lastName?: string }): AddressFormValues {
  return {
    company: '',
    firstName: labelSafeName(customer?.firstName ?? ''),
    lastName: labelSafeName(customer?.lastName ?? ''),
    countryCode,
    provinceCode: null,
    provinceName: null,
    street: '',
    street2: '',
    city: '',
    postcode: '',
    phoneNumber: phoneValueOf(null, phoneCountryOf(countryCode)),
    phoneNumber2: phoneValueOf(null, phoneCountryOf(countryCode)),
    alias: '',
    deliveryInstructions: '',
    isDefault: false,
  };
}

/** A saved address back into the form, for editing. */
export function addressFormValues(address: Address): AddressFormValues {
  return {
    company: address.company ?? '',
    firstName: address.firstName,
    lastName: address.lastName,
    countryCode: address.countryCode,
    provinceCode: address.provinceCode,
    provinceName: address.provinceName,
    street: address.street,
    street2: address.street2 ?? '',
    city: address.city,
    postcode: address.postcode,
    // A saved number keeps its own country; an empty second phone starts with the address's.
    phoneNumber: phoneValueOf(address.phoneNumber, phoneCountryOf(address.countryCode)),
    phoneNumber2: phoneValueOf(address.phoneNumber2, phoneCountryOf(address.countryCode)),
    alias: address.alias ?? '',
    deliveryInstructions: address.deliveryInstructions ?? '',
    isDefault: address.isDefault,
  };
}
