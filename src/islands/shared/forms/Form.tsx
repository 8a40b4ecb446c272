/**
 * A form bound to a form controller (lib/forms/form-state.ts): submits through it, shows its form-level
 * errors in an alert region, and after a refused submit moves the focus to the first invalid field (or to
 * the alert when only the form as a whole failed). Fields read and write their value through useFormField.
 */
import { useStore } from '@nanostores/react';
import { createContext, useContext, useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { FormController, FormState } from './form-state.ts';
import { ErrorList } from './ErrorList.tsx';
import { useFormText, type FormText } from './text.ts';
import './forms.css';

type AnyValues = Record<string, unknown>;

/**
 * Whether a pointer (a finger, a mouse button) is down: a field left by a tap elsewhere (the terms' box) is
 * checked once the tap is over, so an error appearing under the field cannot move what the finger is on
 * before the tap lands.
 */
let pointerDown = false;
if (typeof document !== 'undefined') {
  document.addEventListener('pointerdown', () => (pointerDown = true), true);
  for (const end of ['pointerup', 'pointercancel'] as const) document.addEventListener(end, () => (pointerDown = false), true);
}
const afterTheTap = (check: () => void) => {
  if (!pointerDown) return check();
  // The tap's click comes right after its pointerup, in the same task: the check waits for the next one.
  const ended = () => {
    document.removeEventListener('pointerup', ended, true);
    document.removeEventListener('pointercancel', ended, true);
    setTimeout(check);
  };
  document.addEventListener('pointerup', ended, true);
  document.addEventListener('pointercancel', ended, true);
};
type AnyForm = FormController<AnyValues, unknown>;

interface FormContextValue {
  controller: AnyForm;
  state: FormState<AnyValues>;
  text: FormText;
  idOf: (path: string) => string;
  /** Fields changed since they were last checked: only those are checked on blur. */
  edited: Set<string>;
}
const Context = createContext<FormContextValue | null>(null);

function useFormContext(): FormContextValue {
  const value = useContext(Context);
  if (!value) throw new Error('A form field outside a <Form>');
  return value;
}

export interface FormProps<V extends object, R> {
  form: FormController<V, R>;
  /** Called with the submission's result once it succeeded. */
  onSuccess?: (result: R) => void;
  children: ReactNode;
  className?: string;
  labelledBy?: string;
}

export function Form<V extends object, R>({ form, onSuccess, children, className, labelledBy }: FormProps<V, R>) {
  const controller = form as unknown as AnyForm;
  const state = useStore(controller.$state);
  const text = useFormText(form.name);
  const prefix = useId();
  const ref = useRef<HTMLFormElement>(null);
  const edited = useRef(new Set<string>());
  const [refusals, setRefusals] = useState(0);

  useEffect(() => {
    if (refusals === 0 || !ref.current) return;
    const target =
      ref.current.querySelector<HTMLElement>('[aria-invalid="true"]') ?? ref.current.querySelector<HTMLElement>('[data-form-errors]');
    target?.focus();
  }, [refusals]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    edited.current.clear();
    const result = await form.submit();
    if (result.status === 'invalid' || result.status === 'failure') setRefusals((n) => n + 1);
    else if (result.status === 'success') onSuccess?.(result.result);
  }

  const context: FormContextValue = {
    controller,
    state,
    text,
    idOf: (path) => `${prefix}-${path.replace(/\W/g, '-')}`,
    edited: edited.current,
  };
  return (
    <Context.Provider value={context}>
      <form
        ref={ref}
        className={`form ${className ?? ''}`.trim()}
        noValidate
        onSubmit={submit}
        aria-busy={state.status === 'pending'}
        aria-labelledby={labelledBy}
      >
        <ErrorList messages={text.form(state.errors)} />
        {children}
      </form>
    </Context.Provider>
  );
}

/** True while the form's submission is under way (buttons are disabled then). */
export function useFormPending(): boolean {
  return useFormContext().state.status === 'pending';
}

export interface FormField<T> {
  id: string;
  errorId: string;
  hintId: string;
  label: string;
  value: T;
  messages: string[];
  invalid: boolean;
  pending: boolean;
  set: (value: T) => void;
  /**
   * Checks the field on leaving it when it was changed and is not empty (empty fields are checked on
   * submit); an untouched field keeps its errors, the server's included.
   */
  blur: () => void;
  /** `aria-describedby` of the control: its hint and its errors. */
  describedBy: (hasHint?: boolean) => string | undefined;
  idOf: (path: string) => string;
  exact: (path: string) => string[];
}

export function useFormField<T = string>(path: string): FormField<T> {
  const { controller, state, text, idOf, edited } = useFormContext();
  const id = idOf(path);
  const messages = text.field(state.errors, path);
  const value = state.values[path] as T;
  return {
    id,
    errorId: `${id}-error`,
    hintId: `${id}-hint`,
    label: text.label(path),
    value,
    messages,
    invalid: messages.length > 0,
    pending: state.status === 'pending',
    set: (next) => {
      edited.add(path);
      controller.setField(path, next);
    },
    blur: () => {
      if (!edited.delete(path)) return;
      afterTheTap(() => {
        const current = controller.values[path];
        if (typeof current === 'string' ? current.trim() !== '' : current !== null && current !== undefined) controller.validateField(path);
      });
    },
    describedBy: (hasHint = false) =>
      [hasHint ? `${id}-hint` : '', messages.length > 0 ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined,
    idOf,
    exact: (sub) => text.exact(state.errors, sub),
  };
}
