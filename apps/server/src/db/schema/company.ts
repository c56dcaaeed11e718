import { BUSINESS_LANGUAGES } from '@chatdesk/contract/company';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
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
  updatedAt: updatedAt(),
});
