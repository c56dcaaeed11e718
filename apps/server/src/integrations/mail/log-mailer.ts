import type { Logger } from 'pino';
import type { Mailer } from './mailer.ts';

/** Without SMTP_URL: the message stays in the outbox table and is written to the log. */
export function createLogMailer(logger?: Pick<Logger, 'info'>): Mailer {
  return {
    name: 'log',
    async send(message) {
      logger?.info(
        {
          to: message.to,
          subject: message.subject,
          attachments: message.attachments?.map((a) => a.filename),
        },
        `Would have sent an email (no SMTP_URL):\n${message.text}`,
      );
      return 'kept';
    },
  };
}
