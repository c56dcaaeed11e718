import { CUSTOMER_TEXTS, type CustomerLanguage } from '@chatdesk/contract/customer-texts';
import type { MailMessage } from '../../integrations/mail/mailer.ts';
import { formatMoney } from '../../lib/money.ts';

/** The language the pack was bought in: its page's. */
export type PackEmailLanguage = CustomerLanguage;

/** What the customer bought on the booking page, as the confirmation tells it. */
export type PackPurchaseConfirmation = {
  clientName: string;
  clientEmail: string;
  name: string;
  serviceName: string;
  sessions: number;
  paid: { amount: number; currency: string };
  expiresAt: Date;
  timeZone: string;
  /** Where the customer books a session with it. */
  bookUrl: string;
};

const longDate = (at: Date, timeZone: string, locale: string) =>
  new Intl.DateTimeFormat(locale, {
    timeZone,
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(at);

/** The confirmation of a pack bought online, in the language the customer bought it in. */
export function packPurchaseEmail(
  bought: PackPurchaseConfirmation,
  company: { name: string },
  language: PackEmailLanguage,
): MailMessage {
  const say = CUSTOMER_TEXTS[language];
  return {
    to: bought.clientEmail,
    subject: say.packSubject(bought.name),
    text: [
      say.hello(bought.clientName),
      '',
      say.packThanks(bought.name),
      '',
      say.packSessions(bought.sessions, bought.serviceName),
      say.validUntil(longDate(bought.expiresAt, bought.timeZone, say.locale)),
      say.paid(formatMoney(bought.paid.amount, bought.paid.currency, say.locale)),
      '',
      say.packHowToBook(bought.bookUrl),
      '',
      say.seeYouSoon,
      company.name || say.ourTeam,
    ].join('\n'),
  };
}

/** What the client is told when staff refund their pack. */
export type PackRefundNotice = {
  clientName: string;
  clientEmail: string;
  name: string;
  refunded: { amount: number; currency: string };
  /** Back to the card for a pack bought online; handed back at the desk otherwise. */
  toCard: boolean;
  sessionsEnded: number;
};

/** The email of a pack's refund, in the client's language. */
export function packRefundEmail(
  refund: PackRefundNotice,
  company: { name: string },
  language: PackEmailLanguage,
): MailMessage {
  const say = CUSTOMER_TEXTS[language];
  return {
    to: refund.clientEmail,
    subject: say.packRefundSubject(refund.name),
    text: [
      say.hello(refund.clientName),
      '',
      say.packRefunded(
        refund.name,
        formatMoney(refund.refunded.amount, refund.refunded.currency, say.locale),
      ),
      ...(refund.refunded.amount > 0 ? [refund.toCard ? say.packRefundToCard : say.packRefundAtDesk] : []),
      say.packRefundSessionsEnd(refund.sessionsEnded),
      '',
      say.bestWishes,
      company.name || say.ourTeam,
    ].join('\n'),
  };
}
