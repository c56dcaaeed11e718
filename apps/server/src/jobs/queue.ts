import type { PGlite } from '@electric-sql/pglite';
import PgBoss from 'pg-boss';
import type { Logger } from 'pino';

/** `isLast`: no retry follows if this attempt throws, so the handler can record the failure for good. */
export type JobHandler<T> = (data: T, attempt: { isLast: boolean }) => Promise<void>;

/** Durable background work in the database: a crash or an outage delays a job, never loses it. */
export type JobQueue = {
  send<T extends object>(name: string, data: T, options?: { singletonKey?: string }): Promise<void>;
  work<T extends object>(name: string, handler: JobHandler<T>): Promise<void>;
  stop(): Promise<void>;
};

type Options = { pglite?: PGlite; connectionString?: string; logger?: Pick<Logger, 'error' | 'warn'> };

const RETRY = { retryLimit: 8, retryDelay: 5, retryBackoff: true, expireInSeconds: 120 } as const;

export async function startJobQueue(options: Options): Promise<JobQueue> {
  const pglite = options.pglite;
  const boss = new PgBoss(
    pglite
      ? {
          // PGlite is one connection: pg-boss talks to it through this adapter (STACK.md).
          db: {
            executeSql: (text: string, values?: unknown[]) =>
              values?.length
                ? pglite.query(text, values as never[])
                : pglite.exec(text).then((results) => ({ rows: results.flatMap((r) => r.rows) })),
          } as never,
          schedule: false,
        }
      : { connectionString: options.connectionString, schedule: false },
  );
  boss.on('error', (error) => options.logger?.error({ err: error }, 'job queue error'));
  await boss.start();
  const created = new Set<string>();
  const ensureQueue = async (name: string) => {
    if (created.has(name)) return;
    await boss.createQueue(name, { name, ...RETRY });
    created.add(name);
  };
  return {
    async send(name, data, sendOptions) {
      await ensureQueue(name);
      await boss.send(name, data, {
        ...RETRY,
        ...(sendOptions?.singletonKey ? { singletonKey: sendOptions.singletonKey } : {}),
      });
    },
    async work(name, handler) {
      await ensureQueue(name);
      await boss.work(name, { pollingIntervalSeconds: 1, includeMetadata: true }, async (jobs) => {
        for (const job of jobs) {
          await handler(job.data as never, { isLast: job.retryCount >= job.retryLimit });
        }
      });
    },
    async stop() {
      await boss.stop({ graceful: true, wait: true, timeout: 5000 });
    },
  };
}
