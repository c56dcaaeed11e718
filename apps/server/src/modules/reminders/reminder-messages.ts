import type { BusinessLanguage } from '@chatdesk/contract/company';
import type { MailMessage } from '../../integrations/mail/mailer.ts';
import type { TemplateMessage } from '../../integrations/whatsapp/whatsapp-channel.ts';

/** The approved WhatsApp template reminders use, in the business's language: name, when, link. */
export const REMINDER_TEMPLATE = 'appointment_reminder';

export type ReminderFacts = {
  clientName: string;
  employeeName: string;
  /** What was booked ("Appointment" for the default service). */
  serviceName: string;
  companyName: string;
  startsAt: Date;
  timeZone: string;
  language: BusinessLanguage;
  manageUrl: string;
};

/** "jueves, 26 de noviembre, 17:00" / "Thursday, November 26, 5:00 PM", on the business's clock. */
export function reminderWhen(facts: Pick<ReminderFacts, 'startsAt' | 'timeZone' | 'language'>) {
  return new Intl.DateTimeFormat(facts.language === 'es' ? 'es-ES' : 'en-US', {
    timeZone: facts.timeZone,
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(facts.startsAt);
}

export function reminderTemplate(facts: ReminderFacts): TemplateMessage {
  const firstName = facts.clientName.trim().split(/\s+/)[0] || facts.clientName;
  return {
    name: REMINDER_TEMPLATE,
    language: facts.language,
    parameters: [firstName, `${reminderWhen(facts)} (${facts.employeeName})`, facts.manageUrl],
  };
}

/** The approved WhatsApp template of the no-show follow-up: name, when, booking link. */
export const MISSED_TEMPLATE = 'appointment_missed';

export function missedTemplate(facts: ReminderFacts): TemplateMessage {
  const firstName = facts.clientName.trim().split(/\s+/)[0] || facts.clientName;
  return {
    name: MISSED_TEMPLATE,
    language: facts.language,
    parameters: [firstName, reminderWhen(facts), facts.manageUrl],
  };
}

/** After a no-show: no reproach, and the way to book again. `manageUrl` is the booking page here. */
export function missedEmail(facts: ReminderFacts & { to: string }): MailMessage {
  const when = reminderWhen({ ...facts, language: 'en' });
  return {
    to: facts.to,
    subject: `We missed you on ${when}`,
    text: [
      `Hello ${facts.clientName},`,
      '',
      `We missed you at your appointment with ${facts.employeeName} on ${when}. We hope everything is all right.`,
      '',
      `If you would like another time, you can book it here: ${facts.manageUrl}`,
      '',
      'Best wishes,',
      facts.companyName || 'our team',
    ].join('\n'),
  };
}

export function reminderEmail(facts: ReminderFacts & { to: string }): MailMessage {
  const when = reminderWhen({ ...facts, language: 'en' });
  const from = facts.companyName || 'our team';
  return {
    to: facts.to,
    subject: `Reminder: your appointment with ${facts.employeeName} on ${when}`,
    text: [
      `Hello ${facts.clientName},`,
      '',
      `This is a reminder of your appointment with ${facts.employeeName} on ${when} (${facts.timeZone}).`,
      `What: ${facts.serviceName}`,
      '',
      `To cancel or reschedule: ${facts.manageUrl}`,
      '',
      'See you soon,',
      from,
    ].join('\n'),
  };
}
