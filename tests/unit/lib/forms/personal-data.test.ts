/** The personal data form asks the current password when, and only when, the e-mail changes. */
import { describe, expect, it } from 'vitest';
import type { Clock } from '../../../../src/lib/shop-api/requests/dates.ts';
import { resolveMessage } from '../../../../src/lib/forms/messages.ts';
import { translator } from '../../../../src/i18n/translate.ts';
import { emailChanged, PERSONAL_DATA_FIELDS, personalDataSchema, personalDataValues } from '../../../../src/lib/forms/personal-data.ts';
import { validate } from '../../../../src/lib/forms/validate.ts';
import { mapViolations } from '../../../../src/lib/forms/violations.ts';
import type { Customer } from '../../../../src/lib/shop-api/customers.ts';

const clock: Clock = () => new Date(2026, 5, 15, 12, 0, 0);
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
  birthday: null,
  subscribedToNewsletter: false,
  defaultAddress: null,
  newCustomer: false,
  subscriber: false,
  lastOrderDate: null,
  user: { verified: true },
  preferredLanguage: 'fr',
};
const values = personalDataValues(customer);
const schema = personalDataSchema(clock, customer.email);

describe('personal data: e-mail change', () => {
  it('tells a new address from the stored one, whatever the case and spaces', () => {
    expect(emailChanged('camille@example.fr', ' Camille@Example.FR ')).toBe(false);
    expect(emailChanged('camille@example.fr', 'camille@example.be')).toBe(true);
    expect(emailChanged(null, 'camille@example.be')).toBe(false);
  });

  it('needs no password and sends none while the e-mail stays', () => {
    const result = validate(schema, { ...values, firstName: 'Camila', email: 'CAMILLE@example.fr' });
    expect(result.success).toBe(true);
    expect(result.success && 'currentPassword' in result.data).toBe(false);
  });

  it('requires the current password for a new e-mail, and sends it', () => {
    const missing = validate(schema, { ...values, email: 'camille@example.be' });
    expect(missing.success).toBe(false);
    expect(!missing.success && missing.errors.fields.currentPassword?.map((e) => e.code)).toEqual(['required']);
    const given = validate(schema, { ...values, email: 'camille@example.be', currentPassword: 'croquettes5' });
    expect(given).toMatchObject({ success: true, data: { email: 'camille@example.be', currentPassword: 'croquettes5' } });
    // The field's error shows with the others, not after them.
    const both = validate(schema, { ...values, firstName: '', email: 'camille@example.be' });
    expect(!both.success && Object.keys(both.errors.fields).sort()).toEqual(['currentPassword', 'firstName']);
  });

  it('shows the server’s refusals on the current password in French and Dutch', () => {
    expect(PERSONAL_DATA_FIELDS).toContain('currentPassword');
    const wrong = mapViolations([{ propertyPath: 'currentPassword', code: 'WRONG_PASSWORD', message: 'x' }], PERSONAL_DATA_FIELDS);
    expect(resolveMessage(translator('fr'), 'personalData', 'currentPassword', wrong.fields.currentPassword![0]!)).toBe(
      'Le mot de passe fourni est différent de celui en cours.',
    );
    expect(resolveMessage(translator('nl'), 'personalData', 'currentPassword', wrong.fields.currentPassword![0]!)).toBe(
      'Het opgegeven wachtwoord verschilt van het huidige wachtwoord.',
    );
    const missing = mapViolations([{ propertyPath: 'currentPassword', code: 'NOT_BLANK', message: 'x' }], PERSONAL_DATA_FIELDS);
    expect(resolveMessage(translator('fr'), 'personalData', 'currentPassword', missing.fields.currentPassword![0]!)).toBe(
      'Ce champ est obligatoire.',
    );
  });
});
