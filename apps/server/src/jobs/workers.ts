import type { Services } from '../composition/services.ts';
import type { JobQueue } from './queue.ts';

/** Which service does each durable job; main.ts and tests register them the same way. */
export function registerWorkers(queue: JobQueue, services: Services) {
  queue.work('mailDeliver', services.mail.deliver);
  queue.work('assistantReply', async (job, attempt) => {
    await services.assistant.replyTo(job, attempt);
  });
  queue.work('whatsappSend', services.chats.deliver);
}
