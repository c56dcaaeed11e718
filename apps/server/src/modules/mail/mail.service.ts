import type { Db } from '../../db/client.ts';
import type { Mailer, MailMessage } from '../../integrations/mail/mailer.ts';
import type { JobAttempt, JobQueue } from '../../jobs/queue.ts';
import type { MailRepository } from './mail.repository.ts';

/** A delivery that claimed a message and has not finished after this long has died. */
const DELIVERY_LEASE_MS = 5 * 60_000;
/** A message no delivery has touched for this long after it was written is queued again. */
const STRANDED_AFTER_MS = 2 * 60_000;
/** A pending message whose last delivery failed this long ago gets another delivery. */
const RETRY_STRANDED_AFTER_MS = 15 * 60_000;

/**
 * Every email is written to the outbox first and delivered by a durable job, so a crash or
 * an SMTP outage delays it instead of losing it. A message written inside another module's
 * transaction (`writeIn`) exists exactly when that change does; its job is queued after the
 * commit, and if the process dies in between, the recovery sweep (a scheduled task) queues it.
 */
export function createMailService({
  repository,
  repositoryIn,
  mailer,
  queue,
  clock,
}: {
  repository: MailRepository;
  /** The same repository on a caller's transaction. */
  repositoryIn: (tx: Db) => MailRepository;
  mailer: Mailer;
  queue: JobQueue;
  clock: () => Date;
}) {
  const dispatch = (id: string) => queue.send('mailDeliver', { id });
  return {
    async enqueue(message: MailMessage) {
      const id = await repository.insert(message, clock());
      await dispatch(id);
      return id;
    },

    /** Writes a message in the caller's transaction; `dispatch` it after the commit. */
    writeIn(tx: Db, message: MailMessage) {
      return repositoryIn(tx).insert(message, clock());
    },

    dispatch,

    /** The newest message to an address, as the outbox holds it (the local mailbox route's read). */
    async latestTo(to: string) {
      const row = await repository.latestTo(to);
      return row
        ? { to: row.to, subject: row.subject, text: row.text, createdAt: row.createdAt.toISOString() }
        : undefined;
    },

    /**
     * In the caller's transaction (a person's erasure): every email to their addresses removed,
     * sent or not, and their name, address and number taken out of any other. How many removed.
     */
    eraseRecipientIn(tx: Db, emails: string[], identifiers: string | null) {
      return repositoryIn(tx).eraseRecipient(emails, identifiers);
    },

    /**
     * The job: sends one outbox message once. It claims the message first, so two deliveries
     * (a job and the sweep's) never send it together; a throw makes the queue retry with
     * backoff, and after the last try the message is given up as failed.
     */
    async deliver({ id }: { id: string }, attempt: JobAttempt = { isLast: false }) {
      const now = clock();
      const row = await repository.claim(id, now, new Date(now.getTime() - DELIVERY_LEASE_MS));
      if (!row) return;
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
        await repository.mark(id, {
          status: attempt.isLast ? 'failed' : 'pending',
          error: error instanceof Error ? error.message : String(error),
        });
        throw error;
      }
    },

    /** Queues a delivery for every message nothing is delivering; answers how many. */
    async recoverStranded() {
      const now = clock().getTime();
      const ids = await repository.stranded({
        createdBefore: new Date(now - STRANDED_AFTER_MS),
        attemptedBefore: new Date(now - RETRY_STRANDED_AFTER_MS),
        leaseExpiredBefore: new Date(now - DELIVERY_LEASE_MS),
      });
      for (const id of ids) await dispatch(id);
      return ids.length;
    },
  };
}

export type MailService = ReturnType<typeof createMailService>;
