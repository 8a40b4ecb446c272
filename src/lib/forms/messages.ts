/**
 * Error texts of forms, most specific first: `forms.{form}.{field}.errors.{code}`, else `forms.errors.{code}`, else
 * the server's own message, else the generic "invalid" text. A code that is already an absolute key
 * (`forms.phone.error`) is used as is.
 *
 * The translator is given: an island's, over the message sections its page gave it (islands/shared/forms/
 * text.ts), or the build's, over the whole catalogue (src/i18n/translate.ts). So the rule is written once,
 * and an island that uses it never ships the whole catalogue.
 */
import type { Translator, Values } from '../translator.ts';
import type { FieldError, FormErrors } from './validate.ts';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** Dates in messages read the local way: 01/01/1970 in French and in Belgian Dutch alike. */
function localValues(values: Values = {}): Values {
  const out: Values = {};
  for (const [name, value] of Object.entries(values)) {
    const date = typeof value === 'string' ? ISO_DATE.exec(value) : null;
    out[name] = date ? [date[3], date[2], date[1]].join('/') : value;
  }
  return out;
}

/** The message keys tried for an error, in order (a form-level error tries `forms.{form}.errors.{code}`). */
export function messageKeys(form: string, field: string, code: string): string[] {
  if (code.startsWith('forms.')) return [code];
  // Nested paths (birthday.birthday_years, items.0.quantity) are looked up by their last named segment too.
  const named = field.split('.').filter((part) => !/^\d+$/.test(part));
  const fields = [...new Set([named.join('.'), named.at(-1) ?? ''])].filter((f) => f !== '');
  const own = fields.length > 0 ? fields.map((f) => `forms.${form}.${f}.errors.${code}`) : [`forms.${form}.errors.${code}`];
  return [...own, `forms.errors.${code}`];
}

export function resolveMessage(t: Translator, form: string, field: string, error: FieldError): string {
  for (const key of messageKeys(form, field, error.code)) {
    if (!t.has(key)) continue;
    const text = t(key, localValues(error.values));
    // A text whose values did not come along (a server violation) gives way to the server's own message.
    if (error.message && /\{\w+\}/.test(text)) return error.message;
    return text;
  }
  if (error.message) return error.message;
  return t('forms.errors.invalid');
}

/** Every message of one field (empty when it has none). */
export function fieldMessages(t: Translator, form: string, errors: FormErrors, field: string): string[] {
  return (errors.fields[field] ?? []).map((error) => resolveMessage(t, form, field, error));
}

/** The first message of one field, for the usual one-line error under an input. */
export function fieldMessage(t: Translator, form: string, errors: FormErrors, field: string): string | undefined {
  return fieldMessages(t, form, errors, field)[0];
}

/** Form-level messages (server errors that match no field, a failed request). */
export function formMessages(t: Translator, form: string, errors: FormErrors): string[] {
  return errors.form.map((error) => resolveMessage(t, form, '', error));
}

/** The label of a field (`forms.fields.{field}`). */
export const fieldLabel = (t: Translator, field: string): string => t(`forms.fields.${field}`);
