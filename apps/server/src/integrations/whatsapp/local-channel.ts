import { randomBytes } from 'node:crypto';
import { renderTemplate, templateParameterCount, type WhatsAppTemplate } from '@chatdesk/contract/chats';
import type { CodeTemplate, WhatsAppChannel } from './whatsapp-channel.ts';

/** What a new WhatsApp Business account typically has approved, so the template flow can be tried locally. */
const SAMPLE_TEMPLATES: WhatsAppTemplate[] = [
  {
    name: 'follow_up',
    language: 'es',
    category: 'UTILITY',
    body: 'Hola {{1}}, te escribimos de {{2}} para retomar tu consulta. ¿Podemos ayudarte en algo más?',
  },
  {
    name: 'follow_up',
    language: 'en',
    category: 'UTILITY',
    body: 'Hi {{1}}, this is {{2}} following up on your enquiry. Is there anything else we can help with?',
  },
  // The reminders send this one (reminders/reminder-messages.ts): a Cloud API account needs it approved.
  {
    name: 'appointment_reminder',
    language: 'es',
    category: 'UTILITY',
    body: 'Hola {{1}}, te recordamos tu cita del {{2}}. Para cancelarla o cambiarla: {{3}} (o responde a este mensaje).',
  },
  {
    name: 'appointment_reminder',
    language: 'en',
    category: 'UTILITY',
    body: 'Hi {{1}}, a reminder of your appointment on {{2}}. To cancel or reschedule: {{3}} (or reply to this message).',
  },
  // The no-show follow-up sends this one.
  {
    name: 'appointment_missed',
    language: 'es',
    category: 'UTILITY',
    body: 'Hola {{1}}, te echamos de menos en tu cita del {{2}}. Si quieres, puedes reservar otra aquí: {{3}}',
  },
  {
    name: 'appointment_missed',
    language: 'en',
    category: 'UTILITY',
    body: 'Hi {{1}}, we missed you at your appointment on {{2}}. If you like, you can book another one here: {{3}}',
  },
  // A waitlist offer (waitlist/waitlist-messages.ts): name, the class and when, held until, link.
  {
    name: 'waitlist_offer',
    language: 'es',
    category: 'UTILITY',
    body: 'Hola {{1}}, se ha liberado una plaza en {{2}} y te la guardamos hasta las {{3}}. Para cogerla o dejarla: {{4}}',
  },
  {
    name: 'waitlist_offer',
    language: 'en',
    category: 'UTILITY',
    body: 'Hi {{1}}, a place has freed up in {{2}} and we are holding it for you until {{3}}. Take it or let it go: {{4}}',
  },
].map((template) => ({ ...template, parameterCount: templateParameterCount(template.body) }));

/** The local channel's own template for codes, so verifying a number by WhatsApp can be tried locally. */
export const LOCAL_CODE_TEMPLATE: CodeTemplate = { name: 'verification_code', language: 'en' };

export type LocalWhatsAppChannel = WhatsAppChannel & {
  readonly name: 'local';
  /** The last code "sent" to these digits (this process only): what a local test reads as a phone would. */
  lastCode(to: string): string | null;
};

export const isLocalWhatsApp = (channel: WhatsAppChannel): channel is LocalWhatsAppChannel =>
  channel.name === 'local' && 'lastCode' in channel;

/** Without WhatsApp keys: messages are stored and shown as sent, and go nowhere. */
export function createLocalWhatsAppChannel(logger?: {
  info: (o: object, m: string) => void;
}): LocalWhatsAppChannel {
  const localId = () => `wamid.local.${randomBytes(12).toString('hex')}`;
  // Bounded: a long-running local server asked for many codes keeps only the newest numbers.
  const codes = new Map<string, string>();
  return {
    name: 'local',
    async sendCode(to, code, template) {
      codes.delete(to);
      codes.set(to, code);
      if (codes.size > 1000) codes.delete(codes.keys().next().value!);
      logger?.info(
        { to, template: template.name },
        'WhatsApp not configured; a verification code was not sent',
      );
      return { externalId: localId() };
    },
    lastCode: (to) => codes.get(to.replace(/\D/g, '')) ?? null,
    async sendText(to, text) {
      logger?.info({ to }, `WhatsApp not configured; would have sent: ${text.slice(0, 200)}`);
      return { externalId: localId() };
    },
    async sendTemplate(to, { name, language, parameters }) {
      const template = SAMPLE_TEMPLATES.find((t) => t.name === name && t.language === language);
      const text = template ? renderTemplate(template.body, parameters) : name;
      logger?.info({ to, template: name }, `WhatsApp not configured; would have sent: ${text.slice(0, 200)}`);
      return { externalId: localId() };
    },
    async listTemplates() {
      return SAMPLE_TEMPLATES;
    },
  };
}
