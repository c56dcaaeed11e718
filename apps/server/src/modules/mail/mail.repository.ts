import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema.ts';
import type { MailMessage } from '../../integrations/mail/mailer.ts';

export function createMailRepository(db: Db) {
  return {
    async insert(message: MailMessage) {
      const [row] = await db
        .insert(mailOutbox)
        .values({
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html ?? null,
          attachments: message.attachments ?? [],
        })
        .returning({ id: mailOutbox.id });
      return row!.id;
    },
    async find(id: string) {
      const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id)).limit(1);
      return row;
    },
    async mark(id: string, values: Partial<typeof mailOutbox.$inferInsert>) {
      await db.update(mailOutbox).set(values).where(eq(mailOutbox.id, id));
    },
  };
}

export type MailRepository = ReturnType<typeof createMailRepository>;
