import type { MailMessage } from '../../integrations/mail/mailer.ts';
import { formatMoney } from '../../lib/money.ts';

export type PackEmailLanguage = 'es' | 'en';

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

const longDate = (at: Date, timeZone: string, language: PackEmailLanguage) =>
  new Intl.DateTimeFormat(language === 'es' ? 'es-ES' : 'en-US', {
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
  const until = longDate(bought.expiresAt, bought.timeZone, language);
  const paid = formatMoney(bought.paid.amount, bought.paid.currency);
  if (language === 'es') {
    const business = company.name || 'nuestro equipo';
    return {
      to: bought.clientEmail,
      subject: `Tu bono: ${bought.name}`,
      text: [
        `Hola ${bought.clientName}:`,
        '',
        `Gracias por comprar el bono «${bought.name}».`,
        '',
        `Sesiones: ${bought.sessions} de ${bought.serviceName}`,
        `Válido hasta: ${until}`,
        `Pagado: ${paid}`,
        '',
        `Para reservar con tu bono, elige una hora en ${bought.bookUrl} y pulsa «I have a pack»: te enviaremos un código a este email.`,
        '',
        'Hasta pronto,',
        business,
      ].join('\n'),
    };
  }
  const business = company.name || 'our team';
  return {
    to: bought.clientEmail,
    subject: `Your pack: ${bought.name}`,
    text: [
      `Hello ${bought.clientName},`,
      '',
      `Thank you for buying the pack "${bought.name}".`,
      '',
      `Sessions: ${bought.sessions} of ${bought.serviceName}`,
      `Valid until: ${until}`,
      `Paid: ${paid}`,
      '',
      `To book with it, pick a time at ${bought.bookUrl} and choose "I have a pack": we will email a code to this address.`,
      '',
      'See you soon,',
      business,
    ].join('\n'),
  };
}
