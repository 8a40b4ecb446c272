/**
 * The shop API's request schemas (src/lib/shop-api/requests) are the one definition of each request: the
 * platform validates bodies with them, the client's types come from them and the forms build on them, so a
 * rule changed there changes everywhere, and the API and the form say the same words for it.
 */
import { describe, expect, it } from 'vitest';
import { violationMessage } from '../../../../src/backend/shop/shared/messages.ts';
import { addressSchema, emptyAddress } from '../../../../src/lib/forms/address.ts';
import { loginEmailSchema, loginPasswordSchema } from '../../../../src/lib/forms/login.ts';
import { resolveMessage } from '../../../../src/lib/forms/messages.ts';
import { translator } from '../../../../src/i18n/translate.ts';
import { changePasswordSchema, forgotPasswordSchema, resetPasswordSchema } from '../../../../src/lib/forms/password.ts';
import { personalDataFields } from '../../../../src/lib/forms/personal-data.ts';
import { registerFields, registerSchema } from '../../../../src/lib/forms/register.ts';
import { validate } from '../../../../src/lib/forms/validate.ts';
import { SERVER_CODES } from '../../../../src/lib/forms/violations.ts';
import { addressFields, addressRequest } from '../../../../src/lib/shop-api/requests/addresses.ts';
import { loginRequest } from '../../../../src/lib/shop-api/requests/authentication.ts';
import { changePasswordRequest, lookupRequest, registerRequest } from '../../../../src/lib/shop-api/requests/customers.ts';
import { email, personName } from '../../../../src/lib/shop-api/requests/fields.ts';
import { resetPasswordRequest, resetRequest } from '../../../../src/lib/shop-api/requests/reset-password.ts';
import type { ViolationCode } from '../../../../src/lib/shop-api/errors.ts';
import type { Language } from '../../../../src/lib/channels.ts';

/** 15 June 2026 at noon, so no time zone moves the day. */
const clock = () => new Date(2026, 5, 15, 12, 0, 0);
const languages: Language[] = ['fr', 'nl'];
const register = {
  gender: 'f',
  firstName: 'Camille',
  lastName: 'Durand',
  email: 'camille@example.fr',
  password: 'secret',
  birthday: '',
  subscribedToNewsletter: false,
  acceptTerms: true,
};
/** The API's violation code of a refused field (the issue's params.code, or null for zod's own checks). */
const apiCode = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; params?: unknown }> } }, field: string) =>
  (result.error?.issues.find((issue) => issue.path[0] === field)?.params as { code?: string } | undefined)?.code ?? null;

describe('one schema per request', () => {
  it('is the very schema the forms validate with', () => {
    expect(loginEmailSchema).toBe(lookupRequest);
    expect(loginPasswordSchema).toBe(loginRequest);
    expect(forgotPasswordSchema).toBe(resetRequest);
    expect(changePasswordSchema).toBe(changePasswordRequest);
    expect(resetPasswordSchema).toBe(resetPasswordRequest);
  });

  it('lends its field rules to the forms that extend it', () => {
    expect(registerFields(clock).shape.email).toBe(email);
    expect(registerFields(clock).shape.firstName).toBe(personName);
    expect(personalDataFields(clock).shape.firstName.def.innerType.def.innerType).toBe(personName);
    expect(Object.keys(registerRequest(clock).shape)).toEqual(expect.arrayContaining(Object.keys(registerFields(clock).shape)));
    for (const field of Object.keys(addressFields)) expect(addressRequest.shape, field).toHaveProperty(field);
  });

  it('refuses a control character in a name in the form as in the API (it was only the API)', () => {
    const body = { ...register, firstName: 'Ca\u0007mille' };
    const form = validate(registerSchema(clock), body);
    expect(form.success ? [] : form.errors.fields.firstName?.map((e) => e.code)).toEqual(['forbidden_characters']);
    expect(apiCode(registerRequest(clock).safeParse({ ...body, gender: null }), 'firstName')).toBe('INVALID_CHARACTERS');
  });

  it('takes a birthday of today in the API as in the form (it was refused by the API alone), and refuses tomorrow in both', () => {
    expect(validate(registerSchema(clock), { ...register, birthday: '2026-06-15' }).success).toBe(true);
    expect(registerRequest(clock).safeParse({ ...register, birthday: '2026-06-15' }).success).toBe(true);
    const tomorrow = { ...register, birthday: '2026-06-16' };
    expect(apiCode(registerRequest(clock).safeParse(tomorrow), 'birthday')).toBe('DATE_NOT_IN_PAST');
    const form = validate(registerSchema(clock), tomorrow);
    expect(form.success ? [] : form.errors.fields.birthday).toEqual([{ code: 'date_too_late', values: { max: '2026-06-15' } }]);
  });

  it('asks for the confirmation of a new password in the API as in the form (the API said "not equal" to an empty one)', () => {
    const result = resetPasswordRequest.safeParse({ newPassword: 'secret', confirmNewPassword: '' });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.code])).toEqual([['confirmNewPassword', 'too_small']]);
  });

  it('checks an address with the same rules, the phone aside', () => {
    const body = { ...emptyAddress('FR'), firstName: 'Jean!', lastName: 'Martin', street: 'x'.repeat(39), city: 'Lyon', postcode: '690' };
    const form = validate(addressSchema, body);
    const api = addressRequest.safeParse({ ...body, phoneNumber: '+33612345678', phoneNumber2: null });
    expect(
      form.success
        ? {}
        : Object.fromEntries(Object.entries(form.errors.fields).map(([field, errors]) => [field, errors.map((e) => e.code)])),
    ).toEqual({ firstName: ['forbidden_characters'], street: ['too_long'], postcode: ['postcode_length'], phoneNumber: ['required'] });
    expect(api.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['firstName', 'street', 'postcode']);
    expect(apiCode(api, 'postcode')).toBe('POSTCODE_LENGTH');
  });
});

describe('the same words for the same rule', () => {
  /** Where the form reads a violation's text: its generic key, or the field's own when the form has one. */
  const formKeyOf: Partial<Record<ViolationCode, [form: string, field: string]>> = {
    TERMS_NOT_ACCEPTED: ['register', 'acceptTerms'],
    WRONG_PASSWORD: ['changePassword', 'currentPassword'],
  };
  /** The phone: the form checks the country chosen in its list, the API any shop country, so their texts differ on purpose. */
  const ownRule = new Set<ViolationCode>(['INVALID_PHONE']);

  it.each(languages)('in %s, every violation the forms read as their own says the form’s text', (language) => {
    for (const [code, formCode] of Object.entries(SERVER_CODES) as Array<[ViolationCode, string]>) {
      if (ownRule.has(code)) continue;
      const [form, field] = formKeyOf[code] ?? ['any', ''];
      expect(violationMessage(language, code), code).toBe(resolveMessage(translator(language), form, field, { code: formCode }));
    }
  });

  it.each(languages)('in %s, the texts with values too', (language) => {
    const pairs: Array<[ViolationCode, string, Record<string, number>]> = [
      ['TOO_SHORT', 'too_short', { min: 5 }],
      ['TOO_LONG', 'too_long', { max: 38 }],
      ['POSTCODE_LENGTH', 'postcode_length', { digits: 4 }],
      ['DATE_TOO_OLD', 'too_old', { max: 120 }],
    ];
    for (const [code, formCode, values] of pairs) {
      expect(violationMessage(language, code, values), code).toBe(
        resolveMessage(translator(language), 'any', '', { code: formCode, values }),
      );
    }
  });

  it('uses the form’s wording for two passwords that differ', () => {
    expect(violationMessage('fr', 'PASSWORDS_NOT_EQUAL')).toBe('Les deux mots de passe ne sont pas identiques.');
    expect(violationMessage('nl', 'PASSWORDS_NOT_EQUAL')).toBe('De twee wachtwoorden zijn niet identiek.');
  });
});
