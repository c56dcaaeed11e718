import type { Services } from '../composition/services.ts';
import type { Integrations } from '../integrations/choose-integrations.ts';
import type { Notify } from '../modules/notifications/notifications.service.ts';
import type { JobKey } from './definitions.ts';
import type { JobQueue } from './queue.ts';
import type { ScheduledTasksRepository } from './scheduled-tasks.repository.ts';

/** A task failing this long without a success is told to staff, once per run of failures. */
export const TASK_ALERT_AFTER_MS = 60 * 60_000;

export type ScheduledTask = {
  /** The durable job that runs it (definitions.ts): its own queue, cron and retries. */
  job: JobKey;
  /** What staff read when it keeps failing. */
  label: string;
  run(): Promise<unknown>;
};

export type Schedules = {
  tasks: ScheduledTask[];
  /**
   * One pass of every task, each on its own (tests call it with a moved clock): one that throws
   * is recorded and the others still run. Answers the tasks that failed.
   */
  runOnce(): Promise<Array<{ job: JobKey; error: unknown }>>;
  /** Makes each task the worker of its job; the queue runs it on its cron, once per cluster. */
  register(queue: JobQueue): void;
};

/**
 * Clock-driven work, each task its own scheduled job: the local payment provider renews and ends
 * its subscriptions as periods pass, first payments left waiting past the provider's window are
 * canceled, appointment reminders that fell due are sent, refunds owed by cancellations a crash
 * cut short are made, dead sessions, spent sign-in counters and spent rate-limit counters are
 * deleted, and emails whose delivery was never queued or died (a crash right after a commit) are
 * queued again, employees' own calendars not read for 15 minutes are read again, notifications
 * and canned replies deleted more than a day ago are removed for good and web chat sessions idle for
 * 30 days are deleted and lapsed verifications ended (hourly), once a day what is left of packs
 * past their date is written off (and spent pack codes deleted), pack refunds a crash cut short
 * between the claim and the row are finished or let go, waitlist offers past their hold
 * expire (their seats offered to the next in line) and offers not yet told are told, and once a day a backup is written to
 * BACKUP_DIR when it is set. A task that
 * throws is retried by its job and never holds up another.
 */
export function createSchedules(
  services: Services,
  integrations: Integrations,
  deps: {
    repository: ScheduledTasksRepository;
    notify: Notify;
    clock: () => Date;
    log?: { error: (o: object, m: string) => void };
    /** Takes the daily backup into BACKUP_DIR; without it there is none to take. */
    backup?: () => Promise<unknown>;
  },
): Schedules {
  const local = integrations.localPayments;
  const tasks: ScheduledTask[] = [
    {
      job: 'scheduleLocalRenewals',
      label: 'Renewing subscriptions',
      run: async () => {
        if (local) await services.subscriptions.runLocalRenewals(local.advanceSubscriptions);
      },
    },
    {
      job: 'scheduleExpireIncomplete',
      label: 'Ending unpaid first subscription payments',
      run: () => services.subscriptions.expireIncomplete(),
    },
    { job: 'scheduleReminders', label: 'Appointment reminders', run: () => services.reminders.sendDue() },
    {
      job: 'scheduleOwedRefunds',
      label: 'Refunds owed by cancellations',
      run: () => services.manageBooking.finishDueRefunds(),
    },
    { job: 'scheduleCleanUp', label: 'Clean-up of old sessions', run: () => services.auth.forgetStale() },
    {
      job: 'scheduleRateLimitCleanUp',
      label: 'Clean-up of spent rate-limit counters',
      run: () => services.rateLimits.forgetSpent(),
    },
    {
      job: 'scheduleMailRecovery',
      label: 'Emails left undelivered by a crash',
      run: () => services.mail.recoverStranded(),
    },
    {
      job: 'scheduleCalendars',
      label: "Reading employees' own calendars",
      run: () => services.calendars.refreshDue(),
    },
    {
      job: 'scheduleNotificationCleanUp',
      label: 'Clean-up of deleted notifications and canned replies',
      // Every soft-deleted table in one pass: how many rows went for good.
      run: async () =>
        (await services.notifications.purgeDeleted()) + (await services.cannedReplies.purgeDeleted()),
    },
    {
      job: 'scheduleWebChatCleanUp',
      label: 'Clean-up of idle web chat sessions',
      run: () => services.webChat.forgetIdle(),
    },
    {
      job: 'schedulePackExpiry',
      label: 'Expiry of packs past their date',
      // With the codes that proved an address on the booking page, spent a day ago.
      run: async () => (await services.packs.expireDue()) + (await services.packCodes.forgetSpent()),
    },
    {
      job: 'schedulePackRefunds',
      label: 'Pack refunds cut short by a crash',
      run: () => services.packs.finishStrandedRefunds(),
    },
    {
      job: 'scheduleWaitlist',
      label: 'Waitlist offers: expiry and telling the next in line',
      run: () => services.waitlist.expireAndOffer(),
    },
    { job: 'scheduleBackup', label: 'The daily backup', run: async () => deps.backup?.() },
  ];

  /** Runs a task and records how it went; a failure is thrown on, so its job tries again. */
  async function runTask(task: ScheduledTask) {
    try {
      await task.run();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      deps.log?.error({ err: error, task: task.job }, 'scheduled task failed');
      const now = deps.clock();
      const health = await deps.repository.failed(task.job, message, now, TASK_ALERT_AFTER_MS);
      if (health.tell) {
        const minutes = Math.round((now.getTime() - health.failingSince.getTime()) / 60_000);
        await deps.notify({
          type: 'error',
          title: 'A scheduled task keeps failing',
          message: `${task.label} has failed for ${minutes} minutes without a success. The last error: ${message}`,
        });
      }
      throw error;
    }
    await deps.repository.succeeded(task.job, deps.clock());
  }

  return {
    tasks,
    async runOnce() {
      const failures: Array<{ job: JobKey; error: unknown }> = [];
      for (const task of tasks) {
        await runTask(task).catch((error: unknown) => failures.push({ job: task.job, error }));
      }
      return failures;
    },
    register(queue) {
      for (const task of tasks) queue.work(task.job, () => runTask(task));
    },
  };
}
