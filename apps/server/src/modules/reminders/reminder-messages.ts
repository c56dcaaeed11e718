import type { BusinessLanguage } from '@chatdesk/contract/company';
import {
  CUSTOMER_TEXTS,
  type CustomerLanguage,
  DEFAULT_CUSTOMER_LANGUAGE,
} from '@chatdesk/contract/customer-texts';
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
  /** The business's language: the WhatsApp templates are approved in it. */
  language: BusinessLanguage;
  /** The client's own language, for the emails (null: not known, English). */
  clientLanguage: CustomerLanguage | null;
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

/** The email's texts and its date, in the client's language (English when not known). */
function emailWords(facts: ReminderFacts) {
  const language = facts.clientLanguage ?? DEFAULT_CUSTOMER_LANGUAGE;
  return { say: CUSTOMER_TEXTS[language], when: reminderWhen({ ...facts, language }) };
}

/** After a no-show: no reproach, and the way to book again. `manageUrl` is the booking page here. */
export function missedEmail(facts: ReminderFacts & { to: string }): MailMessage {
  const { say, when } = emailWords(facts);
  return {
    to: facts.to,
    subject: say.missedSubject(when),
    text: [
      say.hello(facts.clientName),
      '',
      say.missed(facts.employeeName, when),
      '',
      say.bookAgain(facts.manageUrl),
      '',
      say.bestWishes,
      facts.companyName || say.ourTeam,
    ].join('\n'),
  };
}

export function reminderEmail(facts: ReminderFacts & { to: string }): MailMessage {
  const { say, when } = emailWords(facts);
  return {
    to: facts.to,
    subject: say.reminderSubject(facts.employeeName, when),
    text: [
      say.hello(facts.clientName),
      '',
      say.reminder(facts.employeeName, when, facts.timeZone),
      say.what(facts.serviceName),
      '',
      say.toManage(facts.manageUrl),
      '',
      say.seeYouSoon,
      facts.companyName || say.ourTeam,
    ].join('\n'),
  };
}
