import { NOTIFICATION_TYPES } from '@chatdesk/contract/notifications';
import { boolean, index, pgTable, text } from 'drizzle-orm/pg-core';
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
  },
  (t) => [
    index('notifications_created_idx').on(t.createdAt, t.id),
    index('notifications_unread_idx').on(t.isRead),
  ],
);
