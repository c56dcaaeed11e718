import type { Paged } from '@chatdesk/contract/common';
import type { Notification } from '@chatdesk/contract/notifications';
import type { Db } from '../../db/client.ts';
import type { EventBus } from '../../events/event-bus.ts';
import { notFound } from '../../lib/app-error.ts';
import { decodeCursor, isTimestampKey, toPage } from '../../lib/cursor.ts';
import type {
  NewNotification,
  NotificationFilter,
  NotificationRow,
  NotificationsRepository,
} from './notifications.repository.ts';

const NOT_FOUND = 'Notification not found';

const toNotification = (row: NotificationRow): Notification => ({
  id: row.id,
  title: row.title,
  message: row.message,
  type: row.type,
  isRead: row.isRead,
  isSolved: row.isSolved,
  link: row.link,
  createdAt: row.createdAt.toISOString(),
});

export function createNotificationsService({
  repository,
  repositoryIn,
  events,
}: {
  repository: NotificationsRepository;
  /** The same repository on a caller's transaction. */
  repositoryIn: (tx: Db) => NotificationsRepository;
  events: EventBus;
}) {
  const changed = () => events.publish({ type: 'notifications.changed' });

  return {
    /** Tells staff about something worth their attention; every open dashboard sees it at once. */
    async notify(input: NewNotification): Promise<Notification> {
      const row = await repository.insert(input);
      await changed();
      return toNotification(row);
    },

    /**
     * The same, written in the caller's transaction: the notification and its live event exist
     * exactly when the caller's change commits (a booking's, for one).
     */
    async notifyIn(tx: Db, input: NewNotification) {
      await repositoryIn(tx).insert(input);
      await tx.execute(events.inStatement({ type: 'notifications.changed' }));
    },

    async page(query: NotificationFilter & { limit: number; cursor?: string }): Promise<Paged<Notification>> {
      const after = decodeCursor(query.cursor, isTimestampKey);
      return toPage(await repository.page(query, query.limit, after), query.limit, toNotification);
    },

    async unreadCount() {
      return { count: await repository.countUnread() };
    },

    async markRead(id: string) {
      return update(id, { isRead: true });
    },

    async markSolved(id: string) {
      return update(id, { isSolved: true });
    },

    async markAllRead() {
      const updated = await repository.markAllRead();
      if (updated > 0) await changed();
      return { updated };
    },

    /** Marks read the unread notifications with one of these titles about one thing (its in-app link). */
    async markReadAbout(link: string, titles: readonly string[]) {
      const updated = await repository.markReadAbout(link, titles);
      if (updated > 0) await changed();
      return updated;
    },

    async remove(id: string) {
      if (!(await repository.delete(id))) throw notFound(NOT_FOUND);
      await changed();
    },
  };

  async function update(id: string, values: Partial<Pick<NotificationRow, 'isRead' | 'isSolved'>>) {
    const row = await repository.update(id, values);
    if (!row) throw notFound(NOT_FOUND);
    await changed();
    return toNotification(row);
  }
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
export type Notify = NotificationsService['notify'];
export type MarkNotificationsRead = NotificationsService['markReadAbout'];
