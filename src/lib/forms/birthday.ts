/**
 * Birthdays (SPEC §3, §5). The birthday field of pet forms holds a date (date mode) or an age in years and
 * months (age mode): `{birthday, birthday_months, birthday_years, in_date}`. A date must be a real date,
 * not in the future and at most 120 years ago; the date input only offers 1970-01-01 to today. Ages are
 * whole numbers from 0. "Today" comes from a clock, so the rules are tested on fixed dates.
 */
import { z } from 'zod';
import { LIMITS } from '../constants.ts';

export type Clock = () => Date;
export const systemClock: Clock = () => new Date();

/** The date input's minimum (SPEC §5): only dates from 1970 are accepted there. */
export const BIRTHDAY_INPUT_MIN = '1970-01-01';

const pad = (n: number) => String(n).padStart(2, '0');
/** A local calendar date as `YYYY-MM-DD`. */
export const toIsoDate = (date: Date): string => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
export const today = (clock: Clock = systemClock): string => toIsoDate(clock());

/** `YYYY-MM-DD` of a real calendar day (no 31 February), else null. */
export function parseIsoDate(text: string): { year: number; month: number; day: number } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text.trim());
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? { year, month, day } : null;
}

/** The day `years` years and `months` months before today (clamped to the month's last day). */
export function dateFromAge(years: number, months: number, clock: Clock = systemClock): string {
  const now = clock();
  const target = new Date(now.getFullYear(), now.getMonth() - (years * 12 + months), 1);
  const lastDay = new Date(target.getFullYear(), target.getMonth() + 1, 0).getDate();
  target.setDate(Math.min(now.getDate(), lastDay));
  return toIsoDate(target);
}

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

/** The oldest accepted birthday: 120 years ago (SPEC §9). */
export const oldestBirthday = (clock: Clock = systemClock): string => dateFromAge(LIMITS.birthdayMaxYears, 0, clock);

/** Bounds for the date input: `min` 1970-01-01 (or 120 years ago if later), `max` today. */
export function birthdayInputBounds(clock: Clock = systemClock): { min: string; max: string } {
  const oldest = oldestBirthday(clock);
  return { min: oldest > BIRTHDAY_INPUT_MIN ? oldest : BIRTHDAY_INPUT_MIN, max: today(clock) };
}

type DateIssue = { code: string; params?: Record<string, string | number> };
/** The first rule a date breaks, null when it keeps them all. */
export function checkBirthDate(text: string, clock: Clock = systemClock, min?: string): DateIssue | null {
  if (!parseIsoDate(text)) return { code: 'invalid_date' };
  const iso = text.trim();
  const max = today(clock);
  if (iso > max) return { code: 'date_too_late', params: { max } };
  if (iso < oldestBirthday(clock)) return { code: 'too_old', params: { years: LIMITS.birthdayMaxYears } };
  if (min !== undefined && iso < min) return { code: 'date_too_early', params: { min } };
  return null;
}

/** A person's birthday (register, personal data): optional; a real date, not in the future, at most 120 years ago. */
export const birthDate = (clock: Clock = systemClock) =>
  z.union([z.string(), z.null(), z.undefined()]).transform((value, ctx): string | null => {
    if (value === null || value === undefined || value.trim() === '') return null;
    const issue = checkBirthDate(value, clock);
    if (issue) ctx.issues.push({ code: 'custom', message: issue.code, input: value, ...(issue.params ? { params: issue.params } : {}) });
    return value.trim();
  });

/** The birthday field's value (SPEC §3). */
export interface BirthdayValue {
  birthday: string | null;
  birthday_months: number | null;
  birthday_years: number | null;
  /** true: a date was entered; false: an age in years and months. */
  in_date: boolean;
}
export const emptyBirthday = (inDate = true): BirthdayValue => ({ birthday: null, birthday_months: null, birthday_years: null, in_date: inDate });

const filled = (value: unknown) => value !== null && value !== undefined && !(typeof value === 'string' && value.trim() === '');

/** Set when the date is filled (date mode) or the months or years (age mode) (SPEC §5). */
export function isBirthdaySet(value: Partial<Record<keyof BirthdayValue, unknown>> | null | undefined): boolean {
  if (!value) return false;
  return value.in_date === false ? filled(value.birthday_years) || filled(value.birthday_months) : filled(value.birthday);
}

/** A whole number ≥ 0 typed in an input ('' is "not filled"). */
const ageNumber = z.preprocess(
  (value) => (value === '' || value === undefined ? null : typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value),
  z.number().int().min(0).nullable(),
);

/**
 * The birthday field: with `required`, it must be set. Output: the same shape, cleaned (the other mode's
 * values null), plus `date`: the birthday as a date in both modes (age mode counts back from today).
 */
export function birthdayField(options: { clock?: Clock; required?: boolean } = {}) {
  const clock = options.clock ?? systemClock;
  return z.object({
    birthday: z.string().nullable().optional(),
    birthday_months: ageNumber.optional(),
    birthday_years: ageNumber.optional(),
    in_date: z.boolean(),
  }).transform((value, ctx) => {
    const out: BirthdayValue & { date: string | null } = { ...emptyBirthday(value.in_date), date: null };
    if (!isBirthdaySet(value)) {
      if (options.required) ctx.issues.push({ code: 'custom', message: 'required', input: value, path: value.in_date ? ['birthday'] : ['birthday_years'] });
      return out;
    }
    if (value.in_date) {
      const text = (value.birthday ?? '').trim();
      const issue = checkBirthDate(text, clock, BIRTHDAY_INPUT_MIN);
      if (issue) ctx.issues.push({ code: 'custom', message: issue.code, input: text, path: ['birthday'], ...(issue.params ? { params: issue.params } : {}) });
      out.birthday = text;
      out.date = text;
      return out;
    }
    const years = value.birthday_years ?? 0;
    const months = value.birthday_months ?? 0;
    if (years * 12 + months > LIMITS.birthdayMaxYears * 12) {
      ctx.issues.push({ code: 'custom', message: 'too_old', input: value, path: ['birthday_years'], params: { years: LIMITS.birthdayMaxYears } });
    }
    out.birthday_years = years;
    out.birthday_months = months;
    out.date = dateFromAge(years, months, clock);
    return out;
  });
}
