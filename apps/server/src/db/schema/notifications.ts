import { NOTIFICATION_TYPES } from '@chatdesk/contract/notifications';
import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';

export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    type: text('type', { enum: NOTIFICATION_TYPES }).notNull(),
    isRead: boolean('is_read').notNull().default(false),
    isSolved: boolean('is_solved').notNull().default(false),
    link: text('link'),
    createdAt: createdAt(),
    /**
     * Set when staff delete it: every read leaves it out from then on, it can be restored for
     * NOTIFICATION_UNDO_WINDOW_MS, and the clean-up task removes it for good a day later.
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_created_idx').on(t.createdAt, t.id),
    index('notifications_unread_idx').on(t.isRead),
    index('notifications_deleted_idx').on(t.deletedAt).where(sql`${t.deletedAt} is not null`),
  ],
);
