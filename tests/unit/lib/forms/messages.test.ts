import { describe, expect, it } from 'vitest';
import frForms from '../../../../src/i18n/messages/fr/forms.ts';
import nlForms from '../../../../src/i18n/messages/nl/forms.ts';
import { hasMessage, translate, translator } from '../../../../src/i18n/translate.ts';
import { ADDRESS_FIELDS, addressSchema, emptyAddress } from '../../../../src/lib/forms/address.ts';
import { fieldLabel, fieldMessage, fieldMessages, formMessages, messageKeys, resolveMessage } from '../../../../src/lib/forms/messages.ts';
import { LOGIN_FIELDS, loginFailure } from '../../../../src/lib/forms/login.ts';
import { CHANGE_PASSWORD_SERVER_CODES, emptyChangePassword } from '../../../../src/lib/forms/password.ts';
import { registerSchema, REGISTER_FIELDS } from '../../../../src/lib/forms/register.ts';
import { validate, type FormErrors } from '../../../../src/lib/forms/validate.ts';
import { errorsFromFailure, fieldOfPath, mapViolations, mergeErrors } from '../../../../src/lib/forms/violations.ts';
import { ShopApiError } from '../../../../src/lib/shop-api/http.ts';

const fr = translator('fr');
const nl = translator('nl');

type Tree = { [key: string]: string | Tree };
const keys = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : keys(v, `${prefix}${k}.`)));
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

const violationError = (violations: Array<{ propertyPath: string; message: string; code: string }>) =>
  new ShopApiError({
    status: 422,
    description: violations.map((v) => `${v.propertyPath}: ${v.message}`).join('\n'),
    violations,
    method: 'POST',
    path: '/api/v2/shop/addresses',
    body: { '@type': 'ConstraintViolationList', violations },
  });

describe('form messages', () => {
  it('have the same keys and the same placeholders in French and Dutch', () => {
    expect(keys(nlForms as Tree).sort()).toEqual(keys(frForms as Tree).sort());
    for (const key of keys(frForms as Tree)) {
      expect(placeholders(translate('nl', `forms.${key}`)), key).toEqual(placeholders(translate('fr', `forms.${key}`)));
      expect(hasMessage('nl', `forms.${key}`), key).toBe(true);
    }
  });
  it('hold every generic message: required, invalid, lengths, ranges, dates, counts and e-mail', () => {
    for (const code of [
      'required',
      'invalid',
      'too_short',
      'too_long',
      'too_small',
      'too_big',
      'date_too_early',
      'date_too_late',
      'too_few',
      'too_many',
      'email',
    ]) {
      expect(hasMessage('fr', `forms.errors.${code}`), code).toBe(true);
      expect(hasMessage('nl', `forms.errors.${code}`), code).toBe(true);
    }
  });
  it('quote the product’s French texts for e-mail, postcode and password errors word for word', () => {
    expect(translate('fr', 'forms.errors.email')).toBe("L'email est invalide.");
    expect(translate('fr', 'forms.errors.postcode_length', { digits: 5 })).toBe('Le code postal doit comporter 5 chiffres.');
    expect(translate('fr', 'forms.errors.postcode_country')).toBe('Le format du code postal ne correspond pas au pays sélectionné.');
    expect(translate('fr', 'forms.changePassword.currentPassword.errors.wrong_password')).toBe(
      'Le mot de passe fourni est différent de celui en cours.',
    );
    expect(translate('fr', 'forms.login.password.errors.wrong_password')).toBe('Votre mot de passe est incorrect.');
    expect(translate('fr', 'forms.errors.generic')).toBe('Une erreur est survenue');
    expect(hasMessage('fr', 'forms.phone.error')).toBe(true);
  });
  it('label every field of the forms', () => {
    for (const field of [
      ...ADDRESS_FIELDS,
      ...REGISTER_FIELDS,
      'currentPassword',
      'newPassword',
      'confirmNewPassword',
      'preferredLanguage',
      'birthday_years',
      'birthday_months',
    ]) {
      expect(hasMessage('fr', `forms.fields.${field}`), field).toBe(true);
      expect(hasMessage('nl', `forms.fields.${field}`), field).toBe(true);
    }
    expect(fieldLabel(nl, 'postcode')).toBe('Postcode');
    expect(fieldLabel(fr, 'street2')).toBe('Complément d’adresse');
  });
});

describe('message resolution', () => {
  it('tries forms.{form}.{field}.errors.{code}, then forms.errors.{code}', () => {
    expect(messageKeys('address', 'city', 'forbidden_characters')).toEqual([
      'forms.address.city.errors.forbidden_characters',
      'forms.errors.forbidden_characters',
    ]);
    expect(resolveMessage(fr, 'address', 'city', { code: 'forbidden_characters' })).toBe(
      'La ville ne doit pas contenir de caractères spéciaux.',
    );
    expect(resolveMessage(fr, 'address', 'firstName', { code: 'forbidden_characters' })).toBe(
      'Ce champ contient des caractères non autorisés.',
    );
    expect(resolveMessage(fr, 'register', 'acceptTerms', { code: 'must_accept' })).toBe(
      'Vous devez accepter les conditions générales d’utilisation et de vente.',
    );
  });
  it('uses an absolute key as is (forms.phone.error)', () => {
    expect(messageKeys('address', 'phoneNumber', 'forms.phone.error')).toEqual(['forms.phone.error']);
    expect(resolveMessage(nl, 'address', 'phoneNumber', { code: 'forms.phone.error' })).toBe(
      'Het telefoonnummer is niet geldig voor het gekozen land.',
    );
  });
  it('uses the server message when a text would miss its values (a server violation carries none)', () => {
    expect(
      resolveMessage(fr, 'address', 'postcode', { code: 'postcode_length', message: 'Le code postal doit comporter 5 chiffres.' }),
    ).toBe('Le code postal doit comporter 5 chiffres.');
    expect(resolveMessage(nl, 'address', 'postcode', { code: 'POSTCODE_LENGTH', message: 'De postcode moet uit 4 cijfers bestaan.' })).toBe(
      'De postcode moet uit 4 cijfers bestaan.',
    );
  });
  it('falls back to the server message, then to the generic "invalid" text', () => {
    expect(
      resolveMessage(fr, 'address', 'street', {
        code: 'c1051bb4-d103-4f74-8988-acbcafc7fdc3',
        message: 'Cette valeur ne doit pas être vide.',
      }),
    ).toBe('Cette valeur ne doit pas être vide.');
    expect(resolveMessage(fr, 'address', 'street', { code: 'unknown' })).toBe('Cette valeur n’est pas valide.');
  });
  it('fills limits in, dates the local way, in both languages', () => {
    expect(resolveMessage(fr, 'register', 'password', { code: 'too_short', values: { min: 5 } })).toBe(
      'Ce champ doit comporter au moins 5 caractères.',
    );
    expect(resolveMessage(nl, 'register', 'password', { code: 'too_short', values: { min: 5 } })).toBe(
      'Dit veld moet minstens 5 tekens bevatten.',
    );
    expect(resolveMessage(fr, 'address', 'street', { code: 'too_long', values: { max: 38 } })).toBe(
      'Ce champ doit comporter au plus 38 caractères.',
    );
    expect(resolveMessage(fr, 'pet', 'birthday', { code: 'date_too_early', values: { min: '1970-01-01' } })).toBe(
      'La date doit être postérieure au 01/01/1970.',
    );
    expect(resolveMessage(nl, 'pet', 'birthday', { code: 'date_too_early', values: { min: '1970-01-01' } })).toBe(
      'De datum moet na 01/01/1970 liggen.',
    );
    expect(resolveMessage(fr, 'pet', 'weight', { code: 'too_small_strict', values: { min: 0 } })).toBe(
      'La valeur doit être supérieure à 0.',
    );
    expect(resolveMessage(fr, 'pet', 'weight', { code: 'too_big_strict', values: { max: 13 } })).toBe(
      'La valeur doit être inférieure à 13.',
    );
    expect(resolveMessage(fr, 'pet', 'feeds', { code: 'too_few', values: { min: 2 } })).toBe('Veuillez choisir au moins 2 valeurs.');
    expect(resolveMessage(nl, 'address', 'postcode', { code: 'postcode_length', values: { digits: 4 } })).toBe(
      'De postcode moet 4 cijfers bevatten.',
    );
  });
  it('turns a validation into texts per field', () => {
    const result = validate(addressSchema, {
      ...emptyAddress('BE'),
      firstName: 'Jean!',
      postcode: '100',
      phoneNumber: { countryCode: 'BE', number: '+32 12' },
    });
    if (result.success) throw new Error('expected errors');
    expect(fieldMessage(fr, 'address', result.errors, 'postcode')).toBe('Le code postal doit comporter 4 chiffres.');
    expect(fieldMessage(fr, 'address', result.errors, 'lastName')).toBe('Ce champ est obligatoire.');
    expect(fieldMessage(nl, 'address', result.errors, 'lastName')).toBe('Dit veld is verplicht.');
    expect(fieldMessage(fr, 'address', result.errors, 'phoneNumber')).toBe(translate('fr', 'forms.phone.error'));
    expect(fieldMessages(fr, 'address', result.errors, 'company')).toEqual([]);
    const email = validate(registerSchema(), { email: 'nope' });
    if (email.success) throw new Error('expected errors');
    expect(fieldMessage(fr, 'register', email.errors, 'email')).toBe("L'email est invalide.");
  });
});

describe('server violations', () => {
  it('land on the field named by propertyPath; unmatched ones are form-level', () => {
    const errors = mapViolations(
      [
        { propertyPath: 'postcode', message: 'Le code postal doit comporter 5 chiffres.', code: 'postcode_length' },
        { propertyPath: 'street', message: 'This value is too long.', code: 'd94b19cc-114f-4f44-9cc4-4138e80a87b9' },
        { propertyPath: 'shippingAddress', message: 'Unknown.', code: 'x' },
        { propertyPath: '', message: 'Global.', code: 'y' },
      ],
      ADDRESS_FIELDS,
    );
    expect(errors.fields).toEqual({
      postcode: [{ code: 'postcode_length', message: 'Le code postal doit comporter 5 chiffres.' }],
      street: [{ code: 'd94b19cc-114f-4f44-9cc4-4138e80a87b9', message: 'This value is too long.' }],
    });
    expect(errors.form).toEqual([
      { code: 'x', message: 'Unknown.' },
      { code: 'y', message: 'Global.' },
    ]);
    expect(fieldMessage(fr, 'address', errors, 'street')).toBe('This value is too long.');
    expect(formMessages(fr, 'address', errors)).toEqual(['Unknown.', 'Global.']);
  });
  it('read the shop API’s codes as the site’s own where a text needs no value', () => {
    const errors = mapViolations(
      [
        { propertyPath: 'city', message: 'Ce champ contient des caractères non autorisés.', code: 'INVALID_CHARACTERS' },
        { propertyPath: 'phoneNumber', message: 'Ce numéro de téléphone n’est pas valide.', code: 'INVALID_PHONE' },
        { propertyPath: 'street', message: 'Ce champ doit comporter au plus 38 caractères.', code: 'TOO_LONG' },
      ],
      ADDRESS_FIELDS,
    );
    expect(fieldMessage(fr, 'address', errors, 'city')).toBe('La ville ne doit pas contenir de caractères spéciaux.');
    expect(fieldMessage(nl, 'address', errors, 'phoneNumber')).toBe('Het telefoonnummer is niet geldig voor het gekozen land.');
    expect(fieldMessage(fr, 'address', errors, 'street')).toBe('Ce champ doit comporter au plus 38 caractères.');
  });
  it('match nested paths to their field', () => {
    expect(fieldOfPath('birthday.birthday_years', ['birthday'])).toBe('birthday');
    expect(fieldOfPath('items[0].quantity', ['items', 'items.0.quantity'])).toBe('items.0.quantity');
    expect(fieldOfPath('other', ['birthday'])).toBeNull();
  });
  it('read the wrong current password whatever its server code', () => {
    const failure = violationError([{ propertyPath: 'currentPassword', message: 'Invalid password', code: 'user_password' }]);
    const errors = errorsFromFailure(failure, Object.keys(emptyChangePassword()), { codes: CHANGE_PASSWORD_SERVER_CODES });
    expect(fieldMessage(fr, 'changePassword', errors, 'currentPassword')).toBe('Le mot de passe fourni est différent de celui en cours.');
  });
  it('show a wrong login under the password ("Votre mot de passe est incorrect.")', () => {
    const failure = new ShopApiError({
      status: 401,
      description: 'Invalid credentials.',
      method: 'POST',
      path: '/api/v2/shop/authentication-token',
    });
    expect(fieldMessage(fr, 'login', loginFailure(failure), 'password')).toBe('Votre mot de passe est incorrect.');
    expect(LOGIN_FIELDS).toContain('password');
  });
  it('turn other failures into one form-level error: the server description, or "Une erreur est survenue"', () => {
    const notFound = new ShopApiError({ status: 404, description: 'Not Found', method: 'GET', path: '/x' });
    expect(formMessages(fr, 'address', errorsFromFailure(notFound, ADDRESS_FIELDS))).toEqual(['Not Found']);
    const down = new ShopApiError({ status: 503, description: 'Service Unavailable', method: 'GET', path: '/x' });
    expect(formMessages(fr, 'address', errorsFromFailure(down, ADDRESS_FIELDS))).toEqual(['Une erreur est survenue']);
    expect(formMessages(fr, 'address', errorsFromFailure(new Error('boom'), ADDRESS_FIELDS))).toEqual(['Une erreur est survenue']);
    expect(
      formMessages(
        fr,
        'address',
        errorsFromFailure(
          new ShopApiError({ status: 0, description: 'Network request failed', method: 'GET', path: '/x' }),
          ADDRESS_FIELDS,
        ),
      ),
    ).toEqual([translate('fr', 'forms.errors.network')]);
  });
  it('merge over client errors', () => {
    const a: FormErrors = { fields: { street: [{ code: 'required' }] }, form: [] };
    const b: FormErrors = { fields: { street: [{ code: 'x', message: 'X' }], city: [{ code: 'y' }] }, form: [{ code: 'generic' }] };
    expect(mergeErrors(a, b)).toEqual({
      fields: { street: [{ code: 'required' }, { code: 'x', message: 'X' }], city: [{ code: 'y' }] },
      form: [{ code: 'generic' }],
    });
  });
});
