import { and, count, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { olderThan, timestampKey } from '../../db/keyset.ts';
import { mentions, redacted } from '../../db/redact.ts';
import { notifications } from '../../db/schema.ts';
import { deletedBefore, deletedNow, deletedWithin, isLive } from '../../db/soft-delete.ts';
import type { Position } from '../../lib/cursor.ts';

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotification = Pick<typeof notifications.$inferInsert, 'title' | 'message' | 'type' | 'link'>;
export type NotificationFilter = { isRead?: boolean; isSolved?: boolean; type?: NotificationRow['type'] };

/** Not deleted: every read and every change but a restore sees only these. */
const live = isLive(notifications.deletedAt);

export function createNotificationsRepository(db: Db) {
  return {
    /** A page, newest first: a walk of notifications_created_idx from `after`, filtered as it goes. */
    async page(filter: NotificationFilter, limit: number, after?: Position) {
      const conditions: SQL[] = [live];
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
    /** Unread ones, counted up to `limit`: at most `limit` rows are read, however many there are. */
    async countUnread(limit: number) {
      const unread = db
        .select({ id: notifications.id })
        .from(notifications)
        .where(and(eq(notifications.isRead, false), live))
        .limit(limit)
        .as('unread');
      const [row] = await db.select({ value: count() }).from(unread);
      return row?.value ?? 0;
    },
    async insert(values: NewNotification) {
      const [row] = await db.insert(notifications).values(values).returning();
      return row!;
    },
    async update(id: string, values: Partial<Pick<NotificationRow, 'isRead' | 'isSolved'>>) {
      const [row] = await db
        .update(notifications)
        .set(values)
        .where(and(eq(notifications.id, id), live))
        .returning();
      return row;
    },
    async markAllRead() {
      const rows = await db
        .update(notifications)
        .set({ isRead: true })
        .where(and(eq(notifications.isRead, false), live))
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
            live,
            eq(notifications.link, link),
            inArray(notifications.title, [...titles]),
          ),
        )
        .returning({ id: notifications.id });
      return rows.length;
    },
    /** Marks a notification deleted now; false when there is none, or it is already deleted. */
    async softDelete(id: string) {
      const rows = await db
        .update(notifications)
        .set({ deletedAt: deletedNow() })
        .where(and(eq(notifications.id, id), live))
        .returning({ id: notifications.id });
      return rows.length > 0;
    },
    /** Undeletes it if it was deleted less than `windowMs` ago; undefined otherwise (see `find`). */
    async restore(id: string, windowMs: number) {
      const [row] = await db
        .update(notifications)
        .set({ deletedAt: null })
        .where(and(eq(notifications.id, id), deletedWithin(notifications.deletedAt, windowMs)))
        .returning();
      return row;
    },
    /** The row as stored, deleted or not. */
    async find(id: string) {
      const [row] = await db.select().from(notifications).where(eq(notifications.id, id));
      return row;
    },
    /** Removes for good what was deleted more than `ms` ago (the partial notifications_deleted_idx). */
    async purgeDeleted(ms: number) {
      const rows = await db
        .delete(notifications)
        .where(deletedBefore(notifications.deletedAt, ms))
        .returning({ id: notifications.id });
      return rows.length;
    },
    /**
     * A person was erased: notifications keep what happened but not who. Those about their records
     * (`links`) or that name them lose the words that identify them, and a link to a record that
     * is gone. How many changed.
     */
    async redactPerson(
      identifiers: { anywhere: string | null; aboutThem: string | null },
      links: string[],
      goneLinks: string[],
    ) {
      const { anywhere, aboutThem } = identifiers;
      const linked = links.length > 0 ? inArray(notifications.link, links) : sql`false`;
      const about = [
        linked,
        ...(anywhere
          ? [mentions(notifications.title, anywhere), mentions(notifications.message, anywhere)]
          : []),
      ];
      // Rows about their records may also use a first name alone; others only the full words.
      const redact = (column: typeof notifications.title | typeof notifications.message) =>
        sql`case when ${linked} then ${aboutThem ? redacted(column, aboutThem) : column}
                 else ${anywhere ? redacted(column, anywhere) : column} end`;
      const rows = await db
        .update(notifications)
        .set({
          title: redact(notifications.title),
          message: redact(notifications.message),
          ...(goneLinks.length > 0
            ? {
                link: sql`case when ${inArray(notifications.link, goneLinks)} then null else ${notifications.link} end`,
              }
            : {}),
        })
        .where(or(...about))
        .returning({ id: notifications.id });
      return rows.length;
    },
  };
}

export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
