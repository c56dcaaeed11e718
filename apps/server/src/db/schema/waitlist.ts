import { CUSTOMER_LANGUAGES } from '@chatdesk/contract/customer-texts';
import { WAITLIST_STATUSES } from '@chatdesk/contract/waitlist';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { appointments } from './appointments.ts';
import { classTimes } from './classes.ts';
import { createdAt, id } from './columns.ts';
import { employees } from './employees.ts';
import { services } from './services.ts';

/**
 * A customer in line for a full class time or a taken one-to-one time (decision 026 and its
 * addendum). A class's `offered` entry holds a seat: the trigger `waitlist_entries_seat` (migration
 * 0044) counts it in `class_times.seats_taken` as a booked seat is counted, under the same check,
 * and at the commit of whatever freed a seat the deferred trigger `class_times_offer_freed` offers
 * it to the first `waiting` entry. A one-to-one `offered` entry holds its time on the appointment
 * row that freed it (`holder_id`, `appointments.held_from`), counted by the no-overlap constraint;
 * the triggers of migration 0054 offer it and pass it on. The hold starts when the customer is told
 * (`hold_until`, set by the app with its clock). An `any_professional` entry waits for a service's
 * time with whoever of its professionals frees it ('anyone available', migration 0057): no
 * professional while it waits, the one whose row holds its time once it is offered.
 */
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: id(),
    /** Order in line: first joined, first offered. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    /** The full class time it waits for; null for a one-to-one time (the columns below say which). */
    classTimeId: uuid('class_time_id').references(() => classTimes.id, { onDelete: 'cascade' }),
    /**
     * The professional, service and start waited for (a class's are its class time's). Null while an
     * `any_professional` entry waits; set to the professional whose time it is offered.
     */
    employeeId: uuid('employee_id').references(() => employees.id, { onDelete: 'cascade' }),
    /** Waits for the service at its start with any professional who offers it ('anyone available'). */
    anyProfessional: boolean('any_professional').notNull().default(false),
    serviceId: uuid('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    /** A one-to-one time's: the calendar time its offer holds (the service's length and buffers). */
    blockedFrom: timestamp('blocked_from', { withTimezone: true }),
    blockedUntil: timestamp('blocked_until', { withTimezone: true }),
    /** A one-to-one offer's: the appointment whose row holds its time (`appointments.held_from`). */
    holderId: uuid('holder_id').references(() => appointments.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    /**
     * The language of the booking page the customer joined from: their emails are written in it
     * (before what the client record says). Null when joined from chat: the client's is used.
     */
    language: text('language', { enum: CUSTOMER_LANGUAGES }),
    /** The secret in the offer's link. */
    token: text('token').notNull().unique(),
    status: text('status', { enum: WAITLIST_STATUSES }).notNull().default('waiting'),
    /** How long an offer is held, as configured when the customer joined. */
    holdMinutes: integer('hold_minutes').notNull(),
    /** When the customer was told of the offer; the hold runs from then until `hold_until`. */
    offeredAt: timestamp('offered_at', { withTimezone: true }),
    holdUntil: timestamp('hold_until', { withTimezone: true }),
    appointmentId: uuid('appointment_id').references(() => appointments.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('waitlist_entries_email_key').on(t.classTimeId, sql`lower(${t.email})`),
    uniqueIndex('waitlist_entries_one_email_key')
      .on(t.employeeId, t.startsAt, sql`lower(${t.email})`)
      .where(sql`${t.classTimeId} is null and not ${t.anyProfessional}`),
    uniqueIndex('waitlist_entries_any_email_key')
      .on(t.serviceId, t.startsAt, sql`lower(${t.email})`)
      .where(sql`${t.anyProfessional}`),
    index('waitlist_entries_line_idx').on(t.classTimeId, t.seq).where(sql`${t.status} = 'waiting'`),
    index('waitlist_entries_one_line_idx')
      .on(t.employeeId, t.startsAt, t.seq)
      .where(sql`${t.classTimeId} is null and ${t.status} in ('waiting', 'offered')`),
    index('waitlist_entries_any_line_idx')
      .on(t.startsAt, t.seq)
      .where(sql`${t.anyProfessional} and ${t.status} = 'waiting'`),
    index('waitlist_entries_offered_idx').on(t.holdUntil).where(sql`${t.status} = 'offered'`),
    check(
      'waitlist_entries_status_check',
      sql`${t.status} in ('waiting', 'offered', 'booked', 'declined', 'expired', 'cancelled')`,
    ),
    check('waitlist_entries_hold_check', sql`${t.holdMinutes} between 1 and 1440`),
    check(
      'waitlist_entries_one_time_check',
      sql`${t.classTimeId} is not null or (${t.blockedFrom} is not null and ${t.blockedUntil} is not null)`,
    ),
    // Only a one-to-one time is waited for with anyone, and an offer or booking is always someone's.
    check(
      'waitlist_entries_professional_check',
      sql`(not ${t.anyProfessional} or ${t.classTimeId} is null) and (${t.employeeId} is not null or (${t.anyProfessional} and ${t.status} not in ('offered', 'booked')))`,
    ),
  ],
);
