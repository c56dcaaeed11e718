import type { Paged } from '@chatdesk/contract/common';
import {
  NOTIFICATION_UNDO_WINDOW_MS,
  type Notification,
  UNREAD_NOTIFICATIONS_COUNT_LIMIT,
} from '@chatdesk/contract/notifications';
import type { Db } from '../../db/client.ts';
import { DELETED_KEEP_MS } from '../../db/soft-delete.ts';
import type { EventBus } from '../../events/event-bus.ts';
import { conflict, notFound } from '../../lib/app-error.ts';
import { decodeCursor, isTimestampKey, toPage } from '../../lib/cursor.ts';
import type {
  NewNotification,
  NotificationFilter,
  NotificationRow,
  NotificationsRepository,
} from './notifications.repository.ts';

const NOT_FOUND = 'Notification not found';
const TOO_LATE_TO_RESTORE = `This notification was deleted more than ${NOTIFICATION_UNDO_WINDOW_MS / 1000} seconds ago and can no longer be restored`;

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

    /**
     * In the caller's transaction (a client's erasure): notifications about the person or naming
     * them keep what happened without who; dashboards hear of it when the erasure commits.
     */
    async redactPersonIn(
      tx: Db,
      identifiers: { anywhere: string | null; aboutThem: string | null },
      links: string[],
      goneLinks: string[],
    ) {
      const changed = await repositoryIn(tx).redactPerson(identifiers, links, goneLinks);
      if (changed > 0) await tx.execute(events.inStatement({ type: 'notifications.changed' }));
      return changed;
    },

    async page(query: NotificationFilter & { limit: number; cursor?: string }): Promise<Paged<Notification>> {
      const after = decodeCursor(query.cursor, isTimestampKey);
      return toPage(await repository.page(query, query.limit, after), query.limit, toNotification);
    },

    async unreadCount() {
      return { count: await repository.countUnread(UNREAD_NOTIFICATIONS_COUNT_LIMIT) };
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

    /**
     * Deletes at once, as far as anyone can see: every read leaves it out from now on. It can be
     * restored for NOTIFICATION_UNDO_WINDOW_MS, so Undo needs nothing kept in the tab.
     */
    async remove(id: string) {
      if (!(await repository.softDelete(id))) throw notFound(NOT_FOUND);
      await changed();
    },

    /**
     * Undoes a delete made less than NOTIFICATION_UNDO_WINDOW_MS ago. Restoring one that is not
     * deleted (a second Undo, a retried request) answers it as it is.
     */
    async restore(id: string): Promise<Notification> {
      const restored = await repository.restore(id, NOTIFICATION_UNDO_WINDOW_MS);
      if (restored) {
        await changed();
        return toNotification(restored);
      }
      const row = await repository.find(id);
      if (!row) throw notFound(NOT_FOUND);
      if (row.deletedAt) throw conflict(TOO_LATE_TO_RESTORE);
      return toNotification(row);
    },

    /** The clean-up task: notifications deleted more than DELETED_KEEP_MS ago go for good. */
    async purgeDeleted() {
      return repository.purgeDeleted(DELETED_KEEP_MS);
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
