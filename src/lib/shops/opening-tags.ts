/**
 * The opening tag of a shop: what a shopper needs to know right now — open and until when, closing
 * soon, opening soon, today, tomorrow or another day — plus whether today is a special opening or
 * closing. Pure: the clock and the time zone are arguments, so the same code runs in tests with fixed
 * dates, at build time and in the browser (opening-tag.client.ts).
 *
 * Only types are imported from opening-hours.ts: its zod schemas would otherwise be bundled into the
 * browser script that computes the tags.
 */
import type { ShopSchedule, Weekday } from './opening-hours.ts';
import { intlLocaleOf, type CountryCode, type Language } from '../channels.ts';
import { treeTranslator, type MessageTree, type Translator } from '../translator.ts';
import { dateTimeFormat } from '../intl.ts';

/** "Closes soon" when the shop closes within this many minutes (inclusive). */
export const CLOSES_SOON_MINUTES = 30;
/** "Opens soon" when the shop opens within this many minutes (inclusive). */
export const OPENS_SOON_MINUTES = 60;
/** How far ahead to look for the next opening, through closures and closed periods. */
const LOOKAHEAD_DAYS = 60;
/** Up to this many days ahead a weekday name is unambiguous ("opens Monday"); beyond, the date is given. */
const WEEKDAY_NAME_DAYS = 6;
const DEFAULT_TIME_ZONE = 'Europe/Paris';

/** One opening span, ["09:00", "12:30"]. */
export type Span = readonly [opens: string, closes: string];
/** What the tag needs of a shop; a `Shop` of the content service fits as is. */
export type Schedule = Pick<ShopSchedule, 'openingHours' | 'specialOpenings' | 'specialClosures' | 'closedPeriods'>;

/**
 * One way to write an hour of the clock wherever the site shows one (shop hours, opening tags, relay points),
 * from "HH:MM": French writes "9 h 30" and "19 h" (non-breaking spaces, no minutes on the hour), Dutch
 * "9.30" and "19.00" (the sentence or the span adds "uur"). No leading zero in either language.
 */
export function formatClockTime(time: string, language: Language): string {
  const hours = String(Number(time.slice(0, 2)));
  const minutes = time.slice(3, 5);
  if (language === 'nl') return `${hours}.${minutes}`;
  return minutes === '00' ? `${hours}\u00A0h` : `${hours}\u00A0h\u00A0${minutes}`;
}

/** An opening span as the hours tables write it: "9 h – 12 h 30", "9.00 – 12.30 uur". */
export function formatSpan([opens, closes]: Span, language: Language): string {
  const text = `${formatClockTime(opens, language)}\u00A0– ${formatClockTime(closes, language)}`;
  return language === 'nl' ? `${text}\u00A0uur` : text;
}

const timeZones: Record<CountryCode, string> = {
  FR: 'Europe/Paris',
  BE: 'Europe/Brussels',
  LU: 'Europe/Luxembourg',
};
export const shopTimeZone = (country: CountryCode): string => timeZones[country];

// ---------------------------------------------------------------------------------------------------------
// Calendar dates ("YYYY-MM-DD") are handled as UTC midnights, so no machine time zone can shift them.

/** Indexed by Date#getUTCDay(), which starts on Sunday. */
const byUtcDay = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const satisfies readonly Weekday[];
const DAY_MS = 86_400_000;

const dateToUtc = (date: string): number => Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));
const utcToDate = (utc: number): string => new Date(utc).toISOString().slice(0, 10);

const addDays = (date: string, days: number): string => utcToDate(dateToUtc(date) + days * DAY_MS);
const weekdayOf = (date: string): Weekday => byUtcDay[new Date(dateToUtc(date)).getUTCDay()] ?? 'mon';

/** Minutes since midnight of "HH:MM"; a span closing at "00:00" closes at the end of its day. */
const minutesOf = (time: string): number => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const closingMinutesOf = (time: string): number => (time === '00:00' ? 24 * 60 : minutesOf(time));

// ---------------------------------------------------------------------------------------------------------
// Wall clock of a time zone. Intl knows the DST rules; the machine's own zone is never consulted.

/** The zone's wall clock in parts, one formatter kept per zone (src/lib/intl.ts). */
const formatterFor = (timeZone: string): Intl.DateTimeFormat =>
  dateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });

export interface WallClock {
  /** The calendar date in the zone, "YYYY-MM-DD". */
  date: string;
  weekday: Weekday;
  /** Minutes since local midnight, with the seconds as a fraction. */
  minutes: number;
}

function wallParts(instant: number, timeZone: string) {
  const parts = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  for (const { type, value } of formatterFor(timeZone).formatToParts(instant)) {
    if (type in parts) parts[type as keyof typeof parts] = Number(value);
  }
  // Some engines write midnight as 24 even on a 23-hour cycle.
  parts.hour %= 24;
  return parts;
}

export function wallClock(now: Date, timeZone: string = DEFAULT_TIME_ZONE): WallClock {
  const p = wallParts(now.getTime(), timeZone);
  const date = utcToDate(Date.UTC(p.year, p.month - 1, p.day));
  return { date, weekday: weekdayOf(date), minutes: p.hour * 60 + p.minute + p.second / 60 };
}

/** Offset of the zone from UTC at an instant, in milliseconds (+3 600 000 for CET). */
function offsetAt(instant: number, timeZone: string): number {
  const p = wallParts(instant, timeZone);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return wall - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant a wall-clock time happens in the zone. Twice corrected because the offset at the guess
 * may differ from the offset at the answer on a DST day; a time skipped by the spring change lands an
 * hour later, as a clock that was not moved forward would show it.
 */
function instantOf(date: string, minutes: number, timeZone: string): number {
  const wall = dateToUtc(date) + minutes * 60_000;
  const first = wall - offsetAt(wall, timeZone);
  return wall - offsetAt(first, timeZone);
}

// ---------------------------------------------------------------------------------------------------------
// Effective hours of a date.

type DayKind = 'regular' | 'special-opening' | 'special-closure' | 'closed-period';
export interface DayHours {
  date: string;
  weekday: Weekday;
  kind: DayKind;
  /** Sorted by opening time; empty when closed all day. */
  hours: Span[];
}

const byOpening = (a: Span, b: Span): number => minutesOf(a[0]) - minutesOf(b[0]);

/** Hours of one date: a special opening wins over a closure or closed period, which win over the week. */
export function hoursOn(schedule: Schedule, date: string): DayHours {
  const weekday = weekdayOf(date);
  const special = schedule.specialOpenings.filter((opening) => opening.date === date);
  if (special.length > 0) {
    return { date, weekday, kind: 'special-opening', hours: special.flatMap((opening) => opening.hours).sort(byOpening) };
  }
  if (schedule.specialClosures.some((closure) => closure.date === date)) {
    return { date, weekday, kind: 'special-closure', hours: [] };
  }
  if (schedule.closedPeriods.some((period) => period.from <= date && date <= period.to)) {
    return { date, weekday, kind: 'closed-period', hours: [] };
  }
  return { date, weekday, kind: 'regular', hours: [...(schedule.openingHours[weekday] ?? [])].sort(byOpening) };
}

/** Effective hours of `days` consecutive dates from `from` (a "this week" table). */
export function hoursFrom(schedule: Schedule, from: string, days = 7): DayHours[] {
  return Array.from({ length: days }, (_, index) => hoursOn(schedule, addDays(from, index)));
}

/** Spans that touch or overlap are one opening: no "closes at 12:00" when it reopens at 12:00. */
function mergedSpans(hours: readonly Span[]): { opens: number; closes: number; opensAt: string; closesAt: string }[] {
  const merged: { opens: number; closes: number; opensAt: string; closesAt: string }[] = [];
  for (const [opensAt, closesAt] of hours) {
    const opens = minutesOf(opensAt);
    const closes = closingMinutesOf(closesAt);
    if (closes <= opens) continue;
    const last = merged.at(-1);
    if (last && opens <= last.closes) {
      if (closes > last.closes) Object.assign(last, { closes, closesAt });
    } else {
      merged.push({ opens, closes, opensAt, closesAt });
    }
  }
  return merged;
}

// ---------------------------------------------------------------------------------------------------------
// The tag.

export type OpeningTag = {
  /**
   * A special day worth saying: 'closure' when today is a special closure or inside a closed period,
   * 'opening' when the tag speaks of today's special opening hours.
   */
  special: 'opening' | 'closure' | null;
} & (
  | { kind: 'open'; closesAt: string }
  | { kind: 'closes-soon'; closesAt: string; minutes: number }
  | { kind: 'opens-soon'; opensAt: string; minutes: number }
  | { kind: 'opens-today'; opensAt: string }
  | { kind: 'opens-tomorrow'; opensAt: string }
  | { kind: 'opens-later'; opensAt: string; date: string; weekday: Weekday; inDays: number }
  | { kind: 'closed' }
);

/** Whole minutes left, rounded up: at 18:40:30 a shop closing at 19:00 closes "in 20 minutes". */
const minutesUntil = (instant: number, now: number): number => Math.ceil((instant - now) / 60_000);

export function openingTag(schedule: Schedule, now: Date, timeZone: string = DEFAULT_TIME_ZONE): OpeningTag {
  const clock = wallClock(now, timeZone);
  const instant = now.getTime();
  const today = hoursOn(schedule, clock.date);
  const closure = today.kind === 'special-closure' || today.kind === 'closed-period' ? 'closure' : null;
  const todaySpecial = today.kind === 'special-opening' ? 'opening' : closure;

  for (const span of mergedSpans(today.hours)) {
    if (span.opens <= clock.minutes && clock.minutes < span.closes) {
      const minutes = minutesUntil(instantOf(clock.date, span.closes, timeZone), instant);
      return minutes <= CLOSES_SOON_MINUTES
        ? { kind: 'closes-soon', closesAt: span.closesAt, minutes, special: todaySpecial }
        : { kind: 'open', closesAt: span.closesAt, special: todaySpecial };
    }
  }

  for (let inDays = 0; inDays <= LOOKAHEAD_DAYS; inDays += 1) {
    const day = inDays === 0 ? today : hoursOn(schedule, addDays(clock.date, inDays));
    const next = mergedSpans(day.hours).find((span) => inDays > 0 || span.opens > clock.minutes);
    if (!next) continue;
    const minutes = minutesUntil(instantOf(day.date, next.opens, timeZone), instant);
    if (minutes <= OPENS_SOON_MINUTES) {
      return { kind: 'opens-soon', opensAt: next.opensAt, minutes, special: inDays === 0 ? todaySpecial : closure };
    }
    if (inDays === 0) return { kind: 'opens-today', opensAt: next.opensAt, special: todaySpecial };
    if (inDays === 1) return { kind: 'opens-tomorrow', opensAt: next.opensAt, special: closure };
    return { kind: 'opens-later', opensAt: next.opensAt, date: day.date, weekday: day.weekday, inDays, special: closure };
  }
  return { kind: 'closed', special: closure };
}

// ---------------------------------------------------------------------------------------------------------
// Text of a tag. The translator is passed in so the browser script can bring only the shop messages.

const dateStyles = {
  /** "lundi" */
  weekday: { weekday: 'long' },
  /** "lundi 4 janvier" */
  day: { weekday: 'long', day: 'numeric', month: 'long' },
  /** "lundi 4 janvier 2027" */
  full: { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' },
  /** "4 janvier 2027" */
  date: { day: 'numeric', month: 'long', year: 'numeric' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;
export type DateStyle = keyof typeof dateStyles;

/** A calendar date in words, read at UTC midnight so that no time zone moves it to another day. */
export function formatCalendarDate(date: string, language: Language, style: DateStyle): string {
  const formatter = dateTimeFormat(intlLocaleOf(language), { ...dateStyles[style], timeZone: 'UTC' });
  return (
    formatter
      .formatToParts(new Date(dateToUtc(date)))
      // French writes the first of the month as an ordinal, "1er janvier", which Intl does not.
      .map((part) => (language === 'fr' && part.type === 'day' && part.value === '1' ? '1er' : part.value))
      .join('')
  );
}

export interface OpeningTagText {
  /** "Fermeture exceptionnelle" / "Ouverture exceptionnelle", or null on an ordinary day. */
  special: string | null;
  /** "Ouvert · ferme à 19:00" and the like: always states whether the shop is open. */
  state: string;
}

const TAGS = 'shops.tags';

/**
 * The site's translator over the shop messages alone: the browser script uses it because importing
 * src/i18n/translate.ts would bundle every message of the site. `tree` is mounted under `shops.` so keys
 * read the same as with the whole catalogue.
 */
export function shopMessagesTranslator(tree: MessageTree, language: Language): Translator {
  return treeTranslator(language, { shops: tree });
}

export function openingTagText(tag: OpeningTag, t: Translator, language: Language): OpeningTagText {
  const special = tag.special === null ? null : t(`${TAGS}.${tag.special === 'opening' ? 'specialOpening' : 'specialClosure'}`);
  return { special, state: stateText(tag, t, language) };
}

function stateText(tag: OpeningTag, t: Translator, language: Language): string {
  if (tag.kind === 'closed') return t(`${TAGS}.closed`);
  const time = formatClockTime('closesAt' in tag ? tag.closesAt : tag.opensAt, language);
  switch (tag.kind) {
    case 'open':
      return t(`${TAGS}.open`, { time });
    case 'closes-soon':
      return t.plural(`${TAGS}.closesSoon`, tag.minutes, { time });
    case 'opens-soon':
      return t.plural(`${TAGS}.opensSoon`, tag.minutes, { time });
    case 'opens-today':
      return t(`${TAGS}.opensToday`, { time });
    case 'opens-tomorrow':
      return t(`${TAGS}.opensTomorrow`, { time });
    case 'opens-later':
      return tag.inDays <= WEEKDAY_NAME_DAYS
        ? t(`${TAGS}.opensLater`, { weekday: formatCalendarDate(tag.date, language, 'weekday'), time })
        : t(`${TAGS}.opensOnDate`, { date: formatCalendarDate(tag.date, language, 'day'), time });
  }
}

/** A coarse state for styling (a coloured dot); the text always says it in words as well. */
export function tagTone(tag: OpeningTag): 'open' | 'closing' | 'opening' | 'closed' {
  switch (tag.kind) {
    case 'open':
      return 'open';
    case 'closes-soon':
      return 'closing';
    case 'opens-soon':
      return 'opening';
    default:
      return 'closed';
  }
}

// ---------------------------------------------------------------------------------------------------------
// The schedule as shipped to the browser.

/** The schedule without exceptions that ended before `today`, to keep the page light. */
export function scheduleFrom(schedule: Schedule, today: string): Schedule {
  return {
    openingHours: schedule.openingHours,
    specialOpenings: schedule.specialOpenings.filter((opening) => opening.date >= today),
    specialClosures: schedule.specialClosures.filter((closure) => closure.date >= today),
    closedPeriods: schedule.closedPeriods.filter((period) => period.to >= today),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Exceptions still to come, for the hours table.

export type ScheduleException =
  | { kind: 'opening'; date: string; hours: Span[] }
  | { kind: 'closure'; date: string }
  | { kind: 'period'; from: string; to: string };

/** Special openings, closures and closed periods that end on or after `today`, in date order. */
export function upcomingExceptions(schedule: Schedule, today: string): ScheduleException[] {
  const current = scheduleFrom(schedule, today);
  const exceptions: ScheduleException[] = [
    ...current.specialOpenings.map(
      (opening): ScheduleException => ({ kind: 'opening', date: opening.date, hours: [...opening.hours].sort(byOpening) }),
    ),
    ...current.specialClosures.map((closure): ScheduleException => ({ kind: 'closure', date: closure.date })),
    ...current.closedPeriods.map((period): ScheduleException => ({ kind: 'period', from: period.from, to: period.to })),
  ];
  const startOf = (exception: ScheduleException): string => (exception.kind === 'period' ? exception.from : exception.date);
  return exceptions.sort((a, b) => startOf(a).localeCompare(startOf(b)));
}
