/**
 * The phone field: a country select (FR, BE, DE, IT, LU; FR by default) and the number, which
 * starts with the country's calling code; choosing another country rewrites that prefix, and a number typed
 * with another offered country's prefix selects that country.
 *
 * Given the address's country (followCountry), the phone follows it (LU → +352) as long as the shopper has not
 * picked a prefix: choosing one in the list, or typing a number whose own prefix names another country, is a
 * pick; a field that starts with a number (an address being edited) holds its saved prefix as picked.
 *
 * The select shows a short label (flag and code, `🇱🇺 +352`) drawn over it, so that on a phone the number keeps
 * most of the row; the list itself keeps the countries' names, and so does the select's accessible value.
 */
import { useEffect, useRef } from 'react';
import {
  changePhoneCountry,
  countryOfTypedNumber,
  followAddressCountry,
  isPhoneEmpty,
  phoneFlag,
  phonePrefix,
  withCountryPrefix,
  type PhoneValue,
} from '../../../lib/forms/phone.ts';
import { PHONE_COUNTRIES } from '../../../lib/shop-api/requests/addresses.ts';
import { useIsland } from '../island.tsx';
import { FieldErrors } from './ErrorList.tsx';
import { OptionalMark } from './Field.tsx';
import { useFormField } from './Form.tsx';

export interface PhoneFieldProps {
  field: string;
  optional?: boolean;
  /** The address's country: the phone's country follows it until the shopper picks a prefix. */
  followCountry?: string;
}

export function PhoneField({ field, optional = false, followCountry }: PhoneFieldProps) {
  const { t } = useIsland();
  const f = useFormField<PhoneValue>(field);
  // A number already there (a saved address) came with the prefix it was saved with.
  const picked = useRef(!isPhoneEmpty(f.value.number));
  const latest = useRef(f);
  latest.current = f;
  const followed = useRef(followCountry);
  useEffect(() => {
    if (followCountry === followed.current) return;
    followed.current = followCountry;
    if (picked.current || followCountry === undefined) return;
    const current = latest.current;
    const next = followAddressCountry(current.value, followCountry);
    if (next) current.set(next);
  }, [followCountry]);
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
          <div className="phone-country-control">
            <select
              id={countryId}
              value={f.value.countryCode}
              onChange={(event) => {
                picked.current = true;
                f.set(changePhoneCountry(f.value, event.target.value));
              }}
              autoComplete="tel-country-code"
            >
              {PHONE_COUNTRIES.map((country) => (
                <option key={country} value={country}>
                  {t(`forms.phone.countries.${country}`)}
                </option>
              ))}
            </select>
            <span className="phone-country-short" aria-hidden="true">
              <span className="phone-country-flag">{phoneFlag(f.value.countryCode)}</span>
              <span className="phone-country-code">{phonePrefix(f.value.countryCode)}</span>
            </span>
          </div>
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
              const countryCode = countryOfTypedNumber(number, f.value.countryCode);
              // A number typed with another country's own prefix picks that country.
              if (countryCode !== f.value.countryCode) picked.current = true;
              f.set({ countryCode, number });
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
