import { sql } from 'drizzle-orm';
import { pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';

/** Short answers the whole team shares, inserted in a chat by typing `/` and the name. */
export const cannedReplies = pgTable(
  'canned_replies',
  {
    id: id(),
    name: text('name').notNull(),
    /** May hold variables (`{first_name}`, `{next_appointment}`, …), filled for the chat's customer when inserted. */
    text: text('text').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // "Hours" and "hours" would open the same suggestion: the index decides, also for two racing saves.
  (t) => [uniqueIndex('canned_replies_name_key').on(sql`lower(${t.name})`)],
);
