/**
 * What the business says to a customer outside the chat (the booking email, its changes, the
 * reminder and the no-show note), in the customer's language: one typed catalogue, so the
 * languages cannot drift apart (each must have every text, with the same parameters) and the
 * assistant says the same thing in chat where it says it (a pack session going back, a refund).
 *
 * Dates, times and money arrive formatted: the catalogue holds words, not formats.
 */
export const CUSTOMER_LANGUAGES = ['es', 'en'] as const;
export type CustomerLanguage = (typeof CUSTOMER_LANGUAGES)[number];

/** English when we do not know better: the booking page, which most customers meet first, is English. */
export const DEFAULT_CUSTOMER_LANGUAGE: CustomerLanguage = 'en';

const en = {
  /** The locale dates and money are written in. */
  locale: 'en-US',
  ourTeam: 'our team',
  hello: (name: string) => `Hello ${name},`,
  seeYouSoon: 'See you soon,',
  bestWishes: 'Best wishes,',
  toManage: (url: string) => `To cancel or reschedule: ${url}`,

  bookedSubject: (employee: string, date: string, time: string) =>
    `Your appointment with ${employee} on ${date} at ${time}`,
  booked: (employee: string) => `Your appointment with ${employee} is booked.`,
  what: (service: string) => `What: ${service}`,
  when: (when: string) => `When: ${when}`,
  paidWithPack: (pack: string, left: number) =>
    `Paid with your pack: ${pack} (${left} ${left === 1 ? 'session' : 'sessions'} left)`,
  paid: (amount: string) => `Paid: ${amount}`,
  payAtAppointment: 'To pay: at your appointment',
  invitationAttached: 'The invitation is attached: open it to add the appointment to your calendar.',

  movedSubject: (employee: string, date: string, time: string) =>
    `Your appointment with ${employee} is now on ${date} at ${time}`,
  moved: (employee: string) => `Your appointment with ${employee} has been moved.`,
  newTime: (when: string) => `New time: ${when}`,
  was: (when: string) => `Was: ${when}`,
  invitationUpdated: 'The updated invitation is attached.',
  cancelledSubject: (employee: string, date: string) =>
    `Your appointment with ${employee} on ${date} is cancelled`,
  cancelled: (employee: string, when: string) => `Your appointment with ${employee} on ${when} is cancelled.`,
  sessionReturned: 'The session goes back to your pack.',
  sessionKept: 'The pack session stays used under the cancellation policy.',
  refunding: (amount: string) => `${amount} is being refunded to your card.`,
  notRefunded: 'The fee is not refunded under the cancellation policy.',
  nothingPaid: 'Nothing was paid online, so there is nothing to refund.',

  reminderSubject: (employee: string, when: string) =>
    `Reminder: your appointment with ${employee} on ${when}`,
  reminder: (employee: string, when: string, timeZone: string) =>
    `This is a reminder of your appointment with ${employee} on ${when} (${timeZone}).`,

  missedSubject: (when: string) => `We missed you on ${when}`,
  missed: (employee: string, when: string) =>
    `We missed you at your appointment with ${employee} on ${when}. We hope everything is all right.`,
  bookAgain: (url: string) => `If you would like another time, you can book it here: ${url}`,

  packSubject: (pack: string) => `Your pack: ${pack}`,
  packThanks: (pack: string) => `Thank you for buying the pack "${pack}".`,
  packSessions: (sessions: number, service: string) => `Sessions: ${sessions} of ${service}`,
  validUntil: (date: string) => `Valid until: ${date}`,
  packHowToBook: (url: string) =>
    `To book with it, pick a time at ${url} and choose "I have a pack": we will email a code to this address.`,
  packRefundSubject: (pack: string) => `Refund of your pack: ${pack}`,
  packRefunded: (pack: string, amount: string) => `We have refunded ${amount} for your pack "${pack}".`,
  packRefundToCard: 'It goes back to the card you paid with; your bank may take a few days to show it.',
  packRefundAtDesk: 'It was handed back to you at the desk.',
  packRefundSessionsEnd: (left: number) =>
    left === 0
      ? 'The pack has no sessions left to book.'
      : `The ${left === 1 ? 'session that was left' : `${left} sessions that were left`} can no longer be booked.`,

  calendarTitle: (service: string, employee: string) => `${service} with ${employee}`,
  calendarDescription: (what: string, employee: string, business: string, url: string) =>
    `${what} with ${employee}${business ? ` at ${business}` : ''}.\nCancel or reschedule: ${url}`,

  /** The waitlist's emails: a freed place offered (held until a time, then passed on), and taken. */
  waitlist: {
    offerSubject: (service: string, when: string) => `A place is free: ${service}, ${when}`,
    offer: (service: string, employee: string, when: string, timeZone: string) =>
      `A place has freed up in ${service} with ${employee} on ${when} (${timeZone}), and it is yours if you want it.`,
    holding: (until: string) => `We are holding it for you until ${until}. Take it or let it go here:`,
    passingOn: (until: string) =>
      `After ${until} it goes to the next person in line. Nothing is charged unless you take it.`,
    bookedSubject: (service: string, when: string) => `Booked: ${service}, ${when}`,
    booked: (service: string, employee: string, when: string, timeZone: string) =>
      `The place you were waiting for is yours: ${service} with ${employee} on ${when} (${timeZone}).`,
    paidWithPack: 'Paid with a session of your pack',
    free: 'Free',
    toCancel: (url: string) => `To cancel it: ${url}`,
  },
};

export type CustomerTexts = typeof en;

const es: CustomerTexts = {
  locale: 'es-ES',
  ourTeam: 'nuestro equipo',
  hello: (name) => `Hola, ${name}:`,
  seeYouSoon: 'Hasta pronto,',
  bestWishes: 'Un saludo,',
  toManage: (url) => `Para cancelar o cambiar la cita: ${url}`,

  bookedSubject: (employee, date, time) => `Tu cita con ${employee} el ${date} a las ${time}`,
  booked: (employee) => `Tu cita con ${employee} está reservada.`,
  what: (service) => `Qué: ${service}`,
  when: (when) => `Cuándo: ${when}`,
  paidWithPack: (pack, left) =>
    `Pagada con tu bono: ${pack} (${left === 1 ? 'te queda 1 sesión' : `te quedan ${left} sesiones`})`,
  paid: (amount) => `Pagado: ${amount}`,
  payAtAppointment: 'Pago: en la cita',
  invitationAttached: 'Te adjuntamos la invitación: ábrela para añadir la cita a tu calendario.',

  movedSubject: (employee, date, time) => `Tu cita con ${employee} pasa al ${date} a las ${time}`,
  moved: (employee) => `Tu cita con ${employee} ha cambiado de hora.`,
  newTime: (when) => `Nueva hora: ${when}`,
  was: (when) => `Antes: ${when}`,
  invitationUpdated: 'Te adjuntamos la invitación actualizada.',
  cancelledSubject: (employee, date) => `Tu cita con ${employee} del ${date} está cancelada`,
  cancelled: (employee, when) => `Tu cita con ${employee} del ${when} está cancelada.`,
  sessionReturned: 'La sesión vuelve a tu bono.',
  sessionKept: 'La sesión del bono se da por usada, según la política de cancelación.',
  refunding: (amount) => `Te devolvemos ${amount} a tu tarjeta.`,
  notRefunded: 'Según la política de cancelación, el importe no se devuelve.',
  nothingPaid: 'No se pagó nada por internet, así que no hay nada que devolver.',

  reminderSubject: (employee, when) => `Recordatorio: tu cita con ${employee} el ${when}`,
  reminder: (employee, when, timeZone) => `Te recordamos tu cita con ${employee} el ${when} (${timeZone}).`,

  missedSubject: (when) => `Te echamos de menos el ${when}`,
  missed: (employee, when) =>
    `Te esperábamos en tu cita con ${employee} el ${when}. Esperamos que todo vaya bien.`,
  bookAgain: (url) => `Si quieres otra hora, puedes reservarla aquí: ${url}`,

  packSubject: (pack) => `Tu bono: ${pack}`,
  packThanks: (pack) => `Gracias por comprar el bono «${pack}».`,
  packSessions: (sessions, service) => `Sesiones: ${sessions} de ${service}`,
  validUntil: (date) => `Válido hasta: ${date}`,
  packHowToBook: (url) =>
    `Para reservar con tu bono, elige una hora en ${url} y pulsa «I have a pack»: te enviaremos un código a este email.`,
  packRefundSubject: (pack) => `Reembolso de tu bono: ${pack}`,
  packRefunded: (pack, amount) => `Te hemos reembolsado ${amount} de tu bono «${pack}».`,
  packRefundToCard:
    'Se devuelve a la tarjeta con la que pagaste; tu banco puede tardar unos días en mostrarlo.',
  packRefundAtDesk: 'Se te ha devuelto en el centro.',
  packRefundSessionsEnd: (left) =>
    left === 0
      ? 'El bono ya no tiene sesiones para reservar.'
      : left === 1
        ? 'La sesión que quedaba ya no se puede reservar.'
        : `Las ${left} sesiones que quedaban ya no se pueden reservar.`,

  calendarTitle: (service, employee) => `${service} con ${employee}`,
  calendarDescription: (what, employee, business, url) =>
    `${what} con ${employee}${business ? ` en ${business}` : ''}.\nPara cancelar o cambiar la cita: ${url}`,

  waitlist: {
    offerSubject: (service, when) => `Hay una plaza libre: ${service}, ${when}`,
    offer: (service, employee, when, timeZone) =>
      `Se ha quedado libre una plaza en ${service} con ${employee} el ${when} (${timeZone}) y, si la quieres, es tuya.`,
    holding: (until) => `Te la guardamos hasta las ${until}. Cógela o déjala pasar aquí:`,
    passingOn: (until) =>
      `A partir de las ${until} pasa a la siguiente persona de la lista. No se cobra nada si no la coges.`,
    bookedSubject: (service, when) => `Reservada: ${service}, ${when}`,
    booked: (service, employee, when, timeZone) =>
      `La plaza que esperabas es tuya: ${service} con ${employee} el ${when} (${timeZone}).`,
    paidWithPack: 'Pagada con una sesión de tu bono',
    free: 'Gratis',
    toCancel: (url) => `Para cancelarla: ${url}`,
  },
};

export const CUSTOMER_TEXTS: Record<CustomerLanguage, CustomerTexts> = { es, en };

/** The texts for a customer whose language may be unknown (null: English). */
export const customerTexts = (language: CustomerLanguage | null | undefined): CustomerTexts =>
  CUSTOMER_TEXTS[language ?? DEFAULT_CUSTOMER_LANGUAGE];
