import ICAL from 'ical.js';

export type ParsedEvent = {
  uid: string;
  summary: string;
  description: string | null;
  start: Date;
  end: Date;
  /** True when both DTSTART and DTEND are written in UTC (the Z form). */
  utc: boolean;
  lastModified: Date | null;
};

const required = (component: ICAL.Component, name: string) => {
  const value = component.getFirstPropertyValue(name);
  if (value === null || value === undefined || value === '') {
    throw new Error(`${component.name} has no ${name.toUpperCase()}`);
  }
  return value;
};

/**
 * Reads an iCalendar file with ical.js, the parser Thunderbird uses: a malformed file throws, and so
 * does one without the properties RFC 5545 requires (VERSION and PRODID; UID, DTSTAMP and DTSTART per event).
 */
export function parseCalendar(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  if (calendar.name !== 'vcalendar') throw new Error(`not a calendar: ${calendar.name}`);
  if (required(calendar, 'version') !== '2.0') throw new Error('VERSION is not 2.0');
  required(calendar, 'prodid');
  const events = calendar.getAllSubcomponents('vevent').map((component): ParsedEvent => {
    required(component, 'uid');
    required(component, 'dtstamp');
    required(component, 'dtstart');
    const event = new ICAL.Event(component);
    const modified = component.getFirstPropertyValue('last-modified') as ICAL.Time | null;
    return {
      uid: event.uid,
      summary: event.summary,
      description: event.description ?? null,
      start: event.startDate.toJSDate(),
      end: event.endDate.toJSDate(),
      utc:
        event.startDate.zone === ICAL.Timezone.utcTimezone &&
        event.endDate.zone === ICAL.Timezone.utcTimezone,
      lastModified: modified ? modified.toJSDate() : null,
    };
  });
  return {
    name: calendar.getFirstPropertyValue('x-wr-calname') as string | null,
    method: calendar.getFirstPropertyValue('method') as string | null,
    events,
  };
}
