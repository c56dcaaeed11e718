import { CHAT_MESSAGES, NEW_CONVERSATION_COMMAND, type SimulatorResponse } from '@chatdesk/contract/chats';
import { notFound } from '../../lib/app-error.ts';
import type { AssistantService } from '../assistant/assistant.service.ts';
import type { ChatsService } from '../chats/chats.service.ts';

/** The simulator's customers have no phone: each browser session is a contact with this prefix. */
export const SIMULATOR_PREFIX = 'sim';

/**
 * Plays a customer of the assistant through the same pipeline as WhatsApp: the conversation is a
 * real chat staff see in the dashboard. The reply is produced inline so the page can show it.
 */
export function createSimulatorService(deps: {
  enabled: boolean;
  chats: ChatsService;
  assistant: AssistantService;
}) {
  return {
    async send(text: string, sessionId: string): Promise<SimulatorResponse> {
      if (!deps.enabled) throw notFound(CHAT_MESSAGES.simulatorDisabled);
      const phone =
        sessionId
          .replace(/[^a-zA-Z0-9]/g, '')
          .slice(0, 12)
          .toLowerCase() || 'anonymous';
      const trimmed = text.trim();
      if (trimmed.toLowerCase() === NEW_CONVERSATION_COMMAND) {
        const existing = await deps.chats.findByPhone(SIMULATOR_PREFIX, phone);
        if (existing) await deps.chats.remove(existing.id);
      }
      const received = await deps.chats.receiveInbound({
        prefix: SIMULATOR_PREFIX,
        phone,
        name: `Chat simulator (${phone.slice(0, 6)})`,
        text: trimmed,
        channel: 'simulator',
      });
      // Answered inline, unlike WhatsApp's durable job, so the page can show the reply at once.
      const replies =
        received.messageId && received.forAssistant
          ? await deps.assistant.replyTo({ chatId: received.chatId, messageId: received.messageId })
          : [];
      const conversation = await deps.chats.conversation(received.chatId, 1);
      return {
        chatId: received.chatId,
        replies,
        reply: replies[0] ?? null,
        assignedTo: conversation?.chat.assignedTo ?? null,
      };
    },
  };
}

export type SimulatorService = ReturnType<typeof createSimulatorService>;
