import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
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
    /**
     * Set when staff delete it: every read leaves it out from then on, it can be restored for
     * CANNED_REPLY_UNDO_WINDOW_MS, and the clean-up task removes it for good a day later.
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    // "Hours" and "hours" would open the same suggestion: the index decides, also for two racing saves.
    // Among live replies only, so a deleted one never blocks writing its name again.
    uniqueIndex('canned_replies_name_key').on(sql`lower(${t.name})`).where(sql`${t.deletedAt} is null`),
    index('canned_replies_deleted_idx').on(t.deletedAt).where(sql`${t.deletedAt} is not null`),
  ],
);
