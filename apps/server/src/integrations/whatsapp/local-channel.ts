import { randomBytes } from 'node:crypto';
import type { WhatsAppChannel } from './whatsapp-channel.ts';

/** Without WhatsApp keys: messages are stored and shown as sent, and go nowhere. */
export function createLocalWhatsAppChannel(logger?: {
  info: (o: object, m: string) => void;
}): WhatsAppChannel {
  return {
    name: 'local',
    async sendText(to, text) {
      logger?.info({ to }, `WhatsApp not configured; would have sent: ${text.slice(0, 200)}`);
      return { externalId: `wamid.local.${randomBytes(12).toString('hex')}` };
    },
  };
}
