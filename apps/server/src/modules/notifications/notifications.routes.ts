import { idParamsSchema, okBodySchema } from '@chatdesk/contract/common';
import {
  listNotificationsQuerySchema,
  markAllReadResponseSchema,
  notificationListSchema,
  notificationSchema,
  unreadCountSchema,
} from '@chatdesk/contract/notifications';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { NotificationsService } from './notifications.service.ts';

const tags = ['notifications'];
const security = [{ bearer: [] }];

export const notificationsRoutes: FastifyPluginAsyncZod<{ notifications: NotificationsService }> = async (
  app,
  { notifications },
) => {
  app.get(
    '/',
    {
      schema: {
        tags,
        security,
        summary: 'Notifications, newest first',
        querystring: listNotificationsQuerySchema,
        response: { 200: notificationListSchema },
      },
    },
    async (request) => notifications.list(request.query),
  );
  app.get(
    '/unread-count',
    { schema: { tags, security, summary: 'How many are unread', response: { 200: unreadCountSchema } } },
    async () => notifications.unreadCount(),
  );
  app.post(
    '/mark-all-read',
    {
      schema: {
        tags,
        security,
        summary: 'Mark every notification read',
        response: { 200: markAllReadResponseSchema },
      },
    },
    async () => notifications.markAllRead(),
  );
  app.post(
    '/:id/read',
    {
      schema: {
        tags,
        security,
        summary: 'Mark one read',
        params: idParamsSchema,
        response: { 200: notificationSchema },
      },
    },
    async (request) => notifications.markRead(request.params.id),
  );
  app.post(
    '/:id/solve',
    {
      schema: {
        tags,
        security,
        summary: 'Mark one solved',
        params: idParamsSchema,
        response: { 200: notificationSchema },
      },
    },
    async (request) => notifications.markSolved(request.params.id),
  );
  app.delete(
    '/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Delete one',
        params: idParamsSchema,
        response: { 200: okBodySchema },
      },
    },
    async (request) => {
      await notifications.remove(request.params.id);
      return { ok: true as const };
    },
  );
};
