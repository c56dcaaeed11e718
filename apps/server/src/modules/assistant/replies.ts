import { formatDuration } from '@chatdesk/contract/schedule-rules';
import type { Language } from './language.ts';
import { list, longDate, money, weekdayName, weekdaysPlural } from './rules/phrases.ts';

/**
 * What the built-in assistant says, in each language it answers in: one typed catalogue (as the
 * customer texts of decision 027 are), so the languages cannot drift apart — each must have every
 * reply, with the same parameters — and a new language is a new catalogue, not edits across the
 * engine. Names, links, places, times and money arrive as the engine has them; the catalogue holds
 * the words and the order they go in.
 */
/** How a reply that did not understand starts: the engine also reads it back to notice a second miss. */
/** A name that starts a sentence. */
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const NOT_UNDERSTOOD = { es: 'No estoy seguro de haberte entendido', en: "I'm not sure I understood" };

const es = {
  notUnderstood: NOT_UNDERSTOOD.es,

  /** Questions the engine asks itself when a short follow-up is read as a whole question. */
  ask: {
    appointmentPrice: '¿cuánto cuesta una cita?',
    priceOf: (service: string) => `¿cuánto cuesta ${service}?`,
  },

  /** Handing the chat to a person: in general (also the model's fallback), and why. */
  handover: {
    general:
      'Te paso con una persona de nuestro equipo, que te responderá en breve. ¡Gracias por tu paciencia!',
    person:
      'Claro, te paso con una persona de nuestro equipo, que te responderá en breve. ¡Gracias por tu paciencia!',
    complaint:
      'Siento mucho lo ocurrido. Te paso con una persona de nuestro equipo, que lo revisará contigo en breve.',
    ownBooking:
      'Para ver, cambiar o cancelar tu cita te paso con una persona de nuestro equipo, que te ayudará en breve.',
    ownBookingAside:
      'Eso sobre tu cita te lo confirma una persona de nuestro equipo, que te responderá en breve.',
    notUnderstood:
      'No consigo ayudarte con esto, así que te paso con una persona de nuestro equipo, que te responderá en breve.',
  },
  mediaOnly:
    'No puedo escuchar audios ni ver imágenes o stickers. ¿Me lo escribes? Así te ayudo con huecos libres, precios o tu cita.',
  runningLate: 'Gracias por avisar. Se lo digo ahora mismo al equipo; si hace falta, te escriben por aquí.',
  runningLateAsks:
    'Gracias por avisar. Le paso tu mensaje ahora mismo a una persona del equipo, que te contesta por aquí.',
  website: (site: string) => `Nuestra web es ${site}`,
  answeringInOurLanguage: 'Te respondo en español, el idioma en que atendemos.',
  weSpeakIt: 'Sí, atendemos en español.\n',

  /** A professional and a service, its length and the length of a booked appointment. */
  doesService: (name: string, service: string) => `Sí, ${name} hace ${service}.`,
  doesNotDoService: (name: string, service: string) => `No, ${name} no hace ${service}.`,
  bookItWith: 'Puedes reservarlo con:',
  serviceTakes: (service: string, minutes: number) => `${service} dura ${formatDuration(minutes)}.`,
  appointmentLasts: (minutes: number) => `Cada cita dura ${minutes} minutos.`,
  lengthNotWritten: (minutes: number) =>
    `No tengo escrita la duración de ese servicio; la cita que reservas online es de ${minutes} minutos.`,

  /** Who can help with what was asked, and where. */
  canBookOnline: 'Online te puede atender:',
  canBookIn: (places: string) => `En ${places} te puede atender:`,
  canBook: 'Te puede atender:',
  wantTheirTimes: '¿Quieres ver sus huecos libres?',
  serviceNotOffered: 'Ese servicio no lo ofrecemos, lo siento.',
  nobodyIn: (places: string) => `Ahora mismo no tenemos a nadie en ${places}.`,
  nobodyForThatIn: (places: string) => `Ahora mismo no tenemos a nadie para eso en ${places}.`,
  forThatWeHave: 'Para lo que buscas tenemos:',
  inPlaceThereIs: (places: string) => `En ${places} está:`,
  nobodyForKindIn: (kind: string, places: string) =>
    `Para ${kind} no tenemos a nadie en ${places}; te puede atender:`,
  nobodyForTheRestIn: (places: string) =>
    `Para lo demás que buscas no tenemos a nadie en ${places}; te puede atender:`,
  worksIn: (first: string, places: string) => `Sí, ${first} atiende en ${places}.`,
  doesNotWorkThere: (first: string, asked: string, places: string) =>
    `No, ${first} no atiende ${asked}: atiende en ${places}.`,
  /** "en Madrid": a place as the professional questions below say it. */
  inPlace: (place: string) => `en ${place}`,
  worksThere: (name: string, asked: string, url: string) => `Sí, ${name} atiende ${asked}. Reserva: ${url}`,
  /** Said before the same open times again ("y en alcobendas tb trabaja?" after Carlos's). */
  alsoWorksThere: (name: string, asked: string) => `Sí, ${name} también atiende ${asked}.`,
  worksElsewhere: (name: string, asked: string, places: string) =>
    `No, ${name} no atiende ${asked}: atiende en ${places}. Si quieres, te digo quién lo hace.`,

  /** A professional's open times. */
  bookHere: (url: string) => `Reserva aquí: ${url}`,
  otherDoesService: (name: string, service: string, doers: string[]) =>
    `${name} no hace ${service}; lo hace ${list(doers, 'es')}.`,
  nobodyDoesService: (service: string) => `Ahora mismo nadie hace ${service}.`,
  noPublishedHours: (name: string) => `${name} no tiene horario publicado ahora mismo.`,
  worksOn: (first: string, weekdays: number[]) => `${first} trabaja ${weekdaysPlural(weekdays, 'es')}.`,
  freeAt: (name: string, day: string, at: string, link: string) =>
    `¡Sí! ${name} tiene hueco el ${day} a las ${at}.\n${link}`,
  /** Several times asked of one day: those free, and those not (never both empty). */
  freeAtSome: (name: string, day: string, free: string[], taken: string[], link: string) =>
    `${
      !free.length
        ? `${name} no tiene hueco el ${day} a las ${list(taken, 'es')}.`
        : !taken.length
          ? `¡Sí! ${name} tiene hueco el ${day} a las ${list(free, 'es')}.`
          : `${name} tiene hueco el ${day} a las ${list(free, 'es')}, pero no a las ${list(taken, 'es')}.`
    }\n${link}`,
  notFreeButAt: (at: string, day: string, first: string, times: string, link: string) =>
    `A las ${at} no está libre, pero el ${day} ${first} tiene hueco a las ${times}.\n${link}`,
  freeAtOtherTimes: (times: string) => `Ese día sí tiene hueco a otras horas: ${times}.`,
  freeAtOn: (name: string, at: string, days: string, link: string) =>
    `${name} tiene hueco a las ${at} el ${days}.\n${link}`,
  notFreeAtThisWeek: (first: string) => `A esa hora ${first} no tiene huecos estos días.`,
  openTimes: (name: string, forService: string) => `${name} tiene estos huecos libres${forService}:`,
  nextOpenTimes: 'Próximos huecos:',
  nobodyElseFree: 'No hay nadie más que haga lo mismo con huecos libres entonces.',
  today: (date: string) => `hoy, ${date}`,
  doesNotWorkOn: (first: string, weekday: number, day: string, workedLine: string) =>
    `${first} no trabaja los ${weekdayName(weekday, 'es')}${weekday === 6 || weekday === 0 ? 's' : ''}, así que el ${day} no tiene huecos. ${workedLine}`,
  dateRange: (from: string, to: string) => `del ${longDate(from, 'es')} al ${longDate(to, 'es')}`,
  noOpenTimes: (first: string, oneDay: boolean, when: string, part: string) =>
    `${first} no tiene huecos libres ${oneDay ? 'el ' : ''}${when}${part}.`,
  after: (time: string) => ` a partir de las ${time}`,
  before: (time: string) => ` antes de las ${time}`,
  partOfDay: {
    morning: ' por la mañana',
    midmorning: ' a media mañana',
    midday: ' a mediodía',
    afternoon: ' por la tarde',
    evening: ' por la noche',
  },

  /** Group classes: seats left, a full class and its waitlist. */
  classFull: (at: string, day: string) =>
    `La clase de las ${at} del ${day} está completa. Puedes apuntarte a su lista de espera en la página de reservas: si se libera una plaza, te avisamos.`,
  placesLeftAt: (times: string[]) => `Ese día quedan plazas a las ${list(times, 'es')}.`,
  offerWaitlist:
    '¿Quieres que te apunte a la lista de espera? Si se libera una plaza, te avisamos y te la guardamos un rato para que la confirmes.',
  notOnWaitlist: 'Vale, no te apunto a la lista de espera.',
  offerWaitlistAt: (at: string) =>
    `¿Quieres que te apunte a la lista de espera de las ${at}? Si se libera, te avisamos y te la guardamos un rato para que la confirmes.`,
  offerWaitlistWithAnyone: (at: string) =>
    `¿Quieres que te apunte a la lista de espera de las ${at}, con quien quede libre antes? Si se libera, te avisamos y te la guardamos un rato para que la confirmes.`,
  waitOnPage: (at: string, url: string) =>
    `Si prefieres esperar a las ${at}, puedes apuntarte a su lista de espera en la página de reservas: ${url}`,
  classesFull: (count: number, times: string) =>
    `${count === 1 ? 'Está completa la clase del' : 'Están completas las clases del'} ${times}: puedes apuntarte a su lista de espera en la página de reservas y te avisamos si se libera una plaza.`,
  bookOrJoin: (url: string) => `Reserva o apúntate aquí: ${url}`,
  dateAt: (date: string, time: string) => `${longDate(date, 'es')} a las ${time}`,
  seatsLeft: (time: string, seats: number) =>
    seats === 1 ? `a las ${time} queda 1 plaza` : `a las ${time} quedan ${seats} plazas`,

  /** The cancellation policy. */
  cancelUntilStart:
    'Puedes cancelar tu cita hasta que empiece y se te devuelve lo pagado; también puedes cambiarla. Usa el enlace de tu confirmación o escríbenos por aquí.',
  cancelUntilHours: (hours: number) =>
    `Puedes cancelar o cambiar tu cita sin coste hasta ${hours} horas antes: te devolvemos lo pagado (reembolso completo). Con menos de ${hours} horas ya no se devuelve ni se puede cambiar online. Usa el enlace de tu confirmación o escríbenos por aquí.`,

  lateCancel: (hours: number) =>
    `Si cancelas con menos de ${hours} horas de antelación (el mismo día, por ejemplo), no se devuelve lo pagado; hasta ${hours} horas antes, sí, entero.`,
  timelyCancel: (hours: number) =>
    `Sí: con esa antelación (${hours} horas antes o más) se te devuelve lo pagado, entero, y también puedes cambiarla.`,

  /** Prices. */
  serviceLine: (service: string, minutes: number, price: string) =>
    `${service} (${formatDuration(minutes)}): ${price}.`,
  paidOnline: 'Se paga online al reservar.',
  guidePrice: (service: string, amount: string, from: boolean) =>
    `${service}: ${from ? `desde ${amount}` : amount} (precio orientativo del servicio).`,
  altogether: (total: string) => `En total: ${total}.`,
  sessionsTotal: (count: number, total: string, each: string) =>
    `${count} sesiones: ${total} en total (${each} cada una).`,
  /** "tiene 10 años": the price their age takes, of a service with an age limit. */
  forAge: (service: string, amount: string, maxAge: number) =>
    `${service}: ${amount} (precio orientativo, hasta los ${maxAge} años).`,
  overAge: (service: string, maxAge: number, age: number, others: string[]) =>
    // No article: a service's gender is not known ("El manicura infantil" would read wrong).
    `${capitalised(service)}: hasta los ${maxAge} años; con ${age} se aplica el precio de adulto: ${list(others, 'es')}.`,
  /** "precio" alone: the business's price list, each item as `guideItem` writes it. */
  priceList: (items: string[]) => `Precios orientativos: ${list(items, 'es')}.`,
  guideItem: (service: string, amount: string, from: boolean) =>
    `${service} ${from ? `desde ${amount}` : amount}`,
  packsOnSale: 'Tenemos estos bonos de sesiones:',
  packLine: (name: string, sessions: number, service: string, price: string, days: number) =>
    `• ${name}: ${sessions} sesiones de ${service} por ${price}, válido ${days} días desde la compra`,
  packsBoughtAt: 'Se compran en la página de reservas de quien da el servicio (debajo de cada bono).',
  noDealInformation:
    'Sobre bonos, descuentos u ofertas no tengo información, así que no te quiero dar una cifra inventada. Si quieres, te paso con una persona del equipo que te lo confirme.',
  notOnPriceList:
    'Eso no está en nuestra lista de precios, así que no te quiero dar una cifra inventada. ¿Quieres que te pase con una persona del equipo para que te dé presupuesto?',
  appointmentCosts: (minutes: number, fee: string) =>
    `Una cita de ${minutes} minutos cuesta ${fee} y se paga online al reservar.`,
  free: 'gratis',

  /** The premium subscription. */
  noSubscription: 'Ahora mismo no ofrecemos suscripción premium.',
  perInterval: (interval: string): string => (interval === 'year' ? 'al año' : 'al mes'),
  subscribeHere: (name: string, url: string) => ` Suscríbete a ${name} aquí: ${url}`,
  subscriptionCosts: (amount: string, per: string, link: string) =>
    `La suscripción premium cuesta ${amount} ${per}, igual con cualquier profesional.${link}`,
  whichProfessional: '¿De qué profesional te interesa? Te paso su enlace.',

  /** A professional's card and the team. */
  professional: 'Profesional',
  cardWorksIn: (places: string) => `Atiende en ${places}.`,
  cardBook: (url: string) => `Reserva: ${url}`,
  cardPremium: (url: string) => `Contenido premium: ${url}`,
  /** What the public subscription page says of it: billed each period, cancel any time. */
  subscriptionCancelAnytime: (interval: string) =>
    `Se cobra cada ${interval === 'year' ? 'año' : 'mes'} y puedes cancelarla cuando quieras.`,
  bookWith: (name: string, title: string, url: string, fee: { amount: number; currency: string }) =>
    `Puedes reservar con ${name} (${title}) aquí: ${url}\nAllí ves sus huecos libres y pagas la cita (${money(fee.amount, fee.currency, 'es')}).`,
  notBookable: (name: string) => `${name} no está disponible para reservar ahora mismo. Puedes reservar con:`,
  /** Someone of the team who takes no bookings (a manager). */
  takesNoBookings: (name: string) => `${name} no atiende citas. Puedes reservar con:`,
  someoneInParticular: 'Si buscas a alguien en concreto del equipo, dímelo y te paso con una persona.',
  whoWith: '¿Con quién quieres la cita? Estos son nuestros profesionales:',
  ourTeam: 'Estos son nuestros profesionales:',
  tellMeWho: 'Dime con quién (y qué día te viene bien) y te digo sus huecos libres.',
  andMore: (more: number) => `…y ${more} más: dime qué buscas o en qué ciudad y te digo quién.`,
  whatWeOffer: (services: string[]) => `Lo que sí ofrecemos: ${list(services, 'es')}.`,
  weAreIn: (places: string[]) => `Estamos en ${list(places, 'es')}.`,
  noExactAddress:
    'No tengo la dirección exacta: cada profesional indica dónde atiende en su página de reservas.',
  whatWeDo: (company: string, kinds: string[]) =>
    `En ${company} nos dedicamos a ${list(kinds, 'es')}. Estos son nuestros profesionales:`,
  ownHours: 'Cada profesional tiene su propio horario: en su página de reservas ves sus huecos libres.',
  freeThatDay: (day: string) => `El ${day} tienen huecos libres:`,

  /** The business's own information, or the lack of it. */
  fromOurInformation: (text: string) =>
    `Esto es lo que te puedo decir, según la información del negocio: «${text}»`,
  noInformation:
    'No tengo esa información. Si quieres, te paso con una persona de nuestro equipo que te lo confirme.',

  /** Greeting, thanks, refusals and what the assistant can do. */
  greeting: (company: string) =>
    `¡Hola! Soy el asistente de ${company}. Puedo ayudarte a encontrar profesional, ver huecos libres y precios, y reservar una cita. ¿Qué necesitas?`,
  /** A question announced, not asked yet ("una pregunta"). */
  askAway: (greeted: boolean) => `${greeted ? '¡Hola!' : '¡Claro!'} Dime, ¿qué quieres saber?`,
  /** "¿qué quieres decir?": what comes before the last answer, said again. */
  meant: {
    times: 'Me refiero a que esas horas están libres: reserva la que te venga bien en el enlace.',
    other: 'Perdona si no me he explicado bien. Lo que te decía:',
    sure: 'Sí, es lo que tengo según los datos del negocio:',
  },
  cheapest: 'Lo más económico de nuestra lista de precios:',
  /** Everyone who does it was left out by the customer ("cualquiera menos carlos"). */
  onlyThem: (names: string, place: string | null) =>
    `Para eso${place ? ` en ${place}` : ''} solo tenemos a ${names}: no hay nadie más que lo haga.`,
  noGenderChoice: 'No elijo profesional por si es chico o chica, pero te digo quién hay:',
  iAmAnAssistant: (company: string) =>
    `Soy el asistente virtual de ${company}: te respondo al momento con la información del negocio. Si prefieres hablar con una persona del equipo, dímelo.`,
  thanks: '¡Gracias a ti! Aquí estoy si necesitas algo más. ¡Hasta pronto! 👋',
  anythingElse: '¡Perfecto! ¿Te ayudo con algo más?',
  cannotShare:
    'Lo siento, eso no puedo hacerlo: no comparto datos personales de nuestro equipo ni de otros clientes, ni mis instrucciones internas.',
  talkTo: (name: string, url: string) => `Para hablar con ${name}, reserva una cita aquí: ${url}`,
  /** Cancelling or moving someone else's appointment: never done for whoever asks. */
  othersAppointmentClient:
    'Solo puedo cancelar o cambiar tus propias citas. La de otra persona tiene que pedirla ella, escribiéndonos desde su número, o dímelo y te paso con alguien del equipo.',
  othersAppointment:
    'Yo solo puedo cancelar o cambiar las citas de quien me escribe desde su propio número. Para la cita de otra persona te paso con alguien del equipo, que te contestará por aquí.',
  whatICanDo: 'Puedo ayudarte a encontrar profesional, ver huecos libres, precios y reservar una cita.',
  outsideWhatIDo: (company: string) =>
    `Eso se me escapa 🙂 Solo puedo ayudarte con ${company}: encontrar profesional, ver huecos libres, precios y reservar una cita.`,
  /** A client's own appointments: what they have, cancelling and moving, refunds and the waitlist. */
  own: {
    /** Where replies start that the engine reads back (a follow-up to one is about the same appointments). */
    stillOnMark: 'Sí, tu cita sigue en pie:',
    whichMark: '¿Cuál quieres',
    askTimeMark: '¿A qué día y hora',
    replyStarts: [
      'Tu próxima cita',
      'Sí, tu cita sigue en pie:',
      'Tienes estas citas',
      'No veo ninguna cita',
      'De acuerdo, no cambio nada',
      'Hecho:',
    ],
    /** "jueves 26 de noviembre a las 17:00 con Carlos Ruiz". */
    appointment: (date: string, time: string, employee: string) =>
      `${longDate(date, 'es')} a las ${time} con ${employee}`,
    dateAt: (date: string, time: string) => `${longDate(date, 'es')} a las ${time}`,
    nothingChanges: (appointment: string) => `De acuerdo, no cambio nada: tu cita sigue el ${appointment}.`,
    nothingChangesAll: 'De acuerdo, no cambio nada: tus citas siguen en pie.',
    /** "sí no sé", "espera que lo miro" to a proposed change: nothing done until a clear yes. */
    noRush: (appointment: string) =>
      `Sin prisa: de momento no cambio nada y tu cita sigue el ${appointment}. Cuando lo tengas claro, responde «sí» y lo hago.`,
    /** "¿ya he pagado la del jueves?": what was paid for it. */
    paidFor: (appointment: string, amount: string) =>
      `Sí: tu cita del ${appointment} está pagada (${amount}).`,
    paidWithPack: (appointment: string) =>
      `Sí: tu cita del ${appointment} está pagada con una sesión de tu bono.`,
    notPaidOnline: (appointment: string) =>
      `De tu cita del ${appointment} no tenemos ningún pago por internet. Si tienes dudas con el pago, dímelo y te paso con una persona.`,
    noneBooked: (first: string) =>
      `No veo ninguna cita próxima a tu nombre, ${first}: ahora mismo no tienes ninguna reservada. Si quieres reservar una, dime con quién y te digo sus horas libres.`,
    whichOne: (numbered: string, cancelling: boolean) =>
      `Tienes estas citas:\n${numbered}\n¿Cuál quieres ${cancelling ? 'cancelar' : 'cambiar'}? Dime el número o el día.`,
    noneOnDay: (date: string) => `El ${longDate(date, 'es')} no tienes ninguna cita. `,
    noneOnDates: 'En esas fechas no tienes ninguna cita. ',
    stillOn: (appointment: string) => `Sí, tu cita sigue en pie: el ${appointment}.`,
    next: (none: string, appointment: string) => `${none}Tu próxima cita es el ${appointment}.`,
    these: (none: string, appointments: string[]) =>
      `${none}Tienes estas citas:\n${appointments.map((a) => `- ${a}`).join('\n')}`,
    tellMeToChange: (several: boolean): string =>
      several
        ? 'Si necesitas cambiar o cancelar alguna, dímelo.'
        : 'Si necesitas cambiarla o cancelarla, dímelo.',
    /** "¿y dónde es?" of an appointment: where its professional works (the appointment keeps no place). */
    isIn: (place: string) => `Es en ${place}.`,
    worksInWhich: (name: string, places: string) =>
      `${name} atiende en ${places}; en la cita no consta en cuál.`,
    movingIsFree: (hours: number, appointment: string) =>
      `Cambiarla no te cuesta nada: puedes moverla sin coste hasta ${hours} horas antes, y tu cita del ${appointment} aún está a tiempo. Si quieres, dime a qué día y hora.`,
    until: (date: string, time: string) => ` (hasta el ${longDate(date, 'es')} a las ${time})`,
    notComingRefundIfCancelled: (appointment: string, hours: number, deadline: string, amount: string) =>
      `Si no vienes sin avisar, la reserva no se devuelve. Pero si cancelas tu cita del ${appointment} con al menos ${hours} horas de antelación${deadline}, te devolvemos ${amount}. Si quieres cancelarla, dímelo.`,
    notComingNoRefund: (appointment: string, hours: number) =>
      `Si no vienes, la reserva no se devuelve${hours > 0 ? `: faltan menos de ${hours} horas para tu cita del ${appointment}, así que cancelarla ya tampoco la devuelve` : ''}. Si quieres cancelarla o cambiarla, dímelo.`,
    packSessionBackInTime: (appointment: string, hours: number, until: string) =>
      `Tu cita del ${appointment} se pagó con una sesión de tu bono: si la cancelas con al menos ${hours} horas de antelación${until}, la sesión vuelve a tu bono; si avisas más tarde o no vienes, se da por usada. Si quieres cancelarla, dímelo.`,
    packSessionUsed: (appointment: string, hours: number) =>
      `Tu cita del ${appointment} se pagó con una sesión de tu bono, y como faltan menos de ${hours} horas, si la cancelas o no vienes la sesión se da por usada. Si quieres cancelarla igualmente, dímelo.`,
    refundedIfInTime: (hours: number, appointment: string, amount: string, until: string) =>
      `Se devuelve si cancelas con al menos ${hours} horas de antelación: tu cita del ${appointment} se puede cancelar con reembolso de ${amount}${until}. Si avisas más tarde (el mismo día, por ejemplo), ya no se devuelve. Si quieres cancelarla, dímelo.`,
    refundNow: (appointment: string, amount: string, hours: number) =>
      `Sí: si cancelas ahora tu cita del ${appointment}, te devolvemos ${amount} (se devuelve hasta ${hours} horas antes). Si quieres cancelarla, dímelo.`,
    noRefundNow: (appointment: string, hours: number) =>
      `Tu cita del ${appointment} se puede cancelar, pero ya no se devuelve el importe: faltan menos de ${hours} horas. Si quieres cancelarla igualmente, dímelo.`,
    more: 'más',
    askTime: (appointment: string) => `Claro. ¿A qué día y hora quieres pasar tu cita del ${appointment}?`,
    thatTimeTaken: (date: string, employee: string, times: string) =>
      `A esa hora no hay hueco. El ${longDate(date, 'es')} ${employee} tiene libre: ${times}. ¿Te viene bien alguna?`,
    nothingOnDayButOn: (employee: string, date: string, at: string | undefined, dates: string) =>
      `${employee} no tiene hueco el ${longDate(date, 'es')}${at ? ` a las ${at}` : ''}. ${at ? `A las ${at} tiene libre el` : 'Tiene horas libres el'} ${dates}. ¿Te viene bien alguno?`,
    onDay: (date: string) => `el ${longDate(date, 'es')}`,
    onThoseDays: 'esos días',
    nothingFree: (employee: string, span: string, at: string | undefined) =>
      `${employee} no tiene horas libres ${span}${at ? ` a las ${at}` : ''}. ¿Te viene bien otro día?`,
    notFreeAt: (at: string) => `A las ${at} no hay hueco. `,
    freeOn: (missed: string, date: string, employee: string, times: string) =>
      `${missed}El ${longDate(date, 'es')} ${employee} tiene libre: ${times}. ¿A qué hora te la paso?`,

    tooLateToMove: (appointment: string, hours: number) =>
      `Tu cita del ${appointment} ya no se puede cambiar por aquí: los cambios son posibles hasta ${hours} horas antes de la cita. Si quieres, puedo cancelarla, o te paso con una persona.`,
    employeeGone: (employee: string) =>
      `${employee} ya no tiene agenda abierta, así que no puedo moverla por aquí. Si quieres, te paso con una persona.`,
    cannotChange: 'Esa cita ya no se puede cambiar por aquí. Si quieres, te paso con una persona.',
    refundToCard: (amount: string) => `Se te devolverán ${amount} a tu tarjeta.`,
    noRefundLate: (hours: number) => `Como faltan menos de ${hours} horas, no se devuelve el importe pagado.`,
    nothingToRefund: 'No hay importe que devolver.',
    packSessionUsedLate: (hours: number) =>
      `Como faltan menos de ${hours} horas, la sesión del bono se da por usada.`,
    askToCancel: (appointment: string, refund: string) =>
      `¿Cancelo tu cita del ${appointment}? ${refund} Responde «sí» para confirmar.`,
    askToCancelAll: (appointments: string[]) =>
      `¿Cancelo estas ${appointments.length} citas?\n${appointments.map((a) => `- ${a}`).join('\n')}\nResponde «sí» para cancelarlas todas.`,
    askToMoveAll: (moves: string[]) =>
      `¿Cambio estas ${moves.length} citas?\n${moves.map((m) => `- ${m}`).join('\n')}\nResponde «sí» para cambiarlas todas.`,
    movedTo: (appointment: string, date: string, time: string) =>
      `la del ${appointment}, al ${longDate(date, 'es')} a las ${time}`,
    askToMove: (appointment: string, date: string, time: string) =>
      `¿Cambio tu cita del ${appointment} al ${longDate(date, 'es')} a las ${time}? Responde «sí» para confirmar.`,
    refunding: (amount: string) =>
      ` Te devolvemos ${amount} a tu tarjeta; puede tardar unos días en aparecer.`,
    cancelled: (appointment: string, refund: string) =>
      `Hecho: tu cita del ${appointment} está cancelada.${refund}`,
    moved: (employee: string, date: string, time: string) =>
      `Hecho: tu cita con ${employee} queda el ${longDate(date, 'es')} a las ${time}. Te enviamos el cambio por correo.`,
    justTaken: 'Vaya, esa hora se acaba de ocupar. ¿Quieres que te diga otras horas libres?',
    noLongerBooked: (several: boolean) =>
      `${several ? 'Una de esas citas' : 'Esa cita'} ya no está reservada a tu nombre, así que no he cambiado nada en ella.`,

    joinOnPage: (url: string) => `Puedes apuntarte en la página de reservas: ${url}`,
    needEmail: (onThePage: string) =>
      `Para avisarte cuando se libere una plaza necesitamos tu email, y no lo tenemos. ${onThePage}`,
    // A class's line is for a seat; a one-to-one time's, for the time itself.
    joined: (when: string, isClass: boolean, position: number, whatsApp: boolean) =>
      `Hecho: estás en la lista de espera ${isClass ? 'de la clase del' : 'del'} ${when}, con el número ${position}. Si se libera${isClass ? ' una plaza' : ','} te avisamos por email${whatsApp ? ' y WhatsApp' : ''} y te la guardamos un rato para que la confirmes.`,
    alreadyWaiting: (when: string, isClass: boolean) =>
      `Ya estás en la lista de espera ${isClass ? 'de la clase del' : 'del'} ${when}: te avisamos si se libera${isClass ? ' una plaza' : ''}.`,
    placeJustFreed: (when: string, isClass: boolean, url: string) =>
      isClass
        ? `¡Buenas noticias! Acaba de quedar una plaza libre en la clase del ${when}. Resérvala aquí: ${url}`
        : `¡Buenas noticias! El ${when} acaba de quedar libre. Resérvalo aquí: ${url}`,
    classStarted: (when: string, isClass: boolean) =>
      isClass ? `La clase del ${when} ya ha empezado.` : `El ${when} ya ha pasado.`,
    couldNotJoin: (onThePage: string) => `No he podido apuntarte a la lista de espera. ${onThePage}`,
  },

  /** A client's session packs. */
  packs: {
    one: (name: string, service: string, left: number, total: number, expires: string) =>
      `«${name}» (${service}): te quedan ${left} de ${total} sesiones, hasta el ${longDate(expires, 'es')}`,
    none: 'No veo ningún bono de sesiones vigente a tu nombre. Si crees que debería haber uno, ¿quieres que te pase con una persona?',
    howToUse: ' Cada reserva de ese servicio usa una sesión; si cancelas a tiempo, se te devuelve.',
    yourPack: (line: string, book: string) => `Tu bono ${line}.${book}`,
    yourPacks: (lines: string[], book: string) => `Tus bonos: ${list(lines, 'es')}.${book}`,
  },

  /**
   * What a clarifying question offers, and what choosing each one says to the engine: the customer's
   * first message is read again with these words added, so its professional, day or service stays.
   */
  options: {
    open_times: { label: 'Ver horas libres o reservar una cita', says: '¿qué horas libres hay?' },
    find_professional: { label: 'Encontrar un profesional', says: '¿qué profesionales tenéis?' },
    prices: { label: 'Precios', says: '¿cuánto cuesta?' },
    company_info: { label: 'Horario y dirección', says: '¿qué horario tenéis y dónde estáis?' },
    own_booking: { label: 'Tu cita (verla, cambiarla o cancelarla)', says: '¿qué citas tengo?' },
    person: { label: 'Hablar con una persona del equipo', says: 'quiero hablar con una persona' },
  },
  pickANumber: `${NOT_UNDERSTOOD.es}. ¿Qué necesitas? Respóndeme con el número:`,
  notUnderstoodHelp: `${NOT_UNDERSTOOD.es}. Puedo ayudarte a encontrar profesional (dime qué buscas y en qué ciudad), ver huecos libres, precios o reservar una cita.`,
};

export type Replies = typeof es;

const en: Replies = {
  notUnderstood: NOT_UNDERSTOOD.en,

  ask: {
    appointmentPrice: 'how much is an appointment?',
    priceOf: (service) => `how much is ${service}?`,
  },

  handover: {
    general:
      "I'm passing you to a member of our team, who will follow up shortly. Thank you for your patience!",
    person:
      "Of course, I'm passing you to a person on our team, who will reply shortly. Thank you for your patience!",
    complaint:
      "I'm really sorry about that. I'm passing you to a person on our team, who will look into it with you shortly.",
    ownBooking:
      "To check, move or cancel your appointment I'm passing you to a person on our team, who will help you shortly.",
    ownBookingAside: 'A person on our team will answer that about your appointment shortly.',
    notUnderstood:
      "I can't help with this, so I'm passing you to a person on our team, who will reply shortly.",
  },
  mediaOnly:
    "I can't listen to voice notes or see pictures or stickers. Could you write it? Then I can help with open times, prices or your appointment.",
  runningLate:
    "Thanks for letting us know. I'm telling the team right now; if anything is needed, they'll write to you here.",
  runningLateAsks:
    "Thanks for letting us know. I'm passing your message to a person on the team right now; they'll answer you here.",
  website: (site) => `Our website is ${site}`,
  answeringInOurLanguage: 'I answer in English, the language we work in.',
  weSpeakIt: 'Yes, we speak English.\n',

  doesService: (name, service) => `Yes, ${name} does ${service}.`,
  doesNotDoService: (name, service) => `No, ${name} doesn't do ${service}.`,
  bookItWith: 'You can book it with:',
  serviceTakes: (service, minutes) => `${service} takes ${formatDuration(minutes)}.`,
  appointmentLasts: (minutes) => `Each appointment lasts ${minutes} minutes.`,
  lengthNotWritten: (minutes) =>
    `I don't have that service's length written down; the appointment you book online is ${minutes} minutes.`,

  canBookOnline: 'Online, you can book:',
  canBookIn: (places) => `In ${places}, you can book:`,
  canBook: 'You can book:',
  wantTheirTimes: 'Would you like to see their open times?',
  serviceNotOffered: "We don't offer that service, sorry.",
  nobodyIn: (places) => `We don't have anyone in ${places} at the moment.`,
  nobodyForThatIn: (places) => `We don't have anyone for that in ${places} at the moment.`,
  forThatWeHave: 'For what you are looking for we have:',
  inPlaceThereIs: (places) => `In ${places} there is:`,
  nobodyForKindIn: (kind, places) => `For ${kind} we have no one in ${places}; you can book:`,
  nobodyForTheRestIn: (places) => `For the rest of what you asked we have no one in ${places}; you can book:`,
  worksIn: (first, places) => `Yes, ${first} works in ${places}.`,
  doesNotWorkThere: (first, asked, places) => `No, ${first} doesn't work ${asked}: they work in ${places}.`,
  inPlace: (place) => `in ${place}`,
  worksThere: (name, asked, url) => `Yes, ${name} works ${asked}. Book: ${url}`,
  alsoWorksThere: (name, asked) => `Yes, ${name} works ${asked} too.`,
  worksElsewhere: (name, asked, places) =>
    `No, ${name} doesn't work ${asked}: ${name.split(' ')[0]} works in ${places}. I can tell you who does, if you like.`,

  bookHere: (url) => `Book here: ${url}`,
  otherDoesService: (name, service, doers) => `${name} does not do ${service}; ${list(doers, 'en')} does.`,
  nobodyDoesService: (service) => `Nobody does ${service} at the moment.`,
  noPublishedHours: (name) => `${name} has no published hours at the moment.`,
  worksOn: (first, weekdays) => `${first} works ${weekdaysPlural(weekdays, 'en')}.`,
  freeAt: (name, day, at, link) => `Yes! ${name} is free on ${day} at ${at}.\n${link}`,
  freeAtSome: (name, day, free, taken, link) =>
    `${
      !free.length
        ? `${name} is not free on ${day} at ${list(taken, 'en')}.`
        : !taken.length
          ? `Yes! ${name} is free on ${day} at ${list(free, 'en')}.`
          : `${name} is free on ${day} at ${list(free, 'en')}, but not at ${list(taken, 'en')}.`
    }\n${link}`,
  notFreeButAt: (at, day, first, times, link) =>
    `${at} is not free, but on ${day} ${first} is free at ${times}.\n${link}`,
  freeAtOtherTimes: (times) => `That day they are free at other times: ${times}.`,
  freeAtOn: (name, at, days, link) => `${name} is free at ${at} on ${days}.\n${link}`,
  notFreeAtThisWeek: (first) => `${first} has no open times at that hour these days.`,
  openTimes: (name, forService) => `${name} has these open times${forService}:`,
  nextOpenTimes: 'Next open times:',
  nobodyElseFree: 'Nobody else who does the same has open times then.',
  today: (date) => `today, ${date}`,
  doesNotWorkOn: (first, weekday, day, workedLine) =>
    `${first} doesn't work on ${weekdayName(weekday, 'en')}s, so nothing is free on ${day}. ${workedLine}`,
  dateRange: (from, to) => `from ${longDate(from, 'en')} to ${longDate(to, 'en')}`,
  noOpenTimes: (first, oneDay, when, part) =>
    `${first} has no open times ${oneDay ? 'on ' : ''}${when}${part}.`,
  after: (time) => ` after ${time}`,
  before: (time) => ` before ${time}`,
  partOfDay: {
    morning: ' in the morning',
    midmorning: ' mid-morning',
    midday: ' around midday',
    afternoon: ' in the afternoon',
    evening: ' in the evening',
  },

  classFull: (at, day) =>
    `The ${at} class on ${day} is full. You can join its waitlist on the booking page: if a place frees up, we'll let you know.`,
  placesLeftAt: (times) => `That day has places at ${list(times, 'en')}.`,
  offerWaitlist:
    'Shall I put you on the waitlist? If a place frees up, we will tell you and hold it for you for a while to confirm.',
  notOnWaitlist: "All right, I won't put you on the waitlist.",
  offerWaitlistAt: (at) =>
    `Shall I put you on the waitlist for ${at}? If it frees up, we will tell you and hold it for you for a while to confirm.`,
  offerWaitlistWithAnyone: (at) =>
    `Shall I put you on the waitlist for ${at}, with whoever frees up first? If it frees up, we will tell you and hold it for you for a while to confirm.`,
  waitOnPage: (at, url) =>
    `If you'd rather wait for ${at}, you can join its waitlist on the booking page: ${url}`,
  classesFull: (count, times) =>
    `${count === 1 ? 'The class on' : 'The classes on'} ${times} ${count === 1 ? 'is' : 'are'} full: you can join the waitlist on the booking page and we'll let you know if a place frees up.`,
  bookOrJoin: (url) => `Book or join here: ${url}`,
  dateAt: (date, time) => `${longDate(date, 'en')} at ${time}`,
  seatsLeft: (time, seats) => (seats === 1 ? `1 seat left at ${time}` : `${seats} seats left at ${time}`),

  cancelUntilStart:
    'You can cancel your appointment until it starts and get back what you paid; you can also move it. Use the link in your confirmation or write to us here.',
  cancelUntilHours: (hours) =>
    `You can cancel or move your appointment free of charge until ${hours} hours before it: we refund what you paid in full. With less than ${hours} hours to go there is no refund and it can no longer be moved online. Use the link in your confirmation or write to us here.`,
  lateCancel: (hours) =>
    `If you cancel less than ${hours} hours before (on the day, say), what you paid is not refunded; up to ${hours} hours before, it is, in full.`,
  timelyCancel: (hours) =>
    `Yes: with that much notice (${hours} hours or more) what you paid is refunded in full, and you can move it too.`,

  serviceLine: (service, minutes, price) => `${service} (${formatDuration(minutes)}): ${price}.`,
  paidOnline: 'Paid online when you book.',
  guidePrice: (service, amount, from) =>
    `${service}: ${from ? `from ${amount}` : amount} (guide price of the service).`,
  altogether: (total) => `Altogether: ${total}.`,
  sessionsTotal: (count, total, each) => `${count} sessions: ${total} altogether (${each} each).`,
  forAge: (service, amount, maxAge) => `${service}: ${amount} (guide price, up to age ${maxAge}).`,
  overAge: (service, maxAge, age, others) =>
    `${capitalised(service)}: up to age ${maxAge}; at ${age} the adult price applies: ${list(others, 'en')}.`,
  priceList: (items) => `Guide prices: ${list(items, 'en')}.`,
  guideItem: (service, amount, from) => `${service} ${from ? `from ${amount}` : amount}`,
  packsOnSale: 'We sell these packs of sessions:',
  packLine: (name, sessions, service, price, days) =>
    `• ${name}: ${sessions} sessions of ${service} for ${price}, valid ${days} days from purchase`,
  packsBoughtAt: 'They are bought on the booking page of whoever offers the service (under each pack).',
  noDealInformation:
    "I don't have information about packs, discounts or offers, so I won't guess. If you like, I can pass you to a person on the team to confirm.",
  notOnPriceList:
    "That is not on our price list, so I won't guess a figure. Would you like me to pass you to a person on the team for a quote?",
  appointmentCosts: (minutes, fee) =>
    `A ${minutes}-minute appointment costs ${fee}, paid online when you book.`,
  free: 'free',

  noSubscription: "We don't offer a premium subscription at the moment.",
  perInterval: (interval) => (interval === 'year' ? 'a year' : 'a month'),
  subscribeHere: (name, url) => ` Subscribe to ${name} here: ${url}`,
  subscriptionCosts: (amount, per, link) =>
    `The premium subscription costs ${amount} ${per}, the same with every professional.${link}`,
  whichProfessional: 'Which professional are you interested in? I will send you their link.',

  professional: 'Professional',
  cardWorksIn: (places) => `Works in ${places}.`,
  cardBook: (url) => `Book: ${url}`,
  cardPremium: (url) => `Premium content: ${url}`,
  subscriptionCancelAnytime: (interval) =>
    `It is billed ${interval === 'year' ? 'yearly' : 'monthly'} and you can cancel it anytime.`,
  bookWith: (name, title, url, fee) =>
    `You can book with ${name} (${title}) here: ${url}\nThere you see their open times and pay for the appointment (${money(fee.amount, fee.currency, 'en')}).`,
  notBookable: (name) => `${name} isn't available to book at the moment. You can book with:`,
  takesNoBookings: (name) => `${name} doesn't take appointments. You can book with:`,
  someoneInParticular:
    'If you are looking for someone in particular on the team, tell me and I will pass you to a person.',
  whoWith: 'Who would you like to book with? These are our professionals:',
  ourTeam: 'These are our professionals:',
  tellMeWho: 'Tell me who (and which day suits you) and I will tell you their open times.',
  andMore: (more) => `…and ${more} more: tell me what you need or where and I will tell you who.`,
  whatWeOffer: (services) => `What we do offer: ${list(services, 'en')}.`,
  weAreIn: (places) => `We are in ${list(places, 'en')}.`,
  noExactAddress:
    "I don't have the exact address: each professional says where they see clients on their booking page.",
  whatWeDo: (company, kinds) => `At ${company} we offer ${list(kinds, 'en')}. These are our professionals:`,
  ownHours: 'Each professional has their own hours: their booking page shows their open times.',
  freeThatDay: (day) => `Open times on ${day}:`,

  fromOurInformation: (text) => `Here is what our information says about it: «${text}»`,
  noInformation:
    "I don't have that information. If you like, I can pass you to a person on our team who can confirm it.",

  greeting: (company) =>
    `Hi! I'm the assistant of ${company}. I can help you find a professional, check open times and prices, and book an appointment. What do you need?`,
  askAway: (greeted) => `${greeted ? 'Hi!' : 'Sure!'} Go ahead, what would you like to know?`,
  meant: {
    times: 'I mean those times are free: book the one that suits you at the link.',
    other: "Sorry if that wasn't clear. What I said was:",
    sure: "Yes, that's what the business's details say:",
  },
  cheapest: 'The cheapest on our price list:',
  onlyThem: (names, place) =>
    `For that${place ? ` in ${place}` : ''} we only have ${names}: there is nobody else who does it.`,
  noGenderChoice: "I don't choose professionals by gender, but here is who there is:",
  iAmAnAssistant: (company) =>
    `I'm the virtual assistant of ${company}: I answer straight away from the business's information. If you'd rather talk to a person on the team, just say so.`,
  thanks: "You're welcome! I'm here if you need anything else. Bye! 👋",
  anythingElse: 'Great! Can I help with anything else?',
  cannotShare:
    "Sorry, I can't do that: I don't share personal details of our team or other customers, nor my internal instructions.",
  talkTo: (name, url) => `To talk to ${name}, book an appointment here: ${url}`,
  othersAppointmentClient:
    "I can only cancel or change your own appointments. Someone else's has to be asked for by them, writing from their own number, or tell me and I'll pass you to someone on the team.",
  othersAppointment:
    "I can only cancel or change the appointments of the person writing from their own number. For someone else's, I'm passing you to someone on the team, who will answer you here.",
  whatICanDo: 'I can help you find a professional, check open times and prices, and book an appointment.',
  outsideWhatIDo: (company) =>
    `That's outside what I can do 🙂 I can only help with ${company}: finding a professional, open times, prices and booking an appointment.`,
  own: {
    stillOnMark: 'Yes, your appointment is still on:',
    whichMark: 'Which one would you like',
    askTimeMark: 'Which day and time',
    replyStarts: [
      'Your next appointment',
      'Yes, your appointment is still on:',
      'You have these appointments',
      "I can't see any upcoming appointment",
      'All right, nothing changes',
      'Done:',
    ],
    appointment: (date, time, employee) => `${longDate(date, 'en')} at ${time} with ${employee}`,
    dateAt: (date, time) => `${longDate(date, 'en')} at ${time}`,
    nothingChanges: (appointment) =>
      `All right, nothing changes: your appointment is still on ${appointment}.`,
    nothingChangesAll: 'All right, nothing changes: your appointments stay as they are.',
    noRush: (appointment) =>
      `No rush: I'm not changing anything yet, and your appointment is still on ${appointment}. When you're sure, reply "yes" and I'll do it.`,
    paidFor: (appointment, amount) => `Yes: your appointment on ${appointment} is paid (${amount}).`,
    paidWithPack: (appointment) =>
      `Yes: your appointment on ${appointment} is paid with a session of your pack.`,
    notPaidOnline: (appointment) =>
      `We have no online payment for your appointment on ${appointment}. If something about the payment is unclear, tell me and I'll pass you to a person.`,
    noneBooked: (first) =>
      `I can't see any upcoming appointment in your name, ${first}: you don't have one booked right now. If you'd like to book one, tell me with whom and I'll tell you their open times.`,
    whichOne: (numbered, cancelling) =>
      `You have these appointments:\n${numbered}\nWhich one would you like to ${cancelling ? 'cancel' : 'move'}? Tell me its number or its day.`,
    noneOnDay: (date) => `You have no appointment on ${longDate(date, 'en')}. `,
    noneOnDates: 'You have no appointment on those dates. ',
    stillOn: (appointment) => `Yes, your appointment is still on: ${appointment}.`,
    next: (none, appointment) => `${none}Your next appointment is on ${appointment}.`,
    these: (none, appointments) =>
      `${none}You have these appointments:\n${appointments.map((a) => `- ${a}`).join('\n')}`,
    tellMeToChange: (several) =>
      several
        ? 'If you need to move or cancel one, just tell me.'
        : 'If you need to move or cancel it, just tell me.',
    isIn: (place) => `It is in ${place}.`,
    worksInWhich: (name, places) => `${name} works in ${places}; the appointment does not say which.`,
    movingIsFree: (hours, appointment) =>
      `Moving it costs nothing: you can move it free of charge until ${hours} hours before, and your appointment on ${appointment} is still in time. If you like, tell me which day and time.`,
    until: (date, time) => ` (until ${longDate(date, 'en')} at ${time})`,
    notComingRefundIfCancelled: (appointment, hours, deadline, amount) =>
      `If you don't come without telling us, the booking is not refunded. But if you cancel your appointment on ${appointment} at least ${hours} hours before${deadline}, you get ${amount} back. If you want to cancel it, just tell me.`,
    notComingNoRefund: (appointment, hours) =>
      `If you don't come, the booking is not refunded${hours > 0 ? `: your appointment on ${appointment} is less than ${hours} hours away, so cancelling it no longer refunds it either` : ''}. If you want to cancel or move it, just tell me.`,
    packSessionBackInTime: (appointment, hours, until) =>
      `Your appointment on ${appointment} was paid with a session of your pack: cancel it at least ${hours} hours before${until} and the session goes back to your pack; later, or if you don't come, it counts as used. If you want to cancel it, just tell me.`,
    packSessionUsed: (appointment, hours) =>
      `Your appointment on ${appointment} was paid with a session of your pack, and as it is less than ${hours} hours away, cancelling it or not coming uses the session. If you want to cancel it anyway, just tell me.`,
    refundedIfInTime: (hours, appointment, amount, until) =>
      `It is refunded if you cancel at least ${hours} hours before: your appointment on ${appointment} can be cancelled with a refund of ${amount}${until}. If you tell us later (on the day, say), there is no refund. If you want to cancel it, just tell me.`,
    refundNow: (appointment, amount, hours) =>
      `Yes: if you cancel your appointment on ${appointment} now, you get ${amount} back (refunds are given until ${hours} hours before). If you want to cancel it, just tell me.`,
    noRefundNow: (appointment, hours) =>
      `Your appointment on ${appointment} can be cancelled, but without a refund: it is less than ${hours} hours away. If you want to cancel it anyway, just tell me.`,
    more: 'more',
    askTime: (appointment) => `Sure. Which day and time would you like instead of ${appointment}?`,
    thatTimeTaken: (date, employee, times) =>
      `That time is not free. On ${longDate(date, 'en')} ${employee} is free at ${times}. Would one of those suit you?`,
    nothingOnDayButOn: (employee, date, at, dates) =>
      `${employee} has nothing free on ${longDate(date, 'en')}${at ? ` at ${at}` : ''}. ${at ? `At ${at} they are free on` : 'They have open times on'} ${dates}. Would one of those suit you?`,
    onDay: (date) => `on ${longDate(date, 'en')}`,
    onThoseDays: 'on those days',
    nothingFree: (employee, span, at) =>
      `${employee} has no open times ${span}${at ? ` at ${at}` : ''}. Would another day suit you?`,
    notFreeAt: (at) => `${at} is not free. `,
    freeOn: (missed, date, employee, times) =>
      `${missed}On ${longDate(date, 'en')} ${employee} is free at ${times}. Which time would you like?`,

    tooLateToMove: (appointment, hours) =>
      `Your appointment on ${appointment} can no longer be moved here: changes are possible until ${hours} hours before the appointment. I can cancel it if you like, or pass you to a person.`,
    employeeGone: (employee) =>
      `${employee} no longer takes bookings, so I cannot move it here. I can pass you to a person if you like.`,
    cannotChange: 'That appointment can no longer be changed here. I can pass you to a person if you like.',
    refundToCard: (amount) => `The ${amount} fee will be refunded to your card.`,
    noRefundLate: (hours) => `As it is less than ${hours} hours away, there is no refund of the fee.`,
    nothingToRefund: 'There is nothing to refund.',
    packSessionUsedLate: (hours) =>
      `As it is less than ${hours} hours away, the pack session counts as used.`,
    askToCancel: (appointment, refund) =>
      `Shall I cancel your appointment on ${appointment}? ${refund} Reply "yes" to confirm.`,
    askToCancelAll: (appointments) =>
      `Shall I cancel these ${appointments.length} appointments?\n${appointments.map((a) => `- ${a}`).join('\n')}\nReply "yes" to cancel them all.`,
    askToMoveAll: (moves) =>
      `Shall I move these ${moves.length} appointments?\n${moves.map((m) => `- ${m}`).join('\n')}\nReply "yes" to move them all.`,
    movedTo: (appointment, date, time) => `the one on ${appointment}, to ${longDate(date, 'en')} at ${time}`,
    askToMove: (appointment, date, time) =>
      `Shall I move your appointment on ${appointment} to ${longDate(date, 'en')} at ${time}? Reply "yes" to confirm.`,
    refunding: (amount) => ` We are refunding ${amount} to your card; it may take a few days to show.`,
    cancelled: (appointment, refund) => `Done: your appointment on ${appointment} is cancelled.${refund}`,
    moved: (employee, date, time) =>
      `Done: your appointment with ${employee} is now on ${longDate(date, 'en')} at ${time}. We are emailing you the change.`,
    justTaken: 'Sorry, that time was just taken. Shall I tell you other open times?',
    noLongerBooked: (several) =>
      `${several ? 'One of those appointments' : 'That appointment'} is no longer booked in your name, so I have not changed anything in it.`,

    joinOnPage: (url) => `You can join it on the booking page: ${url}`,
    needEmail: (onThePage) =>
      `To tell you when a place frees up we need your email address, and we don't have it. ${onThePage}`,
    joined: (when, isClass, position, whatsApp) =>
      `Done: you're on the waitlist for ${isClass ? 'the class on ' : ''}${when}, number ${position} in line. If ${isClass ? 'a place' : 'it'} frees up we'll tell you by email${whatsApp ? ' and WhatsApp' : ''} and hold it for you for a while to confirm.`,
    alreadyWaiting: (when, isClass) =>
      `You're already on the waitlist for ${isClass ? 'the class on ' : ''}${when}: we'll tell you if ${isClass ? 'a place' : 'it'} frees up.`,
    placeJustFreed: (when, isClass, url) =>
      isClass
        ? `Good news: a place just freed up in the class on ${when}. Book it here: ${url}`
        : `Good news: ${when} just became free. Book it here: ${url}`,
    classStarted: (when, isClass) =>
      isClass ? `The class on ${when} has already started.` : `${when} has already passed.`,
    couldNotJoin: (onThePage) => `I couldn't put you on the waitlist. ${onThePage}`,
  },

  packs: {
    one: (name, service, left, total, expires) =>
      `"${name}" (${service}): ${left} of ${total} sessions left, until ${longDate(expires, 'en')}`,
    none: "I can't see any pack of sessions in your name that is still valid. If you think there should be one, would you like me to pass you to a person?",
    howToUse: ' Each booking of that service uses one session; cancel in time and it comes back.',
    yourPack: (line, book) => `Your pack ${line}.${book}`,
    yourPacks: (lines, book) => `Your packs: ${list(lines, 'en')}.${book}`,
  },

  options: {
    open_times: { label: 'See open times or book an appointment', says: 'what times are free?' },
    find_professional: { label: 'Find a professional', says: 'which professionals do you have?' },
    prices: { label: 'Prices', says: 'how much is it?' },
    company_info: { label: 'Opening hours and address', says: 'what are your hours and where are you?' },
    own_booking: { label: 'Your appointment (see, move or cancel it)', says: 'what appointments do I have?' },
    person: { label: 'Talk to a person on the team', says: 'I want to talk to a person' },
  },
  pickANumber: `${NOT_UNDERSTOOD.en}. What do you need? Reply with the number:`,
  notUnderstoodHelp: `${NOT_UNDERSTOOD.en}. I can help you find a professional (tell me what you need and where), check open times and prices, or book an appointment.`,
};

export const REPLIES: Record<Language, Replies> = { es, en };
