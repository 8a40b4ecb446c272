/**
 * Form texts with the island's own translator, most specific first: `forms.{form}.{field}.errors.{code}`, then
 * `forms.errors.{code}`, then the server's message. The same order as lib/forms/messages.ts, but over the
 * message sections the page gave the island, so an island never ships the whole catalogue.
 */
import { useMemo } from 'react';
import type { Translator, Values } from '../../../i18n/core.ts';
import { messageKeys } from '../../../lib/forms/messages.ts';
import type { FieldError, FormErrors } from '../../../lib/forms/validate.ts';
import { useIsland } from '../island.tsx';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** Dates in messages read the local way: 01/01/1970 in French, 01-01-1970 in Dutch. */
function localValues(t: Translator, values: Values = {}): Values {
  const out: Values = {};
  for (const [name, value] of Object.entries(values)) {
    const date = typeof value === 'string' ? ISO_DATE.exec(value) : null;
    out[name] = date ? [date[3], date[2], date[1]].join(t.language === 'nl' ? '-' : '/') : value;
  }
  return out;
}

export function resolveError(t: Translator, form: string, field: string, error: FieldError): string {
  for (const key of messageKeys(form, field, error.code)) {
    if (!t.has(key)) continue;
    const text = t(key, localValues(t, error.values));
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
