import type { BookingSettings } from '@chatdesk/contract/company';
import { addDays, zonedTimeToUtc } from '../../lib/time-zone.ts';

export type ReminderChannel = 'whatsapp' | 'email';

export type RemindableAppointment = {
  status: string;
  localDate: string;
  startTime: string;
  startsAt: Date;
  /** When its time was chosen (booked or moved): a reminder due before then is not sent. */
  slotChosenAt: Date;
  clientPhone: string | null;
  clientEmail: string | null;
};

export type PlannedReminder = { hoursBefore: number; channel: ReminderChannel; dueAt: Date };

/**
 * When a reminder `hoursBefore` an appointment falls due. Whole days are counted on the
 * business's wall clock, so "24 hours before" a 10:00 appointment is 10:00 the day before even
 * across a clock change (23 or 25 real hours); other offsets are real hours.
 */
export function reminderDueAt(
  appointment: Pick<RemindableAppointment, 'localDate' | 'startTime' | 'startsAt'>,
  hoursBefore: number,
  timeZone: string,
): Date {
  if (hoursBefore % 24 === 0) {
    return zonedTimeToUtc(addDays(appointment.localDate, -hoursBefore / 24), appointment.startTime, timeZone);
  }
  return new Date(appointment.startsAt.getTime() - hoursBefore * 3_600_000);
}

/** The reminders an appointment should get under the settings: by phone and by email, at each offset. */
export function plannedReminders(
  appointment: RemindableAppointment,
  settings: Pick<BookingSettings, 'remindersEnabled' | 'reminderHours'>,
  timeZone: string,
): PlannedReminder[] {
  if (!settings.remindersEnabled || appointment.status !== 'scheduled') return [];
  const channels: ReminderChannel[] = [];
  if (appointment.clientPhone?.trim()) channels.push('whatsapp');
  if (appointment.clientEmail?.trim()) channels.push('email');
  return settings.reminderHours.flatMap((hoursBefore) => {
    const dueAt = reminderDueAt(appointment, hoursBefore, timeZone);
    // Booked (or moved) after this one was due: it would only arrive late, next to a nearer one.
    if (dueAt <= appointment.slotChosenAt) return [];
    return channels.map((channel) => ({ hoursBefore, channel, dueAt }));
  });
}

/**
 * What to send at `now`: per channel, the nearest reminder already due, while the appointment
 * has not started. After an outage with two due at once, only the nearer one goes out.
 */
export function dueReminders(planned: PlannedReminder[], startsAt: Date, now: Date): PlannedReminder[] {
  if (startsAt <= now) return [];
  const latest = new Map<ReminderChannel, PlannedReminder>();
  for (const reminder of planned) {
    if (reminder.dueAt > now) continue;
    const current = latest.get(reminder.channel);
    if (!current || reminder.dueAt > current.dueAt) latest.set(reminder.channel, reminder);
  }
  return [...latest.values()];
}
