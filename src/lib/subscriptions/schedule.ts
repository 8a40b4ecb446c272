/**
 * The calendar of a subscription: shipment dates are calendar days (YYYY-MM-DD, read in UTC so every
 * instance and every test computes the same day), the draft next order is editable until 4 days before its
 * shipment and locked ("draft in progress") from then on, and reminder mails go out 1 week and 4 days
 * before each shipment. Now is always given: nothing here reads the clock.
 */
import { SUBSCRIPTION_EDIT_LOCK_DAYS, SUBSCRIPTION_REMINDER_DAYS } from '../constants.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A calendar day: YYYY-MM-DD. */
export type Day = string;

export const dayOf = (instant: Date): Day => instant.toISOString().slice(0, 10);
const startOf = (day: Day): number => Date.parse(`${day}T00:00:00Z`);
export const addDays = (day: Day, days: number): Day => dayOf(new Date(startOf(day) + days * DAY_MS));

/** The day the draft locks: the shipment day minus the lock's 4 days (it can be edited until that day begins). */
export const editLimitOf = (shipment: Day): Day => addDays(shipment, -SUBSCRIPTION_EDIT_LOCK_DAYS);

/** The instant the draft locks (ISO 8601, UTC), as the API shows it. */
export const editLimitInstant = (shipment: Day): string => new Date(startOf(editLimitOf(shipment))).toISOString();

/** From the start of the 4th day before shipment on, the draft is being prepared and can no longer change. */
export const isLocked = (shipment: Day, now: Date): boolean => now.getTime() >= startOf(editLimitOf(shipment));

/** The shipment after this one, `days` later. */
export const nextShipment = (shipment: Day, days: number): Day => addDays(shipment, days);

export type Reminder = (typeof SUBSCRIPTION_REMINDER_DAYS)[number];

/**
 * The reminder mails due now for this shipment and not sent yet, latest first: a reminder is due from the
 * start of its day (7 or 4 days before shipment) until the shipment; a platform that was down on the 7th
 * day sends only the 4-day one, since two mails at once would say the same thing twice.
 */
export function dueReminder(shipment: Day, now: Date, sent: readonly Reminder[]): Reminder | null {
  if (now.getTime() >= startOf(shipment)) return null;
  const due = SUBSCRIPTION_REMINDER_DAYS.filter((days) => now.getTime() >= startOf(addDays(shipment, -days)));
  const latest = due.at(-1);
  if (latest === undefined || sent.includes(latest)) return null;
  // The 7-day mail is useless once the 4-day one is due.
  return latest;
}

/** Whether the draft of that shipment is due for the scheduler to turn into an order (from the start of its day). */
export const isDue = (shipment: Day, now: Date): boolean => now.getTime() >= startOf(shipment);

/**
 * Where a change of date (a new frequency) lands: on the draft while it can still change, else on the
 * shipment after it ("a date change while a shipment is in progress applies to the next one").
 */
export const dateChangeTarget = (shipment: Day, now: Date): 'draft' | 'following' => (isLocked(shipment, now) ? 'following' : 'draft');

/**
 * The next shipment once the frequency changes: counted from the last shipment (or the day the subscription
 * started), never earlier than the first day the draft could still be prepared (the lock's 4 days from now),
 * so a shorter frequency cannot ask for a parcel that is already too late to prepare.
 */
export function rescheduled(lastShipment: Day, days: number, now: Date): Day {
  const wanted = addDays(lastShipment, days);
  const earliest = addDays(dayOf(now), SUBSCRIPTION_EDIT_LOCK_DAYS + 1);
  return wanted < earliest ? earliest : wanted;
}
