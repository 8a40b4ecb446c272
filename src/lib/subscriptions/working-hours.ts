/**
 * "Ship now": the parcel leaves and the card is debited within 24 working hours. Working time is Monday to
 * Friday, except the public holidays of France and Belgium (the warehouse ships to both, and a holiday in
 * either stops a carrier). Node 24 has no Temporal and date-fns is not a dependency, so days are counted in
 * UTC with a holiday table: the fixed days of both countries and the ones that follow Easter (Easter Monday,
 * Ascension Thursday, Whit Monday), Easter computed with the Anonymous Gregorian algorithm.
 */
import { SHIP_NOW_WORKING_HOURS } from '../constants.ts';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** Fixed public holidays (MM-DD): France and Belgium together. */
const FIXED_HOLIDAYS = new Set([
  '01-01', // New Year's Day (FR, BE)
  '05-01', // Labour Day (FR, BE)
  '05-08', // Victory in Europe Day (FR)
  '07-14', // Bastille Day (FR)
  '07-21', // Belgian National Day (BE)
  '08-15', // Assumption (FR, BE)
  '11-01', // All Saints' Day (FR, BE)
  '11-11', // Armistice Day (FR, BE)
  '12-25', // Christmas (FR, BE)
]);

/** Easter Sunday of a year (Anonymous Gregorian algorithm), as a UTC midnight. */
function easter(year: number): number {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return Date.UTC(year, month - 1, day);
}

/** Easter Monday (+1), Ascension Thursday (+39) and Whit Monday (+50): holidays in both countries. */
const EASTER_OFFSETS = [1, 39, 50];

export function isPublicHoliday(day: Date): boolean {
  const iso = day.toISOString();
  if (FIXED_HOLIDAYS.has(iso.slice(5, 10))) return true;
  const midnight = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate());
  const sunday = easter(day.getUTCFullYear());
  return EASTER_OFFSETS.some((offset) => sunday + offset * DAY_MS === midnight);
}

export const isWorkingDay = (day: Date): boolean => day.getUTCDay() !== 0 && day.getUTCDay() !== 6 && !isPublicHoliday(day);

/**
 * The latest moment a "ship now" must be shipped and debited by: 24 hours of working days after `now`,
 * the hours of weekends and holidays not counted (a Friday-noon request is due Monday noon).
 */
export function shipNowDeadline(now: Date, hours: number = SHIP_NOW_WORKING_HOURS): Date {
  let remaining = hours * HOUR_MS;
  let at = now.getTime();
  while (remaining > 0) {
    const dayEnd = Math.floor(at / DAY_MS) * DAY_MS + DAY_MS;
    if (isWorkingDay(new Date(at))) {
      const step = Math.min(remaining, dayEnd - at);
      remaining -= step;
      at += step;
    } else at = dayEnd;
  }
  return new Date(at);
}
