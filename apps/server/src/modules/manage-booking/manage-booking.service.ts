import { APPOINTMENT_MESSAGES } from '@chatdesk/contract/appointments';
import { DEFAULT_BOOKING_SETTINGS } from '@chatdesk/contract/company';
import { DEFAULT_CUSTOMER_LANGUAGE } from '@chatdesk/contract/customer-texts';
import {
  type AppointmentActor,
  type AppointmentEvent,
  type AppointmentHistory,
  MANAGE_BOOKING_MESSAGES,
  type ManagedBooking,
  type ManagedBookingSlots,
  type RefundTerms,
} from '@chatdesk/contract/manage-booking';
import { BOOKING_MESSAGES } from '@chatdesk/contract/schedule';
import type { EventBus } from '../../events/event-bus.ts';
import type { PaymentProvider } from '../../integrations/payments/payment-provider.ts';
import { AppError, conflict, notFound } from '../../lib/app-error.ts';
import { formatMoney } from '../../lib/money.ts';
import { blockedRange } from '../../lib/slots.ts';
import { addMinutesToTime, zonedDate } from '../../lib/time-zone.ts';
import type { CompanyService } from '../company/company.service.ts';
import type { MailService } from '../mail/mail.service.ts';
import type { Notify } from '../notifications/notifications.service.ts';
import { isDeskPayment } from '../payments/payment-writes.ts';
import { bookingChangeEmail, manageBookingUrl } from '../schedule/booking-email.ts';
import type { BookingConfirmation, ScheduleService } from '../schedule/schedule.service.ts';
import type { ManageBookingRepository, ManagedAppointmentRow } from './manage-booking.repository.ts';
import { type ChangeTerms, changeTerms } from './policy.ts';

type Deps = {
  repository: ManageBookingRepository;
  schedule: ScheduleService;
  company: CompanyService;
  payments: PaymentProvider;
  notify: Notify;
  events: EventBus;
  mail: MailService;
  publicUrl: string;
  clock: () => Date;
  /** The reminders of an appointment, for staff (planned, sent, failed). */
  reminders: (appointmentId: string) => Promise<AppointmentHistory['reminders']>;
  log?: { warn: (object: unknown, message: string) => void };
};

/** How long the request that cancelled has to make its refund before the sweep takes it over. */
const REFUND_SWEEP_AFTER_MS = 2 * 60_000;

const who: Record<AppointmentActor, string> = {
  customer: 'the customer',
  assistant: 'the assistant for the customer',
  staff: 'staff',
  system: 'the system',
};

const paymentOf = (row: ManagedAppointmentRow) =>
  row.payment?.amount != null && row.payment.currency
    ? {
        amount: row.payment.amount,
        currency: row.payment.currency,
        refunded: row.payment.status === 'refunded',
      }
    : null;

/**
 * What cancelling can still give back: the payment less what was refunded already (part of it,
 * in the provider's dashboard); nothing once all of it went back.
 */
const refundableOf = (row: ManagedAppointmentRow) => {
  const payment = paymentOf(row);
  if (!payment) return null;
  const left = payment.amount - (row.payment?.refundedAmount ?? 0);
  return { ...payment, amount: left, refunded: payment.refunded || left <= 0 };
};

/** What a client paid online for an appointment and still has paid: "¿ya he pagado la del jueves?". */
const paidOnline = (row: ManagedAppointmentRow) => {
  const payment = refundableOf(row);
  return payment && !payment.refunded ? { amount: payment.amount, currency: payment.currency } : null;
};

const toEvent = (row: Awaited<ReturnType<ManageBookingRepository['history']>>[number]): AppointmentEvent => ({
  kind: row.kind,
  actor: row.actor,
  at: row.createdAt.toISOString(),
  data: row.data,
});

/**
 * Cancelling and moving an appointment by its customer, through the private link or the
 * assistant: one policy (policy.ts), one atomic move, refunds through the payment provider.
 */
export function createManageBookingService(deps: Deps) {
  const { repository, company, clock } = deps;

  async function load(token: string) {
    const row = await repository.findByToken(token);
    if (!row) throw notFound(MANAGE_BOOKING_MESSAGES.notFound);
    return row;
  }

  async function termsFor(
    row: ManagedAppointmentRow,
    settings?: { freeCancellationHours: number },
  ): Promise<ChangeTerms> {
    const terms = changeTerms(
      {
        status: row.status,
        startsAt: row.startsAt,
        payment: refundableOf(row),
        employeeBookable: row.employeeBookable,
        packSession: row.packSession,
      },
      settings ?? (await company.bookingSettings()),
      clock(),
    );
    // A class's seat stays at its class time: the page and the assistant offer no move of it.
    return row.classTimeId ? { ...terms, canReschedule: false } : terms;
  }

  async function view(row: ManagedAppointmentRow): Promise<ManagedBooking> {
    const [settings, business, history, pack] = await Promise.all([
      company.bookingSettings(),
      company.get(),
      repository.history(row.id),
      repository.packOf(row.id),
    ]);
    const terms = await termsFor(row, settings);
    return {
      appointment: {
        date: row.localDate,
        startTime: row.startTime,
        endTime: row.endTime,
        startsAt: row.startsAt.toISOString(),
        status: row.status,
        employeeName: row.employeeName,
        clientName: row.clientName,
        serviceName: row.serviceName,
      },
      timeZone: business.timeZone,
      companyName: business.name,
      language: row.clientLanguage ?? DEFAULT_CUSTOMER_LANGUAGE,
      payment: paymentOf(row),
      pack: pack
        ? { ...pack, expiresAt: pack.expiresAt.toISOString(), backOnCancel: terms.sessionBackOnCancel }
        : null,
      policy: { freeCancellationHours: settings.freeCancellationHours },
      changesUntil: row.status === 'scheduled' ? terms.changesUntil.toISOString() : null,
      canCancel: terms.canCancel,
      refundOnCancel: terms.refundOnCancel,
      canReschedule: terms.canReschedule,
      reason: terms.reason,
      history: history.map(toEvent),
    };
  }

  /** The appointment as the customer's emails describe it. */
  async function described(row: ManagedAppointmentRow): Promise<BookingConfirmation | null> {
    if (!row.clientEmail) return null;
    const { timeZone } = await company.get();
    return {
      appointmentId: row.id,
      clientName: row.clientName,
      clientEmail: row.clientEmail,
      employeeName: row.employeeName,
      serviceName: row.serviceName,
      paid:
        row.payment?.status === 'completed'
          ? { amount: row.payment.amount, currency: row.payment.currency }
          : null,
      localDate: row.localDate,
      startTime: row.startTime,
      endTime: row.endTime,
      startsAt: row.startsAt,
      endsAt: row.endsAt,
      timeZone,
      manageUrl: manageBookingUrl(deps.publicUrl, row.manageToken),
      language: row.clientLanguage,
    };
  }

  /**
   * Gives the customer's money back and records it; a refused refund is recorded and put to staff
   * to do by hand. Refunding twice is harmless, so the sweep may repeat a refund a crash cut short.
   */
  async function makeRefund(
    refund: { appointmentId: string; providerPaymentId: string; amount: number; currency: string },
    actor: AppointmentActor,
  ): Promise<boolean> {
    const money = formatMoney(refund.amount, refund.currency);
    try {
      if (isDeskPayment(refund.providerPaymentId)) throw new Error('paid at the desk');
      await deps.payments.refundPaymentIntent(refund.providerPaymentId);
    } catch (error) {
      deps.log?.warn({ err: error, ...refund }, 'a cancellation refund failed');
      await repository.addEvent({
        appointmentId: refund.appointmentId,
        kind: 'refund_failed',
        actor: 'system',
        createdAt: clock(),
        data: { amount: refund.amount, currency: refund.currency },
      });
      await deps.notify({
        type: 'error',
        title: 'Refund failed, refund it by hand',
        message: isDeskPayment(refund.providerPaymentId)
          ? `An appointment cancelled by ${who[actor]} was paid at the desk and is owed ${money}. Give it back to the customer.`
          : `An appointment cancelled by ${who[actor]} is owed ${money} (payment ${refund.providerPaymentId}), and the payment provider refused the refund. Refund it with the payment provider.`,
        link: `/appointments/${refund.appointmentId}`,
      });
      return false;
    }
    await repository.markPaymentRefunded(refund.providerPaymentId);
    await repository.addEvent({
      appointmentId: refund.appointmentId,
      kind: 'refunded',
      actor: 'system',
      createdAt: clock(),
      data: { amount: refund.amount, currency: refund.currency },
    });
    return true;
  }

  async function cancel(
    row: ManagedAppointmentRow,
    actor: AppointmentActor,
    refundExpected: number,
    sessionBackExpected?: boolean,
  ) {
    const terms = await termsFor(row);
    if (!terms.canCancel) throw conflict(terms.reason ?? MANAGE_BOOKING_MESSAGES.notScheduled);
    // The customer confirmed what they were shown: if the deadline passed while they read (the
    // refund, or a pack session's return, is no longer what they were told), ask again.
    if ((terms.refundOnCancel?.amount ?? 0) !== refundExpected)
      throw conflict(MANAGE_BOOKING_MESSAGES.termsChanged);
    if (sessionBackExpected !== undefined && terms.sessionBackOnCancel !== sessionBackExpected)
      throw conflict(MANAGE_BOOKING_MESSAGES.termsChanged);
    const refund: RefundTerms = terms.refundOnCancel;
    const cancelled = await repository.cancel({
      appointmentId: row.id,
      startsAt: row.startsAt,
      at: clock(),
      actor,
      refund,
      returnSession: terms.sessionBackOnCancel && { employeeId: null },
    });
    if (!cancelled) throw conflict(MANAGE_BOOKING_MESSAGES.changedMeanwhile);
    if (refund && row.providerPaymentId) {
      await makeRefund({ appointmentId: row.id, providerPaymentId: row.providerPaymentId, ...refund }, actor);
    }
    const money = refund ? formatMoney(refund.amount, refund.currency) : null;
    await deps.notify({
      type: 'warning',
      title: 'Appointment cancelled by customer',
      message: `${row.clientName} cancelled ${row.employeeName} on ${row.localDate} at ${row.startTime}${
        actor === 'assistant' ? ' in the chat' : ''
      }. ${
        row.packSession
          ? terms.sessionBackOnCancel
            ? 'The pack session goes back to their pack under the cancellation policy.'
            : 'The pack session stays used under the cancellation policy.'
          : money
            ? `${money} refunded under the cancellation policy.`
            : 'No refund under the cancellation policy.'
      }`,
      link: `/appointments/${row.id}`,
    });
    await deps.events.publish({ type: 'appointments.changed' });
    await emailCancelled(
      row,
      refund,
      row.packSession ? (terms.sessionBackOnCancel ? 'returned' : 'kept') : undefined,
    );
  }

  /** Tells the customer (when they gave an email) that the appointment is cancelled, and what is refunded. */
  async function emailCancelled(
    row: ManagedAppointmentRow,
    refund: { amount: number; currency: string } | null,
    session?: 'returned' | 'kept',
  ) {
    const email = await described(row);
    if (!email) return;
    const sequence = (await repository.history(row.id)).length;
    await deps.mail.enqueue(
      bookingChangeEmail(email, await company.get(), { kind: 'cancelled', refund, session, sequence }),
    );
  }

  /**
   * Staff cancelling an appointment paid with a pack session: the session goes back as staff say
   * (`refund`), or else as the policy gives it back to a customer (in time yes, late no).
   */
  async function cancelPackByStaff(row: ManagedAppointmentRow, refund: boolean | undefined) {
    const back = refund ?? (await termsFor(row)).sessionBackOnCancel;
    const cancelled = await repository.cancel({
      appointmentId: row.id,
      startsAt: row.startsAt,
      at: clock(),
      actor: 'staff',
      refund: null,
      returnSession: back && { employeeId: null },
    });
    if (!cancelled) throw conflict(MANAGE_BOOKING_MESSAGES.changedMeanwhile);
    await deps.events.publish({ type: 'appointments.changed' });
    await emailCancelled(row, null, back ? 'returned' : 'kept');
    return true;
  }

  /**
   * A scheduled appointment whose booking payment went through and has not been refunded, with
   * what is left to give back (all of it, or what a partial refund in the provider left).
   */
  const paidAndScheduled = (row: ManagedAppointmentRow | undefined) =>
    row?.status === 'scheduled' && row.providerPaymentId && row.payment?.status === 'completed'
      ? {
          row,
          providerPaymentId: row.providerPaymentId,
          amount: row.payment.amount - row.payment.refundedAmount,
          currency: row.payment.currency,
        }
      : null;

  /** The employee's open times from today, or none when the appointment may not move. */
  async function slotsFor(row: ManagedAppointmentRow, movable: boolean): Promise<ManagedBookingSlots> {
    const { timeZone } = await company.get();
    if (!movable || !row.employeeId) return { timeZone, slots: [] };
    const employee = await deps.schedule.bookableEmployee(row.employeeId);
    const today = zonedDate(clock(), timeZone);
    const slots = await deps.schedule.openTimes(
      { id: employee.id, availability: employee.availability as never },
      timeZone,
      { from: today, to: '9999-12-31' },
      { rules: await deps.schedule.rulesForAppointment(row), exceptAppointmentId: row.id },
    );
    // Its own time is left out of the busy time (a long appointment may move by less than its
    // length), but moving to where it already is is no move.
    const others = slots
      .map((day) =>
        day.date === row.localDate
          ? { ...day, times: day.times.filter((time) => time !== row.startTime) }
          : day,
      )
      .filter((day) => day.times.length > 0);
    return { timeZone, slots: others };
  }

  async function reschedule(
    row: ManagedAppointmentRow,
    actor: AppointmentActor,
    to: { date: string; timeSlot: string },
  ) {
    // A class's seat stays at its class time (the database refuses it too, decision 024).
    if (row.classTimeId) throw conflict(APPOINTMENT_MESSAGES.seatCannotMove);
    // Staff are not bound by the customer's deadline, only by the slots everyone has.
    if (actor === 'staff') {
      if (row.status !== 'scheduled') throw conflict(APPOINTMENT_MESSAGES.notScheduledToMove);
    } else {
      const terms = await termsFor(row);
      if (!terms.canReschedule) throw conflict(terms.reason ?? MANAGE_BOOKING_MESSAGES.notScheduled);
    }
    if (to.date === row.localDate && to.timeSlot === row.startTime)
      throw conflict(MANAGE_BOOKING_MESSAGES.sameSlot);
    const employee = await deps.schedule.bookableEmployee(row.employeeId ?? '');
    const { timeZone } = await company.get();
    const rules = await deps.schedule.rulesForAppointment(row);
    let startsAt: Date;
    try {
      startsAt = await deps.schedule.offeredInstant(employee, to.date, to.timeSlot, timeZone, rules);
    } catch (error) {
      // Too soon and too far say which rule it was; any other refusal is the slot's.
      const told = [BOOKING_MESSAGES.tooSoon, BOOKING_MESSAGES.tooFar] as string[];
      if (error instanceof AppError && error.status === 409 && !told.includes(error.message))
        throw conflict(MANAGE_BOOKING_MESSAGES.slotUnavailable);
      throw error;
    }
    const endTime = addMinutesToTime(to.timeSlot, rules.durationMinutes);
    const outcome = await repository.move({
      appointmentId: row.id,
      fromStartsAt: row.startsAt,
      fromDate: row.localDate,
      fromTime: row.startTime,
      employeeId: employee.id,
      startsAt,
      endsAt: new Date(startsAt.getTime() + rules.durationMinutes * 60_000),
      blocked: blockedRange(startsAt, rules),
      localDate: to.date,
      startTime: to.timeSlot,
      endTime,
      cap: rules.id && rules.dailyCap !== null ? { serviceId: rules.id, dailyCap: rules.dailyCap } : null,
      now: clock(),
      actor,
    });
    if (outcome === 'changed') throw conflict(MANAGE_BOOKING_MESSAGES.changedMeanwhile);
    if (outcome === 'full') throw conflict(BOOKING_MESSAGES.dayFull);
    if (outcome !== 'moved') throw conflict(MANAGE_BOOKING_MESSAGES.slotTaken);
    // Staff moved it themselves; a move by the customer is news to them.
    if (actor !== 'staff')
      await deps.notify({
        type: 'info',
        title: 'Appointment rescheduled by customer',
        message: `${row.clientName} moved ${row.employeeName} from ${row.localDate} at ${row.startTime} to ${to.date} at ${to.timeSlot}${
          actor === 'assistant' ? ' in the chat' : ''
        }.`,
        link: `/appointments/${row.id}`,
      });
    await deps.events.publish({ type: 'appointments.changed' });
    const moved = await repository.findById(row.id);
    const email = moved && (await described(moved));
    if (email) {
      // Each change adds to the history, so its length orders the calendar files sent.
      const sequence = (await repository.history(row.id)).length;
      await deps.mail.enqueue(
        bookingChangeEmail(email, await company.get(), {
          kind: 'moved',
          from: `${row.localDate} ${row.startTime} (${timeZone})`,
          sequence,
        }),
      );
    }
    return moved;
  }

  return {
    async get(token: string): Promise<ManagedBooking> {
      return view(await load(token));
    },

    /** Where the appointment may move: its employee's open times, from today to the booking horizon. */
    async slots(token: string): Promise<ManagedBookingSlots> {
      const row = await load(token);
      const terms = await termsFor(row);
      return slotsFor(row, terms.canReschedule);
    },

    /** Where staff may move it: the same open times, without the customer's deadline. */
    async slotsForStaff(appointmentId: string): Promise<ManagedBookingSlots> {
      const row = await repository.findById(appointmentId);
      if (!row) throw notFound(APPOINTMENT_MESSAGES.notFound);
      return slotsFor(row, row.status === 'scheduled' && row.employeeBookable);
    },

    /** Staff moving an appointment: the customer's own move (slots, holds, atomic), by staff. */
    async rescheduleByStaff(appointmentId: string, to: { date: string; timeSlot: string }) {
      const row = await repository.findById(appointmentId);
      if (!row) throw notFound(APPOINTMENT_MESSAGES.notFound);
      return reschedule(row, 'staff', to);
    },

    /**
     * The customer's cancel on their link, on the terms they were shown: the refund, and for a
     * pack-paid appointment whether its session goes back (asked again when either changed).
     */
    async cancel(
      token: string,
      refundExpected: number,
      sessionBackExpected?: boolean,
    ): Promise<ManagedBooking> {
      const row = await load(token);
      await cancel(row, 'customer', refundExpected, sessionBackExpected);
      return view(await load(token));
    },

    async reschedule(token: string, to: { date: string; timeSlot: string }): Promise<ManagedBooking> {
      const row = await load(token);
      await reschedule(row, 'customer', to);
      return view(await load(token));
    },

    /** Staff's view of an appointment's life: the customer's link, what happened, its reminders. */
    async history(appointmentId: string): Promise<AppointmentHistory> {
      const row = await repository.findById(appointmentId);
      if (!row) throw notFound('Appointment not found');
      const [items, reminders] = await Promise.all([repository.history(row.id), deps.reminders(row.id)]);
      return {
        manageUrl: manageBookingUrl(deps.publicUrl, row.manageToken),
        items: items.map(toEvent),
        reminders,
      };
    },

    /**
     * For the assistant: the client writing from these phone digits and their upcoming
     * appointments, each with the policy's terms now; null when the number is no client's.
     */
    async customerByPhone(phoneDigits: string) {
      if (!phoneDigits) return null;
      // Read for every message the assistant answers: the client first (most numbers are nobody's),
      // and the appointments and the policy only for a client.
      const { clientName, booked } = await repository.whoHasPhone(phoneDigits, clock());
      if (!clientName && !booked) return null;
      const now = clock();
      const [rows, packs] = await Promise.all([
        repository.upcomingForPhone(phoneDigits, now),
        clientName ? repository.packsForPhone(phoneDigits, now) : [],
      ]);
      const name = clientName ?? rows[0]?.clientName;
      if (!name) return null;
      const settings = rows.length ? await company.bookingSettings() : DEFAULT_BOOKING_SETTINGS;
      const { timeZone } = packs.length ? await company.get() : { timeZone: '' };
      const appointments = await Promise.all(
        rows.map(async (row) => {
          const terms = await termsFor(row, settings);
          return {
            id: row.id,
            serviceName: row.defaultService ? null : row.serviceName,
            employeeName: row.employeeName,
            employeeUsername: row.employeeBookable ? row.employeeUsername : null,
            date: row.localDate,
            startTime: row.startTime,
            canCancel: terms.canCancel,
            refundOnCancel: terms.refundOnCancel,
            canReschedule: terms.canReschedule,
            reason: terms.reason,
            freeCancellationHours: settings.freeCancellationHours,
            packSessionBack: row.packSession ? terms.sessionBackOnCancel : null,
            paid: paidOnline(row),
          };
        }),
      );
      return {
        name,
        appointments,
        packs: packs.map((pack) => ({
          name: pack.name,
          serviceName: pack.serviceName,
          sessionsTotal: pack.sessionsTotal,
          sessionsLeft: pack.sessionsLeft,
          expiresOn: zonedDate(pack.expiresAt, timeZone),
        })),
      };
    },
    async cancelById(
      appointmentId: string,
      actor: AppointmentActor,
      refundExpected: number,
      sessionBackExpected?: boolean,
    ) {
      const row = await repository.findById(appointmentId);
      if (!row) throw notFound('Appointment not found');
      await cancel(row, actor, refundExpected, sessionBackExpected);
    },
    async rescheduleById(
      appointmentId: string,
      actor: AppointmentActor,
      to: { date: string; timeSlot: string },
    ) {
      const row = await repository.findById(appointmentId);
      if (!row) throw notFound('Appointment not found');
      return reschedule(row, actor, to);
    },

    /**
     * Staff cancelling a scheduled appointment the customer paid for: the customer's own kind of
     * cancellation (conditional, in the history, the refund claimed in the same transaction so a
     * crash still refunds), with all of the payment refunded unless staff keep the fee, and the
     * customer told by email; one paid with a pack session gives it back as `cancelPackByStaff`
     * says. False when it is no such appointment: a plain status change.
     */
    async cancelByStaff(appointmentId: string, refund: boolean | undefined): Promise<boolean> {
      const found = await repository.findById(appointmentId);
      if (found?.status === 'scheduled' && found.packSession) return cancelPackByStaff(found, refund);
      const paid = paidAndScheduled(found);
      if (!paid) return false;
      const { row, providerPaymentId, amount, currency } = paid;
      const owed = (refund ?? true) ? { amount, currency } : null;
      const cancelled = await repository.cancel({
        appointmentId,
        startsAt: row.startsAt,
        at: clock(),
        actor: 'staff',
        refund: owed,
      });
      if (!cancelled) throw conflict(MANAGE_BOOKING_MESSAGES.changedMeanwhile);
      if (owed) await makeRefund({ appointmentId, providerPaymentId, ...owed }, 'staff');
      await deps.events.publish({ type: 'appointments.changed' });
      await emailCancelled(row, owed);
      return true;
    },

    /**
     * The business cancels a class time, seat by seat (decision 024): whatever the policy says, the
     * whole payment is refunded or the pack session returned, and the client is emailed as for a
     * staff cancellation. False when the seat was not scheduled any more (cancelled meanwhile).
     */
    async cancelSeat(appointmentId: string): Promise<boolean> {
      const row = await repository.findById(appointmentId);
      if (row?.status !== 'scheduled') return false;
      const paid = paidAndScheduled(row);
      const owed = paid ? { amount: paid.amount, currency: paid.currency } : null;
      const cancelled = await repository.cancel({
        appointmentId,
        startsAt: row.startsAt,
        at: clock(),
        actor: 'staff',
        refund: owed,
        returnSession: row.packSession ? { employeeId: null } : false,
      });
      if (!cancelled) return false;
      if (paid && owed)
        await makeRefund({ appointmentId, providerPaymentId: paid.providerPaymentId, ...owed }, 'staff');
      await emailCancelled(row, owed, row.packSession ? 'returned' : undefined);
      return true;
    },

    /** Refunds owed by cancellations whose request died before making them (run by the schedules). */
    async finishDueRefunds() {
      const due = await repository.refundsDue(new Date(clock().getTime() - REFUND_SWEEP_AFTER_MS));
      for (const refund of due) await makeRefund(refund, refund.actor);
    },
  };
}

export type ManageBookingService = ReturnType<typeof createManageBookingService>;
