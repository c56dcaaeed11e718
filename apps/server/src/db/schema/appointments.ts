import { APPOINTMENT_STATUSES } from '@chatdesk/contract/appointments';
import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { clients } from './clients.ts';
import { createdAt, id, updatedAt } from './columns.ts';
import { employees } from './employees.ts';

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
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** The business's local date and wall-clock times, as the customer chose them. */
    localDate: date('local_date', { mode: 'string' }).notNull(),
    startTime: text('start_time').notNull(),
    endTime: text('end_time').notNull(),
    status: text('status', { enum: APPOINTMENT_STATUSES }).notNull().default('scheduled'),
    notes: text('notes'),
    /** The provider payment that paid for it: one appointment per payment. */
    providerPaymentId: text('provider_payment_id').unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // A slot is bookable once among live (not cancelled) appointments.
    uniqueIndex('appointments_live_slot_key')
      .on(t.employeeId, t.startsAt)
      .where(sql`${t.status} <> 'cancelled'`),
    index('appointments_starts_idx').on(t.startsAt),
    index('appointments_client_idx').on(t.clientId),
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
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    providerPaymentId: text('provider_payment_id').notNull().unique(),
    /** Who holds it (address, and email when the form gave one): one live hold per visitor. */
    clientIp: text('client_ip'),
    clientEmail: text('client_email'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('slot_holds_slot_key').on(t.employeeId, t.startsAt),
    index('slot_holds_client_ip_idx').on(t.clientIp),
    index('slot_holds_client_email_idx').on(sql`lower(${t.clientEmail})`),
  ],
);
