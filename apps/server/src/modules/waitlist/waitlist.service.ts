import { createHash } from 'node:crypto';
import { APPOINTMENT_MESSAGES } from '@chatdesk/contract/appointments';
import type { Availability } from '@chatdesk/contract/employees';
import { PACK_MESSAGES } from '@chatdesk/contract/packs';
import { BOOKING_MESSAGES } from '@chatdesk/contract/schedule';
import {
  type ClassWaitlist,
  type ConfirmOffer,
  type FullTimes,
  type JoinedWaitlist,
  type joinWaitlistSchema,
  WAITLIST_MESSAGES,
  type WaitlistOffer,
} from '@chatdesk/contract/waitlist';
import type { z } from 'zod';
import type { EventBus } from '../../events/event-bus.ts';
import type { PaymentIntent, PaymentProvider } from '../../integrations/payments/payment-provider.ts';
import { AppError, conflict, invalid, notFound, unauthorized } from '../../lib/app-error.ts';
import { formatMoney } from '../../lib/money.ts';
import { internationalPhone } from '../../lib/phone.ts';
import { blockedRange } from '../../lib/slots.ts';
import { addMinutesToTime, zonedDate, zonedTime, zonedTimeToUtc } from '../../lib/time-zone.ts';
import type { ChatsService } from '../chats/chats.service.ts';
import type { CompanyService } from '../company/company.service.ts';
import type { MailService } from '../mail/mail.service.ts';
import type { NotificationsService, Notify } from '../notifications/notifications.service.ts';
import type { PackCodesRepository } from '../packs/pack-codes.repository.ts';
import { manageBookingUrl } from '../schedule/booking-email.ts';
import type { ScheduleService } from '../schedule/schedule.service.ts';
import { shapeOf } from '../services/services.service.ts';
import type { OfferPayment, OfferRow, OneToOneLine, WaitlistRepository } from './waitlist.repository.ts';
import { offerBookedEmail, offerEmail, offerTemplate, offerUrl } from './waitlist-messages.ts';

/** What an offer's payment carries, as the server wrote it when opening it. */
const WAITLIST_PURPOSE = 'waitlist';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Who a place in line for 'anyone available' is with until one of them frees the time. */
const ANYONE = 'anyone available';

/**
 * An offer's professional: fixed when the database made it, whether the entry waited for them or
 * for anyone (the check constraint `waitlist_entries_professional_check` keeps it so).
 */
const professionalOf = (row: OfferRow) => row.employee!;

/**
 * The waitlist of full class times (decision 026). A customer joins the line of a full class
 * time; when a seat frees, the database offers it to the first in line at the commit that freed
 * it (the offer holds the seat in the same count as a booking), and this service tells them by
 * email (and WhatsApp where it can), starting the hold. They take the place within the hold
 * (paying through the provider, with a pack session after the emailed code, or free) or decline
 * it; an offer past its hold expires and the seat goes to the next. Money taken for a place no
 * longer open goes back.
 */
export function createWaitlistService(deps: {
  repository: WaitlistRepository;
  packCodes: Pick<PackCodesRepository, 'emailOfToken'>;
  schedule: Pick<ScheduleService, 'openTimes'>;
  payments: PaymentProvider;
  company: CompanyService;
  mail: MailService;
  chats: Pick<ChatsService, 'sendSystemTemplate'>;
  notify: Notify;
  notifications: Pick<NotificationsService, 'notifyIn'>;
  events: EventBus;
  publicUrl: string;
  holdMinutes: number;
  clock: () => Date;
  log?: { warn: (object: unknown, message: string) => void };
}) {
  const { repository, payments, clock } = deps;

  async function view(row: OfferRow): Promise<WaitlistOffer> {
    const { timeZone } = await deps.company.get();
    const { entry, service, employee } = row;
    return {
      status: entry.status,
      name: entry.name,
      email: entry.email,
      serviceId: service.id,
      serviceName: service.name,
      employeeName: employee?.name ?? ANYONE,
      date: zonedDate(entry.startsAt, timeZone),
      startTime: zonedTime(entry.startsAt, timeZone),
      timeZone,
      holdUntil: entry.status === 'offered' && entry.holdUntil ? entry.holdUntil.toISOString() : null,
      priceAmount: service.priceAmount,
      currency: service.currency,
      manageUrl:
        entry.status === 'booked' && row.manageToken
          ? manageBookingUrl(deps.publicUrl, row.manageToken)
          : null,
    };
  }

  async function load(token: string) {
    const row = await repository.byToken(token);
    if (!row) throw notFound(WAITLIST_MESSAGES.offerNotFound);
    return row;
  }

  /** An offer that can still be taken now, or the 409 that says it went to the next. */
  function requireOpen(row: OfferRow) {
    const { entry } = row;
    if (entry.status !== 'offered' || !entry.holdUntil || entry.holdUntil <= clock())
      throw conflict(WAITLIST_MESSAGES.offerGone);
  }

  /** Gives a payment back; staff hear of it, and must act by hand when the provider refused. */
  async function giveBack(intent: PaymentIntent, why: string): Promise<boolean> {
    let refunded = true;
    try {
      await payments.refundPaymentIntent(intent.id);
    } catch (error) {
      refunded = false;
      deps.log?.warn({ err: error, paymentIntentId: intent.id }, 'refund of a waitlist payment failed');
    }
    const paid = `${formatMoney(intent.amount, intent.currency)} (payment ${intent.id})`;
    await deps.notify({
      type: refunded ? 'warning' : 'error',
      title: refunded
        ? 'Waitlist place not booked, payment refunded'
        : 'Waitlist place not booked, refund it by hand',
      message: refunded
        ? `A customer paid ${paid} for a waitlist place but it was not booked (${why}). The payment was refunded.`
        : `A customer paid ${paid} for a waitlist place but it was not booked (${why}) and the refund failed: refund it with the payment provider.`,
      link: null,
    });
    return refunded;
  }

  /** Books an open offer, paid as `payment` says; the confirmation and staff's notification commit with it. */
  async function book(row: OfferRow, payment: OfferPayment) {
    const { entry, service } = row;
    const employee = professionalOf(row);
    const { startsAt } = entry;
    const business = await deps.company.get();
    const { timeZone } = business;
    const localDate = zonedDate(startsAt, timeZone);
    const startTime = zonedTime(startsAt, timeZone);
    const endsAt = new Date(startsAt.getTime() + service.durationMinutes * 60_000);
    const blocked = blockedRange(startsAt, shapeOf(service));
    const priceAmount = payment.kind === 'provider' ? payment.amount : service.priceAmount;
    const now = clock();
    let confirmation: string | undefined;
    const outcome = await repository.book(
      row,
      {
        values: {
          employeeId: employee.id,
          employeeName: employee.name,
          employeeEmail: employee.email,
          serviceId: service.id,
          serviceName: service.name,
          priceAmount,
          priceCurrency: payment.kind === 'provider' ? payment.currency : service.currency,
          startsAt,
          endsAt,
          blockedFrom: blocked.start,
          blockedUntil: blocked.end,
          localDate,
          startTime,
          endTime: addMinutesToTime(startTime, service.durationMinutes),
        },
        payment,
        now,
      },
      async (tx, appointment) => {
        await deps.notifications.notifyIn(tx, {
          type: 'success',
          title: 'Waitlist place taken',
          message: `${entry.name} took a freed place in ${service.name} with ${employee.name} on ${localDate} at ${startTime}.`,
          link: `/appointments/${appointment.id}`,
        });
        await tx.execute(deps.events.inStatement({ type: 'appointments.changed' }));
        confirmation = await deps.mail.writeIn(
          tx,
          offerBookedEmail(
            {
              name: entry.name,
              email: entry.email,
              serviceName: service.name,
              employeeName: employee.name,
              companyName: business.name,
              startsAt,
              timeZone,
              paid:
                payment.kind === 'pack'
                  ? 'pack'
                  : payment.kind === 'provider'
                    ? { amount: payment.amount, currency: payment.currency }
                    : null,
              manageUrl: manageBookingUrl(deps.publicUrl, appointment.manageToken),
            },
            row.clientLanguage,
          ),
        );
      },
    );
    if (typeof outcome === 'object') {
      try {
        if (confirmation) await deps.mail.dispatch(confirmation);
      } catch (error) {
        deps.log?.warn(
          { err: error, entryId: entry.id },
          'booked from the waitlist; its email is left to recovery',
        );
      }
    }
    return outcome;
  }

  /** The payment for this offer, checked with the provider: succeeded, not refunded, and this offer's. */
  async function paymentFor(row: OfferRow, paymentIntentId: string) {
    const intent = await payments.retrievePaymentIntent(paymentIntentId);
    if (!intent || intent.metadata.purpose !== WAITLIST_PURPOSE || intent.metadata.entryId !== row.entry.id)
      throw invalid(WAITLIST_MESSAGES.paymentNotForOffer);
    if (intent.status !== 'succeeded' || intent.refunded)
      throw new AppError('PAYMENT_DECLINED', WAITLIST_MESSAGES.paymentIncomplete);
    return intent;
  }

  /** A payment made for an offer: booked if the offer is still open, else refunded. Idempotent. */
  async function completePaid(row: OfferRow, intent: PaymentIntent): Promise<WaitlistOffer> {
    // The page and the provider's webhook both report it: the first booked it.
    if (row.entry.status === 'booked' && row.bookingPaymentId === intent.id) return view(row);
    if (row.entry.status !== 'offered' || !row.entry.holdUntil || row.entry.holdUntil <= clock()) {
      const refunded = await giveBack(intent, 'the offer was no longer open');
      throw conflict(refunded ? WAITLIST_MESSAGES.offerGoneRefunded : WAITLIST_MESSAGES.offerGone);
    }
    const method = intent.card ? `${intent.card.brand} •••• ${intent.card.last4}` : 'card';
    let outcome: Awaited<ReturnType<typeof book>>;
    try {
      outcome = await book(row, {
        kind: 'provider',
        providerPaymentId: intent.id,
        amount: intent.amount,
        currency: intent.currency,
        method,
      });
    } catch (error) {
      // The same payment booked by a concurrent report of it: that booking stands.
      const again = await repository.byId(row.entry.id);
      if (again?.entry.status === 'booked' && again.bookingPaymentId === intent.id) return view(again);
      deps.log?.warn({ err: error, paymentIntentId: intent.id }, 'a paid waitlist place could not be saved');
      if (!(await giveBack(intent, 'the booking could not be saved'))) throw error;
      throw conflict(WAITLIST_MESSAGES.offerGoneRefunded);
    }
    if (typeof outcome !== 'object') {
      const again = await repository.byId(row.entry.id);
      if (again?.entry.status === 'booked' && again.bookingPaymentId === intent.id) return view(again);
      const refunded = await giveBack(
        intent,
        outcome === 'gone' ? 'the offer was no longer open' : 'the calendar no longer had the place',
      );
      throw conflict(refunded ? WAITLIST_MESSAGES.offerGoneRefunded : WAITLIST_MESSAGES.offerGone);
    }
    return view((await repository.byId(row.entry.id))!);
  }

  /** Tells one untold offer (starting its hold) by email, and by WhatsApp where the number and channel allow. */
  async function tell(id: string) {
    const row = await repository.byId(id);
    if (!row) return;
    const business = await deps.company.get();
    const now = clock();
    let mailId: string | undefined;
    const started = await repository.startHold(id, now, async (tx, entry) => {
      mailId = await deps.mail.writeIn(
        tx,
        offerEmail(
          {
            name: entry.name,
            email: entry.email,
            serviceName: row.service.name,
            employeeName: professionalOf(row).name,
            companyName: business.name,
            startsAt: row.entry.startsAt,
            timeZone: business.timeZone,
            holdUntil: entry.holdUntil!,
            url: offerUrl(deps.publicUrl, entry.token),
          },
          row.clientLanguage,
        ),
      );
      await tx.execute(deps.events.inStatement({ type: 'appointments.changed' }));
    });
    if (!started) return;
    if (mailId) await deps.mail.dispatch(mailId);
    const phone = internationalPhone(started.phone ?? '');
    if (!phone) return;
    try {
      await deps.chats.sendSystemTemplate(
        { name: started.name, ...phone },
        offerTemplate(
          {
            name: started.name,
            email: started.email,
            serviceName: row.service.name,
            employeeName: professionalOf(row).name,
            companyName: business.name,
            startsAt: row.entry.startsAt,
            timeZone: business.timeZone,
            holdUntil: started.holdUntil!,
            url: offerUrl(deps.publicUrl, started.token),
          },
          business.language === 'es' ? 'es' : 'en',
        ),
      );
    } catch (error) {
      // The email went; WhatsApp is a second way to reach them (its template may not be approved).
      deps.log?.warn({ err: error, entryId: id }, 'a waitlist offer was not sent by WhatsApp');
    }
  }

  /** Tells every offer nobody has been told of yet. Each once, whichever instance gets there first. */
  async function tellOffers() {
    let told = 0;
    for (const { id } of await repository.untold()) {
      await tell(id);
      told++;
    }
    return told;
  }

  /** The professional as the schedule reads their open times; 404 when there is none. */
  async function professional(employeeId: string) {
    const employee = await repository.employee(employeeId);
    if (!employee) throw notFound(WAITLIST_MESSAGES.notATime);
    return { id: employee.id, availability: employee.availability as Availability };
  }

  /**
   * A professional's taken one-to-one times ahead that the service could be booked at were the
   * booking (or held offer) there gone: open in the schedule read without them. (Read without all
   * of them at once, a time two bookings share shows too; joining it checks it alone.)
   */
  async function takenOneToOneTimes(employeeId: string, serviceId: string) {
    const taken = await repository.takenTimes(employeeId, clock());
    if (taken.length === 0) return [];
    const { timeZone } = await deps.company.get();
    const employee = await professional(employeeId);
    const first = zonedDate(taken[0]!.startsAt, timeZone);
    const last = zonedDate(taken[taken.length - 1]!.startsAt, timeZone);
    const days = await deps.schedule.openTimes(
      employee,
      timeZone,
      { from: first, to: last },
      { serviceId, exceptAppointmentId: taken.map((time) => time.occupantId) },
    );
    const open = new Set(days.flatMap((day) => day.times.map((time) => `${day.date} ${time}`)));
    const times = taken
      .map((time) => ({
        date: zonedDate(time.startsAt, timeZone),
        timeSlot: zonedTime(time.startsAt, timeZone),
      }))
      .filter((time) => open.has(`${time.date} ${time.timeSlot}`));
    // A time held for an offer and its next booking both start there: list it once.
    return times.filter(
      (time, i) => i === 0 || times[i - 1]!.date !== time.date || times[i - 1]!.timeSlot !== time.timeSlot,
    );
  }

  /**
   * How a professional's time stands for a one-to-one service: 'off' when it is not one of their
   * times for it even were the booking (or held offer) starting then gone, 'free' when it is open
   * now, 'taken' when one starts then and it would be open without it.
   */
  async function timeWith(
    employee: { id: string; availability: Availability },
    input: { serviceId: string; date: string; timeSlot: string },
    startsAt: Date,
    timeZone: string,
  ): Promise<'off' | 'free' | 'taken'> {
    const occupant = (
      await repository.takenTimes(employee.id, new Date(startsAt.getTime() - 1), startsAt)
    )[0];
    const days = await deps.schedule.openTimes(
      employee,
      timeZone,
      { from: input.date, to: input.date },
      { serviceId: input.serviceId, ...(occupant ? { exceptAppointmentId: occupant.occupantId } : {}) },
    );
    const onTheirTimes = days.some((day) => day.date === input.date && day.times.includes(input.timeSlot));
    if (!onTheirTimes) return 'off';
    return occupant ? 'taken' : 'free';
  }

  /** Joins a taken one-to-one time's line: it must be one of the professional's times for the service, and taken. */
  async function joinOneToOne(
    input: z.output<typeof joinWaitlistSchema> & { employeeId: string },
    startsAt: Date,
    timeZone: string,
  ): Promise<JoinedWaitlist> {
    const time = await timeWith(await professional(input.employeeId), input, startsAt, timeZone);
    if (time === 'off') throw conflict(WAITLIST_MESSAGES.notATime);
    if (time === 'free') throw conflict(WAITLIST_MESSAGES.timeFree);
    const service = await repository.service(input.serviceId);
    if (!service) throw notFound(WAITLIST_MESSAGES.notATime);
    return joinLine(
      input,
      { employeeId: input.employeeId },
      startsAt,
      blockedRange(startsAt, shapeOf(service)),
    );
  }

  /** The insert of a one-to-one join, and what its refusal says. */
  async function joinLine(
    input: z.output<typeof joinWaitlistSchema>,
    line: OneToOneLine,
    startsAt: Date,
    blocked: { start: Date; end: Date },
  ): Promise<JoinedWaitlist> {
    const joined = await repository.joinOneToOne({
      line,
      serviceId: input.serviceId,
      startsAt,
      blockedFrom: blocked.start,
      blockedUntil: blocked.end,
      name: input.name,
      email: input.email,
      phone: input.phone ?? null,
      language: input.language ?? null,
      holdMinutes: deps.holdMinutes,
    });
    if (joined === 'free') throw conflict(WAITLIST_MESSAGES.timeFree);
    if (joined === 'joined-already') throw conflict(WAITLIST_MESSAGES.alreadyJoined);
    return { position: joined.position, message: WAITLIST_MESSAGES.joined };
  }

  /**
   * Joins the line of a service's time with anyone available: refused while any of its
   * professionals has the time free ("book it instead"), or when it is none of theirs; it waits
   * for those whose time it is, each taken (checked again, locked, in the insert). While a visitor
   * is paying for it with one of them (a slot hold), it has no line, as a professional's time a
   * slot hold has has none: the hold may lapse by the clock, with no commit to offer it at.
   */
  async function joinAnyone(
    input: z.output<typeof joinWaitlistSchema>,
    startsAt: Date,
    timeZone: string,
  ): Promise<JoinedWaitlist> {
    const service = await repository.service(input.serviceId);
    if (!service) throw notFound(WAITLIST_MESSAGES.notATime);
    const blocked = blockedRange(startsAt, shapeOf(service));
    const waitedFor: string[] = [];
    let paying = false;
    for (const employee of await repository.professionalsOf(input.serviceId)) {
      const time = await timeWith(
        { id: employee.id, availability: employee.availability as Availability },
        input,
        startsAt,
        timeZone,
      );
      if (time === 'free') throw conflict(WAITLIST_MESSAGES.timeFree);
      if (time === 'taken') waitedFor.push(employee.id);
      else paying ||= await repository.heldForPayment(employee.id, blocked.start, blocked.end, clock());
    }
    if (waitedFor.length === 0 || paying) throw conflict(WAITLIST_MESSAGES.notATime);
    return joinLine(input, { professionals: waitedFor }, startsAt, blocked);
  }

  /**
   * A one-to-one service's times ahead taken with every professional whose time it is: taken with
   * one of them (and open to the service were that booking gone) and open with none. Their line is
   * 'anyone available''s.
   */
  async function takenWithEveryone(serviceId: string) {
    const professionals = (await repository.professionalsOf(serviceId)).map((employee) => ({
      id: employee.id,
      availability: employee.availability as Availability,
    }));
    const taken = new Map<string, { date: string; timeSlot: string }>();
    for (const employee of professionals)
      for (const time of await takenOneToOneTimes(employee.id, serviceId))
        taken.set(`${time.date} ${time.timeSlot}`, time);
    if (taken.size === 0) return [];
    const { timeZone } = await deps.company.get();
    const dates = [...taken.values()].map((time) => time.date).sort();
    const range = { from: dates[0]!, to: dates[dates.length - 1]! };
    for (const employee of professionals)
      for (const day of await deps.schedule.openTimes(employee, timeZone, range, { serviceId }))
        for (const time of day.times) taken.delete(`${day.date} ${time}`);
    return [...taken.values()].sort(
      (a, b) => a.date.localeCompare(b.date) || a.timeSlot.localeCompare(b.timeSlot),
    );
  }

  return {
    /**
     * The booking page: a professional's full class times of a service ahead, or for a one-to-one
     * service their taken times it could be booked at were they free, whose waitlists it offers.
     */
    async fullTimes(employeeId: string | undefined, serviceId: string): Promise<FullTimes> {
      const { timeZone } = await deps.company.get();
      const isClass = await repository.isClass(serviceId);
      // 'Anyone available' waits for one-to-one times only: a class's line is its class time's.
      if (!employeeId) return { times: isClass ? [] : await takenWithEveryone(serviceId) };
      if (!isClass) return { times: await takenOneToOneTimes(employeeId, serviceId) };
      const rows = await repository.fullTimes(employeeId, serviceId, clock());
      return {
        times: rows.map((row) => ({
          date: zonedDate(row.startsAt, timeZone),
          timeSlot: zonedTime(row.startsAt, timeZone),
        })),
      };
    },

    /**
     * Joins the line of a full class time or a taken one-to-one time, once per email; refused while
     * it has a seat or is free, once started, or (one-to-one) when it is not one of the
     * professional's times for the service.
     */
    async join(input: z.output<typeof joinWaitlistSchema>): Promise<JoinedWaitlist> {
      const { timeZone } = await deps.company.get();
      const startsAt = zonedTimeToUtc(input.date, input.timeSlot, timeZone);
      if (startsAt <= clock()) throw conflict(WAITLIST_MESSAGES.past);
      const isClass = await repository.isClass(input.serviceId);
      if (!input.employeeId) {
        if (isClass) throw conflict(WAITLIST_MESSAGES.notATime);
        return joinAnyone(input, startsAt, timeZone);
      }
      if (!isClass) return joinOneToOne({ ...input, employeeId: input.employeeId }, startsAt, timeZone);
      const classTime = await repository.classTime(input.employeeId, input.serviceId, startsAt);
      // A class time nobody has booked yet is not full.
      if (!classTime) throw conflict(WAITLIST_MESSAGES.notFull);
      const joined = await repository.join({
        classTimeId: classTime.id,
        name: input.name,
        email: input.email,
        phone: input.phone ?? null,
        language: input.language ?? null,
        holdMinutes: deps.holdMinutes,
      });
      if (joined === 'not-full') throw conflict(WAITLIST_MESSAGES.notFull);
      if (joined === 'joined-already') throw conflict(WAITLIST_MESSAGES.alreadyJoined);
      return { position: joined.position, message: WAITLIST_MESSAGES.joined };
    },

    offer: async (token: string) => view(await load(token)),

    /** Opens the payment of an offered place at the service's price, while the hold lasts. */
    async pay(token: string) {
      const row = await load(token);
      requireOpen(row);
      if (row.service.priceAmount === 0) throw conflict(BOOKING_MESSAGES.notFree);
      const { timeZone } = await deps.company.get();
      const intent = await payments.createPaymentIntent({
        amount: row.service.priceAmount,
        currency: row.service.currency,
        description: `${row.service.name} with ${professionalOf(row).name} on ${zonedDate(row.entry.startsAt, timeZone)} at ${zonedTime(row.entry.startsAt, timeZone)} (waitlist)`,
        metadata: {
          purpose: WAITLIST_PURPOSE,
          entryId: row.entry.id,
          clientName: row.entry.name,
          clientEmail: row.entry.email,
        },
      });
      return {
        clientSecret: intent.clientSecret,
        paymentIntentId: intent.id,
        amount: intent.amount,
        currency: intent.currency,
      };
    },

    /**
     * Takes the offered place: with the payment made for it (refunded if the offer is no longer
     * open), with a pack session once the emailed code proved the offer's address, or free.
     */
    async confirm(token: string, input: ConfirmOffer): Promise<WaitlistOffer> {
      const row = await load(token);
      if (input.paymentIntentId) return completePaid(row, await paymentFor(row, input.paymentIntentId));
      if (row.entry.status === 'booked') return view(row);
      requireOpen(row);
      let payment: OfferPayment;
      if (input.packToken) {
        const email = await deps.packCodes.emailOfToken(sha256(input.packToken), clock());
        if (!email) throw unauthorized(PACK_MESSAGES.checkExpired);
        if (email.toLowerCase() !== row.entry.email.toLowerCase()) throw invalid(WAITLIST_MESSAGES.packEmail);
        payment = { kind: 'pack' };
      } else if (row.service.priceAmount === 0) {
        payment = { kind: 'free' };
      } else {
        throw conflict(WAITLIST_MESSAGES.notFree);
      }
      const outcome = await book(row, payment);
      if (outcome === 'no-session') throw conflict(WAITLIST_MESSAGES.noSession);
      const after = (await repository.byId(row.entry.id))!;
      // A second click while the first booked it: that booking is the answer.
      if (typeof outcome !== 'object' && after.entry.status !== 'booked')
        throw conflict(WAITLIST_MESSAGES.offerGone);
      return view(after);
    },

    /** Lets the place go (or leaves the line): the seat goes to the next at once. */
    async decline(token: string): Promise<WaitlistOffer> {
      const row = await load(token);
      if (!(await repository.decline(token)) && row.entry.status !== 'declined')
        throw conflict(WAITLIST_MESSAGES.offerGone);
      // Staff's roster shows the line as it is now, whether or not anyone is left to offer the seat to.
      await deps.events.publish({ type: 'appointments.changed' });
      await tellOffers();
      return view((await load(token)) ?? row);
    },

    /**
     * The provider says a payment succeeded (webhook): an offer's is booked, or refunded if the
     * offer is no longer open, even when the page closed after paying. Answers whether it was an offer's.
     */
    async completeFromProvider(paymentIntentId: string): Promise<boolean> {
      const intent = await payments.retrievePaymentIntent(paymentIntentId);
      if (intent?.metadata.purpose !== WAITLIST_PURPOSE || !intent.metadata.entryId) return false;
      const row = await repository.byId(intent.metadata.entryId);
      if (!row || intent.status !== 'succeeded' || intent.refunded) return true;
      try {
        await completePaid(row, intent);
      } catch (error) {
        // Refused for good (and refunded): a retry would change nothing.
        if (!(error instanceof AppError && error.status < 500)) throw error;
      }
      return true;
    },

    tellOffers,

    /** The scheduled pass: offers past their hold expire (their seats to the next), then new offers are told. */
    async expireAndOffer() {
      const expired = await repository.expireDue(clock());
      if (expired > 0) await deps.events.publish({ type: 'appointments.changed' });
      return expired + (await tellOffers());
    },

    /** Staff cancel a whole class: its line ends before its seats are cancelled, so none is offered. */
    async closeClass(appointmentId: string) {
      const found = await repository.classTimeOfAppointment(appointmentId);
      if (found?.classTimeId) await repository.closeClass(found.classTimeId);
    },

    /** The appointment page's waitlist: its class time's line, or its one-to-one time's, first joined first. */
    async ofAppointment(appointmentId: string): Promise<ClassWaitlist> {
      const found = await repository.classTimeOfAppointment(appointmentId);
      if (!found) throw notFound(APPOINTMENT_MESSAGES.notFound);
      const rows = found.classTimeId
        ? await repository.ofClassTime(found.classTimeId)
        : found.employeeId
          ? await repository.ofOneTime(found.employeeId, found.startsAt)
          : [];
      return {
        entries: rows.map((row, i) => ({
          id: row.id,
          position: i + 1,
          name: row.name,
          email: row.email,
          phone: row.phone,
          status: row.status,
          holdUntil: row.holdUntil?.toISOString() ?? null,
          appointmentId: row.appointmentId,
        })),
      };
    },
  };
}

export type WaitlistService = ReturnType<typeof createWaitlistService>;
