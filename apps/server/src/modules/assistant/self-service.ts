import { CUSTOMER_TEXTS } from '@chatdesk/contract/customer-texts';
import { MANAGE_BOOKING_MESSAGES } from '@chatdesk/contract/manage-booking';
import { WAITLIST_MESSAGES } from '@chatdesk/contract/waitlist';
import { AppError } from '../../lib/app-error.ts';
import type { ManageBookingService } from '../manage-booking/manage-booking.service.ts';
import type { WaitlistService } from '../waitlist/waitlist.service.ts';
import type {
  AppointmentChange,
  ChangeProposal,
  CustomerAppointment,
  WaitlistJoin,
} from './assistant-engine.ts';
import type { Language } from './language.ts';
import { longDate, money } from './rules/phrases.ts';

/**
 * A customer's own appointment in chat, for both engines: how a proposal is put to them, and
 * the change made once they confirm, through the manage page's service and policy.
 */

const t = (language: Language, es: string, en: string) => (language === 'es' ? es : en);

/** "jueves 26 de noviembre a las 17:00 con Carlos Ruiz" / "Thursday 26 November at 17:00 with Carlos Ruiz". */
export function describeAppointment(appointment: CustomerAppointment, language: Language) {
  return t(
    language,
    `${longDate(appointment.date, 'es')} a las ${appointment.startTime} con ${appointment.employeeName}`,
    `${longDate(appointment.date, 'en')} at ${appointment.startTime} with ${appointment.employeeName}`,
  );
}

/** Why a change cannot be made, in the customer's language (the policy speaks English). */
export function reasonText(reason: string | null, appointment: CustomerAppointment, language: Language) {
  if (reason === MANAGE_BOOKING_MESSAGES.tooLateToReschedule) {
    return t(
      language,
      `Ya no se puede cambiar por aquí: los cambios son posibles hasta ${appointment.freeCancellationHours} horas antes de la cita. Si quieres, puedo cancelarla, o te paso con una persona.`,
      `It can no longer be moved here: changes are possible until ${appointment.freeCancellationHours} hours before the appointment. I can cancel it if you like, or pass you to a person.`,
    );
  }
  if (reason === MANAGE_BOOKING_MESSAGES.employeeUnavailable) {
    return t(
      language,
      `${appointment.employeeName} ya no tiene agenda abierta, así que no puedo moverla por aquí. Si quieres, te paso con una persona.`,
      `${appointment.employeeName} no longer takes bookings, so I cannot move it here. I can pass you to a person if you like.`,
    );
  }
  return t(
    language,
    'Esa cita ya no se puede cambiar por aquí. Si quieres, te paso con una persona.',
    'That appointment can no longer be changed here. I can pass you to a person if you like.',
  );
}

/** The refund sentence of a cancellation: what comes back, or that nothing does and why. */
export function refundSentence(appointment: CustomerAppointment, language: Language) {
  // Paid with a session of a pack: the session comes back on the same terms as a fee would.
  if (appointment.packSessionBack !== null) return packSessionSentence(appointment, language);
  if (appointment.refundOnCancel) {
    const amount = money(appointment.refundOnCancel.amount, appointment.refundOnCancel.currency, language);
    return t(
      language,
      `Se te devolverán ${amount} a tu tarjeta.`,
      `The ${amount} fee will be refunded to your card.`,
    );
  }
  return appointment.freeCancellationHours > 0
    ? t(
        language,
        `Como faltan menos de ${appointment.freeCancellationHours} horas, no se devuelve el importe pagado.`,
        `As it is less than ${appointment.freeCancellationHours} hours away, there is no refund of the fee.`,
      )
    : t(language, 'No hay importe que devolver.', 'There is nothing to refund.');
}

/** What happens to the pack session an appointment was paid with, if it is cancelled now. */
function packSessionSentence(appointment: CustomerAppointment, language: Language) {
  return appointment.packSessionBack
    ? CUSTOMER_TEXTS[language].sessionReturned
    : t(
        language,
        `Como faltan menos de ${appointment.freeCancellationHours} horas, la sesión del bono se da por usada.`,
        `As it is less than ${appointment.freeCancellationHours} hours away, the pack session counts as used.`,
      );
}

/** The question that proposes a cancellation, with its money consequence before the customer says yes. */
export function askToCancel(appointment: CustomerAppointment, language: Language) {
  return t(
    language,
    `¿Cancelo tu cita del ${describeAppointment(appointment, 'es')}? ${refundSentence(appointment, 'es')} Responde «sí» para confirmar.`,
    `Shall I cancel your appointment on ${describeAppointment(appointment, 'en')}? ${refundSentence(appointment, 'en')} Reply "yes" to confirm.`,
  );
}

/** The cancellation put to the customer, with the terms they are told: the refund, and a pack session's return. */
export const cancelProposal = (appointment: CustomerAppointment): ChangeProposal => ({
  kind: 'cancel',
  appointmentId: appointment.id,
  refund: appointment.refundOnCancel,
  ...(appointment.packSessionBack === null ? {} : { sessionBack: appointment.packSessionBack }),
});

export function askToMove(appointment: CustomerAppointment, date: string, time: string, language: Language) {
  return t(
    language,
    `¿Cambio tu cita del ${describeAppointment(appointment, 'es')} al ${longDate(date, 'es')} a las ${time}? Responde «sí» para confirmar.`,
    `Shall I move your appointment on ${describeAppointment(appointment, 'en')} to ${longDate(date, 'en')} at ${time}? Reply "yes" to confirm.`,
  );
}

export type ChangeOutcome = { text: string; repropose: ChangeProposal | null };

/**
 * Makes the confirmed change through the manage page's service (actor: assistant) and says how
 * it went. Terms that changed since the question (the deadline passed) are put again, not acted on.
 */
export async function makeChange(
  change: AppointmentChange,
  appointment: CustomerAppointment,
  manageBooking: Pick<ManageBookingService, 'cancelById' | 'rescheduleById'>,
  language: Language,
): Promise<ChangeOutcome> {
  try {
    if (change.kind === 'cancel') {
      await manageBooking.cancelById(
        appointment.id,
        'assistant',
        change.refund?.amount ?? 0,
        change.sessionBack,
      );
      const refund = change.refund
        ? t(
            language,
            ` Te devolvemos ${money(change.refund.amount, change.refund.currency, 'es')} a tu tarjeta; puede tardar unos días en aparecer.`,
            ` We are refunding ${money(change.refund.amount, change.refund.currency, 'en')} to your card; it may take a few days to show.`,
          )
        : appointment.packSessionBack !== null
          ? ` ${packSessionSentence(appointment, language)}`
          : '';
      return {
        text: t(
          language,
          `Hecho: tu cita del ${describeAppointment(appointment, 'es')} está cancelada.${refund}`,
          `Done: your appointment on ${describeAppointment(appointment, 'en')} is cancelled.${refund}`,
        ),
        repropose: null,
      };
    }
    if (!change.date || !change.time) throw new Error('a move is made only with its date and time');
    await manageBooking.rescheduleById(appointment.id, 'assistant', {
      date: change.date,
      timeSlot: change.time,
    });
    return {
      text: t(
        language,
        `Hecho: tu cita con ${appointment.employeeName} queda el ${longDate(change.date, 'es')} a las ${change.time}. Te enviamos el cambio por correo.`,
        `Done: your appointment with ${appointment.employeeName} is now on ${longDate(change.date, 'en')} at ${change.time}. We are emailing you the change.`,
      ),
      repropose: null,
    };
  } catch (error) {
    if (!(error instanceof AppError) || error.status >= 500) throw error;
    if (error.message === MANAGE_BOOKING_MESSAGES.termsChanged && change.kind === 'cancel') {
      // The deadline passed while they answered: the new terms (no refund, a pack session kept), asked again.
      const now = {
        ...appointment,
        refundOnCancel: null,
        packSessionBack: appointment.packSessionBack === null ? null : false,
      };
      return { text: askToCancel(now, language), repropose: cancelProposal(now) };
    }
    if (
      error.message === MANAGE_BOOKING_MESSAGES.slotTaken ||
      error.message === MANAGE_BOOKING_MESSAGES.slotUnavailable
    ) {
      return {
        text: t(
          language,
          'Vaya, esa hora se acaba de ocupar. ¿Quieres que te diga otras horas libres?',
          'Sorry, that time was just taken. Shall I tell you other open times?',
        ),
        repropose: {
          kind: 'reschedule',
          appointmentId: appointment.id,
          date: change.kind === 'reschedule' ? change.date : null,
          time: null,
        },
      };
    }
    return { text: reasonText(error.message, appointment, language), repropose: null };
  }
}

/**
 * Puts a verified client in line for the full class time they said yes to (the waitlist service
 * decides, as on the booking page) and says how it went. The offer of a freed place goes by email,
 * so a client without one is sent to the page.
 */
export async function joinWaitlist(
  change: WaitlistJoin,
  who: { name: string; email: string | null; phone: string | null } | null,
  employeeId: string | undefined,
  waitlist: Pick<WaitlistService, 'join'>,
  pageUrl: string,
  language: Language,
): Promise<string> {
  const onThePage = t(
    language,
    `Puedes apuntarte en la página de reservas: ${pageUrl}`,
    `You can join it on the booking page: ${pageUrl}`,
  );
  if (!who?.email || !employeeId)
    return t(
      language,
      `Para avisarte cuando se libere una plaza necesitamos tu email, y no lo tenemos. ${onThePage}`,
      `To tell you when a place frees up we need your email address, and we don't have it. ${onThePage}`,
    );
  const when = t(
    language,
    `${longDate(change.date, 'es')} a las ${change.time}`,
    `${longDate(change.date, 'en')} at ${change.time}`,
  );
  try {
    const joined = await waitlist.join({
      employeeId,
      serviceId: change.serviceId,
      date: change.date,
      timeSlot: change.time,
      name: who.name,
      email: who.email,
      phone: who.phone ?? undefined,
    });
    return t(
      language,
      `Hecho: estás en la lista de espera de la clase del ${when}, con el número ${joined.position}. Si se libera una plaza te avisamos por email${who.phone ? ' y WhatsApp' : ''} y te la guardamos un rato para que la confirmes.`,
      `Done: you're on the waitlist for the class on ${when}, number ${joined.position} in line. If a place frees up we'll tell you by email${who.phone ? ' and WhatsApp' : ''} and hold it for you for a while to confirm.`,
    );
  } catch (error) {
    if (!(error instanceof AppError) || error.status >= 500) throw error;
    if (error.message === WAITLIST_MESSAGES.alreadyJoined)
      return t(
        language,
        `Ya estás en la lista de espera de la clase del ${when}: te avisamos si se libera una plaza.`,
        `You're already on the waitlist for the class on ${when}: we'll tell you if a place frees up.`,
      );
    if (error.message === WAITLIST_MESSAGES.notFull)
      return t(
        language,
        `¡Buenas noticias! Acaba de quedar una plaza libre en la clase del ${when}. Resérvala aquí: ${pageUrl}`,
        `Good news: a place just freed up in the class on ${when}. Book it here: ${pageUrl}`,
      );
    if (error.message === WAITLIST_MESSAGES.past)
      return t(language, `La clase del ${when} ya ha empezado.`, `The class on ${when} has already started.`);
    return t(
      language,
      `No he podido apuntarte a la lista de espera. ${onThePage}`,
      `I couldn't put you on the waitlist. ${onThePage}`,
    );
  }
}
