import { describe, expect, it } from 'vitest';
import {
  dateChangeTarget,
  dueReminder,
  editLimitInstant,
  editLimitOf,
  isDue,
  isLocked,
  nextShipment,
  rescheduled,
} from '../../../../src/lib/subscriptions/schedule.ts';
import { planChange } from '../../../../src/lib/subscriptions/changes.ts';

const at = (iso: string) => new Date(iso);

describe('the edit lock, 4 days before shipment', () => {
  it('the draft of a shipment on 20 March can be edited until 16 March begins, then it is locked', () => {
    expect(editLimitOf('2031-03-20')).toBe('2031-03-16');
    expect(editLimitInstant('2031-03-20')).toBe('2031-03-16T00:00:00.000Z');
    expect(isLocked('2031-03-20', at('2031-03-15T23:59:59Z'))).toBe(false);
    expect(isLocked('2031-03-20', at('2031-03-16T00:00:00Z'))).toBe(true);
  });

  it('a new date lands on the draft before the lock and on the following shipment after it', () => {
    expect(dateChangeTarget('2031-03-20', at('2031-03-10T12:00:00Z'))).toBe('draft');
    expect(dateChangeTarget('2031-03-20', at('2031-03-17T12:00:00Z'))).toBe('following');
  });

  it('a change of the next order only is refused once locked; a change of all drafts then reaches the later ones only', () => {
    expect(planChange('next', '2031-03-20', at('2031-03-10T00:00:00Z'))).toEqual({ draft: true, settings: false });
    expect(planChange('all', '2031-03-20', at('2031-03-10T00:00:00Z'))).toEqual({ draft: true, settings: true });
    expect(planChange('next', '2031-03-20', at('2031-03-16T00:00:00Z'))).toBe('locked');
    expect(planChange('all', '2031-03-20', at('2031-03-16T00:00:00Z'))).toEqual({ draft: false, settings: true });
  });
});

describe('reminders, 1 week and 4 days before shipment', () => {
  const shipment = '2031-03-20';
  it('none before the 7th day, the 7-day one from 13 March, the 4-day one from 16 March, once each', () => {
    expect(dueReminder(shipment, at('2031-03-12T23:00:00Z'), [])).toBeNull();
    expect(dueReminder(shipment, at('2031-03-13T00:00:00Z'), [])).toBe(7);
    expect(dueReminder(shipment, at('2031-03-14T00:00:00Z'), [7])).toBeNull();
    expect(dueReminder(shipment, at('2031-03-16T08:00:00Z'), [7])).toBe(4);
    expect(dueReminder(shipment, at('2031-03-17T08:00:00Z'), [7, 4])).toBeNull();
  });
  it('a platform down on the 7th day sends only the 4-day mail, and nothing once the shipment day came', () => {
    expect(dueReminder(shipment, at('2031-03-17T00:00:00Z'), [])).toBe(4);
    expect(dueReminder(shipment, at('2031-03-20T00:00:00Z'), [])).toBeNull();
  });
});

describe('shipments', () => {
  it('is due from the start of its day; the next one comes the frequency later', () => {
    expect(isDue('2031-03-20', at('2031-03-19T23:59:59Z'))).toBe(false);
    expect(isDue('2031-03-20', at('2031-03-20T00:00:00Z'))).toBe(true);
    expect(nextShipment('2031-03-20', 31)).toBe('2031-04-20');
    expect(nextShipment('2031-12-20', 21)).toBe('2032-01-10');
  });
  it('a new frequency counts from the last shipment, never earlier than the draft can still be prepared', () => {
    expect(rescheduled('2031-03-01', 42, at('2031-03-05T10:00:00Z'))).toBe('2031-04-12');
    expect(rescheduled('2031-03-01', 21, at('2031-03-20T10:00:00Z'))).toBe('2031-03-25');
  });
});
