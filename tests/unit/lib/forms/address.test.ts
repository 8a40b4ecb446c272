/**
 * Names a carrier's label can print, emoji nowhere in a name, Luxembourg's postcodes as Luxembourg writes
 * them, and the phone's country: the address's own when the phone offers it (issue 44), France's otherwise.
 */
import { describe, expect, it } from 'vitest';
import { addressSchema, emptyAddress, labelSafeName, type AddressFormValues } from '../../../../src/lib/forms/address.ts';
import { personalDataSchema } from '../../../../src/lib/forms/personal-data.ts';
import { registerSchema, emptyRegister } from '../../../../src/lib/forms/register.ts';
import { countryOfTypedNumber, followAddressCountry, phoneFlag, phonePrefix } from '../../../../src/lib/forms/phone.ts';
import { validate } from '../../../../src/lib/forms/validate.ts';
import { addressRequest, hasForbiddenCharacters } from '../../../../src/lib/shop-api/requests/addresses.ts';
import { registerRequest } from '../../../../src/lib/shop-api/requests/customers.ts';
import { validAddress } from './fixtures.ts';

const address = (values: Partial<AddressFormValues>): AddressFormValues => ({ ...validAddress(), ...values });
const fieldCodes = (result: ReturnType<typeof validate>, field: string) =>
  result.success ? [] : (result.errors.fields[field] ?? []).map((e) => e.code);

describe('a name as a carrier’s label prints it', () => {
  it('writes the letters labels refuse without their diaeresis, and quotes as a space', () => {
    expect(labelSafeName('Zoë')).toBe('Zoe');
    expect(labelSafeName('Noël')).toBe('Noel');
    expect(labelSafeName("D'Hondt")).toBe('D Hondt');
    expect(labelSafeName('D’Hondt')).toBe('D Hondt');
    expect(labelSafeName('Anaïs Œuvray-Müller')).toBe('Anais OEuvray-Muller');
    // A diaeresis typed as a combining mark is the same letter.
    expect(labelSafeName('Zoe\u0308')).toBe('Zoe');
  });
  it('keeps what labels print (accents, hyphens, spaces) and never doubles a space', () => {
    expect(labelSafeName('Hélène-Françoise')).toBe('Hélène-Françoise');
    expect(labelSafeName(' Jean  (dit « Jo ») ')).toBe('Jean dit Jo');
    expect(labelSafeName('Léa 🐶')).toBe('Léa');
  });
  it('gives a name the address form accepts, whatever the name was', () => {
    for (const name of ['Zoë', "D'Hondt", 'Noël & Anaïs', 'A/B_C#1€²', 'Ñandú', 'x\u0308y', 'Léa 🐶‍🦺']) {
      const safe = labelSafeName(name);
      expect(hasForbiddenCharacters(safe), name).toBe(false);
      expect(validate(addressSchema, address({ firstName: safe, lastName: safe })).success, name).toBe(true);
    }
  });
  it('is how a new address starts from the customer’s names: nothing the shopper did not type is refused', () => {
    const prefilled = emptyAddress('BE', { firstName: 'Zoë', lastName: "D'Hondt" });
    expect([prefilled.firstName, prefilled.lastName]).toEqual(['Zoe', 'D Hondt']);
    const result = validate(addressSchema, { ...address({}), firstName: prefilled.firstName, lastName: prefilled.lastName });
    expect(result.success).toBe(true);
    // Typed by the shopper, the label's rules still apply.
    expect(fieldCodes(validate(addressSchema, address({ firstName: 'Zoë' })), 'firstName')).toEqual(['forbidden_characters']);
  });
});

describe('emoji in names', () => {
  const clock = () => new Date(2026, 5, 15, 12);
  const registration = (firstName: string, lastName = 'Durand') =>
    validate(registerSchema(clock), {
      ...emptyRegister('zoe@example.com'),
      gender: 'f',
      firstName,
      lastName,
      password: 'secret',
      acceptTerms: true,
    });
  it('are refused at registration, where accents, diaereses and apostrophes are welcome', () => {
    expect(registration('Zoë', "D'Hondt").success).toBe(true);
    expect(registration('Noël').success).toBe(true);
    expect(fieldCodes(registration('Zoë 🐶'), 'firstName')).toEqual(['emoji']);
    expect(fieldCodes(registration('Zoë', 'Durand 🇫🇷'), 'lastName')).toEqual(['emoji']);
    // The API says it in its own words.
    const api = registerRequest(clock).safeParse({
      firstName: '😀',
      lastName: 'X',
      email: 'a@b.fr',
      password: 'secret',
      acceptTerms: true,
    });
    expect(api.success).toBe(false);
    expect(api.error?.issues.map((i) => [i.path.join('.'), (i as { params?: { code?: string } }).params?.code])).toEqual([
      ['firstName', 'INVALID_CHARACTERS'],
    ]);
  });
  it('are refused in the account’s personal data and on an address', () => {
    expect(
      fieldCodes(validate(personalDataSchema(clock), { firstName: 'Zoë ✨', lastName: 'Durand', email: 'z@example.com' }), 'firstName'),
    ).toContain('emoji');
    const refused = validate(addressSchema, address({ firstName: 'Camille 🌸', lastName: 'Durand 👍', company: 'Croquettes 🦴' }));
    expect([fieldCodes(refused, 'firstName'), fieldCodes(refused, 'lastName'), fieldCodes(refused, 'company')]).toEqual([
      ['emoji'],
      ['emoji'],
      ['emoji'],
    ]);
  });
});

describe('Luxembourg’s postcodes', () => {
  it('are accepted written with their letter, "L-2714", and stored as the four digits', () => {
    for (const typed of ['L-2714', 'l-2714', 'L 2714', 'L2714', '2714']) {
      expect(validate(addressSchema, address({ countryCode: 'LU', postcode: typed })), typed).toMatchObject({
        success: true,
        data: { postcode: '2714' },
      });
    }
    const body = { ...address({}), countryCode: 'LU', postcode: 'L-2714', phoneNumber: '+352621123456', phoneNumber2: null };
    expect(addressRequest.parse(body).postcode).toBe('2714');
  });
  it('still have four digits, and the letter is Luxembourg’s only', () => {
    expect(fieldCodes(validate(addressSchema, address({ countryCode: 'LU', postcode: 'L-271' })), 'postcode')).toEqual(['postcode_length']);
    expect(fieldCodes(validate(addressSchema, address({ countryCode: 'BE', postcode: 'L-2714' })), 'postcode')).toEqual([
      'postcode_length',
    ]);
    expect(fieldCodes(validate(addressSchema, address({ countryCode: 'FR', postcode: 'L-75001' })), 'postcode')).not.toEqual([]);
  });
});

describe('the phone’s country', () => {
  it('is the new address’s country when the phone offers it, France otherwise', () => {
    const expected: Array<[string, string, string]> = [
      ['FR', 'FR', '+33 '],
      ['BE', 'BE', '+32 '],
      ['LU', 'LU', '+352 '],
      ['DE', 'DE', '+49 '],
      ['IT', 'IT', '+39 '],
      ['ES', 'FR', '+33 '],
    ];
    for (const [country, phoneCountry, number] of expected) {
      const empty = emptyAddress(country);
      expect([empty.phoneNumber, empty.phoneNumber2], country).toEqual([
        { countryCode: phoneCountry, number },
        { countryCode: phoneCountry, number },
      ]);
    }
  });

  it('follows the address’s country it offers, and leaves the phone for another', () => {
    expect(followAddressCountry({ countryCode: 'FR', number: '+33 ' }, 'LU')).toEqual({ countryCode: 'LU', number: '+352 ' });
    expect(followAddressCountry({ countryCode: 'FR', number: '+33 6 21 12 34 56' }, 'BE')).toEqual({
      countryCode: 'BE',
      number: '+32 6 21 12 34 56',
    });
    expect(followAddressCountry({ countryCode: 'BE', number: '+32 ' }, 'ES')).toBeNull();
    expect(followAddressCountry({ countryCode: 'LU', number: '+352 ' }, 'LU')).toBeNull();
  });

  it('shows a short label: the flag and the code', () => {
    expect(`${phoneFlag('LU')} ${phonePrefix('LU')}`).toBe('🇱🇺 +352');
    expect(phoneFlag('BE')).toBe('🇧🇪');
  });
});

describe('a number typed with its own prefix', () => {
  it('selects the offered country it names, so a Belgian number is not refused for France', () => {
    expect(countryOfTypedNumber('+32 470 12 34 56', 'FR')).toBe('BE');
    expect(countryOfTypedNumber('0032470123456', 'FR')).toBe('BE');
    expect(countryOfTypedNumber('+352 621 123 456', 'FR')).toBe('LU');
    expect(countryOfTypedNumber('+33 6 12 34 56 78', 'BE')).toBe('FR');
    // The prefix alone (the one put there for the shopper), a national number, another country: the selection stays.
    expect(countryOfTypedNumber('+32 ', 'FR')).toBe('FR');
    expect(countryOfTypedNumber('06 12 34 56 78', 'BE')).toBe('BE');
    expect(countryOfTypedNumber('+44 20 7946 0958', 'FR')).toBe('FR');
  });
});
