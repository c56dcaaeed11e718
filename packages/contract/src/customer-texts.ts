import { PAGE_TEXTS } from './page-texts.ts';

/**
 * What the business says to a customer outside the chat (the booking email, its changes, the
 * reminder and the no-show note), in the customer's language: one typed catalogue, so the
 * languages cannot drift apart (each must have every text, with the same parameters) and the
 * assistant says the same thing in chat where it says it (a pack session going back, a refund).
 *
 * Dates, times and money arrive formatted: the catalogue holds words, not formats. The public
 * booking pages read theirs here too (`booking`), and the server's refusals they show.
 */

export const CUSTOMER_LANGUAGES = ['es', 'en'] as const;
export type CustomerLanguage = (typeof CUSTOMER_LANGUAGES)[number];

/** English when we do not know better (the spec's language, and the booking pages' for a browser that is not Spanish). */
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

  /**
   * The customer's manage-booking page (the link in every email) and its slot picker. Dates,
   * times, money and deadlines arrive formatted in `locale`, as in the emails.
   */
  manage: {
    title: 'Your appointment',
    documentTitle: (business: string) => `Your appointment · ${business}`,
    loading: 'Loading your appointment',
    invalidTitle: 'Booking link not valid',
    invalidHelp:
      'Please open the link in your latest confirmation email or reminder, or contact the business you booked with.',
    loadFailed: 'Your appointment could not be loaded. Please check your connection and try again.',
    tryAgain: 'Try again',
    cancelFailed: 'Your appointment could not be cancelled. Please try again.',
    status: { scheduled: 'Confirmed', cancelled: 'Cancelled', completed: 'Completed', 'no-show': 'Missed' },
    movedTitle: 'Your appointment has been moved.',
    movedTo: (date: string, time: string) => `It is now on ${date} at ${time}.`,
    cancelledTitle: 'Your appointment has been cancelled.',
    nothingPaidOnline: 'Nothing was paid online.',
    reschedule: 'Reschedule',
    cancelAppointment: 'Cancel appointment',
    keepAppointment: 'Keep appointment',
    cancelQuestion: 'Cancel your appointment?',
    cancelSummary: (date: string, time: string, employee: string) => `${date} at ${time} with ${employee}.`,
    details: 'Appointment details',
    service: 'Service',
    with: 'With',
    date: 'Date',
    time: 'Time',
    paid: 'Paid',
    refunded: 'refunded',
    paidWithAPack: 'Paid with a pack',
    packFact: (pack: string, left: number, total: number, validUntil: string, returned: boolean) =>
      `${pack}: ${left} of ${total} ${total === 1 ? 'session' : 'sessions'} left, valid until ${validUntil}${returned ? ' (this session was given back)' : ''}.`,
    history: 'History',

    freeUntilStart: 'Free cancellation until your appointment starts.',
    freeUntil: (deadline: string, fee: string) =>
      `Free cancellation until ${deadline}. After that the ${fee} fee is not refunded.`,
    tooLateForRefund: (notice: string, fee: string) =>
      `It is less than ${notice} before your appointment: cancelling now does not refund the ${fee} fee.`,
    rescheduleUntil: (deadline: string) => `You can reschedule until ${deadline}.`,
    hours: (hours: number) =>
      hours >= 48 && hours % 24 === 0 ? `${hours / 24} days` : hours === 1 ? '1 hour' : `${hours} hours`,
    zoneTime: (city: string) => `${city} time`,
    yourTime: (time: string) => `${time} your time`,

    sessionBack: 'The session goes back to your pack.',
    sessionStaysUsed: 'The pack session stays used under the cancellation policy.',
    refundToCard: (amount: string) => `You will get ${amount} back to your card.`,
    feeNotRefunded: (fee: string) => `The ${fee} fee will not be refunded.`,
    alreadyRefunded: (fee: string) => `Your ${fee} fee has already been refunded.`,
    nothingToRefund: 'Nothing was paid online, so there is nothing to refund.',
    sessionWentBack: 'The session went back to your pack.',
    refundedToCard: (amount: string) => `${amount} has been refunded to your card.`,
    refundByHand: (amount: string, business: string) =>
      `The refund of ${amount} could not be made automatically. ${business} will refund it to you.`,
    refundOnItsWay: (amount: string) => `Your refund of ${amount} is on its way to your card.`,
    feeWasNotRefunded: (fee: string) => `The ${fee} fee was not refunded.`,

    moveFailed: 'Your appointment could not be moved. Please try again.',
    moveQuestion: (when: string) => `Move your appointment to ${when}?`,
    noPayAgain: 'You do not pay again: what you paid stays with the appointment.',

    /** The page's history of the appointment, as its customer reads it. */
    events: {
      booked: 'Booked',
      moved: (from: string | null, to: string | null, by: string) =>
        `Moved${from ? ` from ${from}` : ''}${to ? ` to ${to}` : ''}${by}`,
      cancelled: (by: string) => `Cancelled${by}`,
      refunded: (amount: string) => `Refunded ${amount}`,
      refundFailed: (amount: string) => `The refund of ${amount} could not be made automatically`,
      completed: 'Marked as completed',
      missed: 'Marked as missed',
      bookedAgain: (by: string) => `Booked again${by}`,
      statusChanged: 'Status changed',
      followUp: 'We sent you a link to book again',
      theFee: 'the fee',
      byYou: ' by you',
      byBusiness: (business: string) => ` by ${business}`,
      inTheChat: ' in the chat',
    },

    /** The server's refusals and reasons (MANAGE_BOOKING_MESSAGES), by key. */
    messages: {
      notFound: 'This booking link is not valid.',
      cancelled: 'This appointment is cancelled.',
      past: 'This appointment has already taken place.',
      notScheduled: 'This appointment can no longer be changed online.',
      tooLateToReschedule: 'It is too late to reschedule this appointment online. Please contact us.',
      employeeUnavailable: 'This appointment cannot be moved online. Please contact us.',
      termsChanged:
        'The refund terms have changed since you opened this page. Please review them and confirm again.',
      changedMeanwhile: 'This appointment was changed in the meantime. Please review it and try again.',
      sameSlot: 'Choose a time other than the current one.',
      slotTaken: 'This time slot was just taken. Please choose another.',
      slotUnavailable: 'This time slot is not available. Please choose another.',
    },
    /** The booking rules' refusals of a move (BOOKING_MESSAGES), by key. */
    bookingRules: {
      tooSoon: 'This time is too soon to book online. Please choose a later time.',
      tooFar: 'This time is too far ahead to book yet. Please choose an earlier date.',
      dayFull: 'No more bookings of this service are taken on this day. Please choose another day.',
    },
  },

  picker: PAGE_TEXTS.en.picker,
  booking: PAGE_TEXTS.en.booking,
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

  manage: {
    title: 'Tu cita',
    documentTitle: (business) => `Tu cita · ${business}`,
    loading: 'Cargando tu cita',
    invalidTitle: 'El enlace de la reserva no es válido',
    invalidHelp:
      'Abre el enlace de tu último email de confirmación o recordatorio, o ponte en contacto con el negocio en el que reservaste.',
    loadFailed: 'No hemos podido cargar tu cita. Comprueba tu conexión y vuelve a intentarlo.',
    tryAgain: 'Volver a intentarlo',
    cancelFailed: 'No hemos podido cancelar tu cita. Vuelve a intentarlo.',
    status: {
      scheduled: 'Confirmada',
      cancelled: 'Cancelada',
      completed: 'Realizada',
      'no-show': 'No asististe',
    },
    movedTitle: 'Tu cita ha cambiado de hora.',
    movedTo: (date, time) => `Ahora es el ${date} a las ${time}.`,
    cancelledTitle: 'Tu cita está cancelada.',
    nothingPaidOnline: 'No se pagó nada por internet.',
    reschedule: 'Cambiar la hora',
    cancelAppointment: 'Cancelar la cita',
    keepAppointment: 'Mantener la cita',
    cancelQuestion: '¿Cancelar tu cita?',
    cancelSummary: (date, time, employee) => `${date} a las ${time} con ${employee}.`,
    details: 'Datos de la cita',
    service: 'Servicio',
    with: 'Con',
    date: 'Fecha',
    time: 'Hora',
    paid: 'Pagado',
    refunded: 'devuelto',
    paidWithAPack: 'Pagada con un bono',
    packFact: (pack, left, total, validUntil, returned) =>
      `${pack}: ${left === 1 ? 'te queda 1' : `te quedan ${left}`} de ${total} ${total === 1 ? 'sesión' : 'sesiones'}, válido hasta el ${validUntil}${returned ? ' (esta sesión se devolvió al bono)' : ''}.`,
    history: 'Historial',

    freeUntilStart: 'Puedes cancelar gratis hasta que empiece tu cita.',
    freeUntil: (deadline, fee) =>
      `Puedes cancelar gratis hasta el ${deadline}. Después, no se devuelve el importe de ${fee}.`,
    tooLateForRefund: (notice, fee) =>
      `Faltan menos de ${notice} para tu cita: si cancelas ahora, no se devuelve el importe de ${fee}.`,
    rescheduleUntil: (deadline) => `Puedes cambiar la hora hasta el ${deadline}.`,
    hours: (hours) =>
      hours >= 48 && hours % 24 === 0 ? `${hours / 24} días` : hours === 1 ? '1 hora' : `${hours} horas`,
    zoneTime: (city) => `hora de ${city}`,
    yourTime: (time) => `${time} en tu hora`,

    sessionBack: 'La sesión vuelve a tu bono.',
    sessionStaysUsed: 'La sesión del bono se da por usada, según la política de cancelación.',
    refundToCard: (amount) => `Te devolveremos ${amount} a tu tarjeta.`,
    feeNotRefunded: (fee) => `No se devuelve el importe de ${fee}.`,
    alreadyRefunded: (fee) => `Ya te hemos devuelto el importe de ${fee}.`,
    nothingToRefund: 'No se pagó nada por internet, así que no hay nada que devolver.',
    sessionWentBack: 'La sesión volvió a tu bono.',
    refundedToCard: (amount) => `Te hemos devuelto ${amount} a tu tarjeta.`,
    refundByHand: (amount, business) =>
      `No hemos podido devolverte ${amount} automáticamente. ${business} te lo devolverá.`,
    refundOnItsWay: (amount) => `Tu devolución de ${amount} está en camino a tu tarjeta.`,
    feeWasNotRefunded: (fee) => `No se devolvió el importe de ${fee}.`,

    moveFailed: 'No hemos podido cambiar tu cita. Vuelve a intentarlo.',
    moveQuestion: (when) => `¿Cambiar tu cita al ${when}?`,
    noPayAgain: 'No vuelves a pagar: lo que pagaste sigue con la cita.',

    events: {
      booked: 'Reservada',
      moved: (from, to, by) => `Cambiada${from ? ` del ${from}` : ''}${to ? ` al ${to}` : ''}${by}`,
      cancelled: (by) => `Cancelada${by}`,
      refunded: (amount) => `Devueltos ${amount}`,
      refundFailed: (amount) => `No se pudo devolver ${amount} automáticamente`,
      completed: 'Marcada como realizada',
      missed: 'Marcada como no asistida',
      bookedAgain: (by) => `Reservada de nuevo${by}`,
      statusChanged: 'Cambio de estado',
      followUp: 'Te enviamos un enlace para volver a reservar',
      theFee: 'el importe',
      byYou: ' por ti',
      byBusiness: (business) => ` por ${business}`,
      inTheChat: ' en el chat',
    },

    messages: {
      notFound: 'Este enlace de reserva no es válido.',
      cancelled: 'Esta cita está cancelada.',
      past: 'Esta cita ya ha pasado.',
      notScheduled: 'Esta cita ya no se puede cambiar por internet.',
      tooLateToReschedule:
        'Ya es tarde para cambiar la hora de esta cita por internet. Ponte en contacto con nosotros.',
      employeeUnavailable: 'Esta cita no se puede cambiar por internet. Ponte en contacto con nosotros.',
      termsChanged:
        'Las condiciones de devolución han cambiado desde que abriste esta página. Revísalas y vuelve a confirmar.',
      changedMeanwhile: 'Esta cita ha cambiado mientras tanto. Revísala y vuelve a intentarlo.',
      sameSlot: 'Elige una hora distinta de la actual.',
      slotTaken: 'Alguien acaba de reservar esa hora. Elige otra.',
      slotUnavailable: 'Esa hora no está disponible. Elige otra.',
    },
    bookingRules: {
      tooSoon: 'Esa hora está demasiado cerca para reservarla por internet. Elige una más tarde.',
      tooFar: 'Esa hora aún queda demasiado lejos para reservarla. Elige una fecha más próxima.',
      dayFull: 'Ese día ya no se admiten más reservas de este servicio. Elige otro día.',
    },
  },

  picker: PAGE_TEXTS.es.picker,
  booking: PAGE_TEXTS.es.booking,
};

export const CUSTOMER_TEXTS: Record<CustomerLanguage, CustomerTexts> = { es, en };

/** The texts for a customer whose language may be unknown (null: English). */
export const customerTexts = (language: CustomerLanguage | null | undefined): CustomerTexts =>
  CUSTOMER_TEXTS[language ?? DEFAULT_CUSTOMER_LANGUAGE];
