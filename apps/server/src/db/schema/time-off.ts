import { sql } from 'drizzle-orm';
import { check, date, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';
import { employees } from './employees.ts';

/**
 * An employee's dated exception to the weekly hours, on local dates from..to (inclusive): no
 * ranges is time off; otherwise the ranges replace the weekly ones on each of those days.
 */
export const employeeDateOverrides = pgTable(
  'employee_date_overrides',
  {
    id: id(),
    employeeId: uuid('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    fromDate: date('from_date', { mode: 'string' }).notNull(),
    toDate: date('to_date', { mode: 'string' }).notNull(),
    ranges: jsonb('ranges').$type<Array<[string, string]>>().notNull().default([]),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [
    check('employee_date_overrides_dates_check', sql`${t.toDate} >= ${t.fromDate}`),
    index('employee_date_overrides_employee_idx').on(t.employeeId, t.toDate),
  ],
);

/** Local dates from..to (inclusive) the whole business is closed, such as public holidays. */
export const businessClosures = pgTable(
  'business_closures',
  {
    id: id(),
    name: text('name').notNull(),
    fromDate: date('from_date', { mode: 'string' }).notNull(),
    toDate: date('to_date', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('business_closures_dates_check', sql`${t.toDate} >= ${t.fromDate}`),
    index('business_closures_to_date_idx').on(t.toDate),
  ],
);
