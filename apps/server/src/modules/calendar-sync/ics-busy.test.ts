import fs from 'node:fs';
import fc from 'fast-check';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { zonedTime } from '../../lib/time-zone.ts';
import { type BusyInterval, type BusyOptions, busyIntervals } from './ics-busy.ts';
import { FeedError } from './ics-fetch.ts';

const MADRID = 'Europe/Madrid';
const fixture = (name: string) => fs.readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const busy = (text: string, from: string, to: string, options: BusyOptions = {}) =>
  busyIntervals(text, new Date(from), new Date(to), { defaultTimeZone: MADRID, ...options });
const iso = (intervals: BusyInterval[]) =>
  intervals.map(
    (i) =>
      `${i.start.toISOString().slice(0, 16)} ${i.end.toISOString().slice(0, 16)}${i.allDay ? ' all-day' : ''}`,
  );
const withoutTimeZones = (text: string) => text.replace(/BEGIN:VTIMEZONE[\s\S]*?END:VTIMEZONE\r\n/g, '');
const warnings = () => {
  const messages: string[] = [];
  return { messages, onWarning: (message: string) => messages.push(message) };
};

const calendar = (...events: string[]) =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//test//EN',
    ...events.flatMap((event, n) => [
      'BEGIN:VEVENT',
      `UID:event-${n}`,
      'DTSTAMP:20260301T000000Z',
      ...event.split('\n'),
      'END:VEVENT',
    ]),
    'END:VCALENDAR',
    '',
  ].join('\r\n');

describe('busy time from a Google Calendar export', () => {
  const google = fixture('google-madrid.ics');

  it('expands the weekly class, drops its EXDATE and cancelled occurrence, and follows the one moved to Thursday', () => {
    const log = warnings();
    expect(iso(busy(google, '2026-03-01T00:00Z', '2026-04-01T00:00Z', log))).toEqual([
      '2026-03-03T09:00 2026-03-03T10:00', // Tuesday class, 10:00 CET
      '2026-03-06T15:00 2026-03-06T16:30', // single event written in UTC
      // 10th moved to Thursday 12th 16:30–17:30 CET, merged with a call at 16:00Z–17:00Z
      '2026-03-12T15:30 2026-03-12T17:00',
      '2026-03-18T23:00 2026-03-19T23:00 all-day', // San José, the whole Madrid day
      // 17th: EXDATE; 24th: the occurrence is CANCELLED
      '2026-03-31T08:00 2026-03-31T09:00', // 10:00 CEST, after the change on the 29th
    ]);
    expect(log.messages).toEqual([]);
  });

  it('counts a moved occurrence where it went, not where it was', () => {
    expect(iso(busy(google, '2026-03-09T00:00Z', '2026-03-11T00:00Z'))).toEqual([]);
    expect(iso(busy(google, '2026-03-12T00:00Z', '2026-03-13T00:00Z'))).toEqual([
      '2026-03-12T15:30 2026-03-12T17:00',
    ]);
  });

  it('leaves free (TRANSPARENT) and cancelled events out', () => {
    // 5th: a birthday marked free; 9th: working from home, free; 11th: a cancelled dentist.
    expect(busy(google, '2026-03-05T00:00Z', '2026-03-06T00:00Z')).toEqual([]);
    expect(busy(google, '2026-03-09T00:00Z', '2026-03-12T00:00Z')).toEqual([]);
  });

  it('clips intervals to the window', () => {
    expect(iso(busy(google, '2026-03-03T09:30Z', '2026-03-06T16:00Z'))).toEqual([
      '2026-03-03T09:30 2026-03-03T10:00',
      '2026-03-06T15:00 2026-03-06T16:00',
    ]);
  });

  it('ends the weekly series at its UNTIL', () => {
    expect(iso(busy(google, '2026-04-14T00:00Z', '2026-05-01T00:00Z'))).toEqual([
      '2026-04-14T08:00 2026-04-14T09:00',
      '2026-04-21T08:00 2026-04-21T09:00',
    ]);
  });

  it("reads an all-day event as the whole day in the business's zone", () => {
    expect(
      iso(busy(google, '2026-03-19T00:00Z', '2026-03-21T00:00Z', { defaultTimeZone: 'America/New_York' })),
    ).toEqual(['2026-03-19T04:00 2026-03-20T04:00 all-day']);
  });
});

describe('busy time from an Outlook (Exchange) published calendar', () => {
  const outlook = fixture('outlook-romance.ics');
  const march = [
    '2026-03-02T08:00 2026-03-02T08:30', // 09:00 "Romance Standard Time" (CET)
    '2026-03-04T11:00 2026-03-04T11:30', // the Wednesday moved to 12:00
    '2026-03-09T08:00 2026-03-09T08:30',
    '2026-03-11T08:00 2026-03-11T08:30',
    '2026-03-12T15:00 2026-03-12T16:00', // tentative counts as busy
    '2026-03-18T08:00 2026-03-18T08:30', // 16th: EXDATE
    '2026-03-19T23:00 2026-03-20T23:00 all-day', // out of office
    '2026-03-23T08:00 2026-03-23T08:30',
    '2026-03-25T08:00 2026-03-25T08:30',
    '2026-03-26T10:00 2026-03-26T11:00', // "GMT Standard Time", which the file does not define
    '2026-03-30T07:00 2026-03-30T07:30', // CEST; the series ends on the 31st
  ];

  it('reads its Windows time zones, recurrence, moved occurrence and free appointment', () => {
    const log = warnings();
    expect(iso(busy(outlook, '2026-03-01T00:00Z', '2026-04-01T00:00Z', log))).toEqual(march);
    expect(log.messages).toEqual([]);
  });

  it('gives the same instants when the export leaves out its VTIMEZONE', () => {
    const bare = withoutTimeZones(outlook);
    expect(bare).not.toContain('VTIMEZONE');
    expect(iso(busy(bare, '2026-03-01T00:00Z', '2026-04-01T00:00Z'))).toEqual(march);
  });

  it('leaves out an appointment Outlook marks Free even when it is OPAQUE', () => {
    const text = calendar(
      'DTSTART:20260310T130000Z\nDTEND:20260310T140000Z\nTRANSP:OPAQUE\nX-MICROSOFT-CDO-BUSYSTATUS:FREE',
      'DTSTART:20260310T150000Z\nDTEND:20260310T160000Z\nX-MICROSOFT-CDO-BUSYSTATUS:OOF',
    );
    expect(iso(busy(text, '2026-03-10T00:00Z', '2026-03-11T00:00Z'))).toEqual([
      '2026-03-10T15:00 2026-03-10T16:00',
    ]);
  });
});

describe('busy time from an iCloud public calendar', () => {
  it('applies COUNT, RDATE, EXDATE and DURATION, and spans a multi-day all-day event', () => {
    const log = warnings();
    expect(iso(busy(fixture('icloud-madrid.ics'), '2026-03-01T00:00Z', '2026-05-01T00:00Z', log))).toEqual([
      '2026-03-07T10:00 2026-03-07T10:45', // Saturday class, DURATION:PT45M
      '2026-03-11T17:00 2026-03-11T18:30', // 2nd Wednesday of the month
      '2026-03-17T12:00 2026-03-17T13:00', // in UTC
      '2026-03-19T10:00 2026-03-19T10:45', // RDATE on a Thursday; the 14th is an EXDATE
      '2026-03-21T10:00 2026-03-21T10:45',
      '2026-03-28T10:00 2026-03-28T10:45',
      '2026-04-04T09:00 2026-04-04T09:45', // CEST, the last before UNTIL
      '2026-04-08T16:00 2026-04-08T17:30', // 2nd Wednesday again, now CEST
      '2026-04-12T22:00 2026-04-17T22:00 all-day', // Monday 13th to Friday 17th inclusive
    ]);
    expect(log.messages).toEqual([]);
  });

  it('stops a series at its COUNT', () => {
    expect(iso(busy(fixture('icloud-madrid.ics'), '2026-05-01T00:00Z', '2026-07-01T00:00Z'))).toEqual([
      '2026-05-13T16:00 2026-05-13T17:30',
    ]);
  });
});

describe('busy time across the DST changes in Madrid', () => {
  const dst = fixture('dst-madrid.ics');
  const spring = [
    '2026-03-23T17:00 2026-03-23T18:00',
    '2026-03-27T17:00 2026-03-27T18:00',
    '2026-03-28T23:00 2026-03-29T22:00 all-day', // Sunday the 29th has 23 hours
    '2026-03-30T16:00 2026-03-30T17:00',
    '2026-04-03T16:00 2026-04-03T17:00',
  ];
  const autumn = [
    '2026-10-19T16:00 2026-10-19T17:00',
    '2026-10-23T16:00 2026-10-23T17:00',
    '2026-10-24T22:00 2026-10-25T23:00 all-day', // Sunday the 25th has 25 hours
    '2026-10-26T17:00 2026-10-26T18:00',
    '2026-10-30T17:00 2026-10-30T18:00',
  ];

  it('keeps the wall-clock time of a weekly event while its UTC instant moves by an hour', () => {
    const springBusy = busy(dst, '2026-03-23T00:00Z', '2026-04-06T00:00Z');
    const autumnBusy = busy(dst, '2026-10-19T00:00Z', '2026-11-02T00:00Z');
    expect(iso(springBusy)).toEqual(spring);
    expect(iso(autumnBusy)).toEqual(autumn);
    const timed = [...springBusy, ...autumnBusy].filter((i) => !i.allDay);
    expect(timed.map((i) => `${zonedTime(i.start, MADRID)}-${zonedTime(i.end, MADRID)}`)).toEqual(
      Array(8).fill('18:00-19:00'),
    );
  });

  it('gives the same instants from the zone name alone when the VTIMEZONE is missing', () => {
    const bare = withoutTimeZones(dst);
    expect(iso(busy(bare, '2026-03-23T00:00Z', '2026-04-06T00:00Z'))).toEqual(spring);
    expect(iso(busy(bare, '2026-10-19T00:00Z', '2026-11-02T00:00Z'))).toEqual(autumn);
  });

  it('keeps the exact length of a timed occurrence that spans the change', () => {
    const text = calendar(
      'DTSTART;TZID=Europe/Madrid:20260328T010000\nDTEND;TZID=Europe/Madrid:20260328T040000\nRRULE:FREQ=DAILY;COUNT=2',
    );
    expect(iso(busy(text, '2026-03-27T00:00Z', '2026-03-30T00:00Z'))).toEqual([
      '2026-03-28T00:00 2026-03-28T03:00',
      // 01:00 CET to 05:00 CEST: still three hours (RFC 5545 3.8.5.3).
      '2026-03-29T00:00 2026-03-29T03:00',
    ]);
  });
});

describe('floating times and time zones the feed does not define', () => {
  const thunderbird = fixture('floating-thunderbird.ics');

  it('reads floating times in the business zone and bare or prefixed IANA names with their own rules', () => {
    const log = warnings();
    expect(iso(busy(thunderbird, '2026-03-01T00:00Z', '2026-04-01T00:00Z', log))).toEqual([
      '2026-03-05T14:00 2026-03-05T15:00', // 09:00 New York, EST
      '2026-03-10T09:00 2026-03-10T10:30', // floating 10:00–11:30, read in Madrid
      '2026-03-12T13:00 2026-03-12T14:00', // 09:00 New York, EDT since the 8th
      '2026-03-16T12:00 2026-03-16T13:00', // /mozilla.org/…/Europe/London
      // 17th: a reminder with no DTEND or DURATION lasts no time and blocks nothing.
      '2026-03-17T23:00 2026-03-18T23:00 all-day', // an all-day date without DTEND lasts one day
    ]);
    expect(log.messages).toEqual([]);
  });

  it('moves only the floating times when the business is elsewhere', () => {
    expect(
      iso(busy(thunderbird, '2026-03-10T00:00Z', '2026-03-13T00:00Z', { defaultTimeZone: 'Europe/London' })),
    ).toEqual(['2026-03-10T10:00 2026-03-10T11:30', '2026-03-12T13:00 2026-03-12T14:00']);
  });

  it('reads an unknown TZID in the business zone, and says so once', () => {
    const log = warnings();
    const text = calendar(
      'DTSTART;TZID=Mars/Olympus_Mons:20260320T100000\nDTEND;TZID=Mars/Olympus_Mons:20260320T110000',
    );
    expect(iso(busy(text, '2026-03-20T00:00Z', '2026-03-21T00:00Z', log))).toEqual([
      '2026-03-20T09:00 2026-03-20T10:00',
    ]);
    expect(log.messages).toEqual([
      'Unknown time zone "Mars/Olympus_Mons": its times were read in Europe/Madrid.',
    ]);
  });

  it('maps the common Windows zone names', () => {
    const text = calendar(
      'DTSTART;TZID=W. Europe Standard Time:20260701T090000\nDURATION:PT1H',
      'DTSTART;TZID=Eastern Standard Time:20260701T090000\nDURATION:PT1H',
      'DTSTART;TZID=Pacific Standard Time:20260701T090000\nDURATION:PT1H',
    );
    expect(iso(busy(text, '2026-07-01T00:00Z', '2026-07-02T00:00Z'))).toEqual([
      '2026-07-01T07:00 2026-07-01T08:00',
      '2026-07-01T13:00 2026-07-01T14:00',
      '2026-07-01T16:00 2026-07-01T17:00',
    ]);
  });
});

describe('merging', () => {
  it('merges overlapping and touching intervals, all-day only when every part is all-day', () => {
    const text = calendar(
      'DTSTART;VALUE=DATE:20260401\nDTEND;VALUE=DATE:20260402',
      'DTSTART;VALUE=DATE:20260402\nDTEND;VALUE=DATE:20260403',
      'DTSTART;VALUE=DATE:20260406\nDTEND;VALUE=DATE:20260407',
      'DTSTART:20260406T210000Z\nDTEND:20260406T230000Z',
      'DTSTART:20260408T090000Z\nDTEND:20260408T100000Z',
      'DTSTART:20260408T100000Z\nDTEND:20260408T103000Z',
      'DTSTART:20260408T093000Z\nDTEND:20260408T094500Z',
    );
    expect(iso(busy(text, '2026-03-31T00:00Z', '2026-04-09T00:00Z'))).toEqual([
      '2026-03-31T22:00 2026-04-02T22:00 all-day',
      '2026-04-05T22:00 2026-04-06T23:00',
      '2026-04-08T09:00 2026-04-08T10:30',
    ]);
  });

  it('gives nothing for an empty or backwards window', () => {
    const google = fixture('google-madrid.ics');
    expect(busy(google, '2026-03-03T09:00Z', '2026-03-03T09:00Z')).toEqual([]);
    expect(busy(google, '2026-04-01T00:00Z', '2026-03-01T00:00Z')).toEqual([]);
  });
});

describe('bad and hostile feeds', () => {
  it.each([
    ['an empty body', ''],
    ['a web page', '<!doctype html><html><body>Sign in</body></html>'],
    ['a contact card', 'BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Ana\r\nEND:VCARD\r\n'],
    [
      'a calendar that is not iCalendar inside',
      'BEGIN:VCALENDAR\r\nthis is not a property\r\nEND:VCALENDAR\r\n',
    ],
  ])('refuses %s as not a calendar', (_, text) => {
    const error = (() => {
      try {
        busy(text, '2026-03-01T00:00Z', '2026-04-01T00:00Z');
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(FeedError);
    expect(error).toMatchObject({ reason: 'not-a-calendar' });
    expect((error as FeedError).message).toMatch(/calendar/);
  });

  it('skips one unreadable event and keeps the others', () => {
    const log = warnings();
    const text = calendar(
      'SUMMARY:Good\nDTSTART:20260310T090000Z\nDTEND:20260310T100000Z',
      'SUMMARY:Broken rule\nDTSTART:20260310T120000Z\nDTEND:20260310T130000Z\nRRULE:FREQ=WEEKLY;BYDAY=XX',
      'SUMMARY:Broken date\nDTSTART:2026xx10T140000Z\nDTEND:20260310T150000Z',
      'SUMMARY:No start\nDTEND:20260310T160000Z',
      'SUMMARY:Also good\nDTSTART:20260310T170000Z\nDURATION:PT30M',
    );
    expect(iso(busy(text, '2026-03-10T00:00Z', '2026-03-11T00:00Z', log))).toEqual([
      '2026-03-10T09:00 2026-03-10T10:00',
      '2026-03-10T17:00 2026-03-10T17:30',
    ]);
    expect(log.messages).toEqual([
      'Skipped 1 event that could not be read.',
      'Skipped the event "Broken date": Could not extract integer from "xx".',
      'Skipped the event "No start": it has no DTSTART.',
    ]);
  });

  it('stops a dense rule at the iteration cap instead of hanging', () => {
    const log = warnings();
    const text = calendar(
      'SUMMARY:Every second\nDTSTART:20200101T000000Z\nDURATION:PT1S\nRRULE:FREQ=SECONDLY',
      'SUMMARY:Normal\nDTSTART:20260310T090000Z\nDTEND:20260310T100000Z',
    );
    const started = performance.now();
    expect(iso(busy(text, '2026-03-10T00:00Z', '2026-03-11T00:00Z', log))).toEqual([
      '2026-03-10T09:00 2026-03-10T10:00',
    ]);
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(log.messages).toEqual([
      'Stopped expanding the recurring event "Every second": too many occurrences.',
    ]);
  });

  it('caps the whole feed too, and a small cap can be asked for', () => {
    const log = warnings();
    const minutely = 'DTSTART:20260101T000000Z\nDURATION:PT1M\nRRULE:FREQ=MINUTELY';
    const text = calendar(`SUMMARY:A\n${minutely}`, `SUMMARY:B\n${minutely}`, `SUMMARY:C\n${minutely}`);
    busy(text, '2026-03-10T00:00Z', '2026-03-11T00:00Z', {
      ...log,
      maxIterationsPerEvent: 1_000,
      maxIterations: 1_500,
    });
    expect(log.messages).toEqual([
      'Stopped expanding the recurring event "A": too many occurrences.',
      'Stopped expanding the recurring event "B": too many occurrences.',
      'Stopped expanding the recurring event "C": too many occurrences.',
    ]);
  });

  it('reads an RDATE given as a PERIOD with its own end', () => {
    const text = calendar(
      'DTSTART:20260310T090000Z\nDTEND:20260310T100000Z\nRRULE:FREQ=DAILY;COUNT=1\nRDATE;VALUE=PERIOD:20260315T090000Z/20260315T120000Z,20260316T090000Z/PT30M',
    );
    expect(iso(busy(text, '2026-03-01T00:00Z', '2026-04-01T00:00Z'))).toEqual([
      '2026-03-10T09:00 2026-03-10T10:00',
      '2026-03-15T09:00 2026-03-15T12:00',
      '2026-03-16T09:00 2026-03-16T09:30',
    ]);
  });

  it('expands an unbounded rule only as far as the window', () => {
    const text = calendar('DTSTART:20000103T090000Z\nDTEND:20000103T100000Z\nRRULE:FREQ=WEEKLY;BYDAY=MO');
    expect(iso(busy(text, '2026-03-09T00:00Z', '2026-03-17T00:00Z'))).toEqual([
      '2026-03-09T09:00 2026-03-09T10:00',
      '2026-03-16T09:00 2026-03-16T10:00',
    ]);
  });

  it("keeps a feed's own time zone definitions to that feed", () => {
    const fakeMadrid = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//test//EN',
      'BEGIN:VTIMEZONE',
      'TZID:Europe/Madrid',
      'BEGIN:STANDARD',
      'DTSTART:19700101T000000',
      'TZOFFSETFROM:+0500',
      'TZOFFSETTO:+0500',
      'END:STANDARD',
      'END:VTIMEZONE',
      'BEGIN:VEVENT',
      'UID:fake',
      'DTSTAMP:20260301T000000Z',
      'DTSTART;TZID=Europe/Madrid:20260310T100000',
      'DTEND;TZID=Europe/Madrid:20260310T110000',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ].join('\r\n');
    expect(iso(busy(fakeMadrid, '2026-03-10T00:00Z', '2026-03-11T00:00Z'))).toEqual([
      '2026-03-10T05:00 2026-03-10T06:00',
    ]);
    expect(ICAL.TimezoneService.has('Europe/Madrid')).toBe(false);
    const real = calendar(
      'DTSTART;TZID=Europe/Madrid:20260310T100000\nDTEND;TZID=Europe/Madrid:20260310T110000',
    );
    expect(iso(busy(real, '2026-03-10T00:00Z', '2026-03-11T00:00Z'))).toEqual([
      '2026-03-10T09:00 2026-03-10T10:00',
    ]);
  });

  it('counts an override whose series is not in the feed', () => {
    const text = calendar('RECURRENCE-ID:20260310T090000Z\nDTSTART:20260311T090000Z\nDTEND:20260311T100000Z');
    expect(iso(busy(text, '2026-03-01T00:00Z', '2026-04-01T00:00Z'))).toEqual([
      '2026-03-11T09:00 2026-03-11T10:00',
    ]);
  });
});

describe('daily and weekly series that started long ago', () => {
  it('jumps close to the window instead of stepping through every day since the start', () => {
    const log = warnings();
    const text = calendar(
      'DTSTART;TZID=America/New_York:19900101T090000\nDURATION:PT1H\nRRULE:FREQ=DAILY\nEXDATE;TZID=America/New_York:20260311T090000',
    );
    const started = performance.now();
    expect(
      iso(busy(text, '2026-03-07T00:00Z', '2026-03-12T00:00Z', { ...log, maxIterationsPerEvent: 100 })),
    ).toEqual([
      '2026-03-07T14:00 2026-03-07T15:00',
      '2026-03-08T13:00 2026-03-08T14:00', // New York's DST starts that morning
      '2026-03-09T13:00 2026-03-09T14:00',
      '2026-03-10T13:00 2026-03-10T14:00',
    ]);
    expect(performance.now() - started).toBeLessThan(500);
    expect(log.messages).toEqual([]);
  });

  it('gives the same occurrences as stepping from DTSTART', () => {
    const madrid = fixture('google-madrid.ics').match(/BEGIN:VTIMEZONE[\s\S]*?END:VTIMEZONE\r\n/)![0];
    const days = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];
    const stamp = (d: Date) => d.toISOString().replace(/[-:]/g, '').slice(0, 15);
    const series = fc.record({
      start: fc.date({
        min: new Date('2015-01-01T00:00Z'),
        max: new Date('2025-12-01T00:00Z'),
        noInvalidDate: true,
      }),
      inMadrid: fc.boolean(),
      freq: fc.constantFrom('DAILY', 'WEEKLY'),
      interval: fc.integer({ min: 1, max: 3 }),
      byDay: fc.subarray(days),
      until: fc.option(
        fc.date({
          min: new Date('2025-06-01T00:00Z'),
          max: new Date('2027-01-01T00:00Z'),
          noInvalidDate: true,
        }),
        { nil: undefined },
      ),
      windowStart: fc.integer({ min: 0, max: 330 }),
      windowDays: fc.integer({ min: 1, max: 40 }),
    });
    fc.assert(
      fc.property(series, (s) => {
        const local = stamp(new Date(Math.floor(s.start.getTime() / 1_800_000) * 1_800_000));
        const rule = [
          `FREQ=${s.freq}`,
          `INTERVAL=${s.interval}`,
          ...(s.byDay.length ? [`BYDAY=${s.byDay.join(',')}`] : []),
          ...(s.until ? [`UNTIL=${stamp(s.until)}Z`] : []),
        ].join(';');
        const text = [
          'BEGIN:VCALENDAR',
          'VERSION:2.0',
          'PRODID:-//test//EN',
          madrid.trimEnd(),
          'BEGIN:VEVENT',
          'UID:series',
          'DTSTAMP:20260101T000000Z',
          s.inMadrid ? `DTSTART;TZID=Europe/Madrid:${local}` : `DTSTART:${local}Z`,
          'DURATION:PT30M',
          `RRULE:${rule}`,
          'END:VEVENT',
          'END:VCALENDAR',
          '',
        ].join('\r\n');
        const from = Date.UTC(2026, 0, 1) + s.windowStart * 86_400_000;
        const to = from + s.windowDays * 86_400_000;

        const component = new ICAL.Component(ICAL.parse(text));
        const expected: string[] = [];
        const iterator = new ICAL.Event(component.getFirstSubcomponent('vevent')!).iterator();
        for (let time = iterator.next(); time; time = iterator.next()) {
          const start = time.toUnixTime() * 1000;
          if (start >= to) break;
          const end = start + 1_800_000;
          if (end <= from) continue;
          const clipped = {
            start: new Date(Math.max(start, from)),
            end: new Date(Math.min(end, to)),
            allDay: false,
          };
          expected.push(...iso([clipped]));
        }
        expect(iso(busyIntervals(text, new Date(from), new Date(to)))).toEqual(expected);
      }),
      { numRuns: 60 },
    );
  });
});
