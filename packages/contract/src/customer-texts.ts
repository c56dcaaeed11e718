import { BOOKING_MESSAGES } from './schedule-rules.ts';

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
    language: 'Language',

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

  /** The slot picker the manage page moves an appointment with (the booking page's calendar). */
  picker: {
    chooseNewTime: 'Choose a new time',
    keepCurrentTime: 'Keep current time',
    openTimesWith: (employee: string, timeZone: string) => `Open times with ${employee}, in ${timeZone}.`,
    loadFailed: 'The open times could not be loaded. Please try again.',
    retry: 'Retry',
    loading: 'Loading open times',
    dialogTitle: 'Reschedule',
    to: 'to',
    chooseAnotherTime: 'Choose another time',
    moveAppointment: 'Move appointment',
    slot: (day: string, time: string) => `${day} at ${time}`,
    availableDates: 'Available dates',
    previousMonth: 'Previous month',
    nextMonth: 'Next month',
    weekdays: ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'],
    noOpenTimes: 'There are no open times in the next weeks. Please check back later.',
    locked: 'Your appointment is booked, so the calendar is locked.',
    noneLeftToday: 'No open times left on this day. Please choose another.',
    timesIn: (city: string, yourCity: string, gap: string) =>
      `Times in ${city} time; under each, yours in ${yourCity} (${gap}).`,
    gap: (amount: string, behind: boolean) => `${amount} ${behind ? 'behind' : 'ahead'}`,
    availableTimes: 'Available times',
    yourTimeAfter: (time: string) => ` (${time} your time)`,
    seatsLeft: (seats: number) => (seats === 1 ? '1 seat left' : `${seats} seats left`),
    chooseADay: 'Choose a highlighted day to see its open times.',
    bothClocks: (time: string, city: string, yours: string) => `${time} ${city} · ${yours} your time`,
  },

  /**
   * The public booking pages (a professional's, the business's 'anyone available' one, a waitlist
   * offer) and their steps. English is the spec's wording, word for word.
   */
  booking: {
    documentTitle: 'Book an appointment',
    documentTitleWith: (employee: string) => `Book an appointment with ${employee}`,
    documentTitleService: (service: string) => `Book ${service}`,
    loadingSchedule: 'Loading schedule',
    loadingScheduleText: 'Loading schedule...',
    loadFailed: 'Failed to load employee schedule',
    loadingTimes: 'Loading open times',
    secureBooking: 'Secure booking · You will receive a confirmation by email',
    heading: (employee: string) => `Book an Appointment with ${employee}`,
    headingAnyone: 'Book an Appointment',
    anyoneIntro: 'Choose a service and a time; we find who is available.',
    defaultTitle: 'Professional',
    timesShownIn: (timeZone: string) => `Times shown in ${timeZone}`,
    yourZone: (zone: string) => `your time zone is ${zone}`,
    error: 'Error',
    returnHome: 'Return to home',
    // Choosing a service
    chooseService: 'Choose a service',
    chooseServiceHelp: 'Pick what you would like to book; then choose a day and a time.',
    yourService: 'Your service',
    changeService: 'Change service',
    free: 'Free',
    withPeople: (names: string) => `with ${names}`,
    and: 'and',
    more: (count: number) => `${count} more`,
    nothingToBook: 'There is nothing to book right now. Please check back later.',
    servicesLoadFailed: 'The services could not be loaded.',
    loadingServices: 'Loading services',
    loadingServicesText: 'Loading services...',
    timesLoadFailed: 'The open times could not be loaded.',
    // The panel before a time is chosen
    pickATime: 'Pick a time that suits you',
    pickATimeHelp: 'Choose a day in the calendar, then one of its open times.',
    pickATimeAnyone:
      'Choose a day in the calendar, then one of its open times. We show you who it is with before you continue.',
    classOf: (minutes: number, seats: number) =>
      `A ${minutes}-minute class of up to ${seats}: you book one seat`,
    appointmentOf: (minutes: number) => `A ${minutes}-minute appointment, just for you`,
    freeToBook: 'Free: no payment needed to book',
    paidByCard: (fee: string) => `${fee} paid securely by card to confirm`,
    confirmationEmail: 'A confirmation email with all the details',
    // 'Anyone available'
    findingWho: 'Finding who is available…',
    reserveFailed: 'That time could not be reserved. Please try again.',
    withProfessional: (name: string) => `With ${name}`,
    nextDetails: (paid: boolean) => `Next, your details${paid ? ' and the payment' : ''}.`,
    continue: 'Continue',
    // Details, summary, payment
    completeBooking: 'Complete Your Booking',
    slotAt: (day: string, time: string) => `${day} at ${time}`,
    yourDetails: 'Your details',
    fullName: 'Full Name',
    emailAddress: 'Email Address',
    phoneNumber: 'Phone number',
    phoneOptional: 'Phone number (optional)',
    phoneOptionalHelp: 'With its country code, to be told by WhatsApp too',
    proceedToPayment: 'Proceed to Payment',
    summary: 'Appointment Summary',
    name: 'Name',
    email: 'Email',
    phone: 'Phone',
    service: 'Service',
    date: 'Date',
    time: 'Time',
    fee: (amount: string) => `Appointment Fee: ${amount}`,
    processing: 'Processing...',
    bookAppointment: 'Book Appointment',
    payAndBook: (fee: string) => `Pay ${fee} and Book Appointment`,
    backToForm: 'Back to Form',
    cardDetails: 'Card details',
    testMode: 'Test mode',
    cardNumber: 'Card number',
    expiryDate: 'Expiry date',
    cvc: 'CVC',
    testCards:
      'Test cards: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined, 4000 0025 0000 3155 asks for authentication. Use any future date and any CVC.',
    processedSecurely: 'Payments are processed securely.',
    onlyTheFee: 'You are only charged the appointment fee.',
    straightToStripe: 'Card details are sent straight to Stripe and never stored by us.',
    cardFormUnavailable: 'Card form unavailable',
    loadingCardForm: 'Loading secure card form...',
    card: {
      numberIncomplete: 'Your card number is incomplete.',
      numberInvalid: 'Your card number is invalid.',
      expiryIncomplete: "Your card's expiration date is incomplete.",
      expiryPast: "Your card's expiration date is in the past.",
      cvcIncomplete: "Your card's security code is incomplete.",
    },
    authentication: {
      title: 'Complete authentication',
      yourBank: 'Your bank',
      explain:
        'Your bank asks you to confirm this payment. This is a 3D Secure test: approve it to continue, or fail it to see what happens when the check is not passed.',
      amount: 'Amount',
      card: 'Card',
      fail: 'Fail',
      approve: 'Approve',
    },
    bookingFailed: 'Failed to book appointment. Please try again.',
    paymentFailed: 'Payment failed.',
    stripeNotReady: 'Stripe is not ready yet. Please wait a moment.',
    stripeUnavailable: 'The payment form could not be loaded. Please check your connection and try again.',
    // The policy said before paying (dates and the fee arrive formatted)
    policy: {
      hours: (hours: number) =>
        hours >= 48 && hours % 24 === 0 ? `${hours / 24} days` : hours === 1 ? '1 hour' : `${hours} hours`,
      untilStart:
        'Free cancellation until the appointment starts, and it can be moved online until then too.',
      lateFree: (hours: string) => `This appointment starts in less than ${hours}: it can't be moved online.`,
      late: (hours: string, fee: string) =>
        `This appointment starts in less than ${hours}: the ${fee} fee is not refundable and it can't be moved online.`,
      yourTime: ' (your time)',
      movableUntil: (until: string) =>
        `It can be moved online until ${until}, and cancelled until it starts.`,
      freeUntil: (until: string, fee: string) =>
        `Free cancellation until ${until}. After that, the ${fee} fee is not refunded and the appointment can't be moved online.`,
    },
    // Done
    succeededTitle: 'Booking Successful!',
    succeeded: 'Your appointment has been booked. You will receive a confirmation email shortly.',
    yourAppointmentWith: (employee: string) => `Your appointment with ${employee}`,
    paidWithPack: 'Paid with your pack.',
    // Packs
    saveWithPack: 'Save with a pack',
    buy: 'Buy',
    buyPack: (pack: string) => `Buy ${pack}`,
    haveAPack: 'I have a pack',
    sessions: (count: number) => `${count} ${count === 1 ? 'session' : 'sessions'}`,
    validDays: (days: number) => `valid ${days} ${days === 1 ? 'day' : 'days'}`,
    packOffer: (sessions: string, service: string, price: string, validity: string) =>
      `${sessions} of ${service} for ${price}, ${validity} from today.`,
    packBought: 'Pack bought',
    packBoughtText: (sessions: string, service: string, until: string) =>
      `${sessions} of ${service}, valid until ${until}.`,
    detailsSentTo: (email: string) => `We sent the details to ${email}.`,
    done: 'Done',
    payForPack: (price: string) => `Pay ${price} and buy the pack`,
    backToDetails: 'Back to your details',
    packCharge: 'You are charged the price of the pack.',
    packBalance: (name: string, left: number, total: string, until: string) =>
      `${name}: ${left} of ${total} left, valid until ${until}.`,
    bookWithPack: 'Book with your pack',
    bookWithPackHelp:
      'We email you a code to check it is you; then this time uses one session of your pack, with nothing to pay.',
    packEmailForm: "Your pack's email",
    packEmailHelp: 'The email you bought the pack with',
    emailMeACode: 'Email me a code',
    codeForm: 'Code from the email',
    code: 'Code',
    codeDigit: 'Code digit',
    sentTo: (email: string) => `Sent to ${email}`,
    checkCode: 'Check code',
    anotherEmail: 'Use another email',
    bookWithMyPack: 'Book with my pack',
    noPackHere: 'You have no valid pack with a session left for this service.',
    payByCardInstead: 'Pay by card instead',
    // Waitlist
    takenTimes: 'Taken times',
    fullClasses: 'Full classes',
    fullTimes: 'Full times',
    takenHelp: 'Someone has booked these times. Join the waitlist and we will email you if one frees up.',
    fullHelp: 'These times have no seats left. Join the waitlist and we will email you if a place frees up.',
    booked: ' · Booked',
    joinWaitlist: 'Join the waitlist',
    joinWaitlistFor: (when: string) => `Join the waitlist for ${when}`,
    waitlistFor: (when: string) => `Waitlist for ${when}`,
    positionInLine: (when: string, position: number) => `${when}: you are number ${position} in line.`,
    joinFailed: 'You could not be added to the waitlist. Please try again.',
    back: 'Back',
    /** The page a waitlisted customer is emailed when a place frees up. */
    offer: {
      documentTitle: 'Your waitlist place',
      documentTitleService: (service: string) => `Your waitlist place · ${service}`,
      notFound: 'This offer was not found',
      notFoundHelp: 'Please open the link in your latest email from the business.',
      failed: 'That did not work. Please try again.',
      loading: 'Loading your place',
      loadingText: 'Loading your place...',
      withEmployee: (when: string, timeZone: string, employee: string) =>
        `${when} (${timeZone}) with ${employee}`,
      forWhom: (price: string, name: string, email: string) => `${price} · for ${name} (${email})`,
      manage: 'Manage your booking',
      offeredTitle: 'A place is yours',
      offered: (until: string) =>
        `We are holding it for you until ${until}. After that it goes to the next person in line.`,
      bookedTitle: 'You are booked',
      booked: 'We sent the confirmation to your email.',
      waitingTitle: 'You are on the waitlist',
      waiting: 'We will email you if a place frees up.',
      declinedTitle: 'You let this place go',
      declined: 'It was offered to the next person in line.',
      cancelledTitle: 'This class was cancelled',
      cancelled: 'The business cancelled it, so its waitlist has ended.',
      expiredTitle: 'This offer has expired',
      expired: 'The hold ran out and the place was offered to the next person in line.',
      payAndTake: (price: string) => `Pay ${price} and take the place`,
      refundNote: 'If the place is no longer yours when the payment arrives, it is refunded in full.',
      usePack: 'Use my pack',
      codeSent: (email: string) =>
        `We emailed a six-digit code to ${email}. Type it here to use a session of your pack.`,
      takePlace: 'Take the place',
      letItGo: 'Let it go',
    },
    /** The server's refusals, by their English text, in this language (English: as sent). */
    server: {} as Record<string, string>,
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
    language: 'Idioma',

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

  picker: {
    chooseNewTime: 'Elige una nueva hora',
    keepCurrentTime: 'Mantener la hora actual',
    openTimesWith: (employee, timeZone) => `Horas libres con ${employee}, en ${timeZone}.`,
    loadFailed: 'No hemos podido cargar las horas libres. Vuelve a intentarlo.',
    retry: 'Reintentar',
    loading: 'Cargando las horas libres',
    dialogTitle: 'Cambiar la hora',
    to: 'a',
    chooseAnotherTime: 'Elegir otra hora',
    moveAppointment: 'Cambiar la cita',
    slot: (day, time) => `${day} a las ${time}`,
    availableDates: 'Días con horas libres',
    previousMonth: 'Mes anterior',
    nextMonth: 'Mes siguiente',
    weekdays: ['L', 'M', 'X', 'J', 'V', 'S', 'D'],
    noOpenTimes: 'No hay horas libres en las próximas semanas. Vuelve a mirarlo más adelante.',
    locked: 'Tu cita está reservada, así que el calendario está bloqueado.',
    noneLeftToday: 'Ya no quedan horas libres este día. Elige otro.',
    timesIn: (city, yourCity, gap) =>
      `Horas de ${city}; debajo de cada una, la tuya en ${yourCity} (${gap}).`,
    gap: (amount, behind) => `${amount} ${behind ? 'menos' : 'más'}`,
    availableTimes: 'Horas libres',
    yourTimeAfter: (time) => ` (${time} en tu hora)`,
    seatsLeft: (seats) => (seats === 1 ? 'Queda 1 plaza' : `Quedan ${seats} plazas`),
    chooseADay: 'Elige un día marcado para ver sus horas libres.',
    bothClocks: (time, city, yours) => `${time} ${city} · ${yours} en tu hora`,
  },

  booking: {
    documentTitle: 'Reserva una cita',
    documentTitleWith: (employee) => `Reserva una cita con ${employee}`,
    documentTitleService: (service) => `Reserva ${service}`,
    loadingSchedule: 'Cargando la agenda',
    loadingScheduleText: 'Cargando la agenda...',
    loadFailed: 'No hemos podido cargar la agenda',
    loadingTimes: 'Cargando las horas libres',
    secureBooking: 'Reserva segura · Recibirás la confirmación por email',
    heading: (employee) => `Reserva una cita con ${employee}`,
    headingAnyone: 'Reserva una cita',
    anyoneIntro: 'Elige un servicio y una hora; nosotros buscamos quién está libre.',
    defaultTitle: 'Profesional',
    timesShownIn: (timeZone) => `Horas en ${timeZone}`,
    yourZone: (zone) => `tu zona horaria es ${zone}`,
    error: 'Error',
    returnHome: 'Volver al inicio',
    chooseService: 'Elige un servicio',
    chooseServiceHelp: 'Elige qué quieres reservar; después, un día y una hora.',
    yourService: 'Tu servicio',
    changeService: 'Cambiar de servicio',
    free: 'Gratis',
    withPeople: (names) => `con ${names}`,
    and: 'y',
    more: (count) => `${count} más`,
    nothingToBook: 'Ahora mismo no hay nada que reservar. Vuelve a mirarlo más adelante.',
    servicesLoadFailed: 'No hemos podido cargar los servicios.',
    loadingServices: 'Cargando los servicios',
    loadingServicesText: 'Cargando los servicios...',
    timesLoadFailed: 'No hemos podido cargar las horas libres.',
    pickATime: 'Elige la hora que te venga bien',
    pickATimeHelp: 'Elige un día en el calendario y, después, una de sus horas libres.',
    pickATimeAnyone:
      'Elige un día en el calendario y, después, una de sus horas libres. Te decimos con quién es antes de seguir.',
    classOf: (minutes, seats) =>
      `Una clase de ${minutes} minutos de hasta ${seats} personas: reservas una plaza`,
    appointmentOf: (minutes) => `Una cita de ${minutes} minutos, solo para ti`,
    freeToBook: 'Gratis: no hace falta pagar para reservar',
    paidByCard: (fee) => `${fee}, pagados con tarjeta de forma segura para confirmar`,
    confirmationEmail: 'Un email de confirmación con todos los detalles',
    findingWho: 'Buscando quién está libre…',
    reserveFailed: 'No hemos podido reservar esa hora. Vuelve a intentarlo.',
    withProfessional: (name) => `Con ${name}`,
    nextDetails: (paid) => `Ahora, tus datos${paid ? ' y el pago' : ''}.`,
    continue: 'Continuar',
    completeBooking: 'Completa tu reserva',
    slotAt: (day, time) => `${day} a las ${time}`,
    yourDetails: 'Tus datos',
    fullName: 'Nombre y apellidos',
    emailAddress: 'Email',
    phoneNumber: 'Teléfono',
    phoneOptional: 'Teléfono (opcional)',
    phoneOptionalHelp: 'Con su prefijo de país, para avisarte también por WhatsApp',
    proceedToPayment: 'Ir al pago',
    summary: 'Resumen de la cita',
    name: 'Nombre',
    email: 'Email',
    phone: 'Teléfono',
    service: 'Servicio',
    date: 'Fecha',
    time: 'Hora',
    fee: (amount) => `Importe de la cita: ${amount}`,
    processing: 'Procesando...',
    bookAppointment: 'Reservar la cita',
    payAndBook: (fee) => `Pagar ${fee} y reservar la cita`,
    backToForm: 'Volver a tus datos',
    cardDetails: 'Datos de la tarjeta',
    testMode: 'Modo de prueba',
    cardNumber: 'Número de tarjeta',
    expiryDate: 'Caducidad',
    cvc: 'CVC',
    testCards:
      'Tarjetas de prueba: 4242 4242 4242 4242 se acepta, 4000 0000 0000 0002 se rechaza y 4000 0025 0000 3155 pide autenticación. Usa cualquier fecha futura y cualquier CVC.',
    processedSecurely: 'Los pagos se procesan de forma segura.',
    onlyTheFee: 'Solo se te cobra el importe de la cita.',
    straightToStripe: 'Los datos de la tarjeta van directamente a Stripe; nosotros nunca los guardamos.',
    cardFormUnavailable: 'El formulario de la tarjeta no está disponible',
    loadingCardForm: 'Cargando el formulario seguro de la tarjeta...',
    card: {
      numberIncomplete: 'El número de la tarjeta está incompleto.',
      numberInvalid: 'El número de la tarjeta no es válido.',
      expiryIncomplete: 'La fecha de caducidad de la tarjeta está incompleta.',
      expiryPast: 'La tarjeta ya ha caducado.',
      cvcIncomplete: 'El código de seguridad de la tarjeta está incompleto.',
    },
    authentication: {
      title: 'Completa la autenticación',
      yourBank: 'Tu banco',
      explain:
        'Tu banco te pide que confirmes este pago. Es una prueba de 3D Secure: apruébala para seguir, o recházala para ver qué pasa cuando la comprobación no se supera.',
      amount: 'Importe',
      card: 'Tarjeta',
      fail: 'Rechazar',
      approve: 'Aprobar',
    },
    bookingFailed: 'No hemos podido reservar la cita. Vuelve a intentarlo.',
    paymentFailed: 'El pago no se ha completado.',
    stripeNotReady: 'Stripe aún no está listo. Espera un momento.',
    stripeUnavailable:
      'No hemos podido cargar el formulario de pago. Comprueba tu conexión y vuelve a intentarlo.',
    policy: {
      hours: (hours) =>
        hours >= 48 && hours % 24 === 0 ? `${hours / 24} días` : hours === 1 ? '1 hora' : `${hours} horas`,
      untilStart:
        'Cancelación gratuita hasta que empiece la cita, y hasta entonces también puedes cambiarla por internet.',
      lateFree: (hours) => `Esta cita empieza en menos de ${hours}: ya no se puede cambiar por internet.`,
      late: (hours, fee) =>
        `Esta cita empieza en menos de ${hours}: los ${fee} no se devuelven y ya no se puede cambiar por internet.`,
      yourTime: ' (tu hora)',
      movableUntil: (until) =>
        `Puedes cambiarla por internet hasta el ${until}, y cancelarla hasta que empiece.`,
      freeUntil: (until, fee) =>
        `Cancelación gratuita hasta el ${until}. Después, los ${fee} no se devuelven y la cita ya no se puede cambiar por internet.`,
    },
    succeededTitle: '¡Reserva hecha!',
    succeeded: 'Tu cita está reservada. En unos minutos recibirás un email de confirmación.',
    yourAppointmentWith: (employee) => `Tu cita con ${employee}`,
    paidWithPack: 'Pagada con tu bono.',
    saveWithPack: 'Ahorra con un bono',
    buy: 'Comprar',
    buyPack: (pack) => `Comprar ${pack}`,
    haveAPack: 'Tengo un bono',
    sessions: (count) => `${count} ${count === 1 ? 'sesión' : 'sesiones'}`,
    validDays: (days) => `válido ${days} ${days === 1 ? 'día' : 'días'}`,
    packOffer: (sessions, service, price, validity) =>
      `${sessions} de ${service} por ${price}, ${validity} desde hoy.`,
    packBought: 'Bono comprado',
    packBoughtText: (sessions, service, until) => `${sessions} de ${service}, válido hasta el ${until}.`,
    detailsSentTo: (email) => `Te hemos enviado los detalles a ${email}.`,
    done: 'Hecho',
    payForPack: (price) => `Pagar ${price} y comprar el bono`,
    backToDetails: 'Volver a tus datos',
    packCharge: 'Se te cobra el precio del bono.',
    packBalance: (name, left, total, until) =>
      `${name}: te quedan ${left} de ${total}, válido hasta el ${until}.`,
    bookWithPack: 'Reserva con tu bono',
    bookWithPackHelp:
      'Te enviamos un código por email para comprobar que eres tú; después, esta hora usa una sesión de tu bono, sin nada que pagar.',
    packEmailForm: 'El email de tu bono',
    packEmailHelp: 'El email con el que compraste el bono',
    emailMeACode: 'Envíame un código',
    codeForm: 'El código del email',
    code: 'Código',
    codeDigit: 'Cifra del código',
    sentTo: (email) => `Enviado a ${email}`,
    checkCode: 'Comprobar el código',
    anotherEmail: 'Usar otro email',
    bookWithMyPack: 'Reservar con mi bono',
    noPackHere: 'No tienes ningún bono válido con sesiones para este servicio.',
    payByCardInstead: 'Pagar con tarjeta',
    takenTimes: 'Horas ocupadas',
    fullClasses: 'Clases completas',
    fullTimes: 'Horas completas',
    takenHelp:
      'Alguien ya ha reservado estas horas. Apúntate a la lista de espera y te escribimos si se libera alguna.',
    fullHelp:
      'Estas horas ya no tienen plazas. Apúntate a la lista de espera y te escribimos si se libera alguna.',
    booked: ' · Reservada',
    joinWaitlist: 'Apuntarme a la lista de espera',
    joinWaitlistFor: (when) => `Apuntarme a la lista de espera del ${when}`,
    waitlistFor: (when) => `Lista de espera del ${when}`,
    positionInLine: (when, position) => `${when}: eres el número ${position} de la lista.`,
    joinFailed: 'No hemos podido apuntarte a la lista de espera. Vuelve a intentarlo.',
    back: 'Volver',
    offer: {
      documentTitle: 'Tu plaza de la lista de espera',
      documentTitleService: (service) => `Tu plaza de la lista de espera · ${service}`,
      notFound: 'No hemos encontrado esta oferta',
      notFoundHelp: 'Abre el enlace del último email que te ha enviado el negocio.',
      failed: 'No ha funcionado. Vuelve a intentarlo.',
      loading: 'Cargando tu plaza',
      loadingText: 'Cargando tu plaza...',
      withEmployee: (when, timeZone, employee) => `${when} (${timeZone}) con ${employee}`,
      forWhom: (price, name, email) => `${price} · para ${name} (${email})`,
      manage: 'Gestionar tu reserva',
      offeredTitle: 'Hay una plaza para ti',
      offered: (until) =>
        `Te la guardamos hasta las ${until}. Después pasa a la siguiente persona de la lista.`,
      bookedTitle: 'Tienes la plaza reservada',
      booked: 'Te hemos enviado la confirmación por email.',
      waitingTitle: 'Estás en la lista de espera',
      waiting: 'Te escribiremos si se libera una plaza.',
      declinedTitle: 'Has dejado pasar esta plaza',
      declined: 'Se le ha ofrecido a la siguiente persona de la lista.',
      cancelledTitle: 'Esta clase se ha cancelado',
      cancelled: 'El negocio la ha cancelado, así que su lista de espera ha terminado.',
      expiredTitle: 'Esta oferta ha caducado',
      expired: 'Se acabó el tiempo de reserva y la plaza pasó a la siguiente persona de la lista.',
      payAndTake: (price) => `Pagar ${price} y quedarme la plaza`,
      refundNote: 'Si cuando llegue el pago la plaza ya no es tuya, te lo devolvemos entero.',
      usePack: 'Usar mi bono',
      codeSent: (email) =>
        `Te hemos enviado un código de seis cifras a ${email}. Escríbelo aquí para usar una sesión de tu bono.`,
      takePlace: 'Quedarme la plaza',
      letItGo: 'Dejarla pasar',
    },
    // Keyed by the server's English text (schedule-rules, and waitlist.ts and packs.ts, which this
    // catalogue must not import: they bring zod to pages that load none). A test checks each key.
    server: {
      [BOOKING_MESSAGES.nameRequired]: 'Escribe tu nombre',
      [BOOKING_MESSAGES.emailRequired]: 'Escribe tu email',
      [BOOKING_MESSAGES.emailInvalid]: 'Escribe un email válido',
      [BOOKING_MESSAGES.phoneRequired]: 'Escribe tu teléfono',
      [BOOKING_MESSAGES.employeeNotFound]: 'No hemos encontrado a ese profesional',
      [BOOKING_MESSAGES.employeeNotBookable]: 'Este profesional no admite reservas.',
      [BOOKING_MESSAGES.employeeNotBookableRefunded]:
        'Este profesional ya no admite reservas. Te hemos devuelto el pago.',
      [BOOKING_MESSAGES.slotTaken]: 'Alguien acaba de reservar esa hora. Elige otra.',
      [BOOKING_MESSAGES.classFull]: 'Esta clase está completa. Elige otra hora.',
      [BOOKING_MESSAGES.slotUnavailable]: 'Esa hora no está libre. Elige otra.',
      [BOOKING_MESSAGES.slotHeld]: 'Alguien está pagando esa hora ahora mismo. Elige otra.',
      [BOOKING_MESSAGES.dayBusy]:
        'Varias personas están pagando horas de este día ahora mismo. Vuelve a intentarlo en unos minutos o elige otro día.',
      [BOOKING_MESSAGES.networkBusy]:
        'Hay demasiados pagos en curso desde tu red. Termina uno o vuelve a intentarlo en unos minutos.',
      [BOOKING_MESSAGES.slotUnavailableRefunded]: 'Esa hora ya no está libre. Te hemos devuelto el pago.',
      [BOOKING_MESSAGES.bookingFailedRefunded]:
        'No hemos podido completar tu reserva. Te hemos devuelto el pago.',
      [BOOKING_MESSAGES.paymentNotFound]: 'No encontramos este pago. Vuelve a intentarlo.',
      [BOOKING_MESSAGES.paymentIncomplete]: 'El pago no se ha completado.',
      [BOOKING_MESSAGES.paymentMismatch]: 'Este pago no corresponde a la cita. Vuelve a intentarlo.',
      [BOOKING_MESSAGES.paymentUsed]: 'Este pago ya se usó para otra reserva.',
      [BOOKING_MESSAGES.dateInvalid]: 'Elige una fecha válida',
      [BOOKING_MESSAGES.timeInvalid]: 'Elige una hora válida',
      [BOOKING_MESSAGES.serviceRequired]: 'Elige un servicio',
      [BOOKING_MESSAGES.tooSoon]:
        'Esa hora está demasiado cerca para reservarla por internet. Elige una más tarde.',
      [BOOKING_MESSAGES.tooFar]:
        'Esa hora aún queda demasiado lejos para reservarla. Elige una fecha más próxima.',
      [BOOKING_MESSAGES.dayFull]: 'Ese día ya no se admiten más reservas de este servicio. Elige otro día.',
      [BOOKING_MESSAGES.notFree]: 'Este servicio es de pago: resérvalo con un pago.',
      [BOOKING_MESSAGES.freeLimit]:
        'Ya tienes varias reservas gratuitas pendientes. Mantén o cancela una antes de reservar otra.',
      "You're on the waitlist. We'll email you if a place frees up.":
        'Estás en la lista de espera. Te escribiremos si se libera una plaza.',
      'This time still has places: book it instead.': 'Esta hora aún tiene plazas: resérvala directamente.',
      'This time is free: book it instead.': 'Esta hora está libre: resérvala directamente.',
      'This time has already started.': 'Esta hora ya ha empezado.',
      'This email is already on the waitlist for this time.':
        'Este email ya está en la lista de espera de esta hora.',
      'Enter a valid email address': 'Escribe un email válido',
      'Enter the 6-digit code from the email': 'Escribe el código de 6 cifras del email',
      'If the address can receive email, a code is on its way. It is valid for 10 minutes.':
        'Si la dirección puede recibir emails, tienes un código en camino. Vale durante 10 minutos.',
      'That code is not right. Check the email and try again.':
        'Ese código no es correcto. Revisa el email y vuelve a intentarlo.',
      'That code has expired or was tried too many times. Ask for a new one.':
        'Ese código ha caducado o se ha probado demasiadas veces. Pide uno nuevo.',
      'Too many codes asked for. Please wait a while and try again.':
        'Has pedido demasiados códigos. Espera un rato y vuelve a intentarlo.',
      'Your email check has expired. Ask for a new code.':
        'La comprobación de tu email ha caducado. Pide un código nuevo.',
      'You have no valid pack with a session left for this service.':
        'No tienes ningún bono válido con sesiones para este servicio.',
      'The payment was not completed, so no pack was bought.':
        'El pago no se ha completado, así que no se ha comprado ningún bono.',
      'The pack could not be created, so your payment was refunded.':
        'No hemos podido crear el bono, así que te hemos devuelto el pago.',
    },
  },
};

export const CUSTOMER_TEXTS: Record<CustomerLanguage, CustomerTexts> = { es, en };

/** The texts for a customer whose language may be unknown (null: English). */
export const customerTexts = (language: CustomerLanguage | null | undefined): CustomerTexts =>
  CUSTOMER_TEXTS[language ?? DEFAULT_CUSTOMER_LANGUAGE];
