import { intlLocaleOf, languageOf, type LocaleCode } from '../../lib/channels.ts';

/**
 * A calendar day of the shop (YYYY-MM-DD: shipments, the edit lock) in long form. The shop counts days in UTC,
 * so the day is read there: read in Paris time, a day could show as its eve.
 */
export const formatDay = (locale: LocaleCode, day: string): string =>
  new Intl.DateTimeFormat(intlLocaleOf(languageOf(locale)), { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
