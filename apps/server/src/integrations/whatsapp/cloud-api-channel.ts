import { type WhatsAppChannel, WhatsAppSendError } from './whatsapp-channel.ts';

export type CloudApiSettings = {
  token: string;
  phoneNumberId: string;
  /** https://graph.facebook.com/v21.0 by default; tests point it at a local server. */
  apiUrl: string;
};

type GraphError = { error?: { message?: string; code?: number } };

/** WhatsApp Cloud API: POST {apiUrl}/{phone-number-id}/messages with a bearer token. */
export function createCloudApiChannel(settings: CloudApiSettings): WhatsAppChannel {
  return {
    name: 'cloud-api',
    async sendText(to, text) {
      let response: Response;
      try {
        response = await fetch(`${settings.apiUrl.replace(/\/$/, '')}/${settings.phoneNumberId}/messages`, {
          method: 'POST',
          headers: { authorization: `Bearer ${settings.token}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            messaging_product: 'whatsapp',
            recipient_type: 'individual',
            to,
            type: 'text',
            text: { preview_url: true, body: text },
          }),
          signal: AbortSignal.timeout(15_000),
        });
      } catch (error) {
        throw new WhatsAppSendError(`WhatsApp could not be reached: ${(error as Error).message}`, true);
      }
      const body = (await response.json().catch(() => ({}))) as GraphError & {
        messages?: Array<{ id: string }>;
      };
      if (!response.ok) {
        const message = body.error?.message ?? `WhatsApp answered ${response.status}`;
        // 429 and 5xx may pass; other 4xx (bad number, window closed, bad token) will not.
        throw new WhatsAppSendError(message, response.status === 429 || response.status >= 500);
      }
      const externalId = body.messages?.[0]?.id;
      if (!externalId) throw new WhatsAppSendError('WhatsApp answered without a message id', true);
      return { externalId };
    },
  };
}
