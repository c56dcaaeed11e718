import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/** The health of each scheduled task, in one row per task (db/schema/integrations.ts `scheduled_tasks`). */
export function createScheduledTasksRepository(db: Db) {
  return {
    async succeeded(name: string, at: Date) {
      await db.execute(sql`
        insert into scheduled_tasks (name, last_success_at) values (${name}, ${at})
        on conflict (name) do update
          set last_success_at = excluded.last_success_at, failing_since = null, last_error = null,
              notified_at = null`);
    },

    /**
     * Records a failure and answers since when the task has failed, and whether this call is the
     * one that tells staff: true once per run of failures, when it has lasted `alertAfterMs`. The
     * claim is a conditional update, so of instances failing together exactly one tells.
     */
    async failed(name: string, error: string, at: Date, alertAfterMs: number) {
      const threshold = new Date(at.getTime() - alertAfterMs);
      const result = await db.execute(sql`
        with recorded as (
          insert into scheduled_tasks (name, failing_since, last_error) values (${name}, ${at}, ${error})
          on conflict (name) do update
            set failing_since = coalesce(scheduled_tasks.failing_since, excluded.failing_since),
                last_error = excluded.last_error
          returning failing_since, notified_at
        )
        select failing_since as "failingSince",
               (notified_at is null and failing_since <= ${threshold}) as "due"
          from recorded`);
      const row = result.rows[0] as { failingSince: Date | string; due: boolean };
      if (!row.due) return { failingSince: new Date(row.failingSince), tell: false };
      const claimed = await db.execute(sql`
        update scheduled_tasks set notified_at = ${at}
         where name = ${name} and notified_at is null and failing_since <= ${threshold}
        returning name`);
      return { failingSince: new Date(row.failingSince), tell: claimed.rows.length > 0 };
    },
  };
}

export type ScheduledTasksRepository = ReturnType<typeof createScheduledTasksRepository>;
