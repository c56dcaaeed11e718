import {
  LESSON_KINDS,
  TAUGHT_DAYS,
  TAUGHT_INTENTS,
  TEST_EXPECTED_ACTIONS,
} from '@chatdesk/contract/teaching';
import { sql } from 'drizzle-orm';
import { check, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { conversations } from './chats.ts';
import { createdAt, id, updatedAt } from './columns.ts';
import { employees } from './employees.ts';
import { services } from './services.ts';

/**
 * What staff taught the assistant: a customer's words mean an intent (with a professional, a
 * service or a day), or the business's answer to a question. The assistant reads them before
 * every reply (teaching.service.ts); the words and those close to them get the lesson.
 */
export const assistantLessons = pgTable(
  'assistant_lessons',
  {
    id: id(),
    kind: text('kind', { enum: LESSON_KINDS }).notNull(),
    example: text('example').notNull(),
    /** The words folded (no case, accents or punctuation): one lesson per wording, whatever the race. */
    exampleKey: text('example_key').notNull(),
    intent: text('intent', { enum: TAUGHT_INTENTS }),
    /** A professional or service that is deleted leaves the meaning without it, not the lesson gone. */
    employeeId: uuid('employee_id').references(() => employees.id, { onDelete: 'set null' }),
    serviceId: uuid('service_id').references(() => services.id, { onDelete: 'set null' }),
    day: text('day', { enum: TAUGHT_DAYS }),
    answer: text('answer'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('assistant_lessons_example_key').on(t.exampleKey),
    check(
      'assistant_lessons_kind_check',
      sql`(${t.kind} = 'meaning' and ${t.intent} is not null and ${t.answer} is null)
        or (${t.kind} = 'answer' and ${t.answer} is not null and ${t.intent} is null
          and ${t.employeeId} is null and ${t.serviceId} is null and ${t.day} is null)`,
    ),
  ],
);

/** The business's own test set: customer messages and what the answer to the last must hold. */
export const assistantTests = pgTable('assistant_tests', {
  id: id(),
  name: text('name').notNull(),
  lines: jsonb('lines').$type<string[]>().notNull(),
  mustContain: text('must_contain').notNull().default(''),
  mustDo: text('must_do', { enum: TEST_EXPECTED_ACTIONS }).notNull().default('answer'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Conversations staff reviewed (taught from or dismissed): off the review queue. */
export const reviewedConversations = pgTable('reviewed_conversations', {
  conversationId: uuid('conversation_id')
    .primaryKey()
    .references(() => conversations.id, { onDelete: 'cascade' }),
  reviewedAt: timestamp('reviewed_at', { withTimezone: true }).notNull().defaultNow(),
});
