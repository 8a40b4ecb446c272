/** Names with invisible characters (zero-width, bidirectional controls) are refused with their own message, by the forms and by the shop API alike. */
import { describe, expect, it } from 'vitest';
import { addressSchema, type AddressFormValues } from '../../../../../src/lib/forms/address.ts';
import { hasInvisibleCharacters } from '../../../../../src/lib/shop-api/requests/fields.ts';
import { registerSchema } from '../../../../../src/lib/forms/register.ts';
import { validate } from '../../../../../src/lib/forms/validate.ts';
import { registerRequest } from '../../../../../src/lib/shop-api/requests/customers.ts';
import { violationMessage } from '../../../../../src/backend/shop/shared/messages.ts';
import { translator } from '../../../../../src/i18n/translate.ts';

const now = new Date('2026-11-23T10:00:00Z');
const clock = () => now;
const INVISIBLES = [
  '\u200B',
  '\u200C',
  '\u200D',
  '\u200E',
  '\u200F',
  '\u202A',
  '\u202B',
  '\u202C',
  '\u202D',
  '\u202E',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
];

const register = (firstName: string) => ({
  gender: '',
  firstName,
  lastName: 'Martin',
  email: 'camille@example.com',
  password: 'croquettes5',
  birthday: '',
  subscribedToNewsletter: false,
  acceptTerms: true,
});
const address = (lastName: string): AddressFormValues =>
  ({
    company: '',
    firstName: 'Camille',
    lastName,
    countryCode: 'FR',
    provinceCode: null,
    provinceName: null,
    street: '12 rue des Lilas',
    street2: '',
    city: 'Lyon',
    postcode: '69001',
    phoneNumber: { country: 'FR', number: '0612345678' },
    phoneNumber2: { country: 'FR', number: '' },
    alias: '',
    deliveryInstructions: '',
    isDefault: false,
  }) as unknown as AddressFormValues;

describe('invisible characters in names', () => {
  it.each(INVISIBLES.map((ch) => [`U+${ch.codePointAt(0)!.toString(16).toUpperCase()}`, ch]))('finds %s', (_, ch) => {
    expect(hasInvisibleCharacters(`Ann${ch}e`)).toBe(true);
  });

  it('lets ordinary names through, accents and apostrophes included', () => {
    for (const name of ['Anne-Sophie', 'Zoë', "D'Hondt", 'Van den Broeck', 'Éloïse']) expect(hasInvisibleCharacters(name)).toBe(false);
  });

  it('refuses them in the registration form, with their own message', () => {
    const result = validate(registerSchema(clock), register('Camille\u202Eelim'));
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.errors.fields.firstName?.map((e) => e.code)).toEqual(['invisible_characters']);
    expect(translator('fr')('forms.errors.invisible_characters')).toContain('caractères invisibles');
    expect(translator('nl')('forms.errors.invisible_characters')).toContain('onzichtbare tekens');
  });

  it('refuses a right-to-left override in an address name', () => {
    expect(validate(addressSchema, address('Martin')).success).toBe(true);
    const result = validate(addressSchema, address('Martin\u202E'));
    expect(result.success ? [] : result.errors.fields.lastName?.map((e) => e.code)).toEqual(['invisible_characters']);
  });

  it('refuses them in the shop API, with the code the forms translate', () => {
    const parsed = registerRequest(clock).safeParse({ ...register('Cam\u200Bille'), gender: null, birthday: null });
    expect(parsed.success).toBe(false);
    const issue = parsed.error!.issues.find((i) => i.path[0] === 'firstName');
    expect((issue as { params?: { code?: string } }).params?.code).toBe('INVISIBLE_CHARACTERS');
    expect(violationMessage('fr', 'INVISIBLE_CHARACTERS')).toBe(
      'Ce champ contient des caractères invisibles (espace sans largeur ou marque de sens d’écriture)\u00A0: merci de les retirer.',
    );
  });
});
