import { z } from 'zod';

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
  },
  whatsappSend: { name: 'whatsapp.send', payload: z.object({ messageId: z.string() }) },
} as const;

export type JobKey = keyof typeof JOBS;
export type JobPayload<K extends JobKey> = z.output<(typeof JOBS)[K]['payload']>;
