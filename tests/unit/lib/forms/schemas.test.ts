import { describe, expect, it } from 'vitest';
import { addressFormValues, addressSchema, emptyAddress } from '../../../../src/lib/forms/address.ts';
import { checkPostcode, hasForbiddenCharacters, PHONE_COUNTRIES } from '../../../../src/lib/shop-api/requests/addresses.ts';
import { dateFromAge, parseIsoDate, type Clock } from '../../../../src/lib/shop-api/requests/dates.ts';
import {
  BIRTHDAY_INPUT_MIN,
  ageFromDate,
  birthdayField,
  birthdayInputBounds,
  emptyBirthday,
  isBirthdaySet,
} from '../../../../src/lib/forms/birthday.ts';
import { genericText } from '../../../../src/lib/forms/fields.ts';
import { emptyLogin, loginEmailSchema, loginPasswordSchema, stepAfterLookup } from '../../../../src/lib/forms/login.ts';
import { normaliseAddress, normaliseText, optionalText } from '../../../../src/lib/shop-api/requests/normalise.ts';
import { changePasswordSchema, resetPasswordSchema } from '../../../../src/lib/forms/password.ts';
import { personalDataSchema, personalDataValues } from '../../../../src/lib/forms/personal-data.ts';
import {
  DEFAULT_PHONE_COUNTRY,
  changePhoneCountry,
  formatPhone,
  isPhoneEmpty,
  isValidPhone,
  phonePrefix,
  phoneToE164,
  phoneValueOf,
  withCountryPrefix,
} from '../../../../src/lib/forms/phone.ts';
import { emptyRegister, registerSchema } from '../../../../src/lib/forms/register.ts';
import { validate, type FormErrors } from '../../../../src/lib/forms/validate.ts';
import { LIMITS, POSTCODE_DIGITS } from '../../../../src/lib/constants.ts';
import type { Address } from '../../../../src/lib/shop-api/addresses.ts';
import type { Customer } from '../../../../src/lib/shop-api/customers.ts';
import { validAddress } from './fixtures.ts';

/** A fixed "today": 15 June 2026, at noon so no time zone moves the day. */
const clock: Clock = () => new Date(2026, 5, 15, 12, 0, 0);
const codes = (errors: FormErrors, field: string) => (errors.fields[field] ?? []).map((error) => error.code);
const errorsOf = (result: ReturnType<typeof validate>) => {
  if (result.success) throw new Error('expected the values to be refused');
  return result.errors;
};

describe('normalisation of address text', () => {
  it('turns curly quotes into plain ones, dashes into hyphens and exotic spaces into spaces', () => {
    expect(normaliseText('l’Étang “du” Moulin')).toBe('l\'Étang "du" Moulin');
    expect(normaliseText('Saint–Jean—de‐Luz')).toBe('Saint-Jean-de-Luz');
    expect(normaliseText('12\u00A0rue\u202Fdes\u2009Lilas\u3000')).toBe('12 rue des Lilas');
    expect(normaliseText('  Lyon  ')).toBe('Lyon');
    expect(normaliseText('12  rue\tdes\nLilas')).toBe('12 rue des Lilas');
    expect(normaliseText('Code 1234\r\n\u00A0Sonner', { multiline: true })).toBe('Code 1234\n Sonner');
  });
  it('composes decomposed accents (so a combining diaeresis is seen as ë)', () => {
    expect(normaliseText('Noe\u0308l')).toBe('Noël');
  });
  it('sends empty optional fields as null', () => {
    expect(optionalText('  ')).toBeNull();
    expect(optionalText(undefined)).toBeNull();
    expect(optionalText(' Bât. B ')).toBe('Bât. B');
    const out = normaliseAddress({
      company: '',
      street2: ' ',
      provinceCode: undefined,
      provinceName: '',
      phoneNumber2: '',
      street: '1 rue',
    });
    expect(out).toMatchObject({
      company: null,
      street2: null,
      provinceCode: null,
      provinceName: null,
      phoneNumber2: null,
      street: '1 rue',
    });
  });
});

describe('address form', () => {
  it('gives the body of POST /shop/addresses: normalised, nulls for empty optional fields, phones in E.164', () => {
    const result = validate(addressSchema, { ...validAddress(), street: '12 rue des Lilas – bât\u00A0B', street2: '', company: '' });
    expect(result).toEqual({
      success: true,
      data: {
        company: null,
        firstName: 'Camille',
        lastName: 'Durand',
        countryCode: 'FR',
        provinceCode: null,
        provinceName: null,
        street: '12 rue des Lilas - bât B',
        street2: null,
        city: 'Lyon',
        postcode: '69003',
        phoneNumber: '+33612345678',
        phoneNumber2: null,
        alias: null,
        deliveryInstructions: null,
        isDefault: false,
      },
    });
  });
  it('requires first name, last name, country, street, city, postcode and phone', () => {
    const errors = errorsOf(validate(addressSchema, emptyAddress('')));
    for (const field of ['firstName', 'lastName', 'countryCode', 'street', 'city', 'postcode', 'phoneNumber'])
      expect(codes(errors, field), field).toEqual(['required']);
    for (const field of ['company', 'street2', 'phoneNumber2', 'alias', 'deliveryInstructions'])
      expect(errors.fields[field], field).toBeUndefined();
  });
  it('limits names and company to 255 characters, street and street2 to 38, city to 2–33, alias to 255', () => {
    const long = (n: number) => 'a'.repeat(n);
    const errors = errorsOf(
      validate(addressSchema, {
        ...validAddress(),
        firstName: long(256),
        lastName: long(256),
        company: long(256),
        street: long(39),
        street2: long(39),
        city: 'a',
        alias: long(256),
      }),
    );
    expect(errors.fields.firstName).toEqual([{ code: 'too_long', values: { max: LIMITS.name } }]);
    expect(errors.fields.lastName).toEqual([{ code: 'too_long', values: { max: 255 } }]);
    expect(errors.fields.company).toEqual([{ code: 'too_long', values: { max: 255 } }]);
    expect(errors.fields.street).toEqual([{ code: 'too_long', values: { max: 38 } }]);
    expect(errors.fields.street2).toEqual([{ code: 'too_long', values: { max: 38 } }]);
    expect(errors.fields.city).toEqual([{ code: 'too_short', values: { min: 2 } }]);
    expect(errors.fields.alias).toEqual([{ code: 'too_long', values: { max: 255 } }]);
    expect(codes(errorsOf(validate(addressSchema, { ...validAddress(), city: long(34) })), 'city')).toEqual(['too_long']);
    expect(validate(addressSchema, { ...validAddress(), firstName: long(255), street: long(38), city: long(33) }).success).toBe(true);
  });
  it('refuses every forbidden character in names, company and city (the apostrophe is fine in a city)', () => {
    const forbidden = [
      '"',
      "'",
      '‘',
      '’',
      '“',
      '”',
      '`',
      ',',
      '@',
      '&',
      '*',
      '!',
      '?',
      '/',
      '(',
      ')',
      '_',
      '#',
      '$',
      '€',
      'Œ',
      'Ä',
      'Ë',
      'Ï',
      'Ö',
      'Ü',
      'œ',
      'ä',
      'ë',
      'ï',
      'ö',
      'ü',
      '¨',
      '\\',
      '²',
    ];
    for (const character of forbidden) {
      expect(hasForbiddenCharacters(`Jean${character}`), character).toBe(true);
      const errors = errorsOf(
        validate(addressSchema, {
          ...validAddress(),
          firstName: `Jean${character}`,
          lastName: `Dupont${character}`,
          company: `ACME${character}`,
          city: `Lyon${character}`,
        }),
      );
      for (const field of ['firstName', 'lastName', 'company'])
        expect(codes(errors, field), `${field} ${character}`).toEqual(['forbidden_characters']);
      // Curly apostrophes and the backtick are normalised into the apostrophe, which a city may have.
      const apostrophe = ["'", '‘', '’', '`'].includes(character);
      expect(codes(errors, 'city'), `city ${character}`).toEqual(apostrophe ? [] : ['forbidden_characters']);
    }
    expect(validate(addressSchema, { ...validAddress(), city: 'Villeneuve-d’Ascq', postcode: '59650' })).toMatchObject({
      success: true,
      data: { city: "Villeneuve-d'Ascq" },
    });
  });
  it('accepts the usual French accents and hyphens', () => {
    expect(
      validate(addressSchema, { ...validAddress(), firstName: 'Hélène-Françoise', lastName: 'Lefèvre Çàéèêîôûù', city: 'Saint-Étienne' })
        .success,
    ).toBe(true);
  });
  it('refuses emoji in the alias', () => {
    expect(codes(errorsOf(validate(addressSchema, { ...validAddress(), alias: 'Maison 🏠' })), 'alias')).toEqual(['emoji']);
    expect(validate(addressSchema, { ...validAddress(), alias: 'Maison de campagne' }).success).toBe(true);
  });
  it('checks the postcode for the selected country: FR 5 digits, BE and LU 4', () => {
    expect(POSTCODE_DIGITS).toEqual({ FR: 5, BE: 4, LU: 4 });
    const postcodeErrors = (countryCode: string, postcode: string) => validate(addressSchema, { ...validAddress(), countryCode, postcode });
    expect(postcodeErrors('FR', '69003').success).toBe(true);
    expect(postcodeErrors('BE', '1000').success).toBe(true);
    expect(postcodeErrors('LU', '1234').success).toBe(true);
    expect(postcodeErrors('FR', ' 69 003 ')).toMatchObject({ success: true, data: { postcode: '69003' } });
    // Not the right count of digits: "Le code postal doit comporter N chiffres."
    expect(errorsOf(postcodeErrors('FR', '690')).fields.postcode).toEqual([{ code: 'postcode_length', values: { digits: 5 } }]);
    expect(errorsOf(postcodeErrors('FR', '69O03')).fields.postcode).toEqual([{ code: 'postcode_length', values: { digits: 5 } }]);
    expect(errorsOf(postcodeErrors('BE', '100')).fields.postcode).toEqual([{ code: 'postcode_length', values: { digits: 4 } }]);
    // Luxembourg's own way of writing them, with its letter, is accepted and stored as the 4 digits (address.test.ts).
    expect(errorsOf(postcodeErrors('LU', 'L-12345')).fields.postcode).toEqual([{ code: 'postcode_length', values: { digits: 4 } }]);
    // Another shop country's format: "Le format du code postal ne correspond pas au pays sélectionné."
    expect(codes(errorsOf(postcodeErrors('FR', '1000')), 'postcode')).toEqual(['postcode_country']);
    expect(codes(errorsOf(postcodeErrors('BE', '75001')), 'postcode')).toEqual(['postcode_country']);
    expect(codes(errorsOf(postcodeErrors('LU', '75001')), 'postcode')).toEqual(['postcode_country']);
    // Countries without a rule only require a postcode.
    expect(checkPostcode('SW1A 1AA', 'GB')).toEqual({ ok: true });
  });
  it('keeps the line breaks of delivery instructions, at most 500 characters', () => {
    expect(validate(addressSchema, { ...validAddress(), deliveryInstructions: ' Code 1234\r\nSonner  2 fois ' })).toMatchObject({
      success: true,
      data: { deliveryInstructions: 'Code 1234\nSonner 2 fois' },
    });
    expect(
      codes(errorsOf(validate(addressSchema, { ...validAddress(), deliveryInstructions: 'a'.repeat(501) })), 'deliveryInstructions'),
    ).toEqual(['too_long']);
  });
  it('requires a phone valid for its selected country, the second phone optional', () => {
    const withPhone = (phoneNumber: unknown, phoneNumber2: unknown = null) =>
      validate(addressSchema, { ...validAddress(), phoneNumber, phoneNumber2 });
    expect(codes(errorsOf(withPhone({ countryCode: 'FR', number: '+33 6 12' })), 'phoneNumber')).toEqual(['forms.phone.error']);
    expect(codes(errorsOf(withPhone({ countryCode: 'BE', number: '+33 6 12 34 56 78' })), 'phoneNumber')).toEqual(['forms.phone.error']);
    expect(codes(errorsOf(withPhone({ countryCode: 'FR', number: '+33 ' })), 'phoneNumber')).toEqual(['required']);
    expect(withPhone({ countryCode: 'BE', number: '+32 470 12 34 56' })).toMatchObject({
      success: true,
      data: { phoneNumber: '+32470123456' },
    });
    expect(withPhone('+33612345678')).toMatchObject({ success: true, data: { phoneNumber: '+33612345678' } });
    expect(
      codes(
        errorsOf(withPhone({ countryCode: 'FR', number: '+33 6 12 34 56 78' }, { countryCode: 'LU', number: '+352 12' })),
        'phoneNumber2',
      ),
    ).toEqual(['forms.phone.error']);
    expect(withPhone({ countryCode: 'FR', number: '+33 6 12 34 56 78' }, { countryCode: 'LU', number: '+352 621 123 456' })).toMatchObject({
      success: true,
      data: { phoneNumber2: '+352621123456' },
    });
  });
  it('fills the form back from a saved address', () => {
    const saved: Address = {
      '@id': '/api/v2/shop/addresses/3',
      '@type': 'Address',
      id: 3,
      company: null,
      firstName: 'Camille',
      lastName: 'Durand',
      countryCode: 'BE',
      provinceCode: null,
      provinceName: null,
      street: 'Rue Neuve 1',
      street2: null,
      city: 'Bruxelles',
      postcode: '1000',
      phoneNumber: '+32470123456',
      phoneNumber2: null,
      alias: null,
      deliveryInstructions: null,
      isDefault: true,
    };
    const values = addressFormValues(saved);
    expect(values.phoneNumber).toEqual({ countryCode: 'BE', number: '+32 470 12 34 56' });
    // An empty second phone starts with the address's country (issue 44).
    expect(values.phoneNumber2).toEqual({ countryCode: 'BE', number: '+32 ' });
    expect(validate(addressSchema, values)).toMatchObject({
      success: true,
      data: { phoneNumber: '+32470123456', isDefault: true, street2: null },
    });
  });
});

describe('phone field', () => {
  it('offers FR, BE, DE, IT and LU, FR by default', () => {
    expect(PHONE_COUNTRIES).toEqual(['FR', 'BE', 'DE', 'IT', 'LU']);
    expect(DEFAULT_PHONE_COUNTRY).toBe('FR');
    expect(PHONE_COUNTRIES.map(phonePrefix)).toEqual(['+33', '+32', '+49', '+39', '+352']);
  });
  it('puts the country code in front of what is typed', () => {
    expect(withCountryPrefix('', 'FR')).toBe('+33 ');
    expect(withCountryPrefix('06 12 34 56 78', 'FR')).toBe('+33 6 12 34 56 78');
    expect(withCountryPrefix('0470 12 34 56', 'BE')).toBe('+32 470 12 34 56');
    expect(withCountryPrefix('+49 151 23456789', 'FR')).toBe('+49 151 23456789');
    expect(withCountryPrefix('0033612345678', 'FR')).toBe('+33612345678');
  });
  it('rewrites the prefix when the country changes', () => {
    expect(changePhoneCountry({ countryCode: 'FR', number: '+33 6 12 34 56 78' }, 'BE')).toEqual({
      countryCode: 'BE',
      number: '+32 6 12 34 56 78',
    });
    expect(changePhoneCountry({ countryCode: 'BE', number: '+32 470 12 34 56' }, 'LU')).toEqual({
      countryCode: 'LU',
      number: '+352 470 12 34 56',
    });
    expect(changePhoneCountry({ countryCode: 'LU', number: '+352 621 123 456' }, 'IT')).toEqual({
      countryCode: 'IT',
      number: '+39 621 123 456',
    });
    expect(changePhoneCountry({ countryCode: 'FR', number: '+33 ' }, 'DE')).toEqual({ countryCode: 'DE', number: '+49 ' });
    expect(changePhoneCountry({ countryCode: 'FR', number: '06 12 34 56 78' }, 'BE')).toEqual({
      countryCode: 'BE',
      number: '+32 6 12 34 56 78',
    });
    // A prefix of another offered country that does not match the old selection is replaced too.
    expect(changePhoneCountry({ countryCode: 'FR', number: '+32 470 12 34 56' }, 'DE')).toEqual({
      countryCode: 'DE',
      number: '+49 470 12 34 56',
    });
  });
  it('validates for the selected country and gives E.164', () => {
    expect(phoneToE164('+33 6 12 34 56 78', 'FR')).toBe('+33612345678');
    expect(phoneToE164('06 12 34 56 78', 'FR')).toBe('+33612345678');
    expect(phoneToE164('+32 470 12 34 56', 'FR')).toBeNull();
    expect(phoneToE164('+33 6 12', 'FR')).toBeNull();
    expect(isValidPhone('+49 1512 3456789', 'DE')).toBe(true);
    expect(isValidPhone('+39 312 345 6789', 'IT')).toBe(true);
    expect(isValidPhone('+352 621 123 456', 'LU')).toBe(true);
    expect(isPhoneEmpty('+33 ')).toBe(true);
    expect(isPhoneEmpty('+33 6')).toBe(false);
  });
  it('reads a stored number back and formats it', () => {
    expect(phoneValueOf('+352621123456')).toEqual({ countryCode: 'LU', number: '+352 621 123 456' });
    expect(phoneValueOf(null, 'BE')).toEqual({ countryCode: 'BE', number: '+32 ' });
    expect(formatPhone('+33612345678')).toBe('+33 6 12 34 56 78');
  });
});

describe('register form', () => {
  const valid = {
    ...emptyRegister(),
    gender: 'f',
    firstName: 'Camille',
    lastName: 'Durand',
    email: ' camille@example.fr ',
    password: 'secret',
    acceptTerms: true,
  };
  it('gives the body of POST /shop/customers (the terms accepted go along: the shop API checks them too)', () => {
    expect(validate(registerSchema(clock), valid)).toEqual({
      success: true,
      data: {
        gender: 'f',
        firstName: 'Camille',
        lastName: 'Durand',
        email: 'camille@example.fr',
        password: 'secret',
        birthday: null,
        subscribedToNewsletter: false,
        acceptTerms: true,
      },
    });
  });
  it('requires gender m or f, names, e-mail, password, and the terms accepted', () => {
    const errors = errorsOf(validate(registerSchema(clock), emptyRegister()));
    for (const field of ['gender', 'firstName', 'lastName', 'email', 'password']) expect(codes(errors, field), field).toEqual(['required']);
    expect(codes(errors, 'acceptTerms')).toEqual(['must_accept']);
    expect(codes(errorsOf(validate(registerSchema(clock), { ...valid, gender: 'x' })), 'gender')).toEqual(['invalid']);
  });
  it('checks the e-mail (at most 255) and the password (5 to 255)', () => {
    expect(codes(errorsOf(validate(registerSchema(clock), { ...valid, email: 'camille@' })), 'email')).toEqual(['email']);
    expect(codes(errorsOf(validate(registerSchema(clock), { ...valid, email: `${'a'.repeat(250)}@example.fr` })), 'email')).toContain(
      'too_long',
    );
    expect(errorsOf(validate(registerSchema(clock), { ...valid, password: 'abcd' })).fields.password).toEqual([
      { code: 'too_short', values: { min: 5 } },
    ]);
    expect(errorsOf(validate(registerSchema(clock), { ...valid, password: 'a'.repeat(256) })).fields.password).toEqual([
      { code: 'too_long', values: { max: 255 } },
    ]);
    expect(validate(registerSchema(clock), { ...valid, password: 'abcde' }).success).toBe(true);
  });
  it('takes an optional birthday in the past, at most 120 years ago', () => {
    expect(validate(registerSchema(clock), { ...valid, birthday: '1960-02-29' })).toMatchObject({
      success: true,
      data: { birthday: '1960-02-29' },
    });
    expect(codes(errorsOf(validate(registerSchema(clock), { ...valid, birthday: '2026-06-16' })), 'birthday')).toEqual(['date_too_late']);
    expect(codes(errorsOf(validate(registerSchema(clock), { ...valid, birthday: '1906-06-14' })), 'birthday')).toEqual(['too_old']);
    expect(codes(errorsOf(validate(registerSchema(clock), { ...valid, birthday: '1990-02-30' })), 'birthday')).toEqual(['invalid_date']);
  });
});

describe('generic text field', () => {
  it('needs at least 2 characters and refuses %', () => {
    expect(validate(genericText(), ' ok ')).toEqual({ success: true, data: 'ok' });
    expect(errorsOf(validate(genericText(), '')).form).toEqual([{ code: 'required' }]);
    expect(errorsOf(validate(genericText(), 'a')).form).toEqual([{ code: 'too_short', values: { min: 2 } }]);
    expect(errorsOf(validate(genericText(), '100% bio')).form).toEqual([{ code: 'percent' }]);
  });
});

describe('login forms', () => {
  it('looks the e-mail up first, then asks for the password', () => {
    expect(validate(loginEmailSchema, { email: 'camille@example.fr' }).success).toBe(true);
    expect(codes(errorsOf(validate(loginEmailSchema, { email: '' })), 'email')).toEqual(['required']);
    expect(codes(errorsOf(validate(loginEmailSchema, { email: 'nope' })), 'email')).toEqual(['email']);
    expect(codes(errorsOf(validate(loginPasswordSchema, { ...emptyLogin(), email: 'camille@example.fr' })), 'password')).toEqual([
      'required',
    ]);
    expect(stepAfterLookup(true)).toBe('password');
    expect(stepAfterLookup(false)).toBe('register');
  });
});

describe('password forms', () => {
  it('change: current password, new one of 5 to 255, confirmation equal', () => {
    const body = { currentPassword: 'old-one', newPassword: 'new-one', confirmNewPassword: 'new-one' };
    expect(validate(changePasswordSchema, body)).toEqual({ success: true, data: body });
    const errors = errorsOf(validate(changePasswordSchema, { currentPassword: '', newPassword: 'abc', confirmNewPassword: 'abd' }));
    expect(codes(errors, 'currentPassword')).toEqual(['required']);
    expect(codes(errors, 'newPassword')).toEqual(['too_short']);
    expect(codes(errors, 'confirmNewPassword')).toEqual(['mismatch']);
    expect(codes(errorsOf(validate(changePasswordSchema, { ...body, confirmNewPassword: '' })), 'confirmNewPassword')).toEqual([
      'required',
    ]);
  });
  it('reset: the confirmation must equal the new password', () => {
    expect(validate(resetPasswordSchema, { newPassword: 'secret', confirmNewPassword: 'secret' }).success).toBe(true);
    expect(
      codes(errorsOf(validate(resetPasswordSchema, { newPassword: 'secret', confirmNewPassword: 'secreT' })), 'confirmNewPassword'),
    ).toEqual(['mismatch']);
    expect(
      codes(errorsOf(validate(resetPasswordSchema, { newPassword: 'a'.repeat(256), confirmNewPassword: 'a'.repeat(256) })), 'newPassword'),
    ).toEqual(['too_long']);
  });
});

describe('personal data form', () => {
  const customer: Customer = {
    '@id': '/api/v2/shop/customers/7',
    '@type': 'Customer',
    id: 7,
    email: 'camille@example.fr',
    emailHashed: 'x',
    firstName: 'Camille',
    lastName: 'Durand',
    fullName: 'Camille Durand',
    gender: 'f',
    birthday: '1985-04-02T00:00:00+00:00',
    subscribedToNewsletter: true,
    defaultAddress: null,
    newCustomer: false,
    subscriber: true,
    lastOrderDate: null,
    user: { verified: true },
    preferredLanguage: 'nl',
  };
  it('fills from the customer and gives the PUT body with the communication language', () => {
    const values = personalDataValues(customer);
    expect(values.birthday).toBe('1985-04-02');
    expect(validate(personalDataSchema(clock), values)).toEqual({
      success: true,
      data: {
        gender: 'f',
        firstName: 'Camille',
        lastName: 'Durand',
        email: 'camille@example.fr',
        birthday: '1985-04-02',
        subscribedToNewsletter: true,
        preferredLanguage: 'nl',
      },
    });
    expect(codes(errorsOf(validate(personalDataSchema(clock), { ...values, preferredLanguage: 'de' })), 'preferredLanguage')).toEqual([
      'invalid',
    ]);
    expect(validate(personalDataSchema(clock), { ...values, birthday: '' })).toMatchObject({ success: true, data: { birthday: null } });
  });
});

describe('birthday field', () => {
  const field = birthdayField({ clock, required: true });
  it('offers dates from 1970-01-01 to today in the date input', () => {
    expect(BIRTHDAY_INPUT_MIN).toBe('1970-01-01');
    expect(birthdayInputBounds(clock)).toEqual({ min: '1970-01-01', max: '2026-06-15' });
  });
  it('is set when the date is filled (date mode) or the years or months (age mode)', () => {
    expect(isBirthdaySet(emptyBirthday())).toBe(false);
    expect(isBirthdaySet({ ...emptyBirthday(), birthday: '2020-01-01' })).toBe(true);
    expect(isBirthdaySet({ ...emptyBirthday(false), birthday: '2020-01-01' })).toBe(false);
    expect(isBirthdaySet({ ...emptyBirthday(false), birthday_months: 3 })).toBe(true);
    expect(isBirthdaySet({ ...emptyBirthday(false), birthday_years: 0 })).toBe(true);
  });
  it('date mode: a real date, not in the future, not before 1970', () => {
    expect(validate(field, { ...emptyBirthday(), birthday: '2020-02-29' })).toEqual({
      success: true,
      data: { birthday: '2020-02-29', birthday_months: null, birthday_years: null, in_date: true, date: '2020-02-29' },
    });
    expect(validate(field, { ...emptyBirthday(), birthday: '2026-06-15' }).success).toBe(true);
    expect(errorsOf(validate(field, { ...emptyBirthday(), birthday: '2026-06-16' })).fields.birthday).toEqual([
      { code: 'date_too_late', values: { max: '2026-06-15' } },
    ]);
    expect(errorsOf(validate(field, { ...emptyBirthday(), birthday: '1969-12-31' })).fields.birthday).toEqual([
      { code: 'date_too_early', values: { min: '1970-01-01' } },
    ]);
    expect(codes(errorsOf(validate(field, { ...emptyBirthday(), birthday: '2021-02-29' })), 'birthday')).toEqual(['invalid_date']);
    expect(codes(errorsOf(validate(field, emptyBirthday())), 'birthday')).toEqual(['required']);
    expect(validate(birthdayField({ clock }), emptyBirthday()).success).toBe(true);
  });
  it('age mode: whole numbers from 0, at most 120 years, turned into a date', () => {
    expect(validate(field, { ...emptyBirthday(false), birthday_years: '2', birthday_months: '' })).toEqual({
      success: true,
      data: { birthday: null, birthday_years: 2, birthday_months: 0, in_date: false, date: '2024-06-15' },
    });
    expect(validate(field, { ...emptyBirthday(false), birthday_months: 5 })).toMatchObject({ success: true, data: { date: '2026-01-15' } });
    expect(errorsOf(validate(field, { ...emptyBirthday(false), birthday_years: -1 })).fields.birthday_years).toEqual([
      { code: 'too_small', values: { min: 0 } },
    ]);
    expect(codes(errorsOf(validate(field, { ...emptyBirthday(false), birthday_years: 'two' })), 'birthday_years')).toEqual(['invalid']);
    expect(codes(errorsOf(validate(field, { ...emptyBirthday(false), birthday_years: 1.5 })), 'birthday_years')).toEqual(['invalid']);
    expect(
      codes(errorsOf(validate(field, { ...emptyBirthday(false), birthday_years: 120, birthday_months: 1 })), 'birthday_years'),
    ).toEqual(['too_old']);
    expect(codes(errorsOf(validate(field, emptyBirthday(false))), 'birthday_years')).toEqual(['required']);
  });
  it('counts dates and ages from the clock', () => {
    expect(dateFromAge(1, 4, () => new Date(2026, 2, 31, 12))).toBe('2024-11-30');
    expect(ageFromDate('2024-06-16', clock)).toEqual({ years: 1, months: 11 });
    expect(ageFromDate('2024-06-15', clock)).toEqual({ years: 2, months: 0 });
    expect(parseIsoDate('2026-13-01')).toBeNull();
  });
});
