import { z } from 'zod';
import { booleanQuerySchema, pageQuerySchema } from './common.ts';
import { NOTIFICATION_BADGE_CAP } from './constants.ts';

/**
 * How long a deleted notification can be restored (`POST /notifications/{id}/restore`). The server
 * soft-deletes at once, so a tab closed or signed out right after a delete loses nothing; a restore
 * after the window is refused.
 */
export const NOTIFICATION_UNDO_WINDOW_MS = 30_000;

export const NOTIFICATION_TYPES = ['info', 'success', 'warning', 'error'] as const;
export const notificationTypeSchema = z.enum(NOTIFICATION_TYPES);
export type NotificationType = z.infer<typeof notificationTypeSchema>;

export const notificationSchema = z.object({
  id: z.string(),
  title: z.string(),
  message: z.string(),
  type: notificationTypeSchema,
  isRead: z.boolean(),
  isSolved: z.boolean(),
  /** An in-app path the notification is about, such as /chat/{id}. */
  link: z.string().nullable(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const listNotificationsQuerySchema = pageQuerySchema.extend({
  isRead: booleanQuerySchema.optional(),
  isSolved: booleanQuerySchema.optional(),
  type: notificationTypeSchema.optional(),
});
export type ListNotificationsQuery = z.input<typeof listNotificationsQuerySchema>;

/**
 * Unread notifications are counted up to this many: the badge shows '99+' past 99, and a count that
 * stops there costs the same with 100 unread as with 100,000.
 */
export const UNREAD_NOTIFICATIONS_COUNT_LIMIT = NOTIFICATION_BADGE_CAP + 1;
/** How many notifications are unread, counted up to UNREAD_NOTIFICATIONS_COUNT_LIMIT. */
export const unreadCountSchema = z.object({ count: z.number().int() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;
export const markAllReadResponseSchema = z.object({ updated: z.number().int() });
