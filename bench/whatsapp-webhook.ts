import { createHmac } from 'node:crypto';

/** A WhatsApp Cloud API webhook body carrying one text message from `from`. */
export function webhookBody(message: { from: string; id: string; text: string; name?: string }) {
  return JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        changes: [
          {
            field: 'messages',
            value: {
              contacts: [{ wa_id: message.from, profile: { name: message.name ?? 'Bench' } }],
              messages: [{ from: message.from, id: message.id, type: 'text', text: { body: message.text } }],
            },
          },
        ],
      },
    ],
  });
}

/** POSTs a webhook body to the server, signed with the app secret as Meta signs it. */
export function postWebhook(base: string, secret: string, body: string) {
  return fetch(`${base}/api/webhooks/whatsapp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-hub-signature-256': `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`,
    },
    body,
  });
}
