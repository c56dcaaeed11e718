import { CUSTOMER_TEXTS } from '@chatdesk/contract/customer-texts';
import { MANAGE_BOOKING_MESSAGES } from '@chatdesk/contract/manage-booking';
import { WAITLIST_MESSAGES } from '@chatdesk/contract/waitlist';
import { AppError } from '../../lib/app-error.ts';
import type { ManageBookingService } from '../manage-booking/manage-booking.service.ts';
import type { WaitlistService } from '../waitlist/waitlist.service.ts';
import type {
  AppointmentChange,
  CancelTerms,
  ChangeProposal,
  CustomerAppointment,
  MoveTerms,
  WaitlistJoin,
} from './assistant-engine.ts';
import type { Language } from './language.ts';
import { REPLIES } from './replies.ts';
import { money } from './rules/phrases.ts';

/**
 * A customer's own appointment in chat, for both engines: how a proposal is put to them, and
 * the change made once they confirm, through the manage page's service and policy.
 */

const say = (language: Language) => REPLIES[language].own;

/** "jueves 26 de noviembre a las 17:00 con Carlos Ruiz" / "Thursday 26 November at 17:00 with Carlos Ruiz". */
export function describeAppointment(appointment: CustomerAppointment, language: Language) {
  const when = say(language).appointment(appointment.date, appointment.startTime, appointment.employeeName);
  // "… con Carmen Ruiz (Pedicura)": the service, when it is one customers name theirs by.
  return appointment.serviceName ? `${when} (${appointment.serviceName})` : when;
}

/** Why a change cannot be made, in the customer's language (the policy speaks English). */
export function reasonText(reason: string | null, appointment: CustomerAppointment, language: Language) {
  if (reason === MANAGE_BOOKING_MESSAGES.tooLateToReschedule) {
    return say(language).tooLateToMove(
      describeAppointment(appointment, language),
      appointment.freeCancellationHours,
    );
  }
  if (reason === MANAGE_BOOKING_MESSAGES.employeeUnavailable) {
    return say(language).employeeGone(appointment.employeeName);
  }
  return say(language).cannotChange;
}

/** The refund sentence of a cancellation: what comes back, or that nothing does and why. */
export function refundSentence(appointment: CustomerAppointment, language: Language) {
  // Paid with a session of a pack: the session comes back on the same terms as a fee would.
  if (appointment.packSessionBack !== null) return packSessionSentence(appointment, language);
  if (appointment.refundOnCancel) {
    const amount = money(appointment.refundOnCancel.amount, appointment.refundOnCancel.currency, language);
    return say(language).refundToCard(amount);
  }
  return appointment.freeCancellationHours > 0
    ? say(language).noRefundLate(appointment.freeCancellationHours)
    : say(language).nothingToRefund;
}

/** What happens to the pack session an appointment was paid with, if it is cancelled now. */
function packSessionSentence(appointment: CustomerAppointment, language: Language) {
  return appointment.packSessionBack
    ? CUSTOMER_TEXTS[language].sessionReturned
    : say(language).packSessionUsedLate(appointment.freeCancellationHours);
}

/** The question that proposes a cancellation, with its money consequence before the customer says yes. */
export function askToCancel(appointment: CustomerAppointment, language: Language) {
  return say(language).askToCancel(
    describeAppointment(appointment, language),
    refundSentence(appointment, language),
  );
}

/** The terms a cancellation is put on: the refund, and a pack session's return. */
const cancelTerms = (appointment: CustomerAppointment): CancelTerms => ({
  appointmentId: appointment.id,
  refund: appointment.refundOnCancel,
  ...(appointment.packSessionBack === null ? {} : { sessionBack: appointment.packSessionBack }),
});

/** The cancellation put to the customer, with the terms they are told. */
export const cancelProposal = (appointment: CustomerAppointment): ChangeProposal => ({
  kind: 'cancel',
  ...cancelTerms(appointment),
});

/** "cancela las dos": one question for several of theirs, each on its own terms, and one yes for all. */
export function cancelAllProposal(appointments: CustomerAppointment[]): ChangeProposal {
  const [first, ...rest] = appointments.map(cancelTerms);
  return rest.length ? { kind: 'cancel', ...first!, also: rest } : { kind: 'cancel', ...first! };
}

/** The question that proposes cancelling these appointments, each with what it gives back. */
export function askToCancelAll(appointments: CustomerAppointment[], language: Language) {
  if (appointments.length === 1) return askToCancel(appointments[0]!, language);
  return say(language).askToCancelAll(
    appointments.map((a) => `${describeAppointment(a, language)}. ${refundSentence(a, language)}`),
  );
}

/** Each change a proposal covers, one by one, in the order they were told ("cancela las dos": two). */
export function eachChange(change: AppointmentChange): AppointmentChange[] {
  if (change.kind === 'cancel') {
    const { also = [], ...first } = change;
    return [first, ...also.map((terms) => ({ kind: 'cancel' as const, ...terms }))];
  }
  const { also = [], ...first } = change;
  return [first, ...also.map((terms) => ({ kind: 'reschedule' as const, ...terms }))];
}

/** "muévelas ambas una hora más tarde": one question for several moves, and one yes for all. */
export function moveAllProposal(moves: Array<MoveTerms>): ChangeProposal {
  // Only the terms: what is stored on the chat is the change, not the appointments it was read from.
  const [first, ...rest] = moves.map(({ appointmentId, date, time }) => ({ appointmentId, date, time }));
  return rest.length ? { kind: 'reschedule', ...first!, also: rest } : { kind: 'reschedule', ...first! };
}

/** The question that proposes moving these appointments, each to its day and time. */
export function askToMoveAll(
  moves: Array<{ appointment: CustomerAppointment; date: string; time: string }>,
  language: Language,
) {
  if (moves.length === 1) return askToMove(moves[0]!.appointment, moves[0]!.date, moves[0]!.time, language);
  return say(language).askToMoveAll(
    moves.map(({ appointment, date, time }) =>
      say(language).movedTo(describeAppointment(appointment, language), date, time),
    ),
  );
}

export function askToMove(appointment: CustomerAppointment, date: string, time: string, language: Language) {
  return say(language).askToMove(describeAppointment(appointment, language), date, time);
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
        ? say(language).refunding(money(change.refund.amount, change.refund.currency, language))
        : appointment.packSessionBack !== null
          ? ` ${packSessionSentence(appointment, language)}`
          : '';
      return {
        text: say(language).cancelled(describeAppointment(appointment, language), refund),
        repropose: null,
      };
    }
    if (!change.date || !change.time) throw new Error('a move is made only with its date and time');
    await manageBooking.rescheduleById(appointment.id, 'assistant', {
      date: change.date,
      timeSlot: change.time,
    });
    return {
      text: say(language).moved(appointment.employeeName, change.date, change.time),
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
        text: say(language).justTaken,
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
 * Puts a verified client in line for the full class time or taken one-to-one time they said yes to (the waitlist service
 * decides, as on the booking page) and says how it went. The offer of a freed place goes by email,
 * so a client without one is sent to the page. `employeeId` null: the line of 'anyone available'.
 */
export async function joinWaitlist(
  change: WaitlistJoin,
  isClass: boolean,
  who: { name: string; email: string | null; phone: string | null } | null,
  employeeId: string | null | undefined,
  waitlist: Pick<WaitlistService, 'join'>,
  pageUrl: string,
  language: Language,
): Promise<string> {
  const onThePage = say(language).joinOnPage(pageUrl);
  if (!who?.email) return say(language).needEmail(onThePage);
  // The professional was removed between the question and the yes: no line to join, their page says so.
  if (employeeId === undefined) return say(language).couldNotJoin(onThePage);
  const when = say(language).dateAt(change.date, change.time);
  try {
    const joined = await waitlist.join({
      ...(employeeId ? { employeeId } : {}),
      serviceId: change.serviceId,
      date: change.date,
      timeSlot: change.time,
      name: who.name,
      email: who.email,
      phone: who.phone ?? undefined,
    });
    return say(language).joined(when, isClass, joined.position, Boolean(who.phone));
  } catch (error) {
    if (!(error instanceof AppError) || error.status >= 500) throw error;
    if (error.message === WAITLIST_MESSAGES.alreadyJoined) return say(language).alreadyWaiting(when, isClass);
    // Freed between the question and their yes: a class's seat, or the one-to-one time itself.
    if (error.message === WAITLIST_MESSAGES.notFull || error.message === WAITLIST_MESSAGES.timeFree)
      return say(language).placeJustFreed(when, isClass, pageUrl);
    if (error.message === WAITLIST_MESSAGES.past) return say(language).classStarted(when, isClass);
    return say(language).couldNotJoin(onThePage);
  }
}
