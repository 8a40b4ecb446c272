import { z } from 'zod';

/** "HH:MM" on a 24-hour clock. */
const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'HH:MM');
/** One opening span of a day, e.g. ["09:00", "12:30"]. */
const openingSpan = z.tuple([clockTime, clockTime]);
export const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD');

export const weekdays = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof weekdays)[number];

/** Weekly hours: a weekday absent or with no span is closed all day. */
const weeklyHours = z.partialRecord(z.enum(weekdays), z.array(openingSpan));

/** How a shop opens: its week, plus the exceptions an editor enters. */
export const shopSchedule = z.object({
  openingHours: weeklyHours,
  /** A date with hours of its own (a Sunday before Christmas, say); replaces the weekday's hours. */
  specialOpenings: z.array(z.object({ date: isoDate, hours: z.array(openingSpan).min(1) })).default([]),
  /** A single day closed (a bank holiday). */
  specialClosures: z.array(z.object({ date: isoDate })).default([]),
  /** Closed from one date to another, both included (holidays, works). */
  closedPeriods: z.array(z.object({ from: isoDate, to: isoDate })).default([]),
});
export type ShopSchedule = z.infer<typeof shopSchedule>;
