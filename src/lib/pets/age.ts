/** A pet's age in whole months from its birthday (`YYYY-MM-DD`) on a given day: what the guides and the engine read. */
import { parseIsoDate } from '../shop-api/requests/dates.ts';

export function ageInMonths(birthday: string, on: string): number {
  const from = parseIsoDate(birthday);
  const to = parseIsoDate(on);
  if (!from || !to) throw new RangeError(`Not a date: ${birthday} or ${on}`);
  const months = (to.year - from.year) * 12 + (to.month - from.month) - (to.day < from.day ? 1 : 0);
  return Math.max(0, months);
}
