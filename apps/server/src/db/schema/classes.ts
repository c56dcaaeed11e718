import { sql } from 'drizzle-orm';
import { check, integer, pgTable, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';
import { employees } from './employees.ts';
import { services } from './services.ts';

/**
 * A class time: one professional's start of a service with seats, which up to `seats` live
 * appointments (one per client) share. `seats_taken` is moved by a trigger on `appointments`
 * (migration 0040) in the statement that books, cancels or reopens a seat, and the check refuses
 * it past `seats`: of racing bookings exactly as many succeed as there were seats. Decision 024.
 */
export const classTimes = pgTable(
  'class_times',
  {
    id: id(),
    employeeId: uuid('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    serviceId: uuid('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    /** The service's seats when the first seat was booked: a later edit changes the next class times. */
    seats: integer('seats').notNull(),
    seatsTaken: integer('seats_taken').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('class_times_slot_key').on(t.employeeId, t.startsAt),
    check('class_times_seats_check', sql`${t.seatsTaken} >= 0 and ${t.seatsTaken} <= ${t.seats}`),
  ],
);
