import { z } from 'zod';
import { booleanQuerySchema, pageQuerySchema } from './common.ts';

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

export const unreadCountSchema = z.object({ count: z.number().int() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;
export const markAllReadResponseSchema = z.object({ updated: z.number().int() });
