/**
 * Server errors into form errors: the violations of a ConstraintViolationList go to the field
 * named by their propertyPath; the ones that match no field of the form, and any other failure, are
 * form-level. The violation's code picks the message key; its text is the fallback.
 */
import { isShopApiError } from '../shop-api/http.ts';
import type { Violation, ViolationCode } from '../shop-api/errors.ts';
import { fieldErrorList, noErrors, type FieldError, type FormErrors } from './validate.ts';

export interface ViolationOptions {
  /**
   * Codes used for a field whatever the server sent, when a field can only fail one way on the server
   * (the current password: "Le mot de passe fourni est différent de celui en cours.").
   */
  codes?: Record<string, string>;
}

/**
 * The shop API's violation codes (lib/shop-api/errors.ts) whose text needs no value, read as the site's own
 * codes, so a field-specific text applies (`forms.address.city.errors.forbidden_characters`). Codes whose
 * text needs a value the violation does not carry (TOO_LONG, POSTCODE_LENGTH…) keep the server's message,
 * which comes in the page's language.
 */
export const SERVER_CODES: Partial<Record<ViolationCode, string>> = {
  NOT_BLANK: 'required',
  INVALID_EMAIL: 'email',
  INVALID_CHARACTERS: 'forbidden_characters',
  INVISIBLE_CHARACTERS: 'invisible_characters',
  LINK_NOT_ALLOWED: 'link',
  INVALID_DATE: 'invalid_date',
  INVALID_CHOICE: 'invalid',
  POSTCODE_COUNTRY: 'postcode_country',
  INVALID_PHONE: 'forms.phone.error',
  TERMS_NOT_ACCEPTED: 'must_accept',
  PASSWORDS_NOT_EQUAL: 'mismatch',
  WRONG_PASSWORD: 'wrong_password',
};

/** The form field a property path names: `phoneNumber`, `birthday.birthday_years`, `items[0].quantity` → `items.0.quantity`. */
export function fieldOfPath(propertyPath: string, fields: readonly string[]): string | null {
  const path = propertyPath.replace(/\[(\w+)\]/g, '.$1').replace(/^\./, '');
  if (fields.includes(path)) return path;
  // The longest field that the path is inside of.
  const parents = fields.filter((field) => path.startsWith(`${field}.`)).sort((a, b) => b.length - a.length);
  return parents[0] ?? null;
}

export function mapViolations(violations: readonly Violation[], fields: readonly string[], options: ViolationOptions = {}): FormErrors {
  const errors = noErrors();
  for (const violation of violations) {
    const field = fieldOfPath(violation.propertyPath, fields);
    const code = (field && options.codes?.[field]) || SERVER_CODES[violation.code as ViolationCode] || violation.code;
    const error: FieldError = { code, message: violation.message };
    if (field === null) errors.form.push(error);
    else fieldErrorList(errors, field).push(error);
  }
  return errors;
}

/**
 * Errors of a failed submission: violations by field when the server sent some, else one form-level
 * error with the server's description (shown when no message key matches) or the generic one.
 */
export function errorsFromFailure(failure: unknown, fields: readonly string[], options: ViolationOptions = {}): FormErrors {
  if (isShopApiError(failure)) {
    if (failure.violations.length > 0) return mapViolations(failure.violations, fields, options);
    const errors = noErrors();
    errors.form.push(
      failure.status === 0
        ? { code: 'network' }
        : { code: failure.status >= 500 ? 'generic' : `http_${failure.status}`, message: failure.description },
    );
    return errors;
  }
  const errors = noErrors();
  errors.form.push({ code: 'generic' });
  return errors;
}

/** Server errors merged over client ones (a field keeps its client errors first). */
export function mergeErrors(...all: FormErrors[]): FormErrors {
  const merged = noErrors();
  for (const errors of all) {
    for (const [field, list] of Object.entries(errors.fields)) fieldErrorList(merged, field).push(...list);
    merged.form.push(...errors.form);
  }
  return merged;
}
