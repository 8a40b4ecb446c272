/**
 * Personal data: gender, names, e-mail, birthday (a date, or an age for birthdays before the
 * date input's 1970), newsletter and communication language, saved with PUT on the customer. Typing
 * another e-mail shows the current password field: the shop API wants it for a new e-mail.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { z } from 'zod/mini';
import { ageFromDate, BIRTHDAY_INPUT_MIN, birthdayField, emptyBirthday, type BirthdayValue } from '../../lib/forms/birthday.ts';
import { languages } from '../../lib/channels.ts';
import { GENDERS } from '../../lib/shop-api/requests/fields.ts';
import { createForm } from '../shared/forms/form-state.ts';
import {
  emailChanged,
  PERSONAL_DATA_FIELDS,
  personalDataFields,
  personalDataValues,
  withEmailPassword,
  type PersonalDataFormValues,
} from '../../lib/forms/personal-data.ts';
import type { Customer } from '../../lib/shop-api/customers.ts';
import { BirthdayField } from '../shared/forms/BirthdayField.tsx';
import { StatusMessage } from '../shared/forms/ErrorList.tsx';
import { CheckboxField, ChoiceField, PasswordField, SelectField, TextField } from '../shared/forms/Field.tsx';
import { Form } from '../shared/forms/Form.tsx';
import { SubmitButton } from '../shared/forms/SubmitButton.tsx';
import { useIsland, useShop } from '../shared/island.tsx';

type PersonalValues = Omit<PersonalDataFormValues, 'birthday'> & { birthday: BirthdayValue };
/** The e-mail the customer has now: the password is asked when the one typed differs from it. */
const schema = (storedEmail: string) => withEmailPassword(z.extend(personalDataFields(), { birthday: birthdayField() }), storedEmail);

/** A stored birthday in the field: the date, or the age when the date input cannot take it (before 1970). */
function birthdayValueOf(iso: string): BirthdayValue {
  if (!iso) return emptyBirthday();
  if (iso >= BIRTHDAY_INPUT_MIN) return { ...emptyBirthday(true), birthday: iso };
  const age = ageFromDate(iso);
  return { birthday: null, birthday_years: age?.years ?? null, birthday_months: age?.months ?? null, in_date: false };
}

const valuesOf = (customer: Customer): PersonalValues => {
  const values = personalDataValues(customer);
  return { ...values, birthday: birthdayValueOf(values.birthday) };
};

/** The birthday to send: the stored date when the age shown for it was left as it was (an age is not a day). */
function birthdayToSend(stored: string, value: BirthdayValue & { date: string | null }): string | null {
  if (stored && !value.in_date) {
    const age = ageFromDate(stored);
    if (age && age.years === value.birthday_years && age.months === value.birthday_months) return stored;
  }
  return value.date;
}

export function PersonalDataForm({ customer }: { customer: Customer }) {
  const { t } = useIsland();
  const shop = useShop();
  const [saved, setSaved] = useState(false);
  const [form] = useState(() =>
    createForm({
      name: 'personalData',
      schema: () => schema(shop.customer.$customer.get()?.email ?? customer.email),
      defaults: valuesOf(customer),
      fields: PERSONAL_DATA_FIELDS,
      onSubmit: (data) => {
        const stored = shop.customer.$customer.get()?.birthday?.slice(0, 10) ?? '';
        return shop.customer.update({ ...data, birthday: birthdayToSend(stored, data.birthday) });
      },
    }),
  );
  const { status, values, errors } = useStore(form.$state);
  // Also when the server asks for it (the e-mail was changed meanwhile in another tab).
  const askPassword = emailChanged(customer.email, values.email) || Boolean(errors.fields.currentPassword?.length);
  useEffect(() => {
    if (status === 'pending') setSaved(false);
  }, [status]);
  return (
    <section aria-labelledby="personal-data-title">
      <h2 id="personal-data-title">{t('account.personalData.identityTitle')}</h2>
      <StatusMessage message={saved ? t('account.personalData.saved') : null} focus />
      <Form
        form={form}
        onSuccess={(updated) => {
          form.reset(valuesOf(updated));
          setSaved(true);
        }}
      >
        <ChoiceField field="gender" options={GENDERS.map((g) => ({ value: g, label: t(`forms.options.gender.${g}`) }))} />
        <TextField field="firstName" autoComplete="given-name" />
        <TextField field="lastName" autoComplete="family-name" />
        <TextField field="email" type="email" inputMode="email" autoComplete="email" />
        {askPassword && (
          <PasswordField field="currentPassword" autoComplete="current-password" hint={t('account.personalData.emailPasswordHint')} />
        )}
        <BirthdayField />
        <CheckboxField field="subscribedToNewsletter" />
        <SelectField
          field="preferredLanguage"
          label={t('account.personalData.language')}
          options={languages.map((language) => ({ value: language, label: t(`forms.options.preferredLanguage.${language}`) }))}
        />
        <div className="form-actions">
          <SubmitButton>{t('account.personalData.save')}</SubmitButton>
        </div>
      </Form>
    </section>
  );
}
