/**
 * Error texts of forms, most specific first: `forms.{form}.{field}.errors.{code}`, else `forms.errors.{code}`, else
 * the server's own message, else the generic "invalid" text. A code that is already an absolute key
 * (`forms.phone.error`) is used as is.
 */
import type { Language } from '../channels.ts';
import { hasMessage, translate } from '../../i18n/translate.ts';
import type { FieldError, FormErrors } from './validate.ts';
import { localValues, messageKeys } from './message-keys.ts';

export type { FieldError, FormErrors } from './validate.ts';
export { messageKeys } from './message-keys.ts';

export function resolveMessage(language: Language, form: string, field: string, error: FieldError): string {
  for (const key of messageKeys(form, field, error.code)) {
    if (!hasMessage(language, key)) continue;
    const text = translate(language, key, localValues(error.values));
    // A text whose values did not come along (a server violation) gives way to the server's own message.
    if (error.message && /\{\w+\}/.test(text)) return error.message;
    return text;
  }
  if (error.message) return error.message;
  return translate(language, 'forms.errors.invalid');
}

/** Every message of one field (empty when it has none). */
export function fieldMessages(language: Language, form: string, errors: FormErrors, field: string): string[] {
  return (errors.fields[field] ?? []).map((error) => resolveMessage(language, form, field, error));
}

/** The first message of one field, for the usual one-line error under an input. */
export function fieldMessage(language: Language, form: string, errors: FormErrors, field: string): string | undefined {
  return fieldMessages(language, form, errors, field)[0];
}

/** Form-level messages (server errors that match no field, a failed request). */
export function formMessages(language: Language, form: string, errors: FormErrors): string[] {
  return errors.form.map((error) => resolveMessage(language, form, '', error));
}

/** The label of a field (`forms.fields.{field}`). */
export const fieldLabel = (language: Language, field: string): string => translate(language, `forms.fields.${field}`);
