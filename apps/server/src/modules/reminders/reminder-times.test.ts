import { describe, expect, it } from 'vitest';
import { dueReminders, plannedReminders, reminderDueAt } from './reminder-times.ts';

const ZONE = 'Europe/Madrid';
const settings = { remindersEnabled: true, reminderHours: [24, 2] };

describe('when reminders fall due', () => {
  it('counts whole days on the wall clock across the autumn change (25 real hours)', () => {
    // Sunday 25 October 2026, 10:00 in Madrid, after the clocks went back at 03:00.
    const appointment = {
      localDate: '2026-10-25',
      startTime: '10:00',
      startsAt: new Date('2026-10-25T09:00:00Z'),
    };
    expect(reminderDueAt(appointment, 24, ZONE)).toEqual(new Date('2026-10-24T08:00:00Z')); // 10:00 on Saturday
    expect(reminderDueAt(appointment, 2, ZONE)).toEqual(new Date('2026-10-25T07:00:00Z')); // 08:00, two real hours
  });

  it('and across the spring change (23 real hours)', () => {
    // Sunday 29 March 2026, 10:00 in Madrid, after the clocks went forward at 02:00.
    const appointment = {
      localDate: '2026-03-29',
      startTime: '10:00',
      startsAt: new Date('2026-03-29T08:00:00Z'),
    };
    expect(reminderDueAt(appointment, 48, ZONE)).toEqual(new Date('2026-03-27T09:00:00Z')); // Friday 10:00
  });

  const appointment = {
    status: 'scheduled',
    localDate: '2026-11-26',
    startTime: '17:00',
    startsAt: new Date('2026-11-26T16:00:00Z'),
    slotChosenAt: new Date('2026-11-20T10:00:00Z'),
    clientPhone: '+34 600 111 222',
    clientEmail: 'ana@example.com',
  };

  it('plans each offset on each channel the client can be reached on', () => {
    const planned = plannedReminders(appointment, settings, ZONE);
    expect(planned.map((r) => `${r.hoursBefore}/${r.channel}`)).toEqual([
      '24/whatsapp',
      '24/email',
      '2/whatsapp',
      '2/email',
    ]);
    expect(plannedReminders({ ...appointment, clientEmail: null }, settings, ZONE)).toHaveLength(2);
  });

  it('plans nothing when off, for a cancelled appointment, or for offsets already past when it was booked', () => {
    expect(plannedReminders(appointment, { ...settings, remindersEnabled: false }, ZONE)).toEqual([]);
    expect(plannedReminders({ ...appointment, status: 'cancelled' }, settings, ZONE)).toEqual([]);
    const lastMinute = { ...appointment, slotChosenAt: new Date('2026-11-26T10:00:00Z') };
    expect(plannedReminders(lastMinute, settings, ZONE).map((r) => r.hoursBefore)).toEqual([2, 2]);
  });

  it('sends only the nearest due reminder per channel, and nothing once it has started', () => {
    const planned = plannedReminders(appointment, settings, ZONE);
    expect(dueReminders(planned, appointment.startsAt, new Date('2026-11-25T15:59:00Z'))).toEqual([]);
    expect(
      dueReminders(planned, appointment.startsAt, new Date('2026-11-25T16:00:00Z')).map((r) => r.hoursBefore),
    ).toEqual([24, 24]);
    // After an outage both are due: only the 2-hour one goes out.
    expect(
      dueReminders(planned, appointment.startsAt, new Date('2026-11-26T15:00:00Z')).map((r) => r.hoursBefore),
    ).toEqual([2, 2]);
    expect(dueReminders(planned, appointment.startsAt, appointment.startsAt)).toEqual([]);
  });
});
