import { and, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { mentions, redacted } from '../../db/redact.ts';
import { mailOutbox } from '../../db/schema.ts';
import type { MailMessage } from '../../integrations/mail/mailer.ts';

export function createMailRepository(db: Db) {
  return {
    async insert(message: MailMessage, at: Date) {
      const [row] = await db
        .insert(mailOutbox)
        .values({
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html ?? null,
          attachments: message.attachments ?? [],
          createdAt: at,
        })
        .returning({ id: mailOutbox.id });
      return row!.id;
    },
    /** The newest message to an address (case aside): the local mailbox's read. */
    async latestTo(to: string) {
      const [row] = await db
        .select()
        .from(mailOutbox)
        .where(sql`lower(${mailOutbox.to}) = ${to.toLowerCase()}`)
        .orderBy(sql`${mailOutbox.createdAt} desc`)
        .limit(1);
      return row;
    },
    async find(id: string) {
      const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id)).limit(1);
      return row;
    },
    /**
     * Takes a message for one delivery: one still pending, or one whose delivery claimed it
     * before `leaseExpiredBefore` and never finished (its process died). Undefined when it was
     * delivered, given up, or another delivery holds it now, so two never send it at once.
     */
    async claim(id: string, at: Date, leaseExpiredBefore: Date) {
      const [row] = await db
        .update(mailOutbox)
        .set({ status: 'sending', attemptedAt: at })
        .where(
          and(
            eq(mailOutbox.id, id),
            or(
              eq(mailOutbox.status, 'pending'),
              and(eq(mailOutbox.status, 'sending'), lt(mailOutbox.attemptedAt, leaseExpiredBefore)),
            ),
          ),
        )
        .returning();
      return row;
    },
    async mark(id: string, values: Partial<typeof mailOutbox.$inferInsert>) {
      await db.update(mailOutbox).set(values).where(eq(mailOutbox.id, id));
    },
    /**
     * Messages nothing is delivering: pending since before `createdBefore` with no delivery since
     * `attemptedBefore` (their job was never queued, or gave up early), or claimed by a delivery
     * that died before `leaseExpiredBefore`.
     */
    async stranded(cutoffs: { createdBefore: Date; attemptedBefore: Date; leaseExpiredBefore: Date }) {
      const rows = await db
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(
          and(
            inArray(mailOutbox.status, ['pending', 'sending']),
            lt(mailOutbox.createdAt, cutoffs.createdBefore),
            or(
              and(
                eq(mailOutbox.status, 'pending'),
                sql`(${mailOutbox.attemptedAt} is null or ${mailOutbox.attemptedAt} < ${cutoffs.attemptedBefore})`,
              ),
              and(eq(mailOutbox.status, 'sending'), lt(mailOutbox.attemptedAt, cutoffs.leaseExpiredBefore)),
            ),
          ),
        )
        .orderBy(mailOutbox.createdAt)
        .limit(100);
      return rows.map((row) => row.id);
    },
    /**
     * A person was erased: every email to one of their addresses goes (sent or still waiting, so
     * none is sent after), and any other that names them keeps its words without them. Counts.
     */
    async eraseRecipient(emails: string[], identifiers: string | null) {
      const lower = emails.map((email) => email.toLowerCase());
      const removed =
        lower.length === 0
          ? []
          : await db
              .delete(mailOutbox)
              .where(inArray(sql`lower(${mailOutbox.to})`, lower))
              .returning({ id: mailOutbox.id });
      if (identifiers)
        await db
          .update(mailOutbox)
          .set({
            subject: redacted(mailOutbox.subject, identifiers),
            text: redacted(mailOutbox.text, identifiers),
            html: redacted(mailOutbox.html, identifiers),
          })
          .where(
            or(
              mentions(mailOutbox.subject, identifiers),
              mentions(mailOutbox.text, identifiers),
              mentions(mailOutbox.html, identifiers),
            ),
          );
      return removed.length;
    },
  };
}

export type MailRepository = ReturnType<typeof createMailRepository>;
