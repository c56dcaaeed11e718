import { createHmac, randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { E2E_WHATSAPP_SECRET } from '../playwright.config';
import { type Api, expect } from './fixtures';

/** Helpers that make the chats a chat spec needs; each conversation has its own simulator session. */

export type Chat = {
  id: string;
  name: string;
  phone: string;
  prefix: string;
  email: string | null;
  profilePicture: string | null;
  assignedTo: 'ai' | 'human';
  channel: 'whatsapp' | 'web' | 'simulator';
  lastMessage: { text: string; timestamp: string; isOutgoing: boolean } | null;
  unreadCount: number;
  contact: string;
  clientId: string | null;
  waitingSince: string | null;
  lastCustomerText: string | null;
};

export type Message = {
  id: string;
  text: string;
  isOutgoing: boolean;
  status: 'sending' | 'sent' | 'delivered' | 'read' | 'failed';
  timestamp: string;
  sender: 'customer' | 'staff' | 'assistant' | 'system';
  error: string | null;
};

export function newSessionId(): string {
  return randomUUID().replace(/-/g, '');
}

/** A customer writes through the simulator (a staff tool): a real chat, assigned to the assistant. */
export async function createSimulatorChat(api: Api, text = 'Hola, ¿tenéis entrenadores en Madrid?') {
  const sessionId = newSessionId();
  const response = await api.raw.post('/api/chats/simulator', {
    data: { text, sessionId },
    headers: api.headers,
  });
  expect(response.status(), await response.text()).toBe(200);
  const body = (await response.json()) as { chatId: string };
  const chat = await api.get<Chat>(`/chats/${body.chatId}`);
  return { chat, sessionId };
}

/** A simulator chat that staff have taken over, so they can write in it. */
export async function createHumanChat(api: Api, text?: string) {
  const { chat, sessionId } = await createSimulatorChat(api, text);
  const taken = await api.put<Chat>(`/chats/${chat.id}/toggle-ai`);
  expect(taken.assignedTo).toBe('human');
  return { chat: taken, sessionId };
}

/** Meta's delivery: a text from a WhatsApp number, signed with the app secret. */
export async function whatsappMessage(
  request: APIRequestContext,
  from: string,
  name: string,
  text: string,
  at = new Date(),
) {
  const body = JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        changes: [
          {
            field: 'messages',
            value: {
              contacts: [{ wa_id: from, profile: { name } }],
              messages: [
                {
                  from,
                  id: `wamid.e2e.${randomUUID()}`,
                  timestamp: String(Math.floor(at.getTime() / 1000)),
                  type: 'text',
                  text: { body: text },
                },
              ],
            },
          },
        ],
      },
    ],
  });
  const signature = `sha256=${createHmac('sha256', E2E_WHATSAPP_SECRET).update(body).digest('hex')}`;
  const response = await request.post('/api/webhooks/whatsapp', {
    data: body,
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature },
  });
  expect(response.status(), await response.text()).toBe(200);
}
