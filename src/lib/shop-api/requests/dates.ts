/**
 * Calendar days for the date rules of requests and forms: "today" comes from a clock, so every rule that
 * reads it is tested on fixed dates, and the site and the shop API count the days the same way.
 */
import { LIMITS } from '../../constants.ts';

export type Clock = () => Date;
export const systemClock: Clock = () => new Date();

const pad = (n: number) => String(n).padStart(2, '0');
/** A local calendar date as `YYYY-MM-DD`. */
const toIsoDate = (date: Date): string => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
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

/** The oldest accepted birthday: 120 years ago. */
export const oldestBirthday = (clock: Clock = systemClock): string => dateFromAge(LIMITS.birthdayMaxYears, 0, clock);

export type DateIssue = { code: 'invalid_date' | 'date_too_late' | 'too_old' | 'date_too_early'; params?: Record<string, string | number> };
/** The first rule a birthday breaks (a real date, not after today, at most 120 years ago, not before `min`), null when it keeps them all. */
export function checkBirthDate(text: string, clock: Clock = systemClock, min?: string): DateIssue | null {
  if (!parseIsoDate(text)) return { code: 'invalid_date' };
  const iso = text.trim();
  const max = today(clock);
  if (iso > max) return { code: 'date_too_late', params: { max } };
  if (iso < oldestBirthday(clock)) return { code: 'too_old', params: { max: LIMITS.birthdayMaxYears } };
  if (min !== undefined && iso < min) return { code: 'date_too_early', params: { min } };
  return null;
}
