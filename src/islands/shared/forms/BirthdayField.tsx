/**
 * The birthday field: a date (from 1970-01-01 to today in the date input) or an age in years
 * and months. Switching mode carries over what was entered.
 */
import { useId } from 'react';
import { ageFromDate, birthdayInputBounds, type BirthdayValue } from '../../../lib/forms/birthday.ts';
import { dateFromAge, parseIsoDate } from '../../../lib/shop-api/requests/dates.ts';
import { useIsland } from '../island.tsx';
import { FieldErrors } from './ErrorList.tsx';
import { OptionalMark } from './Field.tsx';
import { useFormField } from './Form.tsx';

const numberOrNull = (text: string): number | null => (/^\d+$/.test(text.trim()) ? Number(text) : null);

/** The value in the other mode, keeping what was entered. */
function switchBirthdayMode(value: BirthdayValue, inDate: boolean): BirthdayValue {
  if (inDate === value.in_date) return value;
  if (inDate) {
    const set = value.birthday_years !== null || value.birthday_months !== null;
    const date = set ? dateFromAge(value.birthday_years ?? 0, value.birthday_months ?? 0) : null;
    return {
      birthday: date && date >= birthdayInputBounds().min ? date : null,
      birthday_years: null,
      birthday_months: null,
      in_date: true,
    };
  }
  const age = value.birthday && parseIsoDate(value.birthday) ? ageFromDate(value.birthday) : null;
  return { birthday: null, birthday_years: age?.years ?? null, birthday_months: age?.months ?? null, in_date: false };
}

export function BirthdayField({ field = 'birthday', optional = true }: { field?: string; optional?: boolean }) {
  const { t } = useIsland();
  const f = useFormField<BirthdayValue>(field);
  const mode = useId();
  const value = f.value;
  const bounds = birthdayInputBounds();
  const part = (name: 'birthday' | 'birthday_years' | 'birthday_months') => {
    const path = `${field}.${name}`;
    const messages = f.exact(path);
    // An error of the whole field (a server violation on `birthday`) marks the visible inputs.
    const invalid = messages.length > 0 || f.exact(field).length > 0;
    return { id: f.idOf(path), invalid, describedBy: f.invalid ? f.errorId : undefined };
  };
  const date = part('birthday');
  const years = part('birthday_years');
  const months = part('birthday_months');
  return (
    <fieldset className={`field field-birthday${f.invalid ? ' is-invalid' : ''}`}>
      <legend>
        {f.label}
        {optional && <OptionalMark />}
      </legend>
      <div className="choice-row">
        {([true, false] as const).map((inDate) => (
          <span className="choice" key={String(inDate)}>
            <input
              id={`${mode}-${inDate}`}
              type="radio"
              name={mode}
              checked={value.in_date === inDate}
              onChange={() => f.set(switchBirthdayMode(value, inDate))}
            />
            <label htmlFor={`${mode}-${inDate}`}>{t(`forms.options.birthdayMode.${inDate ? 'date' : 'age'}`)}</label>
          </span>
        ))}
      </div>
      {value.in_date ? (
        <div className="birthday-inputs">
          <label htmlFor={date.id}>{t('forms.fields.birthdayDate')}</label>
          <input
            id={date.id}
            type="date"
            min={bounds.min}
            max={bounds.max}
            value={value.birthday ?? ''}
            autoComplete="bday"
            onChange={(event) => f.set({ ...value, birthday: event.target.value === '' ? null : event.target.value })}
            aria-invalid={date.invalid || undefined}
            aria-describedby={date.describedBy}
          />
        </div>
      ) : (
        <div className="birthday-inputs birthday-age">
          <span>
            <label htmlFor={years.id}>{t('forms.fields.birthday_years')}</label>
            <input
              id={years.id}
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              value={value.birthday_years ?? ''}
              onChange={(event) => f.set({ ...value, birthday_years: numberOrNull(event.target.value) })}
              aria-invalid={years.invalid || undefined}
              aria-describedby={years.describedBy}
            />
          </span>
          <span>
            <label htmlFor={months.id}>{t('forms.fields.birthday_months')}</label>
            <input
              id={months.id}
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              value={value.birthday_months ?? ''}
              onChange={(event) => f.set({ ...value, birthday_months: numberOrNull(event.target.value) })}
              aria-invalid={months.invalid || undefined}
              aria-describedby={months.describedBy}
            />
          </span>
        </div>
      )}
      <FieldErrors id={f.errorId} messages={f.messages} />
    </fieldset>
  );
}
