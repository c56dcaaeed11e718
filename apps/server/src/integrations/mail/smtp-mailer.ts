import nodemailer from 'nodemailer';
import { AppError } from '../../lib/app-error.ts';
import type { Mailer } from './mailer.ts';

export function createSmtpMailer({ url, from }: { url: string; from: string }): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    name: 'smtp',
    async send(message) {
      try {
        await transport.sendMail({
          from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          attachments: message.attachments?.map((a) => ({
            filename: a.filename,
            contentType: a.contentType,
            content: a.content,
          })),
        });
      } catch (error) {
        // The mail server's failure as ours: its own codes never reach a client.
        throw Object.assign(
          new AppError('UPSTREAM', `The mail server did not take the message: ${(error as Error).message}`),
          { cause: error },
        );
      }
      return 'sent';
    },
  };
}
