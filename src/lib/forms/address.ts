/**
 * The address form: the fields of the address request (lib/shop-api/requests/addresses.ts), with the form's
 * own phone fields (a country list and a number, valid for the country chosen) and any country it
 * offers. The output is the body of POST/PUT /shop/addresses.
 */
import { z } from 'zod';
import { addressFields, postcodeIssue } from '../shop-api/requests/addresses.ts';
import { always } from '../shop-api/requests/fields.ts';
import type { Address } from '../shop-api/wire.ts';
import { DEFAULT_PHONE_COUNTRY, optionalPhone, phoneValueOf, requiredPhone, type PhoneValue } from './phone.ts';

const fields = z.object({
  ...addressFields,
  countryCode: z
    .string()
    .min(1)
    .regex(/^[A-Z]{2}$/),
  phoneNumber: requiredPhone(),
  phoneNumber2: optionalPhone(),
});
export const addressSchema = fields.superRefine(postcodeIssue, always);
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
    company: '',
    firstName: customer?.firstName ?? '',
    lastName: customer?.lastName ?? '',
    countryCode,
    provinceCode: null,
    provinceName: null,
    street: '',
    street2: '',
    city: '',
    postcode: '',
    phoneNumber: phoneValueOf(null, phoneCountry),
    phoneNumber2: phoneValueOf(null, phoneCountry),
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
    phoneNumber: phoneValueOf(address.phoneNumber),
    phoneNumber2: phoneValueOf(address.phoneNumber2),
    alias: address.alias ?? '',
    deliveryInstructions: address.deliveryInstructions ?? '',
    isDefault: address.isDefault,
  };
}
