import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';

/** Lowercase weekday name → list of [start, end] in HH:mm, in the company's time zone. */
export type WeeklyAvailability = Partial<Record<string, Array<[string, string]>>>;

/** Employees are also the staff who sign in to the dashboard. */
export const employees = pgTable(
  'employees',
  {
    id: id(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    /** Offered on the public booking page, by the booking API and by the assistant. */
    takesBookings: boolean('takes_bookings').notNull().default(true),
    role: text('role'),
    title: text('title'),
    locations: text('locations').array().notNull().default(sql`'{}'::text[]`),
    availability: jsonb('availability').$type<WeeklyAvailability>().notNull().default({}),
    /**
     * The secret in the employee's calendar feed URL, kept as is because the URL is shown again.
     * The service sets it; the default (two random UUIDs, 244 random bits) gave existing rows one.
     */
    calendarSecret: text('calendar_secret')
      .notNull()
      .default(sql`replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`),
    /** What employee search reads: every searchable field folded (lower case, no accents). */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(
        sql`chatdesk_fold(name || ' ' || email || ' ' || username || ' ' || coalesce(role, '') || ' ' || coalesce(title, '') || ' ' || chatdesk_join(locations))`,
      ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('employees_username_key').on(sql`lower(${t.username})`),
    uniqueIndex('employees_calendar_secret_key').on(t.calendarSecret),
    index('employees_search_idx').using('gin', t.searchText.op('gin_trgm_ops')),
  ],
);

/** A signed-in token; revoking the row makes the token stop working. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    employeeId: uuid('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_employee_idx').on(t.employeeId)],
);

/**
 * Sign-in counters per key, shared by every server instance: "pair:<username>|<address>",
 * "ip:<address>", "acct:<username>" (window_start is its last checked attempt) and "alert:<username>"
 * (when staff were last told). See modules/auth/auth.service.ts.
 */
export const loginFailures = pgTable('login_failures', {
  key: text('key').primaryKey(),
  count: integer('count').notNull().default(0),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull().defaultNow(),
});
