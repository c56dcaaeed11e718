import type { Mailer, MailMessage } from '../../integrations/mail/mailer.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { MailRepository } from './mail.repository.ts';

/**
 * Every email is written to the outbox first and delivered by a durable job, so a crash or
 * an SMTP outage delays it instead of losing it.
 */
export function createMailService({
  repository,
  mailer,
  queue,
  clock,
}: {
  repository: MailRepository;
  mailer: Mailer;
  queue: JobQueue;
  clock: () => Date;
}) {
  return {
    async enqueue(message: MailMessage) {
      const id = await repository.insert(message);
      await queue.send('mailDeliver', { id });
      return id;
    },

    /** The job: sends one outbox message once; a throw makes the queue retry with backoff. */
    async deliver({ id }: { id: string }) {
      const row = await repository.find(id);
      if (!row || row.status === 'sent' || row.status === 'kept') return;
      try {
        const outcome = await mailer.send({
          to: row.to,
          subject: row.subject,
          text: row.text,
          ...(row.html ? { html: row.html } : {}),
          attachments: row.attachments,
        });
        await repository.mark(id, { status: outcome, sentAt: clock(), error: null });
      } catch (error) {
        await repository.mark(id, { error: error instanceof Error ? error.message : String(error) });
        throw error;
      }
    },
  };
}

export type MailService = ReturnType<typeof createMailService>;
