import type { WhatsAppTemplate } from '@chatdesk/contract/chats';
import { AppError } from '../../lib/app-error.ts';

/** A template to send: its name and language, and a value for each body placeholder in order. */
export type TemplateMessage = { name: string; language: string; parameters: string[] };

/** An approved AUTHENTICATION template: the only way WhatsApp sends a one-time code to a number. */
export type CodeTemplate = { name: string; language: string };

/** Outgoing WhatsApp messages, in our own terms. The Cloud API when configured, else a local stand-in. */
export type WhatsAppChannel = {
  readonly name: 'cloud-api' | 'local';
  /** Sends a text; resolves with WhatsApp's message id. Throws WhatsAppSendError when it fails. */
  sendText(to: string, text: string): Promise<{ externalId: string }>;
  /** Sends an approved template (the only kind of message WhatsApp takes outside the 24-hour window). */
  sendTemplate(to: string, template: TemplateMessage): Promise<{ externalId: string }>;
  /** Sends a one-time code with an authentication template (the code in its body and its copy-code button). */
  sendCode(to: string, code: string, template: CodeTemplate): Promise<{ externalId: string }>;
  /** The approved templates whose placeholders are all in the body (the only ones staff can fill in). */
  listTemplates(): Promise<WhatsAppTemplate[]>;
};

/** WhatsApp's failure as our UPSTREAM error, so its 401 or 400 never reaches our client as its own. */
export class WhatsAppSendError extends AppError {
  /** False when trying again cannot help (a bad number, a closed conversation window). */
  readonly retryable: boolean;

  constructor(message: string, retryable: boolean) {
    super('UPSTREAM', message);
    this.name = 'WhatsAppSendError';
    this.retryable = retryable;
  }
}
