import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestContext } from '../../test/build-test-app.ts';
import { notifications, scheduledTasks } from '../db/schema.ts';
import { JOBS } from './definitions.ts';
import { TASK_ALERT_AFTER_MS } from './schedules.ts';

let now = new Date('2026-11-25T09:00:00Z').getTime();
const clock = () => new Date(now);

let t: TestContext;
beforeAll(async () => {
  t = await buildTestApp({ clock });
}, 60_000);
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

const alerts = () =>
  t.db.select().from(notifications).where(eq(notifications.title, 'A scheduled task keeps failing'));
const health = async (name: string) =>
  (await t.db.select().from(scheduledTasks).where(eq(scheduledTasks.name, name)))[0];

describe('scheduled tasks', () => {
  it('one that throws holds up none of the others: reminders, refunds and clean-up still run', async () => {
    const { services } = t.app;
    vi.spyOn(services.subscriptions, 'expireIncomplete').mockRejectedValue(
      new Error('the provider refused to cancel sub_123'),
    );
    const reminders = vi.spyOn(services.reminders, 'sendDue');
    const refunds = vi.spyOn(services.manageBooking, 'finishDueRefunds');
    const cleanUp = vi.spyOn(services.auth, 'forgetStale');

    const failures = await t.app.schedules.runOnce();

    expect(failures.map((f) => f.job)).toEqual(['scheduleExpireIncomplete']);
    expect(reminders).toHaveBeenCalledTimes(1);
    expect(refunds).toHaveBeenCalledTimes(1);
    expect(cleanUp).toHaveBeenCalledTimes(1);
    expect(await health('scheduleExpireIncomplete')).toMatchObject({
      lastError: 'the provider refused to cancel sub_123',
      failingSince: new Date(now),
    });
    expect((await health('scheduleReminders'))?.failingSince).toBeNull();
  });

  it('failing for an hour tells staff once; a success ends it, and a new run of failures tells again', async () => {
    const task = vi.spyOn(t.app.services.subscriptions, 'expireIncomplete');
    task.mockRejectedValue(new Error('Stripe is down'));
    const start = now;
    await t.app.schedules.runOnce();
    now = start + TASK_ALERT_AFTER_MS - 60_000;
    await t.app.schedules.runOnce();
    expect(await alerts()).toHaveLength(0);

    now = start + TASK_ALERT_AFTER_MS;
    await Promise.all([t.app.schedules.runOnce(), t.app.schedules.runOnce()]);
    now += 60_000;
    await t.app.schedules.runOnce();
    const told = await alerts();
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ type: 'error', isRead: false });
    expect(told[0]!.message).toContain('Ending unpaid first subscription payments has failed for');
    expect(told[0]!.message).toContain('Stripe is down');

    task.mockResolvedValue(0);
    now += 60_000;
    await t.app.schedules.runOnce();
    expect(await health('scheduleExpireIncomplete')).toMatchObject({ failingSince: null, notifiedAt: null });

    task.mockRejectedValue(new Error('Stripe is down again'));
    const second = now;
    await t.app.schedules.runOnce();
    now = second + TASK_ALERT_AFTER_MS;
    await t.app.schedules.runOnce();
    expect(await alerts()).toHaveLength(2);
  });
});

describe('on the durable queue', () => {
  it('every task is its own job on its cron (a minute, an hour for deleted notifications and idle web chat sessions, a day for pack expiry and the backup), its queue running one at a time', async () => {
    // pg-boss keeps one schedule per name and its cron pass sends each once, however many
    // instances state it; `stately` keeps a second run from starting while one is under way.
    const q = await buildTestApp({ withQueue: true });
    try {
      const rows = await q.db.execute(sql`select name, cron from jobs.schedule order by name`);
      const scheduled = Object.values(JOBS)
        .filter((job) => 'cron' in job)
        .map((job) => job.name)
        .sort();
      expect(scheduled).toHaveLength(14);
      // Every minute, but the hourly purges of deleted notifications and idle web chat sessions, and the daily pack expiry and backup.
      const slower: Record<string, string> = {
        'schedule.backup': '0 3 * * *',
        'schedule.pack-expiry': '20 0 * * *',
        'schedule.notification-clean-up': '40 * * * *',
        'schedule.web-chat-clean-up': '50 * * * *',
      };
      expect(rows.rows).toEqual(scheduled.map((name) => ({ name, cron: slower[name] ?? '* * * * *' })));
      const policies = await q.db.execute(
        sql`select name, policy from jobs.queue where name like 'schedule.%' order by name`,
      );
      expect(policies.rows.map((row) => (row as { policy: string }).policy)).toEqual(
        scheduled.map(() => 'stately'),
      );
    } finally {
      await q.close();
    }
  }, 60_000);
});
