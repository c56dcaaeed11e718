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
};

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
    // A customer is waiting: three tries within about a minute, then a person takes the chat.
    // ASSISTANT_RETRY_LIMIT and ASSISTANT_RETRY_DELAY_SECONDS override the first two.
    retry: { retryLimit: 2, retryDelaySeconds: 10, retryBackoff: true },
  },
  whatsappSend: { name: 'whatsapp.send', payload: z.object({ messageId: z.string() }) },
} as const satisfies Record<string, JobDefinition>;

export type JobKey = keyof typeof JOBS;
export type JobPayload<K extends JobKey> = z.output<(typeof JOBS)[K]['payload']>;
