import type { PGlite } from '@electric-sql/pglite';
import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import { JOBS, type JobDefinition, type JobKey, type JobPayload, type RetryPolicy } from './definitions.ts';

/** `isLast`: no retry follows if this attempt throws, so the handler can record the failure for good. */
export type JobHandler<T> = (data: T, attempt: { isLast: boolean }) => Promise<void>;

/** Durable background work: a crash or an outage delays a job, never loses it. */
export type JobQueue = {
  send<K extends JobKey>(job: K, data: JobPayload<K>, options?: { singletonKey?: string }): Promise<void>;
  /** Registers the worker of a job; it starts taking jobs once the queue has started. */
  work<K extends JobKey>(job: K, handler: JobHandler<JobPayload<K>>): void;
  /** Connects and starts the registered workers; called once the database is migrated. */
  start(): Promise<void>;
  stop(): Promise<void>;
};

export const DEFAULT_RETRY: RetryPolicy = {
  retryLimit: 8,
  retryDelaySeconds: 5,
  retryBackoff: true,
  expireInSeconds: 120,
};

type Options = {
  pglite?: PGlite;
  connectionString?: string;
  logger?: Pick<Logger, 'error' | 'warn'>;
  /** How often an idle worker looks for work (pg-boss allows 0.5 at least); tests look more often. */
  pollingIntervalSeconds?: number;
  /** Over every job's own policy (tests shorten the delays). */
  retry?: Partial<RetryPolicy>;
  /** Over everything else, per job (the configuration's settings of a job). */
  jobs?: { [K in JobKey]?: Partial<RetryPolicy> };
};

/** A job's policy: the default, then the job's own (definitions.ts), then the queue's options. */
export function retryPolicyOf(job: JobKey, options: Pick<Options, 'retry' | 'jobs'> = {}): RetryPolicy {
  const definition: JobDefinition = JOBS[job];
  return { ...DEFAULT_RETRY, ...definition.retry, ...options.retry, ...options.jobs?.[job] };
}

/** The production queue: pg-boss in the same database (on PGlite through a one-connection adapter). */
export function createJobQueue(options: Options): JobQueue {
  const pglite = options.pglite;
  const jobOptions = (job: JobKey) => {
    const retry = retryPolicyOf(job, options);
    return {
      retryLimit: retry.retryLimit,
      retryDelay: retry.retryDelaySeconds,
      retryBackoff: retry.retryBackoff,
      expireInSeconds: retry.expireInSeconds,
    };
  };
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
  const workers = new Map<JobKey, JobHandler<never>>();
  let started = false;
  const created = new Set<string>();
  const ensureQueue = async (job: JobKey) => {
    const { name } = JOBS[job];
    if (created.has(name)) return;
    await boss.createQueue(name, { name, ...jobOptions(job) });
    created.add(name);
  };
  const startWorker = async (job: JobKey, handler: JobHandler<never>) => {
    const { name, payload } = JOBS[job];
    await ensureQueue(job);
    await boss.work(
      name,
      { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1, includeMetadata: true },
      async (jobs) => {
        for (const item of jobs) {
          const parsed = payload.safeParse(item.data);
          if (!parsed.success) {
            // Retrying cannot fix a payload of the wrong shape: log it and let the job end.
            options.logger?.error({ job: name, id: item.id, issues: parsed.error.issues }, 'malformed job');
            continue;
          }
          await handler(parsed.data as never, { isLast: item.retryCount >= item.retryLimit });
        }
      },
    );
  };
  return {
    async send(job, data, sendOptions) {
      const { name } = JOBS[job];
      await ensureQueue(job);
      await boss.send(name, data, {
        ...jobOptions(job),
        ...(sendOptions?.singletonKey ? { singletonKey: sendOptions.singletonKey } : {}),
      });
    },
    work(job, handler) {
      workers.set(job, handler as JobHandler<never>);
    },
    async start() {
      await boss.start();
      started = true;
      for (const [job, handler] of workers) await startWorker(job, handler);
    },
    async stop() {
      if (!started) return;
      started = false;
      await boss.stop({ graceful: true, wait: true, timeout: 5000 });
    },
  };
}

/**
 * Runs each job at once, in the sender's call, with no retry: for tests and tools that want
 * the work done before the call returns, with the same workers as production.
 */
export function createInlineJobQueue(): JobQueue {
  const handlers = new Map<JobKey, JobHandler<never>>();
  return {
    async send(job, data) {
      const handler = handlers.get(job);
      if (!handler) throw new Error(`no worker for job ${job}`);
      await handler(JOBS[job].payload.parse(data) as never, { isLast: true });
    },
    work(job, handler) {
      handlers.set(job, handler as JobHandler<never>);
    },
    async start() {},
    async stop() {
      handlers.clear();
    },
  };
}
