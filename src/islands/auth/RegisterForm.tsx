/**
 * Account creation: gender, names, e-mail, password, optional birthday,
 * newsletter opt-in and the terms of use and sale (linked), the privacy policy linked. The new customer
 * is logged in and goes back to the path the login or register page remembers (`?redirect=`, a path of
 * this site only: the checkout when they signed up on the way to it), else lands on the welcome page.
 */
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { z } from 'zod/mini';
import { afterRegisterTarget } from '../../lib/routes/guards.ts';
import { pathTo } from '../../lib/routes/paths.ts';
import { legalPages } from '../../lib/routes/routes.ts';
import { languageOf } from '../../lib/channels.ts';
import { birthdayField, emptyBirthday, type BirthdayValue } from '../../lib/forms/birthday.ts';
import { GENDERS } from '../../lib/shop-api/requests/fields.ts';
import { createForm } from '../shared/forms/form-state.ts';
import { emptyRegister, REGISTER_FIELDS, registerFields, type RegisterFormValues } from '../../lib/forms/register.ts';
import type { FormErrors } from '../../lib/forms/validate.ts';
import { errorsFromFailure } from '../../lib/forms/violations.ts';
import { BirthdayField } from '../shared/forms/BirthdayField.tsx';
import { CheckboxField, ChoiceField, PasswordField, TextField } from '../shared/forms/Field.tsx';
import { Form } from '../shared/forms/Form.tsx';
import { RichText } from '../shared/forms/RichText.tsx';
import { SubmitButton } from '../shared/forms/SubmitButton.tsx';
import { useIsland, useShop } from '../shared/island.tsx';

type RegisterValues = Omit<RegisterFormValues, 'birthday'> & { birthday: BirthdayValue };
const registerFormSchema = () => z.extend(registerFields(), { birthday: birthdayField() });

/**
 * Server errors of the registration: "e-mail already used" reads the site's text; when the e-mail is not
 * an input of the form (it was typed at the first step), its errors are the form's.
 */
function registerFailure(error: unknown, emailShown: boolean): FormErrors {
  const errors = errorsFromFailure(error, REGISTER_FIELDS);
  const email = (errors.fields.email ?? []).map((e) => (e.code === 'EMAIL_ALREADY_USED' ? { ...e, code: 'already_used' } : e));
  if (email.length === 0) return errors;
  if (emailShown) return { ...errors, fields: { ...errors.fields, email } };
  const fields = Object.fromEntries(Object.entries(errors.fields).filter(([field]) => field !== 'email'));
  return { fields, form: [...errors.form, ...email.map((e) => ({ ...e, code: `forms.register.email.errors.${e.code}` }))] };
}

export function RegisterForm({ email, emailShown }: { email: string; emailShown: boolean }) {
  const { t, locale } = useIsland();
  const shop = useShop();
  const language = languageOf(locale);
  const [form] = useState(() =>
    createForm({
      name: 'register',
      schema: registerFormSchema,
      defaults: (): RegisterValues => ({ ...emptyRegister(email), birthday: emptyBirthday() }),
      fields: REGISTER_FIELDS,
      failure: (error) => registerFailure(error, emailShown),
      onSubmit: async (data) => {
        // A friend who came through a sponsor's link (?parrain=CODE) becomes theirs (sponsorships).
        const sponsorCode = new URLSearchParams(window.location.search).get('parrain')?.slice(0, 32) || undefined;
        await shop.client.register({ ...data, birthday: data.birthday.date, acceptTerms: true, preferredLanguage: language, sponsorCode });
        await shop.session.login({ email: data.email, password: data.password });
        window.location.replace(afterRegisterTarget(window.location.search, locale));
      },
    }),
  );
  const leaving = useStore(form.$state).status === 'success';
  const page = (key: keyof typeof legalPages) => pathTo('page', locale, { page: legalPages[key][language] });
  return (
    <Form form={form}>
      <ChoiceField field="gender" options={GENDERS.map((g) => ({ value: g, label: t(`forms.options.gender.${g}`) }))} />
      <TextField field="firstName" autoComplete="given-name" />
      <TextField field="lastName" autoComplete="family-name" />
      {emailShown && <TextField field="email" type="email" inputMode="email" autoComplete="email" />}
      <PasswordField field="password" autoComplete="new-password" />
      <BirthdayField />
      <CheckboxField field="subscribedToNewsletter" label={t('account.register.newsletter')} />
      <CheckboxField
        field="acceptTerms"
        required
        label={
          <RichText
            text={t('account.register.acceptTerms')}
            parts={{
              terms: (
                <a href={page('terms')} target="_blank" rel="noopener">
                  {t('account.register.termsLink')}
                </a>
              ),
            }}
          />
        }
      />
      <p className="muted">
        <RichText
          text={t('account.register.privacy')}
          parts={{
            privacy: (
              <a href={page('privacy')} target="_blank" rel="noopener">
                {t('account.register.privacyLink')}
              </a>
            ),
          }}
        />
      </p>
      <div className="form-actions">
        <SubmitButton busy={leaving}>{t('account.register.submit')}</SubmitButton>
      </div>
    </Form>
  );
}
