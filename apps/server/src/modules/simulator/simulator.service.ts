import { createHash } from 'node:crypto';
import { CHAT_MESSAGES, NEW_CONVERSATION_COMMAND, type SimulatorResponse } from '@chatdesk/contract/chats';
import { notFound } from '../../lib/app-error.ts';
import type { AssistantService } from '../assistant/assistant.service.ts';
import type { ChatsService } from '../chats/chats.service.ts';
import type { ClientsService } from '../clients/clients.service.ts';

/** The simulator's customers have no phone: each staff member's browser tab is a contact with this prefix. */
export const SIMULATOR_PREFIX = 'sim';

/**
 * The simulator's made-up "number" for one staff member's tab: letters only, derived from who
 * signed in and the tab's id, so it has no digits to match a client's phone and nobody can pick
 * another person's conversation (or a real number) by choosing the session id.
 */
export function simulatorPhone(staffId: string, sessionId: string): string {
  const hex = createHash('sha256').update(`${staffId}\u0000${sessionId}`).digest('hex').slice(0, 12);
  return [...hex].map((c) => String.fromCharCode(97 + Number.parseInt(c, 16))).join('');
}

/**
 * Plays a customer of the assistant through the same pipeline as WhatsApp: the conversation is a
 * real chat staff see in the dashboard. The reply is produced inline so the page can show it.
 *
 * A staff tool (the route needs a staff session). Its chat is nobody: the assistant knows no
 * client behind it and so cannot show, move or cancel anyone's appointment, unless the staff
 * member explicitly picks a client to play (`clientId`), which the page states on screen. Picking
 * another client, or none, starts the conversation over, so one chat never mixes two identities.
 */
export function createSimulatorService(deps: {
  enabled: boolean;
  chats: ChatsService;
  assistant: AssistantService;
  clients: Pick<ClientsService, 'get'>;
  /** The assistant job's own policy: a failing model gets the same tries here as on WhatsApp. */
  retry: { retryLimit: number; retryDelaySeconds: number };
  sleep?: (ms: number) => Promise<void>;
}) {
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));

  /**
   * The reply, with the tries the durable job would make (a delay doubling from the first), so a
   * business trying its model here sees what its customers get: a passing glitch retried, and a
   * person taking over only after the last try.
   */
  async function reply(job: { chatId: string; messageId: string }) {
    for (let attempt = 0; ; attempt++) {
      try {
        return await deps.assistant.replyTo(job, {
          isLast: attempt >= deps.retry.retryLimit,
          retried: attempt > 0,
        });
      } catch (error) {
        if (attempt >= deps.retry.retryLimit) throw error;
        await sleep(deps.retry.retryDelaySeconds * 1000 * 2 ** attempt);
      }
    }
  }

  return {
    async send(
      staff: { id: string },
      input: { text: string; sessionId?: string | undefined; clientId?: string | null | undefined },
    ): Promise<SimulatorResponse> {
      if (!deps.enabled) throw notFound(CHAT_MESSAGES.simulatorDisabled);
      const phone = simulatorPhone(staff.id, input.sessionId ?? '');
      const clientId = input.clientId ?? null;
      // Throws 404 for an unknown client, before anything is written.
      const playing = clientId ? await deps.clients.get(clientId) : null;
      const trimmed = input.text.trim();
      const existing = await deps.chats.findByPhone(SIMULATOR_PREFIX, phone);
      if (
        existing &&
        (trimmed.toLowerCase() === NEW_CONVERSATION_COMMAND || existing.simulatedClientId !== clientId)
      )
        await deps.chats.remove(existing.id);
      const received = await deps.chats.receiveInbound({
        prefix: SIMULATOR_PREFIX,
        phone,
        name: playing ? `Chat simulator as ${playing.name}` : `Chat simulator (${phone.slice(0, 6)})`,
        text: trimmed,
        channel: 'simulator',
        simulatedClientId: clientId,
      });
      // Answered inline, with the job's tries, so the page can show the reply when it comes.
      const replies =
        received.messageId && received.forAssistant
          ? await reply({ chatId: received.chatId, messageId: received.messageId })
          : [];
      const conversation = await deps.chats.conversation(received.chatId, 1);
      return {
        chatId: received.chatId,
        replies,
        reply: replies[0] ?? null,
        assignedTo: conversation?.chat.assignedTo ?? null,
        playingAs: playing ? { id: playing.id, name: playing.name } : null,
      };
    },
  };
}

export type SimulatorService = ReturnType<typeof createSimulatorService>;
