import type { MailMessage } from '../../integrations/mail/mailer.ts';
import type { TemplateMessage } from '../../integrations/whatsapp/whatsapp-channel.ts';
import { formatMoney } from '../../lib/money.ts';

/** The approved WhatsApp template an offer goes out with, where the number and the channel allow. */
export const WAITLIST_OFFER_TEMPLATE = 'waitlist_offer';

/** The customer's page for an offer: take or decline the held place. */
export const offerUrl = (publicUrl: string, token: string) => `${publicUrl}/waitlist/${token}`;

export type OfferFacts = {
  name: string;
  email: string;
  serviceName: string;
  employeeName: string;
  companyName: string;
  startsAt: Date;
  timeZone: string;
  holdUntil: Date;
  url: string;
};

const when = (instant: Date, timeZone: string, language: 'es' | 'en') =>
  new Intl.DateTimeFormat(language === 'es' ? 'es-ES' : 'en-US', {
    timeZone,
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(instant);

const clock = (instant: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit' }).format(instant);

/** The email that offers a freed place, held until a time on the business's clock. */
export function offerEmail(facts: OfferFacts): MailMessage {
  const business = facts.companyName || 'our team';
  const until = clock(facts.holdUntil, facts.timeZone);
  return {
    to: facts.email,
    subject: `A place is free: ${facts.serviceName}, ${when(facts.startsAt, facts.timeZone, 'en')}`,
    text: [
      `Hello ${facts.name},`,
      '',
      `A place has freed up in ${facts.serviceName} with ${facts.employeeName} on ${when(facts.startsAt, facts.timeZone, 'en')} (${facts.timeZone}), and it is yours if you want it.`,
      '',
      `We are holding it for you until ${until}. Take it or let it go here:`,
      facts.url,
      '',
      `After ${until} it goes to the next person in line. Nothing is charged unless you take it.`,
      '',
      `— ${business}`,
    ].join('\n'),
  };
}

/** The WhatsApp message of an offer: name, the class and when, the hold's end, the link. */
export function offerTemplate(facts: OfferFacts, businessLanguage: 'es' | 'en'): TemplateMessage {
  const firstName = facts.name.trim().split(/\s+/)[0] || facts.name;
  return {
    name: WAITLIST_OFFER_TEMPLATE,
    language: businessLanguage,
    parameters: [
      firstName,
      `${facts.serviceName}, ${when(facts.startsAt, facts.timeZone, businessLanguage)}`,
      clock(facts.holdUntil, facts.timeZone),
      facts.url,
    ],
  };
}

/** The confirmation of a place taken from the waitlist, with the booking's private link. */
export function offerBookedEmail(booked: {
  name: string;
  email: string;
  serviceName: string;
  employeeName: string;
  companyName: string;
  startsAt: Date;
  timeZone: string;
  paid: { amount: number; currency: string } | 'pack' | null;
  manageUrl: string;
}): MailMessage {
  const paid =
    booked.paid === 'pack'
      ? 'Paid with a session of your pack'
      : booked.paid
        ? `Paid: ${formatMoney(booked.paid.amount, booked.paid.currency)}`
        : 'Free';
  return {
    to: booked.email,
    subject: `Booked: ${booked.serviceName}, ${when(booked.startsAt, booked.timeZone, 'en')}`,
    text: [
      `Hello ${booked.name},`,
      '',
      `The place you were waiting for is yours: ${booked.serviceName} with ${booked.employeeName} on ${when(booked.startsAt, booked.timeZone, 'en')} (${booked.timeZone}).`,
      paid,
      '',
      `To cancel it: ${booked.manageUrl}`,
      '',
      `— ${booked.companyName || 'our team'}`,
    ].join('\n'),
  };
}
