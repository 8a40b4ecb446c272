import { describe, expect, it } from 'vitest';
import { isPublicHoliday, isWorkingDay, shipNowDeadline } from '../../../../src/lib/subscriptions/working-hours.ts';

const at = (iso: string) => new Date(iso);

describe('ship now: within 24 working hours', () => {
  it('a Tuesday request is due on Wednesday at the same hour', () => {
    expect(shipNowDeadline(at('2031-03-11T10:00:00Z')).toISOString()).toBe('2031-03-12T10:00:00.000Z');
  });
  it('a Friday request skips the weekend', () => {
    expect(shipNowDeadline(at('2031-03-14T12:00:00Z')).toISOString()).toBe('2031-03-17T12:00:00.000Z');
  });
  it('a Saturday request counts from Monday', () => {
    expect(shipNowDeadline(at('2031-03-15T09:00:00Z')).toISOString()).toBe('2031-03-18T00:00:00.000Z');
  });
  it('skips public holidays of France and Belgium: Easter Monday, 14 July, 21 July', () => {
    // Easter 2031 is on 13 April: Easter Monday 14 April.
    expect(isPublicHoliday(at('2031-04-14T00:00:00Z'))).toBe(true);
    expect(shipNowDeadline(at('2031-04-11T12:00:00Z')).toISOString()).toBe('2031-04-15T12:00:00.000Z');
    expect(isWorkingDay(at('2031-07-14T10:00:00Z'))).toBe(false);
    expect(isWorkingDay(at('2031-07-21T10:00:00Z'))).toBe(false);
    // Ascension (Easter + 39) and Whit Monday (+ 50) in 2030: Easter is on 21 April.
    expect(isPublicHoliday(at('2030-05-30T00:00:00Z'))).toBe(true);
    expect(isPublicHoliday(at('2030-06-10T00:00:00Z'))).toBe(true);
    expect(isWorkingDay(at('2030-06-11T00:00:00Z'))).toBe(true);
  });
});
