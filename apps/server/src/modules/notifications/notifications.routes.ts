import { endpoints } from '@chatdesk/contract/endpoints';
import { NOTIFICATION_UNDO_WINDOW_MS } from '@chatdesk/contract/notifications';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/endpoint.ts';
import type { NotificationsService } from './notifications.service.ts';

const tags = ['notifications'];
const security = [{ bearer: [] }];
const undoSeconds = NOTIFICATION_UNDO_WINDOW_MS / 1000;

export const notificationsRoutes: FastifyPluginAsyncZod<{ notifications: NotificationsService }> = async (
  app,
  { notifications },
) => {
  route(
    app,
    endpoints.notifications.list,
    { tags, security, summary: 'A page of notifications, newest first' },
    async (request) => notifications.page(request.query),
  );
  route(
    app,
    endpoints.notifications.unreadCount,
    { tags, security, summary: 'How many are unread' },
    async () => notifications.unreadCount(),
  );
  route(
    app,
    endpoints.notifications.markAllRead,
    { tags, security, summary: 'Mark every notification read' },
    async () => notifications.markAllRead(),
  );
  route(
    app,
    endpoints.notifications.markRead,
    { tags, security, summary: 'Mark one read' },
    async (request) => notifications.markRead(request.params.id),
  );
  route(
    app,
    endpoints.notifications.markSolved,
    { tags, security, summary: 'Mark one solved' },
    async (request) => notifications.markSolved(request.params.id),
  );
  route(
    app,
    endpoints.notifications.remove,
    { tags, security, summary: `Delete one (it can be restored for ${undoSeconds} seconds)` },
    async (request) => {
      await notifications.remove(request.params.id);
      return { ok: true as const };
    },
  );
  route(
    app,
    endpoints.notifications.restore,
    { tags, security, summary: `Undo a delete made less than ${undoSeconds} seconds ago` },
    async (request) => notifications.restore(request.params.id),
  );
};
