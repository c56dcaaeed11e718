import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';
import { employees } from './employees.ts';

/**
 * What a business sells by the appointment: its length, price and the rules its slots follow.
 * Services are archived, never deleted, so past appointments keep theirs. Migration 0023 gave
 * every install the spec's 30-minute, 10 EUR appointment as the default service.
 */
export const services = pgTable(
  'services',
  {
    id: id(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    durationMinutes: integer('duration_minutes').notNull(),
    /** In the currency's smallest unit (cents); 0 is a free consultation. */
    priceAmount: integer('price_amount').notNull(),
    currency: text('currency').notNull(),
    bufferBeforeMinutes: integer('buffer_before_minutes').notNull().default(0),
    bufferAfterMinutes: integer('buffer_after_minutes').notNull().default(0),
    minNoticeMinutes: integer('min_notice_minutes').notNull().default(0),
    horizonDays: integer('horizon_days').notNull().default(60),
    /** Live appointments of this service one professional takes on one day; null is no cap. */
    dailyCap: integer('daily_cap'),
    /**
     * A class: this many clients take one time together, each on their own appointment (a seat).
     * Null is one client per time. Decision 024.
     */
    seats: integer('seats'),
    /** The one that stands for "an appointment" where nothing else is chosen (older pages, the API without a service). */
    isDefault: boolean('is_default').notNull().default(false),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('services_one_default_key').on(t.isDefault).where(sql`${t.isDefault}`),
    index('services_archived_idx').on(t.archivedAt),
    check(
      'services_duration_check',
      sql`${t.durationMinutes} between 5 and 480 and ${t.durationMinutes} % 5 = 0`,
    ),
    check('services_price_check', sql`${t.priceAmount} >= 0`),
    check(
      'services_buffers_check',
      sql`${t.bufferBeforeMinutes} between 0 and 240 and ${t.bufferAfterMinutes} between 0 and 240`,
    ),
    check('services_notice_check', sql`${t.minNoticeMinutes} between 0 and 525600`),
    check('services_horizon_check', sql`${t.horizonDays} between 1 and 730`),
    check('services_daily_cap_check', sql`${t.dailyCap} is null or ${t.dailyCap} between 1 and 200`),
    check('services_seats_check', sql`${t.seats} is null or ${t.seats} between 2 and 100`),
  ],
);

/**
 * Which professionals offer which services. A new employee offers the default service (the
 * trigger `employees_offer_default_service`, migration 0023).
 */
export const serviceEmployees = pgTable(
  'service_employees',
  {
    serviceId: uuid('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    employeeId: uuid('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.serviceId, t.employeeId] }),
    index('service_employees_employee_idx').on(t.employeeId),
  ],
);
