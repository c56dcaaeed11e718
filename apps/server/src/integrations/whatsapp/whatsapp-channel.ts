/** Outgoing WhatsApp messages, in our own terms. The Cloud API when configured, else a local stand-in. */
export type WhatsAppChannel = {
  readonly name: 'cloud-api' | 'local';
  /** Sends a text; resolves with WhatsApp's message id. Throws WhatsAppSendError when it fails. */
  sendText(to: string, text: string): Promise<{ externalId: string }>;
};

export class WhatsAppSendError extends Error {
  constructor(
    message: string,
    /** False when trying again cannot help (a bad number, a closed conversation window). */
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'WhatsAppSendError';
  }
}
