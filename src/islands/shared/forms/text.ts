/**
 * Form texts with the island's own translator, most specific first: `forms.{form}.{field}.errors.{code}`, then
 * `forms.errors.{code}`, then the server's message. The same order as lib/forms/messages.ts (lib/forms/message-keys.ts), but over the
 * message sections the page gave the island, so an island never ships the whole catalogue.
 */
import { useMemo } from 'react';
import type { Translator } from '../../../i18n/core.ts';
import { localValues, messageKeys } from '../../../lib/forms/message-keys.ts';
import type { FieldError, FormErrors } from '../../../lib/forms/validate.ts';
import { useIsland } from '../island.tsx';

export function resolveError(t: Translator, form: string, field: string, error: FieldError): string {
  for (const key of messageKeys(form, field, error.code)) {
    if (!t.has(key)) continue;
    const text = t(key, localValues(error.values));
    // A text whose values did not come along (a server violation) gives way to the server's own message.
    if (error.message && /\{\w+\}/.test(text)) return error.message;
    return text;
  }
  return error.message ?? t('forms.errors.invalid');
}

export interface FormText {
  /** Messages of a field and of the parts inside it (`birthday` and `birthday.birthday_years`). */
  field(errors: FormErrors, field: string): string[];
  /** Messages of one exact path only. */
  exact(errors: FormErrors, path: string): string[];
  form(errors: FormErrors): string[];
  label(field: string): string;
}

export function useFormText(form: string): FormText {
  const { t } = useIsland();
  return useMemo<FormText>(() => {
    const messagesAt = (errors: FormErrors, path: string) => (errors.fields[path] ?? []).map((error) => resolveError(t, form, path, error));
    return {
      field: (errors, field) =>
        Object.keys(errors.fields)
          .filter((path) => path === field || path.startsWith(`${field}.`))
          .flatMap((path) => messagesAt(errors, path)),
      exact: messagesAt,
      form: (errors) => errors.form.map((error) => resolveError(t, form, '', error)),
      label: (field) => t(`forms.fields.${field}`),
    };
  }, [form, t]);
}
