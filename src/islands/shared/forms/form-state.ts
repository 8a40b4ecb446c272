/**
 * The islands' form controller, its state a nanostore (so it lives with the islands, not in framework-free
 * src/lib): validation first; on failure the errors attach to
 * their fields; on success the form is pending until the submission is done, and a second submit while
 * pending is ignored; a server failure is merged in as field (violations) or form errors; reset restores
 * the defaults. Islands read `$state` with `useStore`.
 */
import { atom, type ReadableAtom } from 'nanostores';
import type { z } from 'zod/mini';
import { noErrors, validate, type FormErrors } from '../../../lib/forms/validate.ts';
import { errorsFromFailure, type ViolationOptions } from '../../../lib/forms/violations.ts';

type FormStatus = 'idle' | 'invalid' | 'pending' | 'success' | 'failure';
export interface FormState<V> {
  values: V;
  errors: FormErrors;
  status: FormStatus;
}
type SubmitResult<R> = { status: 'success'; result: R } | { status: 'invalid' | 'failure'; errors: FormErrors } | { status: 'ignored' };

export interface FormOptions<V extends object, S extends z.ZodMiniType, R> {
  /** The `{form}` of message keys: `address`, `register`… */
  name: string;
  /** A schema, or a function giving one at each submit (schemas that read the clock). */
  schema: S | (() => S);
  defaults: V | (() => V);
  /** Sends the validated data; a thrown ShopApiError's violations land on the fields. */
  onSubmit: (data: z.output<S>, values: V) => Promise<R> | R;
  /** The fields server violations can land on (default: the keys of the defaults). */
  fields?: readonly string[];
  violations?: ViolationOptions;
  /** A failure mapping of its own (login: a 401 goes under the password). */
  failure?: (error: unknown) => FormErrors;
}

export interface FormController<V extends object, R> {
  readonly name: string;
  readonly $state: ReadableAtom<FormState<V>>;
  readonly values: V;
  /** Sets one field and clears its errors (they are checked again at submit). */
  setField<K extends keyof V>(field: K, value: V[K]): void;
  setValues(values: Partial<V>): void;
  /** Checks the current values and shows one field's errors (on blur), without submitting. */
  validateField(field: keyof V & string): boolean;
  submit(): Promise<SubmitResult<R>>;
  /** Back to the defaults; given new ones (the record loaded for editing), they become the defaults. */
  reset(defaults?: V): void;
  /** Shows errors from elsewhere (a failure of a call made outside onSubmit). */
  setFailure(error: unknown): void;
}

const resolve = <T>(value: T | (() => T)): T => (typeof value === 'function' ? (value as () => T)() : value);

export function createForm<V extends object, S extends z.ZodMiniType, R = unknown>(options: FormOptions<V, S, R>): FormController<V, R> {
  let defaults = resolve(options.defaults);
  const $state = atom<FormState<V>>({ values: defaults, errors: noErrors(), status: 'idle' });
  const fields = () => options.fields ?? Object.keys(defaults);
  const failureErrors = (error: unknown) =>
    options.failure ? options.failure(error) : errorsFromFailure(error, fields(), options.violations);

  function withoutField(errors: FormErrors, field: string): FormErrors {
    const rest = Object.fromEntries(Object.entries(errors.fields).filter(([name]) => name !== field && !name.startsWith(`${field}.`)));
    return { fields: rest, form: errors.form };
  }

  return {
    name: options.name,
    $state,
    get values() {
      return $state.get().values;
    },
    setField(field, value) {
      const state = $state.get();
      $state.set({ ...state, values: { ...state.values, [field]: value }, errors: withoutField(state.errors, String(field)) });
    },
    setValues(values) {
      const state = $state.get();
      $state.set({ ...state, values: { ...state.values, ...values } });
    },
    validateField(field) {
      const state = $state.get();
      const result = validate(resolve(options.schema), state.values);
      const own = result.success
        ? {}
        : Object.fromEntries(Object.entries(result.errors.fields).filter(([name]) => name === field || name.startsWith(`${field}.`)));
      $state.set({ ...state, errors: { fields: { ...withoutField(state.errors, field).fields, ...own }, form: state.errors.form } });
      return Object.keys(own).length === 0;
    },
    async submit() {
      const state = $state.get();
      if (state.status === 'pending') return { status: 'ignored' };
      const result = validate(resolve(options.schema), state.values);
      if (!result.success) {
        $state.set({ ...state, errors: result.errors, status: 'invalid' });
        return { status: 'invalid', errors: result.errors };
      }
      $state.set({ ...state, errors: noErrors(), status: 'pending' });
      try {
        const value = await options.onSubmit(result.data, state.values);
        $state.set({ ...$state.get(), status: 'success' });
        return { status: 'success', result: value };
      } catch (error) {
        const errors = failureErrors(error);
        $state.set({ ...$state.get(), errors, status: 'failure' });
        return { status: 'failure', errors };
      }
    },
    reset(next) {
      if (next) defaults = next;
      $state.set({ values: defaults, errors: noErrors(), status: 'idle' });
    },
    setFailure(error) {
      $state.set({ ...$state.get(), errors: failureErrors(error), status: 'failure' });
    },
  };
}
