import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { olderThan, timestampKey } from '../../db/keyset.ts';
import { notifications } from '../../db/schema.ts';
import type { Position } from '../../lib/cursor.ts';

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotification = Pick<typeof notifications.$inferInsert, 'title' | 'message' | 'type' | 'link'>;
export type NotificationFilter = { isRead?: boolean; isSolved?: boolean; type?: NotificationRow['type'] };

export function createNotificationsRepository(db: Db) {
  return {
    /** A page, newest first: a walk of notifications_created_idx from `after`, filtered as it goes. */
    async page(filter: NotificationFilter, limit: number, after?: Position) {
      const conditions: SQL[] = [];
      if (filter.isRead !== undefined) conditions.push(eq(notifications.isRead, filter.isRead));
      if (filter.isSolved !== undefined) conditions.push(eq(notifications.isSolved, filter.isSolved));
      if (filter.type) conditions.push(eq(notifications.type, filter.type));
      if (after) conditions.push(olderThan(notifications.createdAt, notifications.id, after));
      const rows = await db
        .select({ notification: notifications, cursorKey: timestampKey(notifications.createdAt) })
        .from(notifications)
        .where(and(...conditions))
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(limit + 1);
      return rows.map((row) => ({ ...row.notification, cursorKey: row.cursorKey }));
    },
    async countUnread() {
      const [row] = await db
        .select({ value: count() })
        .from(notifications)
        .where(eq(notifications.isRead, false));
      return row?.value ?? 0;
    },
    async insert(values: NewNotification) {
      const [row] = await db.insert(notifications).values(values).returning();
      return row!;
    },
    async update(id: string, values: Partial<Pick<NotificationRow, 'isRead' | 'isSolved'>>) {
      const [row] = await db.update(notifications).set(values).where(eq(notifications.id, id)).returning();
      return row;
    },
    async markAllRead() {
      const rows = await db
        .update(notifications)
        .set({ isRead: true })
        .where(eq(notifications.isRead, false))
        .returning({ id: notifications.id });
      return rows.length;
    },
    async markReadAbout(link: string, titles: readonly string[]) {
      const rows = await db
        .update(notifications)
        .set({ isRead: true })
        .where(
          and(
            eq(notifications.isRead, false),
            eq(notifications.link, link),
            inArray(notifications.title, [...titles]),
          ),
        )
        .returning({ id: notifications.id });
      return rows.length;
    },
    async delete(id: string) {
      const rows = await db
        .delete(notifications)
        .where(eq(notifications.id, id))
        .returning({ id: notifications.id });
      return rows.length > 0;
    },
  };
}

export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
