/**
 * The phone field: a country select (FR, BE, DE, IT, LU; FR by default) and the number, which
 * starts with the country's calling code; choosing another country rewrites that prefix, and a number typed
 * with another offered country's prefix selects that country.
 */
import { changePhoneCountry, countryOfTypedNumber, isPhoneEmpty, withCountryPrefix, type PhoneValue } from '../../../lib/forms/phone.ts';
import { PHONE_COUNTRIES } from '../../../lib/shop-api/requests/addresses.ts';
import { useIsland } from '../island.tsx';
import { FieldErrors } from './ErrorList.tsx';
import { OptionalMark } from './Field.tsx';
import { useFormField } from './Form.tsx';

export function PhoneField({ field, optional = false }: { field: string; optional?: boolean }) {
  const { t } = useIsland();
  const f = useFormField<PhoneValue>(field);
  const legendId = `${f.id}-legend`;
  const countryId = `${f.id}-country`;
  const blur = () => {
    const number = f.value.number;
    // A number typed without its prefix gets the country's one.
    if (!isPhoneEmpty(number) && !number.trim().startsWith('+'))
      f.set({ ...f.value, number: withCountryPrefix(number, f.value.countryCode) });
    if (!isPhoneEmpty(number)) f.blur();
  };
  return (
    <fieldset className={`field field-phone${f.invalid ? ' is-invalid' : ''}`}>
      <legend id={legendId}>
        {f.label}
        {optional && !f.label.includes(t('forms.optionalMark')) && <OptionalMark />}
      </legend>
      <div className="phone-row">
        <div className="phone-country">
          <label htmlFor={countryId}>{t('forms.fields.phoneCountry')}</label>
          <select
            id={countryId}
            value={f.value.countryCode}
            onChange={(event) => f.set(changePhoneCountry(f.value, event.target.value))}
            autoComplete="tel-country-code"
          >
            {PHONE_COUNTRIES.map((country) => (
              <option key={country} value={country}>
                {t(`forms.phone.countries.${country}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="phone-number">
          <input
            id={f.id}
            name={field}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            value={f.value.number}
            onChange={(event) => {
              const number = event.target.value;
              f.set({ countryCode: countryOfTypedNumber(number, f.value.countryCode), number });
            }}
            onBlur={blur}
            aria-labelledby={legendId}
            aria-invalid={f.invalid || undefined}
            aria-required={!optional || undefined}
            aria-describedby={f.describedBy()}
          />
        </div>
      </div>
      <FieldErrors id={f.errorId} messages={f.messages} />
    </fieldset>
  );
}
