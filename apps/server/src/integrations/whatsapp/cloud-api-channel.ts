import { templateParameterCount, type WhatsAppTemplate } from '@chatdesk/contract/chats';
import { type WhatsAppChannel, WhatsAppSendError } from './whatsapp-channel.ts';

export type CloudApiSettings = {
  token: string;
  phoneNumberId: string;
  /** Needed to list the account's message templates; without it there are none to choose. */
  businessAccountId?: string | undefined;
  /** https://graph.facebook.com/v21.0 by default; tests point it at a local server. */
  apiUrl: string;
};

type GraphError = { error?: { message?: string; code?: number } };

type GraphTemplate = {
  name: string;
  language: string;
  status: string;
  category?: string;
  components?: Array<{ type: string; format?: string; text?: string; buttons?: Array<{ url?: string }> }>;
};

/** Numbered placeholders only: named ones ({{first_name}}) would need their names sent back. */
const ONLY_NUMBERED = /\{\{(?!\s*\d+\s*\}\})/;

/**
 * An approved template staff can fill in here: every placeholder is in the body. Headers with
 * media or variables and buttons with variable URLs need values this screen does not ask for.
 */
function toTemplate(template: GraphTemplate): WhatsAppTemplate | null {
  if (template.status !== 'APPROVED') return null;
  const components = template.components ?? [];
  const body = components.find((component) => component.type === 'BODY')?.text;
  if (!body || ONLY_NUMBERED.test(body)) return null;
  const header = components.find((component) => component.type === 'HEADER');
  if (header && (header.format !== 'TEXT' || header.text?.includes('{{'))) return null;
  const buttons = components.find((component) => component.type === 'BUTTONS')?.buttons ?? [];
  if (buttons.some((button) => button.url?.includes('{{'))) return null;
  return {
    name: template.name,
    language: template.language,
    category: template.category ?? 'UTILITY',
    body,
    parameterCount: templateParameterCount(body),
  };
}

/** WhatsApp Cloud API: POST {apiUrl}/{phone-number-id}/messages with a bearer token. */
export function createCloudApiChannel(settings: CloudApiSettings): WhatsAppChannel {
  const base = settings.apiUrl.replace(/\/$/, '');

  async function graph<T>(url: string, init: { method: 'GET' | 'POST'; body?: object }): Promise<T> {
    let response: Response;
    try {
      response = await fetch(url, {
        method: init.method,
        headers: {
          authorization: `Bearer ${settings.token}`,
          ...(init.body ? { 'content-type': 'application/json' } : {}),
        },
        ...(init.body ? { body: JSON.stringify(init.body) } : {}),
        signal: AbortSignal.timeout(15_000),
      });
    } catch (error) {
      throw new WhatsAppSendError(`WhatsApp could not be reached: ${(error as Error).message}`, true);
    }
    const body = (await response.json().catch(() => ({}))) as GraphError & T;
    if (!response.ok) {
      const message = body.error?.message ?? `WhatsApp answered ${response.status}`;
      throw new WhatsAppSendError(message, response.status === 429 || response.status >= 500);
    }
    return body;
  }

  async function send(to: string, message: object) {
    const body = await graph<{ messages?: Array<{ id: string }> }>(
      `${base}/${settings.phoneNumberId}/messages`,
      {
        method: 'POST',
        body: { messaging_product: 'whatsapp', recipient_type: 'individual', to, ...message },
      },
    );
    const externalId = body.messages?.[0]?.id;
    if (!externalId) throw new WhatsAppSendError('WhatsApp answered without a message id', true);
    return { externalId };
  }

  return {
    name: 'cloud-api',
    sendText: (to, text) => send(to, { type: 'text', text: { preview_url: true, body: text } }),
    sendTemplate: (to, { name, language, parameters }) =>
      send(to, {
        type: 'template',
        template: {
          name,
          language: { code: language },
          ...(parameters.length > 0
            ? {
                components: [
                  { type: 'body', parameters: parameters.map((text) => ({ type: 'text', text })) },
                ],
              }
            : {}),
        },
      }),
    // Meta's authentication templates take the code twice: the body's one parameter and the
    // copy-code (URL) button's, or WhatsApp refuses the message.
    sendCode: (to, code, { name, language }) =>
      send(to, {
        type: 'template',
        template: {
          name,
          language: { code: language },
          components: [
            { type: 'body', parameters: [{ type: 'text', text: code }] },
            { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: code }] },
          ],
        },
      }),
    async listTemplates() {
      if (!settings.businessAccountId) return [];
      const templates: WhatsAppTemplate[] = [];
      let url: string | undefined =
        `${base}/${settings.businessAccountId}/message_templates?fields=name,language,status,category,components&limit=100`;
      // A few pages at most: an account with hundreds of templates is unusual, and this is a picker.
      for (let page = 0; url && page < 5; page += 1) {
        const body: { data?: GraphTemplate[]; paging?: { next?: string } } = await graph(url, {
          method: 'GET',
        });
        for (const template of body.data ?? []) {
          const usable = toTemplate(template);
          if (usable) templates.push(usable);
        }
        url = body.paging?.next;
      }
      return templates;
    },
  };
}
