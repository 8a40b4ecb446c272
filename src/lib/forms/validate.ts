/**
 * Running a form schema: every issue leaves with a message KEY, never an English sentence, so that the
 * French and Dutch texts live in the catalogues. Schemas set a code only where a rule has its own text
 * (`postcode_length`, `forms.phone.error`…); every other issue gets its generic code here, from what zod
 * reports.
 */
import type { z } from 'zod/mini';
import type { Values } from '../translator.ts';

/** One error of one field: a code (`required`, `too_short`…) or an absolute key (`forms.phone.error`). */
export interface FieldError {
  code: string;
  values?: Values;
  /** The server's own text, the last fallback after the field's and the generic message keys. */
  message?: string;
}
/** Errors by field path (`street`, `birthday.birthday_years`), and errors of the form as a whole. */
export interface FormErrors {
  fields: Record<string, FieldError[]>;
  form: FieldError[];
}
export const noErrors = (): FormErrors => ({ fields: {}, form: [] });

/** The error list of one field, created empty on first use so that callers can push to it. */
export function fieldErrorList(errors: FormErrors, field: string): FieldError[] {
  const known = errors.fields[field];
  if (known !== undefined) return known;
  const list: FieldError[] = [];
  errors.fields[field] = list;
  return list;
}

const isEmpty = (input: unknown): boolean => input === undefined || input === null || (typeof input === 'string' && input.trim() === '');

type RawIssue = {
  code: string;
  input?: unknown;
  origin?: string;
  minimum?: unknown;
  maximum?: unknown;
  inclusive?: boolean;
  format?: string;
};

/** The generic code of an issue whose schema gave no message of its own. */
function issueCode(issue: RawIssue): string {
  if (isEmpty(issue.input) && issue.code !== 'custom') return 'required';
  switch (issue.code) {
    case 'too_small':
      if (issue.origin === 'string') return 'too_short';
      if (issue.origin === 'array' || issue.origin === 'set') return 'too_few';
      if (issue.origin === 'date') return 'date_too_early';
      return issue.inclusive === false ? 'too_small_strict' : 'too_small';
    case 'too_big':
      if (issue.origin === 'string') return 'too_long';
      if (issue.origin === 'array' || issue.origin === 'set') return 'too_many';
      if (issue.origin === 'date') return 'date_too_late';
      return issue.inclusive === false ? 'too_big_strict' : 'too_big';
    case 'invalid_format':
      return issue.format === 'email' ? 'email' : 'invalid';
    default:
      return 'invalid';
  }
}

const pad = (n: number) => String(n).padStart(2, '0');
const bound = (value: unknown): string | number =>
  value instanceof Date
    ? `${value.getFullYear()}-${pad(value.getMonth() + 1)}-${pad(value.getDate())}`
    : typeof value === 'bigint'
      ? Number(value)
      : (value as number);

const pathKey = (path: readonly PropertyKey[]): string => path.map(String).join('.');

/** Field errors of a zod error (issues with an empty path are form-level). */
function errorsFromIssues(issues: readonly z.core.$ZodIssue[]): FormErrors {
  const errors = noErrors();
  for (const issue of issues) {
    const values: Values = {};
    const raw = issue as unknown as { minimum?: unknown; maximum?: unknown; params?: Record<string, unknown> };
    if (raw.minimum !== undefined) values.min = bound(raw.minimum);
    if (raw.maximum !== undefined) values.max = bound(raw.maximum);
    for (const [name, value] of Object.entries(raw.params ?? {})) {
      // `code` is the API's violation code of a request rule (lib/shop-api/requests/fields.ts), not a value of the text.
      if (name !== 'code' && (typeof value === 'string' || typeof value === 'number')) values[name] = value;
    }
    // "Required" reads the same whatever the limit that caught the empty value.
    const error: FieldError =
      Object.keys(values).length > 0 && issue.message !== 'required' ? { code: issue.message, values } : { code: issue.message };
    const key = pathKey(issue.path);
    const list = key === '' ? errors.form : fieldErrorList(errors, key);
    // `required` and `too_short` of an empty password are one error.
    if (!list.some((known) => known.code === error.code)) list.push(error);
  }
  return errors;
}

export type Validation<T> = { success: true; data: T } | { success: false; errors: FormErrors };

/** Parses form values with a schema; on failure, errors by field carrying message keys. */
export function validate<S extends z.ZodMiniType>(schema: S, values: unknown): Validation<z.output<S>> {
  const result = schema.safeParse(values, { error: (issue) => issueCode(issue as RawIssue) });
  return result.success ? { success: true, data: result.data } : { success: false, errors: errorsFromIssues(result.error.issues) };
}
