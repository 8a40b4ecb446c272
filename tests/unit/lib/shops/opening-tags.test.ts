import { afterEach, describe, expect, it } from 'vitest';
import {
  CLOSES_SOON_MINUTES,
  OPENS_SOON_MINUTES,
  formatCalendarDate,
  hoursFrom,
  hoursOn,
  openingTag,
  openingTagText,
  scheduleFrom,
  shopMessagesTranslator,
  shopTimeZone,
  tagTone,
  upcomingExceptions,
  wallClock,
  type Schedule,
} from '../../../../src/lib/shops/opening-tags.ts';
import { shopSchedule } from '../../../../src/lib/shops/opening-hours.ts';
import fr from '../../../../src/i18n/messages/fr/shops.ts';
import nl from '../../../../src/i18n/messages/nl/shops.ts';

/** Monday to Friday with a lunch break, Saturday all day, closed on Sunday. */
const week: Schedule = shopSchedule.parse({
  openingHours: {
    mon: [
      ['09:30', '12:30'],
      ['14:00', '19:00'],
    ],
    tue: [
      ['09:30', '12:30'],
      ['14:00', '19:00'],
    ],
    wed: [
      ['09:30', '12:30'],
      ['14:00', '19:00'],
    ],
    thu: [
      ['09:30', '12:30'],
      ['14:00', '19:00'],
    ],
    fri: [
      ['09:30', '12:30'],
      ['14:00', '19:00'],
    ],
    sat: [['10:00', '19:00']],
  },
});
const withExceptions = (exceptions: Partial<Schedule>): Schedule => ({ ...week, ...exceptions });

// December 2026 is on CET (UTC+1): 2026-12-07 is a Monday, 08:30Z is 09:30 in Paris.
const paris = (local: string): Date => new Date(`${local}+01:00`);

describe('openingTag on an ordinary week (Europe/Paris, winter time)', () => {
  it('is open and says when the shop closes', () => {
    expect(openingTag(week, paris('2026-12-07T10:00:00'))).toEqual({ kind: 'open', closesAt: '12:30', special: null });
    expect(openingTag(week, paris('2026-12-07T15:00:00'))).toEqual({ kind: 'open', closesAt: '19:00', special: null });
    expect(openingTag(week, new Date('2026-12-07T08:30:00Z'))).toEqual({ kind: 'open', closesAt: '12:30', special: null });
  });

  it(`closes soon from ${CLOSES_SOON_MINUTES} minutes before closing, inclusive`, () => {
    expect(openingTag(week, paris('2026-12-07T18:29:00'))).toEqual({ kind: 'open', closesAt: '19:00', special: null });
    expect(openingTag(week, paris('2026-12-07T18:29:30'))).toEqual({ kind: 'open', closesAt: '19:00', special: null });
    expect(openingTag(week, paris('2026-12-07T18:30:00'))).toEqual({ kind: 'closes-soon', closesAt: '19:00', minutes: 30, special: null });
    expect(openingTag(week, paris('2026-12-07T18:40:30'))).toEqual({ kind: 'closes-soon', closesAt: '19:00', minutes: 20, special: null });
    expect(openingTag(week, paris('2026-12-07T18:59:59'))).toEqual({ kind: 'closes-soon', closesAt: '19:00', minutes: 1, special: null });
  });

  it('is closed at the closing minute itself', () => {
    expect(openingTag(week, paris('2026-12-07T19:00:00'))).toEqual({ kind: 'opens-tomorrow', opensAt: '09:30', special: null });
  });

  it(`opens soon from ${OPENS_SOON_MINUTES} minutes before opening, inclusive`, () => {
    expect(openingTag(week, paris('2026-12-07T08:29:00'))).toEqual({ kind: 'opens-today', opensAt: '09:30', special: null });
    expect(openingTag(week, paris('2026-12-07T08:30:00'))).toEqual({ kind: 'opens-soon', opensAt: '09:30', minutes: 60, special: null });
    expect(openingTag(week, paris('2026-12-07T09:15:00'))).toEqual({ kind: 'opens-soon', opensAt: '09:30', minutes: 15, special: null });
  });

  it('reopens the same day after the lunch break', () => {
    expect(openingTag(week, paris('2026-12-07T12:30:00'))).toEqual({ kind: 'opens-today', opensAt: '14:00', special: null });
    expect(openingTag(week, paris('2026-12-07T12:59:00'))).toEqual({ kind: 'opens-today', opensAt: '14:00', special: null });
    expect(openingTag(week, paris('2026-12-07T13:00:00'))).toEqual({ kind: 'opens-soon', opensAt: '14:00', minutes: 60, special: null });
  });

  it('opens tomorrow after the evening closing', () => {
    expect(openingTag(week, paris('2026-12-07T21:00:00'))).toEqual({ kind: 'opens-tomorrow', opensAt: '09:30', special: null });
    expect(openingTag(week, paris('2026-12-11T19:30:00'))).toEqual({ kind: 'opens-tomorrow', opensAt: '10:00', special: null });
    expect(openingTag(week, paris('2026-12-13T23:30:00'))).toEqual({ kind: 'opens-tomorrow', opensAt: '09:30', special: null });
  });

  it('goes from Saturday evening to Monday over a closed Sunday', () => {
    expect(openingTag(week, paris('2026-12-12T19:30:00'))).toEqual({
      kind: 'opens-later',
      opensAt: '09:30',
      date: '2026-12-14',
      weekday: 'mon',
      inDays: 2,
      special: null,
    });
    expect(openingTag(week, paris('2026-12-13T12:00:00'))).toEqual({ kind: 'opens-tomorrow', opensAt: '09:30', special: null });
  });

  it('opens soon across midnight when the next opening is that close', () => {
    const night = withExceptions({ openingHours: { tue: [['00:30', '06:00']] } });
    expect(openingTag(night, paris('2026-12-07T23:45:00'))).toEqual({ kind: 'opens-soon', opensAt: '00:30', minutes: 45, special: null });
  });

  it('treats spans that touch as one opening', () => {
    const continuous = withExceptions({
      openingHours: {
        mon: [
          ['14:00', '19:00'],
          ['09:00', '14:00'],
        ],
      },
    });
    expect(openingTag(continuous, paris('2026-12-07T13:50:00'))).toEqual({ kind: 'open', closesAt: '19:00', special: null });
  });

  it('is closed when nothing opens in the look-ahead', () => {
    expect(openingTag(shopSchedule.parse({ openingHours: {} }), paris('2026-12-07T10:00:00'))).toEqual({ kind: 'closed', special: null });
    const far = shopSchedule.parse({ openingHours: {}, specialOpenings: [{ date: '2027-06-01', hours: [['10:00', '12:00']] }] });
    expect(openingTag(far, paris('2026-12-07T10:00:00'))).toEqual({ kind: 'closed', special: null });
  });
});

describe('openingTag with special openings and closings', () => {
  it('flags a special closure today and finds the next opening', () => {
    const bankHoliday = withExceptions({ specialClosures: [{ date: '2026-12-08' }] });
    expect(openingTag(bankHoliday, paris('2026-12-08T10:00:00'))).toEqual({ kind: 'opens-tomorrow', opensAt: '09:30', special: 'closure' });
    // The day before, the closure is tomorrow: the tag looks past it without flagging today.
    expect(openingTag(bankHoliday, paris('2026-12-07T20:00:00'))).toEqual({
      kind: 'opens-later',
      opensAt: '09:30',
      date: '2026-12-09',
      weekday: 'wed',
      inDays: 2,
      special: null,
    });
  });

  it('looks through a closed period spanning days and weeks', () => {
    const holidays = withExceptions({ closedPeriods: [{ from: '2026-12-21', to: '2027-01-03' }] });
    expect(openingTag(holidays, paris('2026-12-21T10:00:00'))).toEqual({
      kind: 'opens-later',
      opensAt: '09:30',
      date: '2027-01-04',
      weekday: 'mon',
      inDays: 14,
      special: 'closure',
    });
    expect(openingTag(holidays, paris('2027-01-03T09:00:00'))).toEqual({ kind: 'opens-tomorrow', opensAt: '09:30', special: 'closure' });
    expect(openingTag(holidays, paris('2027-01-04T10:00:00'))).toEqual({ kind: 'open', closesAt: '12:30', special: null });
  });

  it('opens on a Sunday with special hours', () => {
    const christmasSunday = withExceptions({ specialOpenings: [{ date: '2026-12-20', hours: [['10:00', '18:00']] }] });
    expect(openingTag(christmasSunday, paris('2026-12-19T19:30:00'))).toEqual({ kind: 'opens-tomorrow', opensAt: '10:00', special: null });
    expect(openingTag(christmasSunday, paris('2026-12-20T08:00:00'))).toEqual({
      kind: 'opens-today',
      opensAt: '10:00',
      special: 'opening',
    });
    expect(openingTag(christmasSunday, paris('2026-12-20T09:15:00'))).toEqual({
      kind: 'opens-soon',
      opensAt: '10:00',
      minutes: 45,
      special: 'opening',
    });
    expect(openingTag(christmasSunday, paris('2026-12-20T11:00:00'))).toEqual({ kind: 'open', closesAt: '18:00', special: 'opening' });
    expect(openingTag(christmasSunday, paris('2026-12-20T17:45:00'))).toEqual({
      kind: 'closes-soon',
      closesAt: '18:00',
      minutes: 15,
      special: 'opening',
    });
    // Once the special hours are over, nothing special is left to say about today.
    expect(openingTag(christmasSunday, paris('2026-12-20T18:30:00'))).toEqual({ kind: 'opens-tomorrow', opensAt: '09:30', special: null });
  });

  it('lets a special opening win over a closure or closed period the same day', () => {
    const schedule = withExceptions({
      specialOpenings: [{ date: '2026-12-24', hours: [['09:00', '16:00']] }],
      specialClosures: [{ date: '2026-12-24' }],
      closedPeriods: [{ from: '2026-12-23', to: '2026-12-26' }],
    });
    expect(hoursOn(schedule, '2026-12-24')).toEqual({
      date: '2026-12-24',
      weekday: 'thu',
      kind: 'special-opening',
      hours: [['09:00', '16:00']],
    });
    expect(openingTag(schedule, paris('2026-12-23T12:00:00'))).toEqual({ kind: 'opens-tomorrow', opensAt: '09:00', special: 'closure' });
    expect(openingTag(schedule, paris('2026-12-24T12:00:00'))).toEqual({ kind: 'open', closesAt: '16:00', special: 'opening' });
  });
});

describe('openingTag on daylight-saving days', () => {
  // 2027-03-28: clocks go from 02:00 CET to 03:00 CEST (01:00Z).
  const easterSunday = withExceptions({ specialOpenings: [{ date: '2027-03-28', hours: [['10:00', '18:00']] }] });

  it('reads the wall clock in summer time once the clocks have changed', () => {
    // 07:30Z is 09:30 CEST; read as winter time it would be 08:30 and 90 minutes away.
    expect(openingTag(easterSunday, new Date('2027-03-28T07:30:00Z'))).toEqual({
      kind: 'opens-soon',
      opensAt: '10:00',
      minutes: 30,
      special: 'opening',
    });
    expect(openingTag(easterSunday, new Date('2027-03-28T15:45:00Z'))).toEqual({
      kind: 'closes-soon',
      closesAt: '18:00',
      minutes: 15,
      special: 'opening',
    });
    expect(openingTag(week, new Date('2027-03-29T07:00:00Z'))).toEqual({
      kind: 'opens-soon',
      opensAt: '09:30',
      minutes: 30,
      special: null,
    });
  });

  it('counts real minutes across the skipped hour', () => {
    const early = withExceptions({ specialOpenings: [{ date: '2027-03-28', hours: [['03:30', '12:00']] }] });
    // 00:45Z is 01:45 CET; 03:30 CEST is 01:30Z, 45 minutes later (the wall clock says 105).
    expect(openingTag(early, new Date('2027-03-28T00:45:00Z'))).toEqual({
      kind: 'opens-soon',
      opensAt: '03:30',
      minutes: 45,
      special: 'opening',
    });
  });

  it('counts real minutes across the repeated hour', () => {
    // 2026-10-25: 03:00 CEST becomes 02:00 CET (01:00Z). At 00:30Z (02:30 CEST) a 03:00 closing is 90 minutes away.
    const night = withExceptions({ specialOpenings: [{ date: '2026-10-25', hours: [['00:00', '03:00']] }] });
    expect(openingTag(night, new Date('2026-10-25T00:30:00Z'))).toEqual({ kind: 'open', closesAt: '03:00', special: 'opening' });
    expect(openingTag(night, new Date('2026-10-25T01:40:00Z'))).toEqual({
      kind: 'closes-soon',
      closesAt: '03:00',
      minutes: 20,
      special: 'opening',
    });
  });

  it('keeps the calendar date right around midnight on either side of the change', () => {
    expect(wallClock(new Date('2027-03-27T22:59:00Z'), 'Europe/Paris')).toMatchObject({ date: '2027-03-27', weekday: 'sat' });
    expect(wallClock(new Date('2027-03-27T23:00:00Z'), 'Europe/Paris')).toMatchObject({ date: '2027-03-28', weekday: 'sun', minutes: 0 });
    expect(wallClock(new Date('2027-03-28T22:00:00Z'), 'Europe/Paris')).toMatchObject({ date: '2027-03-29', weekday: 'mon', minutes: 0 });
  });
});

describe('time zones', () => {
  const originalTz = process.env.TZ;
  afterEach(() => {
    if (originalTz === undefined) delete process.env.TZ;
    else process.env.TZ = originalTz;
  });

  it('depends on the timeZone argument only, never on the machine zone', () => {
    const instants = ['2026-12-07T08:30:00Z', '2026-12-12T17:45:00Z', '2027-03-28T07:30:00Z', '2026-12-13T23:10:00Z'].map(
      (iso) => new Date(iso),
    );
    const schedule = withExceptions({ specialOpenings: [{ date: '2027-03-28', hours: [['10:00', '18:00']] }] });
    const results = ['UTC', 'America/New_York', 'Pacific/Kiritimati', 'Asia/Tokyo', 'Pacific/Pago_Pago'].map((zone) => {
      process.env.TZ = zone;
      return instants.map((now) => openingTag(schedule, now, 'Europe/Paris'));
    });
    for (const result of results) expect(result).toEqual(results[0]);
    expect(results[0]?.map((tag) => tag.kind)).toEqual(['open', 'closes-soon', 'opens-soon', 'opens-today']);
  });

  it('uses the zone it is given', () => {
    const now = new Date('2026-12-07T08:30:00Z');
    expect(openingTag(week, now, 'Europe/London')).toEqual({ kind: 'opens-soon', opensAt: '09:30', minutes: 60, special: null });
    expect(openingTag(week, now, 'Europe/Brussels')).toEqual(openingTag(week, now, 'Europe/Paris'));
    expect(openingTag(week, now)).toEqual(openingTag(week, now, 'Europe/Luxembourg'));
  });

  it('maps each shop country to its zone', () => {
    expect([shopTimeZone('FR'), shopTimeZone('BE'), shopTimeZone('LU')]).toEqual(['Europe/Paris', 'Europe/Brussels', 'Europe/Luxembourg']);
  });
});

describe('effective hours', () => {
  it('gives a week of dates with their kind', () => {
    const schedule = withExceptions({
      specialOpenings: [
        {
          date: '2026-12-20',
          hours: [
            ['14:00', '18:00'],
            ['10:00', '12:00'],
          ],
        },
      ],
      specialClosures: [{ date: '2026-12-15' }],
      closedPeriods: [{ from: '2026-12-17', to: '2026-12-18' }],
    });
    expect(hoursFrom(schedule, '2026-12-14').map((day) => [day.date, day.weekday, day.kind, day.hours])).toEqual([
      [
        '2026-12-14',
        'mon',
        'regular',
        [
          ['09:30', '12:30'],
          ['14:00', '19:00'],
        ],
      ],
      ['2026-12-15', 'tue', 'special-closure', []],
      [
        '2026-12-16',
        'wed',
        'regular',
        [
          ['09:30', '12:30'],
          ['14:00', '19:00'],
        ],
      ],
      ['2026-12-17', 'thu', 'closed-period', []],
      ['2026-12-18', 'fri', 'closed-period', []],
      ['2026-12-19', 'sat', 'regular', [['10:00', '19:00']]],
      [
        '2026-12-20',
        'sun',
        'special-opening',
        [
          ['10:00', '12:00'],
          ['14:00', '18:00'],
        ],
      ],
    ]);
  });

  it('lists the exceptions still to come in date order', () => {
    const schedule = withExceptions({
      specialOpenings: [
        { date: '2026-12-20', hours: [['10:00', '18:00']] },
        { date: '2026-11-29', hours: [['10:00', '18:00']] },
      ],
      specialClosures: [{ date: '2026-12-25' }, { date: '2026-12-01' }],
      closedPeriods: [
        { from: '2026-12-05', to: '2026-12-08' },
        { from: '2026-08-01', to: '2026-08-15' },
      ],
    });
    expect(upcomingExceptions(schedule, '2026-12-07')).toEqual([
      { kind: 'period', from: '2026-12-05', to: '2026-12-08' },
      { kind: 'opening', date: '2026-12-20', hours: [['10:00', '18:00']] },
      { kind: 'closure', date: '2026-12-25' },
    ]);
    expect(scheduleFrom(schedule, '2026-12-07').closedPeriods).toEqual([{ from: '2026-12-05', to: '2026-12-08' }]);
  });
});

describe('tag texts', () => {
  const texts = (language: 'fr' | 'nl', schedule: Schedule, now: Date) =>
    openingTagText(openingTag(schedule, now), shopMessagesTranslator(language === 'fr' ? fr : nl, language), language);
  const holidays = withExceptions({
    closedPeriods: [{ from: '2026-12-21', to: '2027-01-03' }],
    specialClosures: [{ date: '2026-12-08' }],
    specialOpenings: [{ date: '2026-12-20', hours: [['10:00', '18:00']] }],
  });

  it.each([
    ['2026-12-07T15:00:00', 'Ouvert · ferme à 19\u00A0h', 'Open · sluit om 19.00\u00A0uur'],
    ['2026-12-07T18:40:00', 'Ferme bientôt (dans 20 minutes)', 'Sluit binnenkort (over 20 minuten)'],
    ['2026-12-07T18:59:00', 'Ferme bientôt (dans 1 minute)', 'Sluit binnenkort (over 1 minuut)'],
    ['2026-12-07T09:15:00', 'Ouvre bientôt (dans 15 minutes)', 'Gaat binnenkort open (over 15 minuten)'],
    ['2026-12-07T12:45:00', 'Fermé · ouvre aujourd’hui à 14\u00A0h', 'Gesloten · opent vandaag om 14.00\u00A0uur'],
    ['2026-12-07T20:00:00', 'Fermé · ouvre mercredi à 9\u00A0h\u00A030', 'Gesloten · opent woensdag om 9.30\u00A0uur'],
    ['2026-12-09T20:00:00', 'Fermé · ouvre demain à 9\u00A0h\u00A030', 'Gesloten · opent morgen om 9.30\u00A0uur'],
    ['2026-12-12T19:30:00', 'Fermé · ouvre lundi à 9\u00A0h\u00A030', 'Gesloten · opent maandag om 9.30\u00A0uur'],
    [
      '2026-12-21T10:00:00',
      'Fermé · ouvre le lundi 4 janvier à 9\u00A0h\u00A030',
      'Gesloten · opent op maandag 4 januari om 9.30\u00A0uur',
    ],
  ])('at %s', (local, french, dutch) => {
    expect(texts('fr', holidays, paris(local)).state).toBe(french);
    expect(texts('nl', holidays, paris(local)).state).toBe(dutch);
  });

  it('names special days', () => {
    expect(texts('fr', holidays, paris('2026-12-08T10:00:00'))).toEqual({
      special: 'Fermeture exceptionnelle',
      state: 'Fermé · ouvre demain à 9\u00A0h\u00A030',
    });
    expect(texts('nl', holidays, paris('2026-12-08T10:00:00'))).toEqual({
      special: 'Uitzonderlijke sluiting',
      state: 'Gesloten · opent morgen om 9.30\u00A0uur',
    });
    expect(texts('fr', holidays, paris('2026-12-20T11:00:00'))).toEqual({
      special: 'Ouverture exceptionnelle',
      state: 'Ouvert · ferme à 18\u00A0h',
    });
    expect(texts('nl', holidays, paris('2026-12-20T11:00:00'))).toEqual({
      special: 'Uitzonderlijke opening',
      state: 'Open · sluit om 18.00\u00A0uur',
    });
    expect(texts('fr', week, paris('2026-12-07T15:00:00')).special).toBeNull();
  });

  it('writes dates as French and Flemish readers expect, whatever the machine zone', () => {
    expect(formatCalendarDate('2027-01-01', 'fr', 'full')).toBe('vendredi 1er janvier 2027');
    expect(formatCalendarDate('2027-01-01', 'nl', 'full')).toBe('vrijdag 1 januari 2027');
    expect(formatCalendarDate('2027-08-15', 'fr', 'date')).toBe('15 août 2027');
    expect(formatCalendarDate('2027-08-15', 'nl', 'date')).toBe('15 augustus 2027');
    const newYear = withExceptions({ closedPeriods: [{ from: '2026-12-19', to: '2026-12-31' }] });
    expect(texts('fr', newYear, paris('2026-12-21T10:00:00')).state).toBe('Fermé · ouvre le vendredi 1er janvier à 9\u00A0h\u00A030');
    expect(texts('nl', newYear, paris('2026-12-21T10:00:00')).state).toBe('Gesloten · opent op vrijdag 1 januari om 9.30\u00A0uur');
  });

  it('says closed when nothing opens', () => {
    const none = shopSchedule.parse({ openingHours: {} });
    expect(texts('fr', none, paris('2026-12-07T10:00:00')).state).toBe('Fermé');
    expect(texts('nl', none, paris('2026-12-07T10:00:00')).state).toBe('Gesloten');
  });

  it('gives a tone for styling that matches the words', () => {
    expect(tagTone(openingTag(week, paris('2026-12-07T15:00:00')))).toBe('open');
    expect(tagTone(openingTag(week, paris('2026-12-07T18:45:00')))).toBe('closing');
    expect(tagTone(openingTag(week, paris('2026-12-07T09:00:00')))).toBe('opening');
    expect(tagTone(openingTag(week, paris('2026-12-07T20:00:00')))).toBe('closed');
  });
});

describe('shop messages', () => {
  const keysOf = (tree: object, prefix = ''): string[] =>
    Object.entries(tree).flatMap(([key, value]) =>
      typeof value === 'string' ? [`${prefix}${key}`] : keysOf(value as object, `${prefix}${key}.`),
    );

  it('has the same keys in French and Dutch', () => {
    expect(keysOf(nl).sort()).toEqual(keysOf(fr).sort());
  });
});
