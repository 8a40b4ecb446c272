/**
 * One question answered by radio buttons, as the guides ask it: a fieldset named by its legend, an optional
 * hint, the choices, and a line kept under them for "answer this" (empty until the shopper tries to go on
 * without an answer, so nothing moves when it fills), linked to the group while it shows.
 */
import type { ReactNode } from 'react';

export function RadioQuestion<V extends string>({
  id,
  name,
  legend,
  hint,
  choices,
  labelOf,
  value,
  onChange,
  missing,
  className = '',
  choicesClassName,
  question,
}: {
  /** The ids of its hint and error derive from it. */
  id: string;
  /** The radio group's form name. */
  name: string;
  legend: ReactNode;
  hint?: string;
  choices: readonly V[];
  labelOf: (choice: V) => string;
  value: V | null;
  onChange: (choice: V) => void;
  /** The "answer this" message, shown while the question waits for an answer; null when it does not. */
  missing: string | null;
  className?: string;
  choicesClassName: string;
  /** `data-question`, for tests and styles. */
  question?: string;
}) {
  const described = [hint ? `${id}-hint` : null, missing ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <fieldset
      className={`field${className ? ` ${className}` : ''}${missing ? ' is-invalid' : ''}`}
      aria-describedby={described || undefined}
      aria-invalid={missing ? true : undefined}
      data-question={question}
    >
      <legend>{legend}</legend>
      {hint && (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      <div className={choicesClassName}>
        {choices.map((choice) => (
          <label key={choice}>
            <input type="radio" name={name} value={choice} checked={value === choice} onChange={() => onChange(choice)} /> {labelOf(choice)}
          </label>
        ))}
      </div>
      <p className="field-error" id={`${id}-error`}>
        {missing ?? ''}
      </p>
    </fieldset>
  );
}
