import { type CustomerLanguage, customerTexts } from '@chatdesk/contract/customer-texts';
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

const when = (instant: Date, timeZone: string, locale: string) =>
  new Intl.DateTimeFormat(locale, {
    timeZone,
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(instant);

const clock = (instant: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit' }).format(instant);

/** The email that offers a freed place, held until a time on the business's clock, in the client's language. */
export function offerEmail(facts: OfferFacts, language: CustomerLanguage | null): MailMessage {
  const say = customerTexts(language);
  const business = facts.companyName || say.ourTeam;
  const until = clock(facts.holdUntil, facts.timeZone);
  const starts = when(facts.startsAt, facts.timeZone, say.locale);
  return {
    to: facts.email,
    subject: say.waitlist.offerSubject(facts.serviceName, starts),
    text: [
      say.hello(facts.name),
      '',
      say.waitlist.offer(facts.serviceName, facts.employeeName, starts, facts.timeZone),
      '',
      say.waitlist.holding(until),
      facts.url,
      '',
      say.waitlist.passingOn(until),
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
      `${facts.serviceName}, ${when(facts.startsAt, facts.timeZone, customerTexts(businessLanguage).locale)}`,
      clock(facts.holdUntil, facts.timeZone),
      facts.url,
    ],
  };
}

/** The confirmation of a place taken from the waitlist, with the booking's private link, in the client's language. */
export function offerBookedEmail(
  booked: {
    name: string;
    email: string;
    serviceName: string;
    employeeName: string;
    companyName: string;
    startsAt: Date;
    timeZone: string;
    paid: { amount: number; currency: string } | 'pack' | null;
    manageUrl: string;
  },
  language: CustomerLanguage | null,
): MailMessage {
  const say = customerTexts(language);
  const starts = when(booked.startsAt, booked.timeZone, say.locale);
  const paid =
    booked.paid === 'pack'
      ? say.waitlist.paidWithPack
      : booked.paid
        ? say.paid(formatMoney(booked.paid.amount, booked.paid.currency, say.locale))
        : say.waitlist.free;
  return {
    to: booked.email,
    subject: say.waitlist.bookedSubject(booked.serviceName, starts),
    text: [
      say.hello(booked.name),
      '',
      say.waitlist.booked(booked.serviceName, booked.employeeName, starts, booked.timeZone),
      paid,
      '',
      say.waitlist.toCancel(booked.manageUrl),
      '',
      `— ${booked.companyName || say.ourTeam}`,
    ].join('\n'),
  };
}
