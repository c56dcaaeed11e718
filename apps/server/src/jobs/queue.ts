import type { PGlite } from '@electric-sql/pglite';
import { type Job, type JobResult, PgBoss, fromPglite as pgBossOnPglite, type Queue } from 'pg-boss';
import type { Logger } from 'pino';
import { PreparingClient } from '../db/prepared.ts';
import { JOBS, type JobDefinition, type JobKey, type JobPayload, type RetryPolicy } from './definitions.ts';

/**
 * `isLast`: no retry follows if this attempt throws, so the handler can record the failure for good.
 * `retried`: an earlier attempt threw or its process died, possibly halfway through the work.
 */
export type JobAttempt = { isLast: boolean; retried?: boolean };
export type JobHandler<T> = (data: T, attempt: JobAttempt) => Promise<void>;

/** Durable background work: a crash or an outage delays a job, never loses it. */
export type JobQueue = {
  send<K extends JobKey>(job: K, data: JobPayload<K>): Promise<void>;
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

/** Jobs of one queue in flight at once in one process, unless its definition says otherwise. */
export const DEFAULT_CONCURRENCY = 4;
/** Jobs a worker takes per fetch; a queue has as many workers as its concurrency needs. */
const BATCH_SIZE = 4;

/**
 * A running job proves it is alive this often (pg-boss refreshes it every half of this while the
 * handler runs; 10 s is its minimum). A job whose process died is failed and retried once this
 * much time passes without a beat, found by the supervisor within SUPERVISE_SECONDS.
 */
const HEARTBEAT_SECONDS = 10;
const SUPERVISE_SECONDS = 1;

/** pg-boss 12 keeps its tables here; `pgboss` holds pg-boss 10's, carried over once (carryOverV10). */
const SCHEMA = 'jobs';

type Options = {
  pglite?: PGlite;
  connectionString?: string;
  logger?: Pick<Logger, 'error' | 'warn' | 'info'>;
  /** How often an idle worker looks for work when no wake-up arrives (pg-boss allows 0.5 at least). */
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

/**
 * The production queue: pg-boss in the same database (on PGlite through pg-boss's own adapter).
 * Workers wake on LISTEN/NOTIFY when a job is sent, run several jobs at once, and never run two
 * jobs with the same serial key at once (a chat's assistant runs), on any instance.
 */
export function createJobQueue(options: Options): JobQueue {
  const pglite = options.pglite;
  const boss = new PgBoss({
    ...(pglite
      ? { db: pgBossOnPglite(pglite), backend: 'pglite' as const }
      : // Its statements prepared once per connection (db/prepared.ts); pg-boss hands its
        // options to node-postgres's pool, `Client` included.
        { connectionString: options.connectionString!, max: 10, Client: PreparingClient }),
    schema: SCHEMA,
    // Scheduled tasks (definitions.ts `cron`): pg-boss sends each one's job once per cluster.
    schedule: true,
    useListenNotify: true,
    // Expiry and lost heartbeats are found by the per-queue monitor pass of the supervisor: both
    // every SUPERVISE_SECONDS, or a crashed job would wait for pg-boss's default minute.
    superviseIntervalSeconds: SUPERVISE_SECONDS,
    monitorIntervalSeconds: SUPERVISE_SECONDS,
  });
  boss.on('error', (error) => options.logger?.error({ err: error }, 'job queue error'));
  const workers = new Map<JobKey, JobHandler<never>>();
  let started = false;

  const queueOptions = (job: JobKey): Omit<Queue, 'name' | 'policy'> => {
    const retry = retryPolicyOf(job, options);
    return {
      retryLimit: retry.retryLimit,
      retryDelay: retry.retryDelaySeconds,
      retryBackoff: retry.retryBackoff,
      expireInSeconds: retry.expireInSeconds,
      heartbeatSeconds: HEARTBEAT_SECONDS,
      notify: true,
    };
  };

  /** Creates each queue once; later starts bring its settings up to date (its policy is fixed). */
  const ensureQueues = async () => {
    for (const job of Object.keys(JOBS) as JobKey[]) {
      const definition: JobDefinition = JOBS[job];
      const settings = queueOptions(job);
      // `short`: while one job of a key waits to start, another with that key is not queued.
      await boss.createQueue(definition.name, {
        ...settings,
        policy: definition.cron ? 'stately' : definition.serialKey ? 'short' : 'standard',
      });
      await boss.updateQueue(definition.name, settings);
    }
  };

  /**
   * pg-boss 10 kept its jobs in the `pgboss` schema, which pg-boss 12 cannot upgrade. The jobs
   * still to run there are sent to the new queues, then the old schema is dropped. main.ts starts
   * the queue under the start-up lock, so instances take turns; a crash before the drop sends
   * them again on the next start, which every handler tolerates (each is safe to run twice).
   */
  const carryOverV10 = async () => {
    const run = pglite
      ? (sql: string) => pglite.query<{ name: string; data: unknown }>(sql)
      : (sql: string) => boss.getDb().executeSql(sql) as Promise<{ rows: { name: string; data: unknown }[] }>;
    const { rows: found } = await run(
      `SELECT 1 AS name, NULL::jsonb AS data FROM information_schema.tables
        WHERE table_schema = 'pgboss' AND table_name = 'job'`,
    );
    if (found.length === 0) return;
    const { rows } = await run(
      `SELECT name, data FROM pgboss.job WHERE state IN ('created', 'retry', 'active')`,
    );
    for (const row of rows) {
      const job = (Object.keys(JOBS) as JobKey[]).find((key) => JOBS[key].name === row.name);
      if (job) await send(job, row.data as never);
    }
    await run('DROP SCHEMA IF EXISTS pgboss CASCADE');
    options.logger?.info({ jobs: rows.length }, 'moved the pending jobs of pg-boss 10');
  };

  async function send<K extends JobKey>(job: K, data: JobPayload<K>) {
    const definition: JobDefinition = JOBS[job];
    const key = definition.serialKey?.(data as never);
    await boss.send(definition.name, data as object, key ? { singletonKey: key, group: { id: key } } : {});
  }

  const startWorker = async (job: JobKey, handler: JobHandler<never>) => {
    const definition: JobDefinition = JOBS[job];
    const retry = retryPolicyOf(job, options);
    const concurrency = definition.concurrency ?? DEFAULT_CONCURRENCY;
    const runOne = async (item: Job<unknown>): Promise<JobResult> => {
      const parsed = definition.payload.safeParse(item.data);
      if (!parsed.success) {
        // Retrying cannot fix a payload of the wrong shape: log it and let the job end.
        options.logger?.error(
          { job: definition.name, id: item.id, issues: parsed.error.issues },
          'malformed job',
        );
        return { id: item.id, status: 'deadletter', output: { message: 'malformed payload' } };
      }
      try {
        await handler(parsed.data as never, {
          isLast: item.retryCount >= retry.retryLimit,
          retried: item.retryCount > 0,
        });
        return { id: item.id, status: 'completed' };
      } catch (error) {
        return { id: item.id, status: 'failed', output: { message: (error as Error).message } };
      }
    };
    await boss.work(
      definition.name,
      {
        // A new job wakes the workers at once (LISTEN/NOTIFY); polling still finds retries and
        // delayed jobs, which nothing announces, so it keeps its pace while notifications work.
        pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2,
        notifyPollingIntervalSeconds: options.pollingIntervalSeconds ?? 2,
        // Each worker takes a batch and runs it at once, and fetches again without pausing while
        // batches come back full: a backlog drains at full speed, not a batch per poll.
        localConcurrency: Math.ceil(concurrency / BATCH_SIZE),
        batchSize: Math.min(BATCH_SIZE, concurrency),
        burstWhenBatchFull: true,
        perJobResults: true,
        ...(definition.serialKey ? { groupConcurrency: 1 } : {}),
      },
      (jobs: Job<unknown>[]) => Promise.all(jobs.map(runOne)),
    );
  };

  return {
    send,
    work(job, handler) {
      workers.set(job, handler as JobHandler<never>);
    },
    async start() {
      await boss.start();
      started = true;
      await ensureQueues();
      await carryOverV10();
      for (const [job, handler] of workers) await startWorker(job, handler);
      // Every instance states the same schedules; pg-boss keeps one per name and sends each once.
      for (const job of Object.keys(JOBS) as JobKey[]) {
        const { name, cron }: JobDefinition = JOBS[job];
        if (cron && workers.has(job)) await boss.schedule(name, cron, null, { tz: 'UTC' });
      }
    },
    async stop() {
      if (!started) return;
      started = false;
      await boss.stop({ graceful: true, timeout: 5000 });
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
