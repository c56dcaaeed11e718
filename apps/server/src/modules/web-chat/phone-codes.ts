import { webChatSmsCodeText } from '@chatdesk/contract/web-chat-rules';
import type { SmsSender } from '../../integrations/sms/sms-sender.ts';
import type { CodeTemplate, WhatsAppChannel } from '../../integrations/whatsapp/whatsapp-channel.ts';

/** How a web chat visitor's number gets its one-time code. */
export type PhoneCodeSender = {
  readonly channel: 'whatsapp' | 'sms';
  /** Sends `code` to a number in international digits; throws our error (UPSTREAM, UNAVAILABLE, VALIDATION). */
  send(digits: string, code: string, context: { business: string; language: 'es' | 'en' }): Promise<void>;
};

/**
 * WhatsApp when it has an authentication template (the channel the business already uses, and no
 * cost per message beyond Meta's), else a text message when Twilio is configured, else none: a
 * visitor is never offered a code that nothing can send.
 */
export function choosePhoneCodeSender(options: {
  whatsapp: Pick<WhatsAppChannel, 'sendCode'>;
  template: CodeTemplate | null;
  sms: SmsSender | null;
}): PhoneCodeSender | null {
  const { whatsapp, template, sms } = options;
  if (template)
    return {
      channel: 'whatsapp',
      send: async (digits, code) => {
        await whatsapp.sendCode(digits, code, template);
      },
    };
  if (sms)
    return {
      channel: 'sms',
      send: (digits, code, { business, language }) =>
        sms.send(digits, webChatSmsCodeText(code, business, language)),
    };
  return null;
}
