/**
 * Form controls bound to their form (useFormField): every control has a visible label, its errors are
 * tied to it with aria-describedby and it is aria-invalid while it has some.
 */
import { useState, type HTMLInputTypeAttribute, type ReactNode } from 'react';
import { useIsland } from '../island.tsx';
import { FieldErrors } from './ErrorList.tsx';
import { useFormField } from './Form.tsx';

interface CommonProps {
  /** The value's path in the form (`firstName`); the label is `forms.fields.{field}` unless given. */
  field: string;
  label?: ReactNode;
  hint?: ReactNode;
  optional?: boolean;
}

export function OptionalMark() {
  const { t } = useIsland();
  return <span className="optional-mark"> ({t('forms.optionalMark')})</span>;
}

function Label({ htmlFor, id, children, optional }: { htmlFor: string; id?: string; children: ReactNode; optional?: boolean }) {
  return (
    <label htmlFor={htmlFor} id={id}>
      {children}
      {optional && <OptionalMark />}
    </label>
  );
}

export function TextField({
  field,
  label,
  hint,
  optional,
  type = 'text',
  autoComplete,
  inputMode,
  readOnly,
}: CommonProps & {
  type?: HTMLInputTypeAttribute;
  autoComplete?: string;
  inputMode?: 'text' | 'email' | 'tel' | 'numeric' | 'decimal';
  readOnly?: boolean;
}) {
  const f = useFormField<string | null>(field);
  return (
    <div className={`field${f.invalid ? ' is-invalid' : ''}`}>
      <Label htmlFor={f.id} optional={optional}>
        {label ?? f.label}
      </Label>
      {hint && (
        <p className="field-hint" id={f.hintId}>
          {hint}
        </p>
      )}
      <input
        id={f.id}
        name={field}
        type={type}
        value={f.value ?? ''}
        autoComplete={autoComplete}
        inputMode={inputMode}
        readOnly={readOnly}
        onChange={(event) => f.set(event.target.value)}
        onBlur={f.blur}
        aria-invalid={f.invalid || undefined}
        aria-required={!optional || undefined}
        aria-describedby={f.describedBy(Boolean(hint))}
      />
      <FieldErrors id={f.errorId} messages={f.messages} />
    </div>
  );
}

export function PasswordField({
  field,
  label,
  hint,
  autoComplete = 'current-password',
}: CommonProps & { autoComplete?: 'current-password' | 'new-password' }) {
  const { t } = useIsland();
  const f = useFormField<string>(field);
  const [shown, setShown] = useState(false);
  return (
    <div className={`field${f.invalid ? ' is-invalid' : ''}`}>
      <Label htmlFor={f.id}>{label ?? f.label}</Label>
      {hint && (
        <p className="field-hint" id={f.hintId}>
          {hint}
        </p>
      )}
      <div className="password-row">
        <input
          id={f.id}
          name={field}
          type={shown ? 'text' : 'password'}
          value={f.value ?? ''}
          autoComplete={autoComplete}
          onChange={(event) => f.set(event.target.value)}
          onBlur={f.blur}
          aria-invalid={f.invalid || undefined}
          aria-required
          aria-describedby={f.describedBy(Boolean(hint))}
        />
        <button type="button" className="link-button" aria-controls={f.id} onClick={() => setShown(!shown)}>
          {t(shown ? 'forms.actions.hidePassword' : 'forms.actions.showPassword')}
        </button>
      </div>
      <FieldErrors id={f.errorId} messages={f.messages} />
    </div>
  );
}

/** A new password and its confirmation: the pair of every form that sets a password (reset, change). */
export function NewPasswordFields() {
  return (
    <>
      <PasswordField field="newPassword" autoComplete="new-password" />
      <PasswordField field="confirmNewPassword" autoComplete="new-password" />
    </>
  );
}

export function TextAreaField({ field, label, hint, optional, rows = 3 }: CommonProps & { rows?: number }) {
  const f = useFormField<string | null>(field);
  return (
    <div className={`field${f.invalid ? ' is-invalid' : ''}`}>
      <Label htmlFor={f.id} optional={optional}>
        {label ?? f.label}
      </Label>
      {hint && (
        <p className="field-hint" id={f.hintId}>
          {hint}
        </p>
      )}
      <textarea
        id={f.id}
        name={field}
        rows={rows}
        value={f.value ?? ''}
        onChange={(event) => f.set(event.target.value)}
        onBlur={f.blur}
        aria-invalid={f.invalid || undefined}
        aria-required={!optional || undefined}
        aria-describedby={f.describedBy(Boolean(hint))}
      />
      <FieldErrors id={f.errorId} messages={f.messages} />
    </div>
  );
}

export interface Option {
  value: string;
  label: string;
}

export function SelectField({
  field,
  label,
  hint,
  optional,
  options,
  autoComplete,
}: CommonProps & { options: Option[]; autoComplete?: string }) {
  const f = useFormField<string>(field);
  return (
    <div className={`field${f.invalid ? ' is-invalid' : ''}`}>
      <Label htmlFor={f.id} optional={optional}>
        {label ?? f.label}
      </Label>
      {hint && (
        <p className="field-hint" id={f.hintId}>
          {hint}
        </p>
      )}
      <select
        id={f.id}
        name={field}
        value={f.value ?? ''}
        autoComplete={autoComplete}
        onChange={(event) => f.set(event.target.value)}
        aria-invalid={f.invalid || undefined}
        aria-required={!optional || undefined}
        aria-describedby={f.describedBy(Boolean(hint))}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldErrors id={f.errorId} messages={f.messages} />
    </div>
  );
}

/** A yes/no box; its label may hold links (the terms of sale). */
export function CheckboxField({ field, label, hint, required = false }: Omit<CommonProps, 'optional'> & { required?: boolean }) {
  const f = useFormField<boolean>(field);
  return (
    <div className={`field field-checkbox${f.invalid ? ' is-invalid' : ''}`}>
      <input
        id={f.id}
        name={field}
        type="checkbox"
        checked={Boolean(f.value)}
        onChange={(event) => f.set(event.target.checked)}
        aria-invalid={f.invalid || undefined}
        aria-required={required || undefined}
        aria-describedby={f.describedBy(Boolean(hint))}
      />
      <label htmlFor={f.id}>{label ?? f.label}</label>
      {hint && (
        <p className="field-hint" id={f.hintId}>
          {hint}
        </p>
      )}
      <FieldErrors id={f.errorId} messages={f.messages} />
    </div>
  );
}

/** One choice among a few, as radio buttons in a fieldset (gender). */
export function ChoiceField({ field, label, hint, optional, options }: CommonProps & { options: Option[] }) {
  const f = useFormField<string>(field);
  return (
    <fieldset className={`field field-choice${f.invalid ? ' is-invalid' : ''}`} aria-describedby={f.describedBy(Boolean(hint))}>
      <legend>
        {label ?? f.label}
        {optional && <OptionalMark />}
      </legend>
      {hint && (
        <p className="field-hint" id={f.hintId}>
          {hint}
        </p>
      )}
      <div className="choice-row">
        {options.map((option) => (
          <span className="choice" key={option.value}>
            <input
              id={`${f.id}-${option.value}`}
              name={f.id}
              type="radio"
              value={option.value}
              checked={f.value === option.value}
              onChange={() => f.set(option.value)}
              aria-invalid={f.invalid || undefined}
            />
            <label htmlFor={`${f.id}-${option.value}`}>{option.label}</label>
          </span>
        ))}
      </div>
      <FieldErrors id={f.errorId} messages={f.messages} />
    </fieldset>
  );
}
