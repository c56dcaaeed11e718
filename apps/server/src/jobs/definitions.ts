import { z } from 'zod';

/** How a failed job is tried again; tests shorten the delay instead of waiting for it. */
export type RetryPolicy = {
  retryLimit: number;
  retryDelaySeconds: number;
  retryBackoff: boolean;
  expireInSeconds: number;
};

export type JobDefinition = {
  name: string;
  payload: z.ZodType;
  /** The job's own policy, over the queue's default (queue.ts `DEFAULT_RETRY`). */
  retry?: Partial<RetryPolicy>;
  /** How many of these run at once in one process (queue.ts `DEFAULT_CONCURRENCY` otherwise). */
  concurrency?: number;
  /**
   * Jobs with the same key never run at the same time, on any instance, and while one waits to
   * start another with its key is not queued (the waiting one will see everything anyway).
   * Jobs with different keys run side by side.
   */
  serialKey?: (payload: never) => string;
  /**
   * A scheduled task: pg-boss sends its job on this cron (UTC), once per cluster whatever the
   * number of instances, and its queue holds at most one job waiting and one running, so a slow
   * run is never joined by a second one on another instance.
   */
  cron?: string;
};

/** A scheduled task's job: a few quick retries, then the next minute's run tries again. */
const scheduledTask = (name: string) => ({
  name,
  payload: z.object({}).nullish(),
  cron: '* * * * *',
  retry: { retryLimit: 2, retryDelaySeconds: 10, retryBackoff: false, expireInSeconds: 240 },
  concurrency: 1,
});

/**
 * Every durable job: its queue name and the payload it carries. Senders and workers both go
 * through this table, so a payload that changes shape fails the typecheck on both sides, and a
 * malformed payload found in the database is refused by the worker instead of half-run.
 */
export const JOBS = {
  mailDeliver: { name: 'mail.send', payload: z.object({ id: z.string() }) },
  assistantReply: {
    name: 'assistant.reply',
    payload: z.object({ chatId: z.string(), messageId: z.string() }),
    // A customer is waiting: six tries within about a minute (pg-boss's back-off: about 1.5, 3,
    // 6, 12 and 24 s apart, with jitter), then a person takes the chat. The first retry comes
    // soon, since it is also what finishes a reply whose process died (after its heartbeat lapses).
    // ASSISTANT_RETRY_LIMIT and ASSISTANT_RETRY_DELAY_SECONDS override the first two.
    retry: { retryLimit: 5, retryDelaySeconds: 1, retryBackoff: true, expireInSeconds: 90 },
    // One run per chat at a time: a burst of messages is answered once, by a run that reads it all.
    serialKey: (payload: { chatId: string }) => payload.chatId,
    concurrency: 16,
  },
  whatsappSend: { name: 'whatsapp.send', payload: z.object({ messageId: z.string() }), concurrency: 8 },
  // Each scheduled task its own job (jobs/schedules.ts), so one that fails holds up no other.
  scheduleLocalRenewals: scheduledTask('schedule.local-renewals'),
  scheduleExpireIncomplete: scheduledTask('schedule.expire-incomplete'),
  scheduleReminders: scheduledTask('schedule.reminders'),
  scheduleOwedRefunds: scheduledTask('schedule.owed-refunds'),
  scheduleCleanUp: scheduledTask('schedule.clean-up'),
  scheduleRateLimitCleanUp: scheduledTask('schedule.rate-limit-clean-up'),
  scheduleMailRecovery: scheduledTask('schedule.mail-recovery'),
  scheduleCalendars: scheduledTask('schedule.calendars'),
  // Deleted notifications and canned replies are kept a day: once an hour is enough to remove them
  // for good. Named when it purged notifications only; a new name would leave the old schedule behind.
  scheduleNotificationCleanUp: { ...scheduledTask('schedule.notification-clean-up'), cron: '40 * * * *' },
  // Web chat sessions expire after 30 days unused and verifications after a day: hourly is soon enough.
  scheduleWebChatCleanUp: { ...scheduledTask('schedule.web-chat-clean-up'), cron: '50 * * * *' },
  // Packs past their date have no usable balance already (a booking checks the date): writing off
  // what was left once a day keeps balances and the ledger true for whoever does not open the client.
  schedulePackExpiry: { ...scheduledTask('schedule.pack-expiry'), cron: '20 0 * * *' },
  // Pack refunds a crash cut short between the claim and the row are finished (decision 028's addendum).
  schedulePackRefunds: scheduledTask('schedule.pack-refunds'),
  // Waitlist offers past their hold pass to the next in line within a minute of it (decision 026).
  scheduleWaitlist: scheduledTask('schedule.waitlist'),
  // Once a day, when the night is quiet in Europe; an hour to finish, as a big business's file takes a while.
  scheduleBackup: {
    ...scheduledTask('schedule.backup'),
    cron: '0 3 * * *',
    retry: { retryLimit: 2, retryDelaySeconds: 60, retryBackoff: false, expireInSeconds: 3600 },
  },
} as const satisfies Record<string, JobDefinition>;

export type JobKey = keyof typeof JOBS;
export type JobPayload<K extends JobKey> = z.output<(typeof JOBS)[K]['payload']>;
