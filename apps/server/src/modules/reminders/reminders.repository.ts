import type { CustomerLanguage } from '@chatdesk/contract/customer-texts';
import { and, asc, eq, gt, inArray, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  appointmentEvents,
  appointmentReminders,
  appointments,
  employees,
  messages,
} from '../../db/schema.ts';
import { appointmentWrites } from '../appointments/appointment-writes.ts';
import type { ReminderChannel } from './reminder-times.ts';

/** What a reminder needs of its appointment. */
const remindable = {
  id: appointments.id,
  status: appointments.status,
  localDate: appointments.localDate,
  startTime: appointments.startTime,
  startsAt: appointments.startsAt,
  slotChosenAt: appointments.slotChosenAt,
  clientName: appointments.clientName,
  clientPhone: appointments.clientPhone,
  clientEmail: appointments.clientEmail,
  /** The client's language, for the email (WhatsApp templates are approved in the business's). */
  clientLanguage: sql<CustomerLanguage | null>`(select c.language from clients c where c.id = ${appointments.clientId})`,
  employeeName: appointments.employeeName,
  serviceName: appointments.serviceName,
  manageToken: appointments.manageToken,
};

export function createRemindersRepository(db: Db) {
  return {
    /** Scheduled appointments starting in (from, to]: the only ones a reminder can be due for. */
    async upcoming(from: Date, to: Date) {
      return db
        .select(remindable)
        .from(appointments)
        .where(
          and(
            eq(appointments.status, 'scheduled'),
            gt(appointments.startsAt, from),
            lte(appointments.startsAt, to),
          ),
        )
        .orderBy(asc(appointments.startsAt));
    },

    /**
     * Takes a reminder to send: the row is the claim, so of instances running the same pass, or a
     * pass run twice, one sends it. Null when it was taken already.
     */
    async claim(
      reminder: {
        appointmentId: string;
        hoursBefore: number;
        channel: ReminderChannel;
        startsAt: Date;
        dueAt: Date;
      },
      at: Date,
    ) {
      // created_at is when the claim was taken: a claim older than a few minutes was interrupted.
      const [row] = await db
        .insert(appointmentReminders)
        .values({ ...reminder, status: 'planned', createdAt: at })
        .onConflictDoNothing()
        .returning({ id: appointmentReminders.id });
      return row?.id ?? null;
    },

    async settle(
      id: string,
      outcome: { status: 'sent' | 'failed' | 'skipped'; at: Date; error?: string; messageId?: string },
    ) {
      await db
        .update(appointmentReminders)
        .set({
          status: outcome.status,
          sentAt: outcome.status === 'sent' ? outcome.at : null,
          error: outcome.error ?? null,
          messageId: outcome.messageId ?? null,
        })
        .where(eq(appointmentReminders.id, id));
    },

    /**
     * Claims left unsettled by a process that died while sending, older than `before`, for
     * appointments still scheduled at the start they were for: sent again (at least once).
     */
    /**
     * Takes over an interrupted claim for one send: renews its time only if it is still planned
     * and still older than `before`, so of instances finding it together exactly one sends it.
     */
    async reclaim(id: string, before: Date, at: Date) {
      const rows = await db
        .update(appointmentReminders)
        .set({ createdAt: at })
        .where(
          and(
            eq(appointmentReminders.id, id),
            eq(appointmentReminders.status, 'planned'),
            lt(appointmentReminders.createdAt, before),
          ),
        )
        .returning({ id: appointmentReminders.id });
      return rows.length > 0;
    },

    async interrupted(before: Date, now: Date) {
      return db
        .select({
          id: appointmentReminders.id,
          appointmentId: appointmentReminders.appointmentId,
          hoursBefore: appointmentReminders.hoursBefore,
          channel: appointmentReminders.channel,
        })
        .from(appointmentReminders)
        .innerJoin(
          appointments,
          and(
            eq(appointments.id, appointmentReminders.appointmentId),
            eq(appointments.startsAt, appointmentReminders.startsAt),
            eq(appointments.status, 'scheduled'),
          ),
        )
        .where(
          and(
            eq(appointmentReminders.status, 'planned'),
            lt(appointmentReminders.createdAt, before),
            gt(appointments.startsAt, now),
          ),
        )
        .limit(50);
    },

    async findAppointment(id: string) {
      const [row] = await db.select(remindable).from(appointments).where(eq(appointments.id, id)).limit(1);
      return row;
    },

    /** The public booking page's username of the appointment's employee, while they take bookings. */
    async bookingUsername(appointmentId: string) {
      const [row] = await db
        .select({ username: employees.username })
        .from(appointments)
        .innerJoin(employees, eq(employees.id, appointments.employeeId))
        .where(
          and(
            eq(appointments.id, appointmentId),
            eq(employees.isActive, true),
            eq(employees.takesBookings, true),
          ),
        )
        .limit(1);
      return row?.username ?? null;
    },

    async followedUp(appointmentId: string) {
      const [row] = await db
        .select({ id: appointmentEvents.id })
        .from(appointmentEvents)
        .where(
          and(
            eq(appointmentEvents.appointmentId, appointmentId),
            eq(appointmentEvents.kind, 'follow_up_sent'),
          ),
        )
        .limit(1);
      return Boolean(row);
    },

    async recordFollowUp(appointmentId: string, at: Date, channels: string) {
      await appointmentWrites.record(db, {
        appointmentId,
        kind: 'follow_up_sent',
        actor: 'system',
        createdAt: at,
        data: { channels },
      });
    },

    /** The reminders tried for an appointment, with their WhatsApp message's delivery status. */
    async tried(appointmentId: string) {
      return db
        .select({
          hoursBefore: appointmentReminders.hoursBefore,
          channel: appointmentReminders.channel,
          startsAt: appointmentReminders.startsAt,
          dueAt: appointmentReminders.dueAt,
          status: appointmentReminders.status,
          sentAt: appointmentReminders.sentAt,
          error: appointmentReminders.error,
          messageStatus: messages.status,
          messageError: messages.error,
        })
        .from(appointmentReminders)
        .leftJoin(messages, eq(messages.id, appointmentReminders.messageId))
        .where(eq(appointmentReminders.appointmentId, appointmentId))
        .orderBy(asc(appointmentReminders.dueAt));
    },
    /** The client was erased: a failed send's error may quote their number or address. */
    async forgetErrors(appointmentIds: string[]) {
      if (appointmentIds.length === 0) return;
      await db
        .update(appointmentReminders)
        .set({ error: null })
        .where(inArray(appointmentReminders.appointmentId, appointmentIds));
    },
  };
}

export type RemindersRepository = ReturnType<typeof createRemindersRepository>;
export type UpcomingAppointment = Awaited<ReturnType<RemindersRepository['upcoming']>>[number];
