import { describe, expect, it } from 'vitest';
import {
  blockedRange,
  type DateExceptions,
  DEFAULT_SHAPE,
  dayStartTimes,
  isOfferedSlot,
  mergeRanges,
  NO_EXCEPTIONS,
  openSlots,
  slotStep,
} from './slots.ts';

const MADRID = 'Europe/Madrid';
const iso = (slots: ReturnType<typeof openSlots>) =>
  slots.map((s) => `${s.date} ${s.time} ${s.startsAt.toISOString()}`);

describe('slot engine', () => {
  it('cuts ranges into 30-minute meetings on the half hour that fit wholly', () => {
    expect(dayStartTimes([['09:00', '11:00']])).toEqual(['09:00', '09:30', '10:00', '10:30']);
    expect(dayStartTimes([['09:00', '09:30']])).toEqual(['09:00']);
  });

  it('merges overlapping and touching ranges and drops backwards ones', () => {
    expect(
      mergeRanges([
        ['10:00', '12:00'],
        ['09:00', '10:30'],
        ['12:00', '13:00'],
        ['15:00', '14:00'],
        ['16:00', '16:00'],
      ]),
    ).toEqual([[540, 780]]);
    expect(
      dayStartTimes([
        ['09:00', '10:00'],
        ['09:30', '10:30'],
      ]),
    ).toEqual(['09:00', '09:30', '10:00']);
  });

  it('gives no slots for a range whose end is not after its start', () => {
    expect(dayStartTimes([['10:00', '10:00']])).toEqual([]);
    expect(dayStartTimes([['18:00', '09:00']])).toEqual([]);
  });

  it('uses the weekday of each date', () => {
    const slots = openSlots({
      availability: { monday: [['09:00', '10:00']] },
      timeZone: MADRID,
      from: '2026-11-23',
      to: '2026-11-30',
      earliest: new Date('2026-11-01T00:00:00Z'),
      shape: DEFAULT_SHAPE,
      busy: [],
      exceptions: NO_EXCEPTIONS,
    });
    expect(slots.map((s) => `${s.date} ${s.time}`)).toEqual([
      '2026-11-23 09:00',
      '2026-11-23 09:30',
      '2026-11-30 09:00',
      '2026-11-30 09:30',
    ]);
  });

  it('never offers the past: earlier days, and earlier times today', () => {
    const slots = openSlots({
      availability: { sunday: [['09:00', '12:00']] },
      timeZone: MADRID,
      from: '2026-11-15',
      to: '2026-11-22',
      earliest: new Date('2026-11-22T09:45:00Z'), // 10:45 in Madrid
      shape: DEFAULT_SHAPE,
      busy: [],
      exceptions: NO_EXCEPTIONS,
    });
    expect(slots.map((s) => `${s.date} ${s.time}`)).toEqual(['2026-11-22 11:00', '2026-11-22 11:30']);
  });

  it('leaves out booked and held starts', () => {
    const slots = openSlots({
      availability: { tuesday: [['09:00', '10:30']] },
      timeZone: MADRID,
      from: '2026-11-24',
      to: '2026-11-24',
      earliest: new Date('2026-11-01T00:00:00Z'),
      shape: DEFAULT_SHAPE,
      busy: [{ start: new Date('2026-11-24T08:30:00Z'), end: new Date('2026-11-24T09:00:00Z') }], // 09:30 in Madrid
      exceptions: NO_EXCEPTIONS,
    });
    expect(slots.map((s) => s.time)).toEqual(['09:00', '10:00']);
  });

  it('keeps wall-clock times across the spring change in Madrid (2026-03-29)', () => {
    const slots = openSlots({
      availability: {
        saturday: [
          ['10:00', '10:30'],
          ['13:00', '13:30'],
        ],
        sunday: [
          ['01:00', '03:30'],
          ['10:00', '10:30'],
          ['13:00', '13:30'],
        ],
      },
      timeZone: MADRID,
      from: '2026-03-28',
      to: '2026-03-29',
      earliest: new Date('2026-01-01T00:00:00Z'),
      shape: DEFAULT_SHAPE,
      busy: [],
      exceptions: NO_EXCEPTIONS,
    });
    expect(iso(slots)).toEqual([
      '2026-03-28 10:00 2026-03-28T09:00:00.000Z',
      '2026-03-28 13:00 2026-03-28T12:00:00.000Z',
      '2026-03-29 01:00 2026-03-29T00:00:00.000Z',
      '2026-03-29 01:30 2026-03-29T00:30:00.000Z',
      // 02:00 and 02:30 do not exist that night.
      '2026-03-29 03:00 2026-03-29T01:00:00.000Z',
      '2026-03-29 10:00 2026-03-29T08:00:00.000Z',
      '2026-03-29 13:00 2026-03-29T11:00:00.000Z',
    ]);
  });

  it('keeps wall-clock times across the autumn change in Madrid (2026-10-25)', () => {
    const slots = openSlots({
      availability: {
        saturday: [
          ['10:00', '10:30'],
          ['13:00', '13:30'],
        ],
        sunday: [
          ['10:00', '10:30'],
          ['13:00', '13:30'],
        ],
      },
      timeZone: MADRID,
      from: '2026-10-24',
      to: '2026-10-25',
      earliest: new Date('2026-01-01T00:00:00Z'),
      shape: DEFAULT_SHAPE,
      busy: [],
      exceptions: NO_EXCEPTIONS,
    });
    expect(iso(slots)).toEqual([
      '2026-10-24 10:00 2026-10-24T08:00:00.000Z',
      '2026-10-24 13:00 2026-10-24T11:00:00.000Z',
      '2026-10-25 10:00 2026-10-25T09:00:00.000Z',
      '2026-10-25 13:00 2026-10-25T12:00:00.000Z',
    ]);
  });

  it('works in other zones too', () => {
    const [slot] = openSlots({
      availability: { monday: [['09:00', '09:30']] },
      timeZone: 'America/New_York',
      from: '2026-11-23',
      to: '2026-11-23',
      earliest: new Date('2026-01-01T00:00:00Z'),
      shape: DEFAULT_SHAPE,
      busy: [],
      exceptions: NO_EXCEPTIONS,
    });
    expect(slot?.startsAt.toISOString()).toBe('2026-11-23T14:00:00.000Z');
  });

  it('tells whether a wall-clock slot is offered at all', () => {
    const availability = { monday: [['09:00', '10:00']] as Array<[string, string]> };
    expect(isOfferedSlot(availability, NO_EXCEPTIONS, '2026-11-23', '09:30')).toBe(true);
    expect(isOfferedSlot(availability, NO_EXCEPTIONS, '2026-11-23', '10:00')).toBe(false);
    expect(isOfferedSlot(availability, NO_EXCEPTIONS, '2026-11-24', '09:00')).toBe(false);
  });
});

describe('slot engine with time off', () => {
  // Monday to Friday 09:00-11:00; Monday 23 November 2026 to Friday 27 November.
  const weekdays: Array<[string, string]> = [['09:00', '11:00']];
  const availability = {
    monday: weekdays,
    tuesday: weekdays,
    wednesday: weekdays,
    thursday: weekdays,
    friday: weekdays,
  };
  const week = (exceptions: DateExceptions) => {
    const byDate = new Map<string, string[]>();
    for (const slot of openSlots({
      availability,
      timeZone: MADRID,
      from: '2026-11-23',
      to: '2026-11-27',
      earliest: new Date('2026-11-01T00:00:00Z'),
      shape: DEFAULT_SHAPE,
      busy: [],
      exceptions,
    })) {
      byDate.set(slot.date, [...(byDate.get(slot.date) ?? []), slot.time]);
    }
    return Object.fromEntries(byDate);
  };
  const full = ['09:00', '09:30', '10:00', '10:30'];

  it('offers nothing on a day off, and the weekly hours on the other days', () => {
    const slots = week({
      overrides: [{ fromDate: '2026-11-24', toDate: '2026-11-24', ranges: [] }],
      closures: [],
    });
    expect(slots).toEqual({ '2026-11-23': full, '2026-11-25': full, '2026-11-26': full, '2026-11-27': full });
  });

  it('offers nothing on any day of a range of days off, both ends included', () => {
    const slots = week({
      overrides: [{ fromDate: '2026-11-20', toDate: '2026-11-25', ranges: [] }],
      closures: [],
    });
    expect(Object.keys(slots)).toEqual(['2026-11-26', '2026-11-27']);
  });

  it('replaces the weekly hours with different hours on one date, even on a day off by the week', () => {
    const slots = week({
      overrides: [
        { fromDate: '2026-11-25', toDate: '2026-11-25', ranges: [['16:00', '17:00']] },
        { fromDate: '2026-11-22', toDate: '2026-11-22', ranges: [['10:00', '10:30']] },
      ],
      closures: [],
    });
    expect(slots['2026-11-25']).toEqual(['16:00', '16:30']);
    expect(slots['2026-11-24']).toEqual(full);
    const sunday = openSlots({
      availability,
      timeZone: MADRID,
      from: '2026-11-22',
      to: '2026-11-22',
      earliest: new Date('2026-11-01T00:00:00Z'),
      shape: DEFAULT_SHAPE,
      busy: [],
      exceptions: {
        overrides: [{ fromDate: '2026-11-22', toDate: '2026-11-22', ranges: [['10:00', '10:30']] }],
        closures: [],
      },
    });
    expect(sunday.map((s) => s.startsAt.toISOString())).toEqual(['2026-11-22T09:00:00.000Z']);
  });

  it('closes every calendar on a business closure, whatever the employee has that day', () => {
    const slots = week({
      overrides: [{ fromDate: '2026-11-26', toDate: '2026-11-26', ranges: [['12:00', '14:00']] }],
      closures: [{ fromDate: '2026-11-26', toDate: '2026-11-27' }],
    });
    expect(Object.keys(slots)).toEqual(['2026-11-23', '2026-11-24', '2026-11-25']);
  });

  it('lets a day off win over different hours that overlap it, and adds up overlapping hours', () => {
    const slots = week({
      overrides: [
        { fromDate: '2026-11-23', toDate: '2026-11-24', ranges: [['15:00', '16:00']] },
        { fromDate: '2026-11-24', toDate: '2026-11-24', ranges: [] },
        { fromDate: '2026-11-23', toDate: '2026-11-23', ranges: [['18:00', '18:30']] },
      ],
      closures: [{ fromDate: '2026-11-27', toDate: '2026-11-27' }],
    });
    expect(slots).toEqual({
      '2026-11-23': ['15:00', '15:30', '18:00'],
      '2026-11-25': full,
      '2026-11-26': full,
    });
  });

  it('keeps wall-clock times for different hours on the autumn change (2026-10-25)', () => {
    const slots = openSlots({
      availability: {},
      timeZone: MADRID,
      from: '2026-10-24',
      to: '2026-10-25',
      earliest: new Date('2026-01-01T00:00:00Z'),
      shape: DEFAULT_SHAPE,
      busy: [],
      exceptions: {
        overrides: [{ fromDate: '2026-10-24', toDate: '2026-10-25', ranges: [['10:00', '10:30']] }],
        closures: [],
      },
    });
    expect(iso(slots)).toEqual([
      '2026-10-24 10:00 2026-10-24T08:00:00.000Z',
      '2026-10-25 10:00 2026-10-25T09:00:00.000Z',
    ]);
  });

  it('tells whether a slot is offered once the exceptions apply', () => {
    const exceptions: DateExceptions = {
      overrides: [{ fromDate: '2026-11-24', toDate: '2026-11-24', ranges: [['14:00', '15:00']] }],
      closures: [{ fromDate: '2026-11-25', toDate: '2026-11-25' }],
    };
    expect(isOfferedSlot(availability, exceptions, '2026-11-23', '09:00')).toBe(true);
    expect(isOfferedSlot(availability, exceptions, '2026-11-24', '09:00')).toBe(false);
    expect(isOfferedSlot(availability, exceptions, '2026-11-24', '14:30')).toBe(true);
    expect(isOfferedSlot(availability, exceptions, '2026-11-25', '09:00')).toBe(false);
  });
});

describe('services of other lengths', () => {
  const monday = { monday: [['09:00', '13:00']] as Array<[string, string]> };
  const at = (time: string) => new Date(`2026-11-23T${time}:00+01:00`);
  const times = (slots: ReturnType<typeof openSlots>) => slots.map((slot) => slot.time);
  const query = (
    shape: Parameters<typeof openSlots>[0]['shape'],
    busy: Array<{ start: Date; end: Date }> = [],
  ) =>
    openSlots({
      availability: monday,
      timeZone: MADRID,
      from: '2026-11-23',
      to: '2026-11-23',
      earliest: new Date('2026-11-01T00:00:00Z'),
      shape,
      busy,
      exceptions: NO_EXCEPTIONS,
    });

  it('steps on the coarsest grid that divides the length', () => {
    expect([30, 90, 45, 15, 20, 25, 480].map(slotStep)).toEqual([30, 30, 15, 15, 10, 5, 30]);
  });

  it('offers a 90-minute service only where all of it fits in the working hours', () => {
    expect(times(query({ durationMinutes: 90, bufferBeforeMinutes: 0, bufferAfterMinutes: 0 }))).toEqual([
      '09:00',
      '09:30',
      '10:00',
      '10:30',
      '11:00',
      '11:30',
    ]);
  });

  it('keeps a slot off any busy time it would overlap, whatever the busy length', () => {
    // A 90-minute colour booked 10:00–11:30 blocks a 30-minute cut from 10:00 to 11:00 starts.
    const colour = { start: at('10:00'), end: at('11:30') };
    expect(times(query(DEFAULT_SHAPE, [colour]))).toEqual(['09:00', '09:30', '11:30', '12:00', '12:30']);
    // And a 90-minute one cannot start where it would run into the colour.
    expect(
      times(query({ durationMinutes: 90, bufferBeforeMinutes: 0, bufferAfterMinutes: 0 }, [colour])),
    ).toEqual(['11:30']);
  });

  it('keeps buffers clear of other bookings, and lets them reach past the working hours', () => {
    const booked = { start: at('10:00'), end: at('10:30') };
    const shape = { durationMinutes: 30, bufferBeforeMinutes: 15, bufferAfterMinutes: 15 };
    // 09:30 would end at 10:00 but its 15 minutes after run into the booking; 10:30 starts inside its own buffer before.
    expect(times(query(shape, [booked]))).toEqual(['09:00', '11:00', '11:30', '12:00', '12:30']);
    expect(blockedRange(at('12:30'), shape)).toEqual({ start: at('12:15'), end: at('13:15') });
  });

  it('starts a 15-minute service on the quarter hours, and none on a date whose cap is reached', () => {
    const trim = { durationMinutes: 15, bufferBeforeMinutes: 0, bufferAfterMinutes: 0 };
    expect(times(query(trim)).slice(0, 5)).toEqual(['09:00', '09:15', '09:30', '09:45', '10:00']);
    const capped = openSlots({
      availability: monday,
      timeZone: MADRID,
      from: '2026-11-23',
      to: '2026-11-23',
      earliest: new Date('2026-11-01T00:00:00Z'),
      shape: trim,
      busy: [],
      exceptions: NO_EXCEPTIONS,
      fullDates: new Set(['2026-11-23']),
    });
    expect(capped).toEqual([]);
  });

  it('honours a minimum notice through `earliest`', () => {
    const slots = openSlots({
      availability: monday,
      timeZone: MADRID,
      from: '2026-11-23',
      to: '2026-11-23',
      earliest: at('11:10'),
      shape: DEFAULT_SHAPE,
      busy: [],
      exceptions: NO_EXCEPTIONS,
    });
    expect(times(slots)).toEqual(['11:30', '12:00', '12:30']);
  });

  it('checks a 90-minute start against the length', () => {
    expect(isOfferedSlot(monday, NO_EXCEPTIONS, '2026-11-23', '11:30', 90)).toBe(true);
    expect(isOfferedSlot(monday, NO_EXCEPTIONS, '2026-11-23', '12:00', 90)).toBe(false);
  });
});
