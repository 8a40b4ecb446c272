/**
 * Form texts with the island's own translator (lib/forms/messages.ts: the field's message, then the form's
 * generic one, then the server's), over the message sections the page gave the island, so an island never
 * ships the whole catalogue.
 */
import { useMemo } from 'react';
import { fieldLabel, fieldMessages, formMessages } from '../../../lib/forms/messages.ts';
import type { FormErrors } from '../../../lib/forms/validate.ts';
import { useIsland } from '../island.tsx';

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
    const messagesAt = (errors: FormErrors, path: string) => fieldMessages(t, form, errors, path);
    return {
      field: (errors, field) =>
        Object.keys(errors.fields)
          .filter((path) => path === field || path.startsWith(`${field}.`))
          .flatMap((path) => messagesAt(errors, path)),
      exact: messagesAt,
      form: (errors) => formMessages(t, form, errors),
      label: (field) => fieldLabel(t, field),
    };
  }, [form, t]);
}
