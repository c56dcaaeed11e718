import { BUSINESS_LANGUAGES } from '@chatdesk/contract/company';
import { boolean, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns.ts';

/** One row: the business itself. The id is fixed so the row can be upserted. */
export const company = pgTable('company', {
  id: integer('id').primaryKey().default(1),
  name: text('name').notNull(),
  information: text('information').notNull().default(''),
  systemPrompt: text('system_prompt'),
  logo: text('logo'),
  website: text('website'),
  industry: text('industry'),
  timeZone: text('time_zone').notNull().default('Europe/Madrid'),
  /** The assistant answers in it customers who write in a language other than Spanish or English. */
  language: text('language', { enum: BUSINESS_LANGUAGES }).notNull().default('es'),
  /** The cancellation policy: cancelling at least this many hours before refunds the fee; moving is allowed until then. */
  freeCancellationHours: integer('free_cancellation_hours').notNull().default(24),
  remindersEnabled: boolean('reminders_enabled').notNull().default(true),
  /** Hours before an appointment that reminders go out, largest first. */
  reminderHours: integer('reminder_hours').array().notNull().default([24, 2]),
  noShowFollowUp: boolean('no_show_follow_up').notNull().default(false),
  updatedAt: updatedAt(),
});
