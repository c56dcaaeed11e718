export type MailAttachment = { filename: string; contentType: string; content: string };

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
};

/** Sends one email. 'kept' means no mail server is configured and the message stays in the outbox and the log. */
export type Mailer = {
  readonly name: 'smtp' | 'log';
  send(message: MailMessage): Promise<'sent' | 'kept'>;
};
