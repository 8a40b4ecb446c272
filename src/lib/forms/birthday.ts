/**
 * Birthdays. The birthday field of pet forms holds a date (date mode) or an age in years and
 * months (age mode): `{birthday, birthday_months, birthday_years, in_date}`. A date must be a real date,
 * not in the future and at most 120 years ago; the date input only offers 1970-01-01 to today. Ages are
 * whole numbers from 0. "Today" comes from a clock, so the rules are tested on fixed dates.
 */
import '../zod/jitless.ts';
import { z } from 'zod/mini';
import { LIMITS } from '../constants.ts';
import { checkBirthDate, dateFromAge, oldestBirthday, parseIsoDate, systemClock, today, type Clock } from '../shop-api/requests/dates.ts';
import { dateIssue } from '../shop-api/requests/fields.ts';

/** The date input's minimum: only dates from 1970 are accepted there. */
export const BIRTHDAY_INPUT_MIN = '1970-01-01';

/** Whole years and months between a date and today. */
export function ageFromDate(iso: string, clock: Clock = systemClock): { years: number; months: number } | null {
  const date = parseIsoDate(iso);
  if (!date) return null;
  const now = clock();
  let months = (now.getFullYear() - date.year) * 12 + (now.getMonth() + 1 - date.month);
  if (now.getDate() < date.day) months -= 1;
  months = Math.max(0, months);
  return { years: Math.floor(months / 12), months: months % 12 };
}

/** Bounds for the date input: `min` 1970-01-01 (or 120 years ago if later), `max` today. */
export function birthdayInputBounds(clock: Clock = systemClock): { min: string; max: string } {
  const oldest = oldestBirthday(clock);
  return { min: oldest > BIRTHDAY_INPUT_MIN ? oldest : BIRTHDAY_INPUT_MIN, max: today(clock) };
}

/** The birthday field's value: a date, or years and months; `in_date` says which the shopper entered. */
export interface BirthdayValue {
  birthday: string | null;
  birthday_months: number | null;
  birthday_years: number | null;
  /** true: a date was entered; false: an age in years and months. */
  in_date: boolean;
}
export const emptyBirthday = (inDate = true): BirthdayValue => ({
  birthday: null,
  birthday_months: null,
  birthday_years: null,
  in_date: inDate,
});

const filled = (value: unknown) => value !== null && value !== undefined && !(typeof value === 'string' && value.trim() === '');

/** A birthday is set when the date is filled (date mode) or the months or years (age mode). */
export function isBirthdaySet(value: Partial<Record<keyof BirthdayValue, unknown>> | null | undefined): boolean {
  if (!value) return false;
  return value.in_date === false ? filled(value.birthday_years) || filled(value.birthday_months) : filled(value.birthday);
}

/** A whole number ≥ 0 typed in an input ('' is "not filled"). */
const ageNumber = z.pipe(
  z.transform((value: unknown) =>
    value === '' || value === undefined ? null : typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value,
  ),
  z.nullable(z.int().check(z.gte(0))),
);

/**
 * The birthday field: with `required`, it must be set. Output: the same shape, cleaned (the other mode's
 * values null), plus `date`: the birthday as a date in both modes (age mode counts back from today).
 */
export function birthdayField(options: { clock?: Clock; required?: boolean } = {}) {
  const clock = options.clock ?? systemClock;
  return z.pipe(
    z.object({
      birthday: z.optional(z.nullable(z.string())),
      birthday_months: z.optional(ageNumber),
      birthday_years: z.optional(ageNumber),
      in_date: z.boolean(),
    }),
    z.transform((value, ctx) => {
      const out: BirthdayValue & { date: string | null } = { ...emptyBirthday(value.in_date), date: null };
      if (!isBirthdaySet(value)) {
        if (options.required)
          ctx.issues.push({ code: 'custom', message: 'required', input: value, path: value.in_date ? ['birthday'] : ['birthday_years'] });
        return out;
      }
      if (value.in_date) {
        const text = (value.birthday ?? '').trim();
        const issue = checkBirthDate(text, clock, BIRTHDAY_INPUT_MIN);
        if (issue) ctx.issues.push({ code: 'custom', input: text, path: ['birthday'], ...dateIssue(issue) });
        out.birthday = text;
        out.date = text;
        return out;
      }
      const years = value.birthday_years ?? 0;
      const months = value.birthday_months ?? 0;
      if (years * 12 + months > LIMITS.birthdayMaxYears * 12) {
        ctx.issues.push({
          code: 'custom',
          input: value,
          path: ['birthday_years'],
          ...dateIssue({ code: 'too_old', params: { max: LIMITS.birthdayMaxYears } }),
        });
      }
      out.birthday_years = years;
      out.birthday_months = months;
      out.date = dateFromAge(years, months, clock);
      return out;
    }),
  );
}
