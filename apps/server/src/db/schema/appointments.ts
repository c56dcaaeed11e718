import { APPOINTMENT_STATUSES, BOOKING_CHANNELS } from '@chatdesk/contract/appointments';
import {
  APPOINTMENT_ACTORS,
  APPOINTMENT_EVENT_KINDS,
  REMINDER_CHANNELS,
  REMINDER_STATUSES,
} from '@chatdesk/contract/manage-booking';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { conversations, messages } from './chats.ts';
import { classTimes } from './classes.ts';
import { clients } from './clients.ts';
import { createdAt, id, updatedAt } from './columns.ts';
import { employees } from './employees.ts';
import { services } from './services.ts';

export const appointments = pgTable(
  'appointments',
  {
    id: id(),
    /** Kept when the employee is deleted: the appointment stays, with the names below. */
    employeeId: uuid('employee_id').references(() => employees.id, { onDelete: 'set null' }),
    employeeName: text('employee_name').notNull(),
    employeeEmail: text('employee_email'),
    clientId: uuid('client_id').references(() => clients.id, { onDelete: 'set null' }),
    clientName: text('client_name').notNull(),
    clientEmail: text('client_email'),
    clientPhone: text('client_phone'),
    /** The booking's phone, digits only: finds a customer's appointments from the number they write from. */
    clientPhoneDigits: text('client_phone_digits').generatedAlwaysAs(
      sql`regexp_replace(coalesce(client_phone, ''), '\\D', '', 'g')`,
    ),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /**
     * The time it takes from the professional's calendar: start to end widened by the service's
     * buffers. No two live appointments of one professional overlap there: the exclusion
     * constraint `appointments_no_overlap` (migration 0023) says so in the database.
     */
    blockedFrom: timestamp('blocked_from', { withTimezone: true }).notNull(),
    blockedUntil: timestamp('blocked_until', { withTimezone: true }).notNull(),
    /**
     * Calendar time this appointment holds for a waitlist offer (decision 026's addendum): the
     * one-to-one time it freed (cancelled or moved away) while the first in line may take it.
     * `appointments_no_overlap` counts it as it counts a live appointment's time, so nobody else
     * can book it while it is held. Set and cleared only by the waitlist's triggers (migration 0054).
     */
    heldFrom: timestamp('held_from', { withTimezone: true }),
    heldUntil: timestamp('held_until', { withTimezone: true }),
    /** The service booked, with its name and price as they were then (a later edit changes neither). */
    serviceId: uuid('service_id').references(() => services.id, { onDelete: 'set null' }),
    serviceName: text('service_name').notNull(),
    priceAmount: integer('price_amount').notNull(),
    priceCurrency: text('price_currency').notNull(),
    /** What appointment search reads: client and professional names and the client's email folded, and the phone's digits. */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(
        sql`chatdesk_fold(client_name || ' ' || employee_name || ' ' || coalesce(client_email, '')) || ' ' || regexp_replace(coalesce(client_phone, ''), '\\D', '', 'g')`,
      ),
    /** The business's local date and wall-clock times, as the customer chose them. */
    localDate: date('local_date', { mode: 'string' }).notNull(),
    startTime: text('start_time').notNull(),
    endTime: text('end_time').notNull(),
    status: text('status', { enum: APPOINTMENT_STATUSES }).notNull().default('scheduled'),
    notes: text('notes'),
    /**
     * The network a free booking came from (an IPv4 /24, an IPv6 /64): how many upcoming free
     * bookings one network may hold. Null for paid and staff bookings.
     */
    clientRange: text('client_range'),
    /** Where it was booked: the public booking page, a booking link the assistant sent in a chat, or staff. */
    channel: text('channel', { enum: BOOKING_CHANNELS }).notNull().default('page'),
    /** The conversation whose booking link it came from (channel 'chat'). */
    conversationId: uuid('conversation_id').references(() => conversations.id, { onDelete: 'set null' }),
    /**
     * A seat of a class: the class time it shares with the other seats (null: one client per
     * time). Seats of one class time may share its calendar time; nothing else may (migration 0040).
     */
    classTimeId: uuid('class_time_id').references(() => classTimes.id, { onDelete: 'set null' }),
    /** The provider payment that paid for it: one appointment per payment. */
    providerPaymentId: text('provider_payment_id').unique(),
    /**
     * The secret of the customer's private link (/booking/{token}): two random UUIDs, 244 random
     * bits. Anyone holding it may cancel or move this appointment, as the email's owner would.
     */
    manageToken: text('manage_token')
      .notNull()
      .default(sql`replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`),
    /** When its time was chosen (booked or moved): reminders due before then are not sent. */
    slotChosenAt: timestamp('slot_chosen_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('appointments_manage_token_key').on(t.manageToken),
    index('appointments_client_phone_digits_idx').on(t.clientPhoneDigits, t.startsAt),
    // A start is bookable once among live (not cancelled) appointments, a class's seats aside;
    // overlaps of any length are refused by the exclusion constraint (migrations 0023, 0040,
    // 0054: held waitlist time counts too), which drizzle cannot declare; nor the gist index the
    // calendar's reads of live time use (appointments_live_time_idx, migration 0054).
    uniqueIndex('appointments_live_slot_key')
      .on(t.employeeId, t.startsAt)
      .where(sql`${t.status} <> 'cancelled' and ${t.classTimeId} is null`),
    index('appointments_class_time_idx').on(t.classTimeId).where(sql`${t.classTimeId} is not null`),
    index('appointments_starts_idx').on(t.startsAt),
    // Insights reads a period's bookings by when they were made, and a conversation's booking.
    index('appointments_created_idx').on(t.createdAt),
    index('appointments_conversation_idx').on(t.conversationId).where(sql`${t.conversationId} is not null`),
    index('appointments_client_idx').on(t.clientId),
    index('appointments_service_idx').on(t.serviceId),
    index('appointments_client_range_idx')
      .on(t.clientRange, t.startsAt)
      .where(sql`${t.clientRange} is not null`),
    index('appointments_search_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    index('appointments_search_prefix_idx').on(t.searchText.op('text_pattern_ops')),
    // The list's order (newest day first): a page found through the day counts starts at its day.
    index('appointments_day_idx').on(sql`${t.localDate} desc`, sql`${t.startsAt} desc`, t.id),
  ],
);

/**
 * How many appointments each local date has in each status, kept by triggers on `appointments`
 * (migration 0011) in the statement that changes them. The list's exact total is a sum over the
 * dates asked for, so it costs the same with 500 appointments as with 50,000.
 */
export const appointmentDayCounts = pgTable(
  'appointment_day_counts',
  {
    localDate: date('local_date', { mode: 'string' }).notNull(),
    status: text('status', { enum: APPOINTMENT_STATUSES }).notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.localDate, t.status] })],
);

/**
 * A slot held while a visitor pays; it stops counting once it expires. One hold per slot: an
 * expired one is deleted in the transaction that takes the slot again.
 */
export const slotHolds = pgTable(
  'slot_holds',
  {
    id: id(),
    employeeId: uuid('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    /** The calendar time the held booking would take (its length and buffers), as on `appointments`. */
    blockedFrom: timestamp('blocked_from', { withTimezone: true }).notNull(),
    blockedUntil: timestamp('blocked_until', { withTimezone: true }).notNull(),
    serviceId: uuid('service_id').references(() => services.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    providerPaymentId: text('provider_payment_id').notNull().unique(),
    /** Who holds it (address, and email when the form gave one): one live hold per visitor. */
    clientIp: text('client_ip'),
    /** The holder's network (an IPv4 /24, an IPv6 /64): how many payments one network may start at once. */
    clientRange: text('client_range'),
    clientEmail: text('client_email'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('slot_holds_slot_key').on(t.employeeId, t.startsAt),
    index('slot_holds_client_ip_idx').on(t.clientIp),
    index('slot_holds_client_range_idx').on(t.clientRange),
    index('slot_holds_client_email_idx').on(sql`lower(${t.clientEmail})`),
  ],
);

/** What happened to an appointment and who did it: written in the transaction that changed it. */
export const appointmentEvents = pgTable(
  'appointment_events',
  {
    id: id(),
    /** Insertion order: the history's order, also for events written within one millisecond. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: APPOINTMENT_EVENT_KINDS }).notNull(),
    actor: text('actor', { enum: APPOINTMENT_ACTORS }).notNull(),
    data: jsonb('data').$type<Record<string, string | number>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index('appointment_events_appointment_idx').on(t.appointmentId, t.seq),
    // Insights reads a period's cancellations, moves and refunds by kind and time.
    index('appointment_events_kind_created_idx').on(t.kind, t.createdAt),
  ],
);

/**
 * A reminder sent (or tried) before an appointment: one per offset, channel and start time, so a
 * moved appointment is reminded again for its new time and never twice for one. Planned reminders
 * are not stored: the pass works them out from the appointments and the settings when they fall
 * due, and claims each by inserting its row.
 */
export const appointmentReminders = pgTable(
  'appointment_reminders',
  {
    id: id(),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    hoursBefore: integer('hours_before').notNull(),
    channel: text('channel', { enum: REMINDER_CHANNELS }).notNull(),
    /** The appointment's start this reminder was for. */
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: REMINDER_STATUSES }).notNull(),
    /** The WhatsApp message that carried it: its delivery status is the reminder's. */
    messageId: uuid('message_id').references(() => messages.id, { onDelete: 'set null' }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    error: text('error'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('appointment_reminders_key').on(t.appointmentId, t.hoursBefore, t.channel, t.startsAt),
    index('appointment_reminders_sent_idx').on(t.sentAt),
  ],
);

/**
 * What Insights counts of bookings, visits, cancellations, moves, refunds, payments and reminders,
 * per quarter hour (UTC) and figure: kept by triggers (migration 0037) in the statement that
 * changes the rows counted, so a period's figures are a sum of its quarter hours. Quarter hours
 * because every time zone's offset is a whole number of them: a local day (Kolkata's, Kathmandu's
 * too) is whole buckets. `key` and `detail` are the figure's dimensions (a channel, an actor, a
 * currency; '' when none); `amount` is money in minor units. The figures and their meaning are
 * those of `insights_counts_of` (the same migration), which recomputes them from the rows.
 */
export const insightsCounts = pgTable(
  'insights_counts',
  {
    figure: text('figure').notNull(),
    bucket: timestamp('bucket', { withTimezone: true }).notNull(),
    key: text('key').notNull().default(''),
    detail: text('detail').notNull().default(''),
    count: integer('count').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.figure, t.bucket, t.key, t.detail] })],
);

/**
 * What followed each reminder sent (kept by triggers, migration 0037): whether its appointment was
 * cancelled or moved after it went out, and the appointment's status now. A cancellation, a move
 * or a status change updates these rows, and each row moves its count in `insights_counts`, so the
 * reminders' outcomes are summed like any other figure.
 */
export const reminderOutcomes = pgTable(
  'reminder_outcomes',
  {
    reminderId: uuid('reminder_id')
      .primaryKey()
      .references(() => appointmentReminders.id, { onDelete: 'cascade' }),
    appointmentId: uuid('appointment_id').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    appointmentStatus: text('appointment_status').notNull(),
    cancelledAfter: boolean('cancelled_after').notNull().default(false),
    movedAfter: boolean('moved_after').notNull().default(false),
  },
  (t) => [index('reminder_outcomes_appointment_idx').on(t.appointmentId)],
);
