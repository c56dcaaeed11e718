import { randomUUID } from 'node:crypto';
import { APPOINTMENT_MESSAGES, type createAppointmentSchema } from '@chatdesk/contract/appointments';
import { isCalendarDate } from '@chatdesk/contract/common';
import { SLOT_HOLD_MINUTES } from '@chatdesk/contract/constants';
import { CUSTOMER_LANGUAGES, type CustomerLanguage } from '@chatdesk/contract/customer-texts';
import type { Availability } from '@chatdesk/contract/employees';
import { PACK_MESSAGES } from '@chatdesk/contract/packs';
import {
  type AnyoneSlots,
  type AssignedProfessional,
  BOOKING_MESSAGES,
  type BookingResponse,
  type bookingRequestSchema,
  type freeBookingRequestSchema,
  type OpenDay,
  type PaymentIntentRequest,
  type PaymentIntentResponse,
  type PublicSchedule,
  type PublicServiceList,
} from '@chatdesk/contract/schedule';
import { SERVICE_LIMITS, SERVICE_MESSAGES } from '@chatdesk/contract/services';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { BusinessReads } from '../../events/business-reads.ts';
import type { EventBus } from '../../events/event-bus.ts';
import type { PaymentIntent, PaymentProvider } from '../../integrations/payments/payment-provider.ts';
import { AppError, conflict, invalid, isClassFull, isSlotConflict, notFound } from '../../lib/app-error.ts';
import { networkKey } from '../../lib/ip-address.ts';
import { formatMoney } from '../../lib/money.ts';
import {
  blockedRange,
  type DateExceptions,
  dayStartTimes,
  exceptionRanges,
  isOfferedSlot,
  openSlots,
  type SlotShape,
} from '../../lib/slots.ts';
import {
  addDays,
  addMinutesToTime,
  localTimeExists,
  zonedDate,
  zonedTimeToUtc,
} from '../../lib/time-zone.ts';
import type { CompanyService } from '../company/company.service.ts';
import type { MailService } from '../mail/mail.service.ts';
import type { NotificationsService, Notify } from '../notifications/notifications.service.ts';
import type { ServiceRow } from '../services/services.repository.ts';
import { type ServicesService, shapeOf, toPublicService } from '../services/services.service.ts';
import { bookingConfirmationEmail, manageBookingUrl } from './booking-email.ts';
import { BookingRefused, createScheduleRepository, type ScheduleRepository } from './schedule.repository.ts';

/** Who asks to hold a slot: one live hold per address (and per email when the form gave one). */
export type Visitor = { ip: string };

export type BookingConfirmation = {
  appointmentId: string;
  clientName: string;
  clientEmail: string;
  employeeName: string;
  serviceName: string;
  /** What was paid for it when booked (null: nothing yet, to pay at the appointment). */
  paid: { amount: number; currency: string } | null;
  /** The pack a session of which paid for it, with the sessions left after it. */
  pack?: { name: string; sessionsLeft: number } | null;
  localDate: string;
  startTime: string;
  endTime: string;
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
  /** The customer's private page: cancel or reschedule. */
  manageUrl: string;
  /** The client's language (their emails are written in it); null or absent: English. */
  language?: CustomerLanguage | null;
};

type Deps = {
  repository: ScheduleRepository;
  services: Pick<
    ServicesService,
    'forBooking' | 'chooseService' | 'offeredBy' | 'offeredByUsername' | 'find'
  >;
  payments: PaymentProvider;
  company: CompanyService;
  notify: Notify;
  notifications: Pick<NotificationsService, 'notifyIn'>;
  events: EventBus;
  /** The company, team and catalogue as public pages read them, kept until they change. */
  business: BusinessReads;
  mail: MailService;
  /** The address links in emails point at. */
  publicUrl: string;
  clock: () => Date;
  log?: { warn: (object: unknown, message: string) => void };
};

/** A professional as public pages name them. */
const toProfessional = (employee: { id: string; name: string; username: string; title: string | null }) => ({
  id: employee.id,
  name: employee.name,
  username: employee.username,
  title: employee.title,
});

/** A slot as the page names it: the local date and HH:mm in the business's zone. */
function resolveLocalDate(date: string, timeZone: string) {
  if (isCalendarDate(date)) return date;
  const instant = new Date(date);
  if (Number.isNaN(instant.getTime())) throw invalid(`date: ${BOOKING_MESSAGES.dateInvalid}`);
  return zonedDate(instant, timeZone);
}

/**
 * Payments in progress at once: per employee and day (a busy day still has people paying, but a
 * script holding every slot of it does not), and per network (an IPv4 /24, an IPv6 /64: a
 * household or an office, not a botnet's worth of addresses from one provider).
 */
export const HOLD_LIMITS = { perDay: 4, perRange: 3 } as const;

type AppointmentRow = NonNullable<Awaited<ReturnType<ScheduleRepository['findAppointmentByPayment']>>>;

/** The same payment sent again (a retry, a double click) answers with its booking, made once. */
function sameBooking(
  row: AppointmentRow,
  employeeId: string,
  startsAt: Date,
  timeZone: string,
): BookingResponse {
  if (row.employeeId !== employeeId || row.startsAt.getTime() !== startsAt.getTime()) {
    throw conflict(BOOKING_MESSAGES.paymentUsed);
  }
  return {
    appointment: {
      id: row.id,
      date: row.localDate,
      startTime: row.startTime,
      endTime: row.endTime,
      timeZone,
      employeeName: row.employeeName,
      serviceName: row.serviceName,
    },
  };
}

/**
 * Whether the date's exceptions take the slot away. Only they are checked once a payment is made:
 * the weekly hours were checked when the slot was held, and changing them later is no time off.
 */
function closedByTimeOff(exceptions: DateExceptions, date: string, time: string, durationMinutes: number) {
  const ranges = exceptionRanges(exceptions, date);
  return ranges !== undefined && !dayStartTimes(ranges, durationMinutes).includes(time);
}

/** What `offeredInstant` and `openTimes` need of a service: its shape and its booking window. */
export type BookingRules = SlotShape &
  Pick<ServiceRow, 'minNoticeMinutes' | 'horizonDays' | 'dailyCap'> & {
    id: string | null;
    /** A class's seats per time (decision 024); null or absent for one client per time. */
    seats?: number | null;
  };

/** What a payment was made for, as the server wrote it on the payment when opening it. */
function paidServiceId(intent: PaymentIntent): string | undefined {
  return intent.metadata.serviceId || undefined;
}

/** The language the booking page was read in, as written on its payment (older payments: none). */
const languageOf = (intent: PaymentIntent): CustomerLanguage | undefined =>
  CUSTOMER_LANGUAGES.find((language) => language === intent.metadata.language);

/** A free service asked to be paid for: an older page or a client of the API. */
const FREE_SERVICE_USE_BOOK_FREE = 'This service is free: book it without a payment.';

/** Upcoming free bookings one network (an IPv4 /24, an IPv6 /64) and one email may hold. */
export const FREE_LIMITS = { perNetwork: 5, perEmail: 2 } as const;

/** The spec's appointment where no service is known: 30 minutes, 60 days ahead. */
export const DEFAULT_RULES: BookingRules = {
  durationMinutes: 30,
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 0,
  minNoticeMinutes: 0,
  horizonDays: 60,
  dailyCap: null,
  id: null,
  seats: null,
};

export function createScheduleService(deps: Deps) {
  const { repository, payments, company, notify, clock } = deps;

  /** Active and taking bookings: nobody else gets a slot held or paid. */
  async function loadBookableEmployee(id: string) {
    const employee = await repository.findActiveEmployeeById(id);
    if (!employee) throw notFound(BOOKING_MESSAGES.employeeNotFound);
    if (!employee.takesBookings) throw conflict(BOOKING_MESSAGES.employeeNotBookable);
    return employee;
  }

  /**
   * A paid booking that cannot be made: the money goes back and staff hear of it, with what to do
   * by hand when the provider refused the refund. Answers whether the refund went through.
   */
  async function giveBack(intent: PaymentIntent, why: string): Promise<boolean> {
    const refunded = await refund(intent.id, `refund failed: ${why}`);
    const paid = `${formatMoney(intent.amount, intent.currency)} (payment ${intent.id})`;
    await notify({
      type: refunded ? 'warning' : 'error',
      title: refunded ? 'Booking failed, payment refunded' : 'Booking failed, refund it by hand',
      message: refunded
        ? `A visitor paid ${paid} but the booking could not be made (${why}). The payment was refunded.`
        : `A visitor paid ${paid} but the booking could not be made (${why}) and the refund failed: refund it with the payment provider.`,
      link: null,
    });
    return refunded;
  }

  /** Gives a visitor's payment back; a failed refund is logged for a person to finish. */
  async function refund(paymentIntentId: string, reason: string): Promise<boolean> {
    try {
      await payments.refundPaymentIntent(paymentIntentId);
      return true;
    } catch (refundError) {
      deps.log?.warn({ err: refundError, paymentIntentId }, reason);
      return false;
    } finally {
      await repository.releaseHold(paymentIntentId);
    }
  }

  /**
   * The slot's instant, if its date and time exist in the zone (no 02:30 on a spring-forward day),
   * the employee's hours that day (time off and closures included) hold the whole service from it,
   * their own calendar has nothing busy then,
   * and it is after the service's minimum notice and within its booking horizon. Each refusal
   * says which rule it was, so a customer (or the assistant) can choose again sensibly.
   */
  async function offeredInstant(
    employee: { id: string; availability: unknown },
    date: string,
    time: string,
    timeZone: string,
    rules: BookingRules = DEFAULT_RULES,
  ) {
    if (!isCalendarDate(date)) throw invalid(`date: ${BOOKING_MESSAGES.dateInvalid}`);
    if (!localTimeExists(date, time, timeZone)) throw conflict(BOOKING_MESSAGES.slotUnavailable);
    const startsAt = zonedTimeToUtc(date, time, timeZone);
    const now = clock();
    const exceptions = await repository.exceptions(employee.id, date, date);
    const availability = employee.availability as Availability;
    if (!isOfferedSlot(availability, exceptions, date, time, rules.durationMinutes) || startsAt <= now)
      throw conflict(BOOKING_MESSAGES.slotUnavailable);
    // The professional's own calendar says they are busy then (read every 15 minutes).
    if (await repository.calendarBusy(employee.id, blockedRange(startsAt, rules)))
      throw conflict(BOOKING_MESSAGES.slotUnavailable);
    if (startsAt.getTime() <= now.getTime() + rules.minNoticeMinutes * 60_000)
      throw conflict(BOOKING_MESSAGES.tooSoon);
    if (date > addDays(zonedDate(now, timeZone), rules.horizonDays)) throw conflict(BOOKING_MESSAGES.tooFar);
    return startsAt;
  }

  function openPayment(
    employee: { id: string; name: string },
    service: ServiceRow,
    input: PaymentIntentRequest,
    startsAt: Date,
  ): Promise<PaymentIntent> {
    return payments.createPaymentIntent({
      amount: service.priceAmount,
      currency: service.currency,
      description: `${service.name} (${service.durationMinutes} min) with ${employee.name} on ${input.date} at ${input.timeSlot}`,
      metadata: {
        purpose: 'appointment',
        employeeId: employee.id,
        serviceId: service.id,
        priceAmount: String(service.priceAmount),
        startsAt: startsAt.toISOString(),
        date: input.date,
        timeSlot: input.timeSlot,
        ...(input.chatRef ? { chatRef: input.chatRef } : {}),
        ...(input.language ? { language: input.language } : {}),
        ...(input.clientInfo
          ? {
              clientName: input.clientInfo.name,
              clientEmail: input.clientInfo.email,
              clientPhone: input.clientInfo.phone,
            }
          : {}),
      },
    });
  }

  /**
   * The service a payment was for: the one the server wrote on it when opening it (archived since
   * or not: it was paid for), or for payments opened before services existed, the employee's
   * default. Undefined when neither exists any more.
   */
  async function paidService(intent: PaymentIntent, employeeId: string): Promise<ServiceRow | undefined> {
    const paidFor = paidServiceId(intent);
    if (paidFor) return deps.services.find(paidFor);
    return deps.services.forBooking(employeeId, undefined).catch(() => undefined);
  }

  /**
   * The payment was made, for this employee, this start and this service, at its price: the
   * price now, or the one the server wrote on the payment when opening it (staff may edit the
   * price while a visitor pays; only our provider account can write a payment's details).
   */
  function checkPayment(
    intent: PaymentIntent | null,
    employeeId: string,
    startsAt: Date,
    service: ServiceRow | undefined,
  ): PaymentIntent {
    if (!intent) throw invalid(BOOKING_MESSAGES.paymentNotFound);
    if (intent.status !== 'succeeded' || intent.refunded) {
      throw new AppError('PAYMENT_DECLINED', BOOKING_MESSAGES.paymentIncomplete);
    }
    const asked = [service?.priceAmount, Number(intent.metadata.priceAmount)];
    const paidForThis =
      service !== undefined &&
      asked.includes(intent.amount) &&
      intent.currency === service.currency &&
      intent.metadata.purpose === 'appointment' &&
      intent.metadata.employeeId === employeeId &&
      intent.metadata.startsAt === startsAt.toISOString();
    if (!paidForThis) throw invalid(BOOKING_MESSAGES.paymentMismatch);
    return intent;
  }

  /** The open starts of a service on local dates from..to, read with two queries. */
  async function openDays(
    employee: { id: string; availability: Availability },
    timeZone: string,
    range: { from: string; to: string },
    rules: BookingRules,
    exceptAppointmentId?: string | readonly string[],
  ) {
    const now = clock();
    const today = zonedDate(now, timeZone);
    const lastDay = addDays(today, rules.horizonDays);
    const from = range.from > today ? range.from : today;
    const to = range.to < lastDay ? range.to : lastDay;
    if (from > to) return { days: [], booked: [] };
    const fromInstant = zonedTimeToUtc(from, '00:00', timeZone);
    const toInstant = zonedTimeToUtc(addDays(to, 1), '00:00', timeZone);
    // A first slot's buffer before (or a last one's after) reaches outside the dates.
    const margin = (rules.bufferBeforeMinutes + rules.bufferAfterMinutes) * 60_000;
    const [{ busy, exceptions }, fullDates, classes] = await Promise.all([
      repository.calendar(
        employee.id,
        {
          from: new Date(fromInstant.getTime() - margin),
          to: new Date(toInstant.getTime() + margin),
          fromDate: from,
          toDate: to,
        },
        now,
        exceptAppointmentId,
      ),
      rules.id
        ? repository.fullDates(
            employee.id,
            { id: rules.id, dailyCap: rules.dailyCap },
            { fromDate: from, toDate: to, from: fromInstant, to: toInstant, timeZone },
            now,
            exceptAppointmentId,
          )
        : Promise.resolve(new Set<string>()),
      rules.id && rules.seats
        ? repository.openClassTimes(employee.id, rules.id, fromInstant, toInstant)
        : Promise.resolve(new Map<number, number>()),
    ]);
    const byDate = new Map<string, string[]>();
    const query = {
      availability: employee.availability,
      timeZone,
      from,
      to,
      earliest: new Date(now.getTime() + rules.minNoticeMinutes * 60_000),
      shape: rules,
      busy,
      exceptions,
      fullDates,
    };
    let slots = openSlots(query);
    // A class time with a seat left is open to this service although its seats take its time: it
    // is open where it would be without them (its seats are the only thing there), and every
    // other start still keeps clear of it.
    if (classes.size > 0) {
      const withoutClasses = openSlots({
        ...query,
        busy: busy.filter(
          (interval) => !(interval.booked && classes.has(interval.booked.startsAt.getTime())),
        ),
      }).filter((slot) => classes.has(slot.startsAt.getTime()));
      slots = [...slots, ...withoutClasses].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
    }
    const seatsLeft = new Map<string, Record<string, number>>();
    for (const slot of slots) {
      const times = byDate.get(slot.date);
      if (times) times.push(slot.time);
      else byDate.set(slot.date, [slot.time]);
      if (rules.seats) {
        const left = seatsLeft.get(slot.date) ?? {};
        left[slot.time] = classes.get(slot.startsAt.getTime()) ?? rules.seats;
        seatsLeft.set(slot.date, left);
      }
    }
    // The appointments starting on these dates, as the public schedule lists them (read with the busy time).
    const booked = busy
      .flatMap((interval) => (interval.booked ? [interval.booked] : []))
      .filter((b) => b.startsAt >= fromInstant && b.startsAt < toInstant)
      .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
    return {
      days: [...byDate].map(([date, times]) => {
        const left = seatsLeft.get(date);
        return left ? { date, times, seatsLeft: left } : { date, times };
      }),
      booked,
    };
  }

  /** The rules of the service a booking with this employee is for when none is named; none when they offer none. */
  async function defaultRulesOf(employeeId: string) {
    // Kept until the business changes, as the booking page's: the assistant asks this for each
    // professional whose times it tells, several per reply.
    const offered = await deps.business.read(`offered-by:${employeeId}`, () =>
      deps.services.offeredBy(employeeId),
    );
    const service = offered.find((row) => row.isDefault) ?? offered[0];
    return service ? rulesOf(service) : undefined;
  }

  /** An active service and the bookable professionals who offer it, or a 404. */
  async function offering(serviceId: string) {
    const rows = (await repository.bookableOfferings()).filter((row) => row.service.id === serviceId);
    if (rows.length === 0) throw notFound(SERVICE_MESSAGES.notFound);
    return {
      service: rows[0]!.service,
      professionals: rows.map((row) => ({
        ...row.employee,
        availability: row.employee.availability as Availability,
      })),
    };
  }

  /** A service's rules as `offeredInstant` and `openTimes` take them. */
  const rulesOf = (service: ServiceRow): BookingRules => ({
    ...shapeOf(service),
    id: service.id,
    minNoticeMinutes: service.minNoticeMinutes,
    horizonDays: service.horizonDays,
    dailyCap: service.dailyCap,
    seats: service.seats,
  });

  return {
    /** In the caller's transaction (a person's erasure): holds they started keep no address. */
    forgetHolderIn(tx: Db, emails: string[]) {
      return createScheduleRepository(tx).forgetHolder(emails);
    },

    /** An active employee who takes bookings, or the error a visitor would get. */
    bookableEmployee: loadBookableEmployee,

    /**
     * The instant of a slot the employee offers on that date (weekly hours, time off, closures,
     * the booking horizon), or a 409. Whether someone has it is for the caller's write to find.
     */
    offeredInstant,

    /**
     * An employee's open times on the business's days `from`..`to` for a service (by default the
     * one a booking without a service is for), as the public schedule offers them: for the
     * assistant and the manage page, which already know the employee and the business's zone. A
     * move leaves out the appointment being moved (`exceptAppointmentId`): its own time is free to it.
     */
    async openTimes(
      employee: { id: string; availability: Availability },
      timeZone: string,
      range: { from: string; to: string },
      options: {
        rules?: BookingRules;
        serviceId?: string;
        exceptAppointmentId?: string | readonly string[];
      } = {},
    ): Promise<OpenDay[]> {
      const rules =
        options.rules ??
        (options.serviceId
          ? rulesOf(await deps.services.forBooking(employee.id, options.serviceId))
          : await defaultRulesOf(employee.id));
      if (!rules) return [];
      return (await openDays(employee, timeZone, range, rules, options.exceptAppointmentId)).days;
    },

    /** The rules of a service (what `openTimes` and `offeredInstant` take). */
    rulesOf,

    /**
     * The rules a booked appointment moves under: its own length and buffers as booked (an edit
     * of the service since does not stretch it), its service's notice, horizon and daily cap.
     */
    async rulesForAppointment(row: {
      serviceId: string | null;
      startsAt: Date;
      endsAt: Date;
      blockedFrom: Date;
      blockedUntil: Date;
    }): Promise<BookingRules> {
      const service = row.serviceId ? await deps.services.find(row.serviceId) : undefined;
      const minutes = (from: Date, to: Date) => Math.round((to.getTime() - from.getTime()) / 60_000);
      return {
        id: row.serviceId,
        durationMinutes: minutes(row.startsAt, row.endsAt),
        bufferBeforeMinutes: minutes(row.blockedFrom, row.startsAt),
        bufferAfterMinutes: minutes(row.endsAt, row.blockedUntil),
        minNoticeMinutes: service?.minNoticeMinutes ?? DEFAULT_RULES.minNoticeMinutes,
        horizonDays: service?.horizonDays ?? DEFAULT_RULES.horizonDays,
        dailyCap: service?.dailyCap ?? null,
        seats: service?.seats ?? null,
      };
    },

    async getPublicSchedule(username: string, serviceId?: string): Promise<PublicSchedule> {
      // Three reads at once (by username, so none waits for another's answer), kept until the
      // business changes: a visitor's page then costs one round trip, for its calendar.
      const [employee, { timeZone, freeCancellationHours }, offered] = await deps.business.read(
        `schedule:${username.toLowerCase()}`,
        () =>
          Promise.all([
            repository.findActiveEmployeeByUsername(username),
            company.scheduling(),
            deps.services.offeredByUsername(username),
          ]),
        ([found]) => found !== undefined,
      );
      // One who takes no bookings has no booking page, just as an inactive one.
      if (!employee?.takesBookings) throw notFound(BOOKING_MESSAGES.employeeNotFound);
      const service = serviceId
        ? await deps.services.chooseService(offered, serviceId)
        : (offered.find((row) => row.isDefault) ?? offered[0]);
      const availability = employee.availability as Availability;
      const now = clock();
      const today = zonedDate(now, timeZone);
      const lastDay = addDays(today, service?.horizonDays ?? DEFAULT_RULES.horizonDays);
      const open = service
        ? await openDays(
            { id: employee.id, availability },
            timeZone,
            { from: today, to: lastDay },
            rulesOf(service),
          )
        : {
            days: [],
            booked: await repository.bookedStarts(
              employee.id,
              zonedTimeToUtc(today, '00:00', timeZone),
              zonedTimeToUtc(addDays(lastDay, 1), '00:00', timeZone),
            ),
          };
      const { booked, days: slots } = open;
      return {
        employee: {
          id: employee.id,
          name: employee.name,
          username: employee.username,
          title: employee.title,
          locations: employee.locations,
        },
        timeZone,
        availability,
        services: offered.map(toPublicService),
        service: service ? toPublicService(service) : null,
        bookedSlots: booked.map((b) => ({ date: b.localDate, timeSlot: b.startTime })),
        slots,
        freeCancellationHours,
        payment: {
          provider: payments.name,
          publishableKey: payments.publishableKey,
          amount: service?.priceAmount ?? 0,
          currency: service?.currency ?? 'eur',
        },
      };
    },

    /**
     * Decides the service and its price itself, holds the slot for 10 minutes, and only then
     * opens a payment for it, so of visitors racing for one time only the holder can pay. A
     * visitor's new hold releases their earlier one, and the live holds of one employee's day and
     * of one network are bounded (HOLD_LIMITS): many addresses together cannot block a calendar.
     */
    async startPayment(input: PaymentIntentRequest, visitor: Visitor): Promise<PaymentIntentResponse> {
      const employee = await loadBookableEmployee(input.employeeId);
      const service = await deps.services.forBooking(employee.id, input.serviceId);
      // Nothing to pay: the provider takes no 0 amount, and bookFree books it.
      if (service.priceAmount === 0) throw conflict(FREE_SERVICE_USE_BOOK_FREE);
      const { timeZone } = await company.get();
      const startsAt = await offeredInstant(employee, input.date, input.timeSlot, timeZone, rulesOf(service));
      const now = clock();
      const expiresAt = new Date(now.getTime() + SLOT_HOLD_MINUTES * 60_000);
      if (service.seats) {
        // A class's seat is not held while its buyer pays: several people pay for one class at
        // once. The seat count decides when the booking is written (decision 024): a payment
        // for a seat taken meanwhile is refunded as one for a taken slot is.
        const [day] = (
          await openDays(
            { id: employee.id, availability: employee.availability as Availability },
            timeZone,
            { from: input.date, to: input.date },
            rulesOf(service),
          )
        ).days;
        if (!day?.times.includes(input.timeSlot)) throw conflict(BOOKING_MESSAGES.slotTaken);
        const intent = await openPayment(employee, service, input, startsAt);
        return {
          clientSecret: intent.clientSecret,
          paymentIntentId: intent.id,
          amount: intent.amount,
          currency: intent.currency,
          holdExpiresAt: expiresAt.toISOString(),
        };
      }
      const day = zonedDate(startsAt, timeZone);
      const hold = await repository.takeHold({
        employeeId: employee.id,
        service: { id: service.id, dailyCap: service.dailyCap },
        startsAt,
        blocked: blockedRange(startsAt, shapeOf(service)),
        expiresAt,
        now,
        // Renamed to the payment's id once the payment exists.
        providerPaymentId: `pending_${randomUUID()}`,
        clientIp: visitor.ip,
        rangeKey: networkKey(visitor.ip),
        clientEmail: input.clientInfo?.email ?? null,
        day: {
          key: day,
          from: zonedTimeToUtc(day, '00:00', timeZone),
          to: zonedTimeToUtc(addDays(day, 1), '00:00', timeZone),
        },
        limits: HOLD_LIMITS,
      });
      if (hold === 'booked') throw conflict(BOOKING_MESSAGES.slotTaken);
      if (hold === 'held') throw conflict(BOOKING_MESSAGES.slotHeld);
      if (hold === 'day-full') throw conflict(BOOKING_MESSAGES.dayFull);
      if (hold === 'day-busy') throw conflict(BOOKING_MESSAGES.dayBusy);
      if (hold === 'range-busy')
        throw new AppError('TOO_MANY_REQUESTS', BOOKING_MESSAGES.networkBusy, {
          'retry-after': String(SLOT_HOLD_MINUTES * 60),
        });
      let intent: PaymentIntent;
      try {
        intent = await openPayment(employee, service, input, startsAt);
      } catch (error) {
        await repository.releaseHoldById(hold.id);
        throw error;
      }
      await repository.attachPayment(hold.id, intent.id);
      return {
        clientSecret: intent.clientSecret,
        paymentIntentId: intent.id,
        amount: intent.amount,
        currency: intent.currency,
        holdExpiresAt: expiresAt.toISOString(),
      };
    },

    /** The business's services, each with the professionals who offer it (for "anyone available"). */
    async publicServices(): Promise<PublicServiceList> {
      const { timeZone } = await company.get();
      const byService = new Map<string, PublicServiceList['services'][number]>();
      for (const { service, employee } of await repository.bookableOfferings()) {
        const entry = byService.get(service.id) ?? { ...toPublicService(service), professionals: [] };
        entry.professionals.push(toProfessional(employee));
        byService.set(service.id, entry);
      }
      return { timeZone, services: [...byService.values()] };
    },

    /** A service's open times with any of its professionals, by local date. */
    async anyoneSlots(serviceId: string): Promise<AnyoneSlots> {
      const { service, professionals } = await offering(serviceId);
      const { timeZone } = await company.get();
      const { freeCancellationHours } = await company.bookingSettings();
      const today = zonedDate(clock(), timeZone);
      const range = { from: today, to: addDays(today, service.horizonDays) };
      const byDate = new Map<string, Set<string>>();
      const seatsByDate = new Map<string, Record<string, number>>();
      for (const employee of professionals) {
        for (const day of (await openDays(employee, timeZone, range, rulesOf(service))).days) {
          const times = byDate.get(day.date) ?? new Set<string>();
          for (const time of day.times) times.add(time);
          byDate.set(day.date, times);
          if (day.seatsLeft) {
            const left = seatsByDate.get(day.date) ?? {};
            for (const [time, seats] of Object.entries(day.seatsLeft)) left[time] = (left[time] ?? 0) + seats;
            seatsByDate.set(day.date, left);
          }
        }
      }
      const slots = [...byDate]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([date, times]) => {
          const left = seatsByDate.get(date);
          return { date, times: [...times].sort(), ...(left ? { seatsLeft: left } : {}) };
        });
      return { timeZone, service: toPublicService(service), slots, freeCancellationHours };
    },

    /**
     * Who takes a time booked with "anyone available": of the service's professionals open then,
     * the one with the fewest appointments that day (then by name), so work spreads evenly. The
     * visitor sees the name before paying, and then books with them as on their own page.
     */
    async assignAnyone(serviceId: string, date: string, timeSlot: string): Promise<AssignedProfessional> {
      const { service, professionals } = await offering(serviceId);
      const { timeZone } = await company.get();
      const open: typeof professionals = [];
      for (const employee of professionals) {
        const [day] = (await openDays(employee, timeZone, { from: date, to: date }, rulesOf(service))).days;
        if (day?.times.includes(timeSlot)) open.push(employee);
      }
      if (open.length === 0) throw conflict(BOOKING_MESSAGES.slotUnavailable);
      const booked = await repository.bookedOn(
        open.map((employee) => employee.id),
        date,
      );
      const [chosen] = [...open].sort(
        (a, b) => (booked.get(a.id) ?? 0) - (booked.get(b.id) ?? 0) || a.name.localeCompare(b.name),
      );
      return { professional: toProfessional(chosen!) };
    },

    /**
     * Staff book a client in from the dashboard: the service's slots and rules as on the booking
     * page (hours, time off, busy times, holds, overlaps, the daily cap) but not its minimum notice
     * or horizon, which protect the business from customers, not from itself. Paid at the desk or
     * not yet; the client is emailed the confirmation with their private link when they have an
     * address. Answers the new appointment's id.
     */
    async bookByStaff(
      input: z.output<typeof createAppointmentSchema>,
      by: { employeeId: string | null } = { employeeId: null },
      /**
       * The customer on the booking page, paying with a pack: the page's notice and horizon apply, and
       * the confirmation is written in the page's language when it said (else the client's).
       */
      customer?: { pageLanguage?: CustomerLanguage | undefined },
    ): Promise<string> {
      const as = customer ? 'customer' : 'staff';
      const employee = await loadBookableEmployee(input.employeeId);
      const service = await deps.services.forBooking(employee.id, input.serviceId);
      const { timeZone, name: businessName } = await company.get();
      const rules =
        as === 'customer'
          ? rulesOf(service)
          : { ...rulesOf(service), minNoticeMinutes: 0, horizonDays: SERVICE_LIMITS.horizonMaxDays };
      const startsAt = await offeredInstant(employee, input.date, input.timeSlot, timeZone, rules);
      const endsAt = new Date(startsAt.getTime() + service.durationMinutes * 60_000);
      const endTime = addMinutesToTime(input.timeSlot, service.durationMinutes);
      const outcome = await repository.bookByStaff({
        employee: { id: employee.id, name: employee.name, email: employee.email },
        clientId: input.clientId,
        service,
        startsAt,
        endsAt,
        blocked: blockedRange(startsAt, shapeOf(service)),
        localDate: input.date,
        startTime: input.timeSlot,
        endTime,
        notes: input.notes || null,
        paidAtDesk: input.payment === 'desk',
        withPack: input.payment === 'pack' ? by : null,
        actor: as,
        at: clock(),
      });
      if (outcome === 'no-client') throw notFound(APPOINTMENT_MESSAGES.clientNotFound);
      if (outcome === 'held') throw conflict(BOOKING_MESSAGES.slotHeld);
      if (outcome === 'full') throw conflict(BOOKING_MESSAGES.dayFull);
      if (outcome === 'class-full') throw conflict(BOOKING_MESSAGES.classFull);
      if (outcome === 'taken') throw conflict(APPOINTMENT_MESSAGES.slotTaken);
      if (outcome === 'no-session') throw conflict(PACK_MESSAGES.noSessionLeft);
      await deps.events.publish({ type: 'appointments.changed' });
      const row = await repository.findAppointmentById(outcome.id);
      if (row?.clientEmail) {
        await deps.mail.enqueue(
          bookingConfirmationEmail(
            {
              appointmentId: row.id,
              clientName: row.clientName,
              clientEmail: row.clientEmail,
              employeeName: employee.name,
              serviceName: service.name,
              paid:
                input.payment === 'desk' ? { amount: service.priceAmount, currency: service.currency } : null,
              pack: outcome.pack,
              localDate: input.date,
              startTime: input.timeSlot,
              endTime,
              startsAt,
              endsAt,
              timeZone,
              manageUrl: manageBookingUrl(deps.publicUrl, row.manageToken),
              language: customer?.pageLanguage ?? (await repository.clientLanguage(row.id)),
            },
            { name: businessName },
          ),
        );
      }
      return outcome.id;
    },

    /**
     * Books a free service (price 0) without a payment. With no hold before it, its checks run in
     * its own transaction under the calendar lock (no visitor paying for any of the time, the daily
     * cap, the no-overlap constraint), and a network and an email may hold only a few upcoming free
     * bookings (FREE_LIMITS), so nobody fills a calendar with free bookings.
     */
    async bookFree(
      input: z.output<typeof freeBookingRequestSchema>,
      visitor: Visitor,
    ): Promise<BookingResponse> {
      const employee = await loadBookableEmployee(input.employeeId);
      const service = await deps.services.forBooking(employee.id, input.serviceId);
      if (service.priceAmount !== 0) throw conflict(BOOKING_MESSAGES.notFree);
      const { timeZone, name: businessName } = await company.get();
      const startsAt = await offeredInstant(employee, input.date, input.timeSlot, timeZone, rulesOf(service));
      const endsAt = new Date(startsAt.getTime() + service.durationMinutes * 60_000);
      const endTime = addMinutesToTime(input.timeSlot, service.durationMinutes);
      const now = clock();
      let confirmation: string | undefined;
      let appointmentId: string;
      try {
        const { appointment } = await repository.book(
          {
            employee: { id: employee.id, name: employee.name, email: employee.email },
            client: input.clientInfo,
            service,
            startsAt,
            endsAt,
            blocked: blockedRange(startsAt, shapeOf(service)),
            bookedAt: now,
            chatRef: input.chatRef,
            language: input.language,
            localDate: input.date,
            startTime: input.timeSlot,
            endTime,
            payment: null,
            free: {
              now,
              serviceId: service.id,
              dailyCap: service.dailyCap,
              network: networkKey(visitor.ip),
              limits: FREE_LIMITS,
            },
          },
          async (tx, appointment) => {
            confirmation = await announceIn(tx, appointment, {
              clientInfo: input.clientInfo,
              pageLanguage: input.language,
              employeeName: employee.name,
              serviceName: service.name,
              paid: null,
              localDate: input.date,
              startTime: input.timeSlot,
              endTime,
              startsAt,
              endsAt,
              timeZone,
              businessName,
            });
          },
        );
        appointmentId = appointment.id;
      } catch (error) {
        if (error instanceof BookingRefused) {
          if (error.reason === 'held') throw conflict(BOOKING_MESSAGES.slotHeld);
          if (error.reason === 'full') throw conflict(BOOKING_MESSAGES.dayFull);
          throw new AppError('TOO_MANY_REQUESTS', BOOKING_MESSAGES.freeLimit);
        }
        if (isClassFull(error)) throw conflict(BOOKING_MESSAGES.classFull);
        if (isSlotConflict(error)) throw conflict(BOOKING_MESSAGES.slotTaken);
        throw error;
      }
      try {
        if (confirmation) await deps.mail.dispatch(confirmation);
      } catch (error) {
        deps.log?.warn({ err: error, appointmentId }, 'booked; its confirmation is left to recovery');
      }
      return {
        appointment: {
          id: appointmentId,
          date: input.date,
          startTime: input.timeSlot,
          endTime,
          timeZone,
          employeeName: employee.name,
          serviceName: service.name,
        },
      };
    },

    /** Creates the appointment only for a payment the provider confirms was made for exactly this slot. */
    async book(input: z.output<typeof bookingRequestSchema>): Promise<BookingResponse> {
      const { timeZone } = await company.get();
      const localDate = resolveLocalDate(input.date, timeZone);
      const startsAt = zonedTimeToUtc(localDate, input.timeSlot, timeZone);
      const found = await payments.retrievePaymentIntent(input.payment.id);
      const service = found ? await paidService(found, input.employeeId) : undefined;
      const intent = checkPayment(found, input.employeeId, startsAt, service);
      if (input.serviceId && input.serviceId !== service?.id) throw invalid(BOOKING_MESSAGES.paymentMismatch);
      return completeBooking(
        intent,
        service!,
        { employeeId: input.employeeId, localDate, timeSlot: input.timeSlot, startsAt, timeZone },
        input.clientInfo,
      );
    },

    /**
     * The provider says a payment succeeded (Stripe webhook): if the page never booked it,
     * book it now from the details kept on the payment. Answers whether anything was booked.
     */
    async completeFromProvider(paymentIntentId: string): Promise<boolean> {
      const intent = await payments.retrievePaymentIntent(paymentIntentId);
      const m = intent?.metadata;
      if (!intent || m?.purpose !== 'appointment' || !m.employeeId || !m.date || !m.timeSlot) return false;
      if (await repository.findAppointmentByPayment(intent.id)) return false;
      if (!m.clientName || !m.clientEmail || !m.clientPhone) return false;
      const { timeZone } = await company.get();
      if (!isCalendarDate(m.date) || !localTimeExists(m.date, m.timeSlot, timeZone)) {
        // Paid for a day or time that does not exist (taken before dates were checked): give it back.
        if (intent.status === 'succeeded' && !intent.refunded) {
          await giveBack(intent, `${m.date} ${m.timeSlot} is not a time in ${timeZone}`);
        }
        return false;
      }
      const startsAt = zonedTimeToUtc(m.date, m.timeSlot, timeZone);
      try {
        const service = await paidService(intent, m.employeeId);
        checkPayment(intent, m.employeeId, startsAt, service);
        await completeBooking(
          intent,
          service!,
          { employeeId: m.employeeId, localDate: m.date, timeSlot: m.timeSlot, startsAt, timeZone },
          { name: m.clientName, email: m.clientEmail, phone: m.clientPhone },
        );
        return true;
      } catch (error) {
        // Refused for good (and refunded where money was taken): a retry would change nothing.
        if (error instanceof AppError && error.status < 500) return false;
        throw error;
      }
    },

    /** A payment that failed or was abandoned frees its slot at once instead of after the hold. */
    async releasePayment(paymentIntentId: string) {
      await repository.releaseHold(paymentIntentId);
    },
  };

  /**
   * In a booking's own transaction: staff's notification, the live event and the visitor's
   * confirmation exist exactly when the appointment does, whatever dies after. Answers the
   * confirmation's outbox id, to send once committed.
   */
  async function announceIn(
    tx: Db,
    appointment: { id: string; manageToken: string },
    booked: Omit<BookingConfirmation, 'appointmentId' | 'clientName' | 'clientEmail' | 'manageUrl'> & {
      clientInfo: { name: string; email: string };
      businessName: string;
      /** The language the booking page was read in, when it said. */
      pageLanguage: CustomerLanguage | undefined;
    },
  ) {
    const { clientInfo, businessName, pageLanguage, ...rest } = booked;
    const price = booked.paid ? `${formatMoney(booked.paid.amount, booked.paid.currency)} paid` : 'free';
    await deps.notifications.notifyIn(tx, {
      type: 'success',
      title: 'New booking',
      message: `${clientInfo.name} booked ${booked.serviceName} with ${booked.employeeName} on ${booked.localDate} at ${booked.startTime} (${price}).`,
      link: `/appointments/${appointment.id}`,
    });
    await tx.execute(deps.events.inStatement({ type: 'appointments.changed' }));
    return deps.mail.writeIn(
      tx,
      bookingConfirmationEmail(
        {
          ...rest,
          appointmentId: appointment.id,
          clientName: clientInfo.name,
          clientEmail: clientInfo.email,
          manageUrl: manageBookingUrl(deps.publicUrl, appointment.manageToken),
          // In the language the page was read in; else a client found by the booking's email may
          // have written to us before, in theirs.
          language: pageLanguage ?? (await createScheduleRepository(tx).clientLanguage(appointment.id)),
        },
        { name: businessName },
      ),
    );
  }

  async function completeBooking(
    intent: PaymentIntent,
    service: ServiceRow,
    slot: { employeeId: string; localDate: string; timeSlot: string; startsAt: Date; timeZone: string },
    clientInfo: { name: string; email: string; phone: string },
  ): Promise<BookingResponse> {
    const { employeeId, localDate, startsAt, timeZone } = slot;
    const previous = await repository.findAppointmentByPayment(intent.id);
    if (previous) return sameBooking(previous, employeeId, startsAt, timeZone);

    if (!localTimeExists(localDate, slot.timeSlot, timeZone)) {
      // Paid for a time the clocks skip (taken before times were checked): the money goes back.
      const refunded = await giveBack(intent, `${localDate} ${slot.timeSlot} is not a time in ${timeZone}`);
      throw conflict(refunded ? BOOKING_MESSAGES.slotUnavailableRefunded : BOOKING_MESSAGES.slotUnavailable);
    }

    const employee = await repository.findActiveEmployeeById(employeeId);
    if (!employee?.takesBookings) {
      // The employee left or stopped taking bookings while this visitor paid: the money goes back.
      const refunded = await giveBack(intent, 'the employee takes no bookings');
      if (!employee) throw notFound(BOOKING_MESSAGES.employeeNotFound);
      throw conflict(
        refunded ? BOOKING_MESSAGES.employeeNotBookableRefunded : BOOKING_MESSAGES.employeeNotBookable,
      );
    }

    const shape = shapeOf(service);

    if (
      closedByTimeOff(
        await repository.exceptions(employeeId, localDate, localDate),
        localDate,
        slot.timeSlot,
        service.durationMinutes,
      )
    ) {
      // Time off or a closed day put on the slot while this visitor paid: the money goes back.
      const refunded = await giveBack(intent, `${localDate} ${slot.timeSlot} is now time off`);
      throw conflict(refunded ? BOOKING_MESSAGES.slotUnavailableRefunded : BOOKING_MESSAGES.slotUnavailable);
    }

    const endTime = addMinutesToTime(slot.timeSlot, service.durationMinutes);
    const endsAt = new Date(startsAt.getTime() + service.durationMinutes * 60_000);
    const method = intent.card ? `${intent.card.brand} •••• ${intent.card.last4}` : 'card';
    const business = await deps.company.get();
    let confirmation: string | undefined;
    let result: Awaited<ReturnType<ScheduleRepository['book']>>;
    try {
      result = await repository.book(
        {
          employee: { id: employee.id, name: employee.name, email: employee.email },
          client: clientInfo,
          // The price is what was paid: an edit of the service while the visitor paid changes nothing.
          service: {
            id: service.id,
            name: service.name,
            priceAmount: intent.amount,
            currency: intent.currency,
            seats: service.seats,
          },
          startsAt,
          endsAt,
          blocked: blockedRange(startsAt, shape),
          bookedAt: clock(),
          chatRef: intent.metadata.chatRef,
          language: languageOf(intent),
          localDate,
          startTime: slot.timeSlot,
          endTime,
          payment: {
            providerPaymentId: intent.id,
            amount: intent.amount,
            currency: intent.currency,
            method,
            description: `${service.name} with ${employee.name} on ${localDate} at ${slot.timeSlot}`,
          },
        },
        async (tx, appointment) => {
          confirmation = await announceIn(tx, appointment, {
            clientInfo,
            pageLanguage: languageOf(intent),
            employeeName: employee.name,
            serviceName: service.name,
            paid: { amount: intent.amount, currency: intent.currency },
            localDate,
            startTime: slot.timeSlot,
            endTime,
            startsAt,
            endsAt,
            timeZone,
            businessName: business.name,
          });
        },
      );
    } catch (error) {
      // The same payment booked by a concurrent retry: that booking stands.
      const again = await repository.findAppointmentByPayment(intent.id);
      if (again) return sameBooking(again, employeeId, startsAt, timeZone);
      if (isSlotConflict(error)) {
        // Someone else's booking of this slot won: give this visitor's money back.
        await giveBack(intent, `another booking took ${localDate} ${slot.timeSlot} first`);
        throw conflict(isClassFull(error) ? BOOKING_MESSAGES.classFull : BOOKING_MESSAGES.slotTaken);
      }
      // Paid but not booked, whatever the cause: never keep the money without the appointment.
      deps.log?.warn({ err: error, paymentIntentId: intent.id }, 'a paid booking could not be saved');
      if (!(await giveBack(intent, 'the booking could not be saved'))) throw error;
      throw conflict(BOOKING_MESSAGES.bookingFailedRefunded);
    }
    const { appointment } = result;
    // After the commit. Failing here (or dying) loses nothing: the email is in the outbox and the
    // recovery sweep queues it, and the hold only lapses.
    try {
      if (confirmation) await deps.mail.dispatch(confirmation);
      await repository.releaseHold(intent.id);
    } catch (error) {
      deps.log?.warn(
        { err: error, appointmentId: appointment.id },
        'booked; its follow-up is left to recovery',
      );
    }
    return {
      appointment: {
        id: appointment.id,
        date: localDate,
        startTime: slot.timeSlot,
        endTime,
        timeZone,
        employeeName: employee.name,
        serviceName: service.name,
      },
    };
  }
}

export type ScheduleService = ReturnType<typeof createScheduleService>;
